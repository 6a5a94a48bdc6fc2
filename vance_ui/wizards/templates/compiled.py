"""Compile and render wizard templates with Jinja, inside a render worker process.

This is the fine-grained first line of defence (the allowlist, the loop budget, the output cap
and a deadline checked from loops, calls and output); it runs only in a render worker (`worker`), where the
process itself is the hard bound. `compile_source` parses, checks the tree against the allowlist,
adds the loop budget and compiles; `render_compiled` renders. Every problem is a
`TemplateProblem` with a template line number, never a hang or a raw exception.
"""

from __future__ import annotations

import sys
from typing import Any

from jinja2 import TemplateSyntaxError, nodes
from jinja2.environment import Template
from jinja2.exceptions import SecurityError, TemplateError
from jinja2.parser import Parser

from vance_ui.wizards.templates.guard import GuardViolation, check_tree
from vance_ui.wizards.templates.limits import DEFAULT_LIMITS, TemplateLimits
from vance_ui.wizards.templates.problems import TemplateProblem
from vance_ui.wizards.templates.sandbox import (
    CURRENT_BUDGET,
    SAFE_ENV,
    LimitExceeded,
    RenderBudget,
    add_iteration_budget,
)


def names_read(tree: nodes.Node) -> frozenset[str]:
    stored = {n.name for n in tree.find_all(nodes.Name) if n.ctx == "store"}
    loaded = {n.name for n in tree.find_all(nodes.Name) if n.ctx == "load"}
    return frozenset(loaded - stored - {"loop", "range"})


def _compile_tree(tree: nodes.Template, origin: str) -> tuple[Template, frozenset[str]]:
    try:
        check_tree(tree)
    except GuardViolation as violation:
        raise TemplateProblem("forbidden", violation.message, violation.lineno) from None
    variables = names_read(tree)
    add_iteration_budget(tree)
    tree.set_environment(SAFE_ENV)
    token = CURRENT_BUDGET.set(RenderBudget(DEFAULT_LIMITS))
    try:
        code = SAFE_ENV.compile(tree, name=origin, filename=origin)
        template = SAFE_ENV.template_class.from_code(SAFE_ENV, code, SAFE_ENV.make_globals(None), None)
    except (TemplateError, RecursionError) as exc:
        raise TemplateProblem("syntax", f"cannot compile: {exc}") from None
    except (SyntaxError, ValueError, OverflowError) as exc:  # Python's compiler: e.g. too many nested blocks
        raise TemplateProblem("syntax", f"cannot compile: {exc}") from None
    finally:
        CURRENT_BUDGET.reset(token)
    return template, variables


def _check_source(source: str, limits: TemplateLimits) -> None:
    if len(source) > limits.max_source_chars:
        raise TemplateProblem("limit", f"template is longer than {limits.max_source_chars} characters")


def _parse(source: str, origin: str, expression: bool) -> nodes.Template:
    try:
        if not expression:
            return SAFE_ENV.parse(source, name=origin, filename=origin)
        parser = Parser(SAFE_ENV, source, name=origin, state="variable")
        expr = parser.parse_expression()
        if not parser.stream.eos:
            raise TemplateSyntaxError("unexpected text after the expression", parser.stream.current.lineno)
    except TemplateSyntaxError as exc:
        raise TemplateProblem("syntax", exc.message or "syntax error", exc.lineno) from None
    except RecursionError:
        raise TemplateProblem("limit", f"{'expression' if expression else 'template'} is nested too deeply") from None
    except (ValueError, OverflowError) as exc:  # e.g. a number literal with more digits than Python converts
        raise TemplateProblem("syntax", str(exc)) from None
    # a single expression (a follow-up `condition`, a `showIf`) renders to "1" when truthy
    body = nodes.If(expr, [nodes.Output([nodes.Const("1")], lineno=1)], [], [], lineno=1)
    return nodes.Template([body], lineno=1)


def compile_source(source: str, origin: str, expression: bool = False,
                   limits: TemplateLimits = DEFAULT_LIMITS) -> tuple[Template, frozenset[str]]:
    """The compiled template and the top-level names it reads."""
    _check_source(source, limits)
    return _compile_tree(_parse(source, origin, expression), origin)


def constants_used(source: str, origin: str, expression: bool = False,
                   limits: TemplateLimits = DEFAULT_LIMITS) -> frozenset[str]:
    """The attribute names and string constants a template uses (how repeat item fields are read)."""
    _check_source(source, limits)
    tree = _parse(source, origin, expression)
    found = {n.attr for n in tree.find_all(nodes.Getattr)}
    found |= {n.value for n in tree.find_all(nodes.Const) if isinstance(n.value, str)}
    return frozenset(found)


def _template_line(exc: BaseException, origin: str) -> int | None:
    tb = exc.__traceback__
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == origin:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def render_compiled(template: Template, origin: str, context: dict[str, Any],
                    limits: TemplateLimits = DEFAULT_LIMITS) -> str:
    """Render with the output cap, the loop budget and the deadline of `limits`."""
    budget = RenderBudget(limits)
    token = CURRENT_BUDGET.set(budget)
    parts: list[str] = []
    size = 0
    try:
        for chunk in template.generate(context):
            size += len(chunk)
            if size > limits.max_output_chars:
                raise LimitExceeded(f"the output is longer than {limits.max_output_chars} characters")
            budget.tick()
            parts.append(chunk)
    except LimitExceeded as exc:
        raise TemplateProblem("limit", str(exc), _template_line(exc, origin)) from None
    except SecurityError as exc:
        raise TemplateProblem("forbidden", str(exc), _template_line(exc, origin)) from None
    except (RecursionError, OverflowError) as exc:  # a MemoryError retires the worker (`worker`)
        raise TemplateProblem("limit", f"rendering ran out of bounds ({type(exc).__name__})") from None
    except (TemplateProblem, MemoryError):
        raise
    except Exception as exc:  # any error inside the user's template is the template's problem
        line = _template_line(exc, origin) or _template_line_from_sys()
        raise TemplateProblem("runtime", f"{type(exc).__name__}: {exc}", line) from None
    finally:
        CURRENT_BUDGET.reset(token)
    return "".join(parts)


def _template_line_from_sys() -> int | None:
    info = sys.exc_info()[1]
    return getattr(info, "lineno", None)

