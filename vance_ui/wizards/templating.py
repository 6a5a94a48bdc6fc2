"""Compile wizard templates fail-fast and render them within bounds.

`compile_template` parses, checks the tree against the allowlist, adds the loop budget and
compiles; `render_bounded` renders with an output cap and a deadline. Every problem is a
`TemplateProblem` with a template line number, never a hang or a raw exception.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any, Literal

from jinja2 import TemplateSyntaxError, nodes
from jinja2.environment import Template
from jinja2.exceptions import SecurityError, TemplateError
from jinja2.parser import Parser

from vance_ui.quick import QUICK_DEADLINE_SECONDS, WouldBlock, in_quick_mode, refuse_in_quick_mode
from vance_ui.wizards.sandbox import (
    CURRENT_BUDGET,
    DEFAULT_LIMITS,
    SAFE_ENV,
    DeadlinePassed,
    LimitExceeded,
    RenderBudget,
    TemplateLimits,
    add_iteration_budget,
)
from vance_ui.wizards.template_guard import GuardViolation, check_tree

ProblemKind = Literal["syntax", "forbidden", "limit", "runtime"]


class TemplateProblem(Exception):
    """A template that cannot be compiled or rendered, with its 1-based template line."""

    def __init__(self, kind: ProblemKind, message: str, lineno: int | None = None) -> None:
        super().__init__(message if lineno is None else f"line {lineno}: {message}")
        self.kind = kind
        self.message = message
        self.lineno = lineno


class CompiledTemplate:
    """A checked and compiled template, or one that compiles (guard included) from its source
    when first rendered (`load`): thousands of listed but unused wizards hold no Jinja
    `Template` (~10 KB each)."""

    __slots__ = ("_load", "_template", "origin", "ran_long", "variables")

    def __init__(self, template: Template | None, origin: str, variables: frozenset[str],
                 load: Callable[[], Template] | None = None) -> None:
        if template is None and load is None:
            raise ValueError("a compiled template needs its Template or a way to compile it")
        self._template = template
        self._load = load
        self.origin = origin  # e.g. "promptTemplate", used as the code object's file name
        self.variables = variables  # top-level names the template reads
        self.ran_long = False  # once past the quick deadline: rendered in a worker thread from then on

    @property
    def template(self) -> Template:
        template = self._template
        if template is None:  # two threads may both compile it; either result is the same
            refuse_in_quick_mode("compile a template on its first use")
            assert self._load is not None  # never cleared, so a racing thread still finds it
            template = self._template = self._load()
        return template


def _names_read(tree: nodes.Node) -> frozenset[str]:
    stored = {n.name for n in tree.find_all(nodes.Name) if n.ctx == "store"}
    loaded = {n.name for n in tree.find_all(nodes.Name) if n.ctx == "load"}
    return frozenset(loaded - stored - {"loop", "range"})


def _compile_tree(tree: nodes.Template, origin: str, source: str) -> CompiledTemplate:
    try:
        check_tree(tree)
    except GuardViolation as violation:
        raise TemplateProblem("forbidden", violation.message, violation.lineno) from None
    variables = _names_read(tree)
    add_iteration_budget(tree)
    tree.set_environment(SAFE_ENV)
    token = CURRENT_BUDGET.set(RenderBudget(DEFAULT_LIMITS))
    try:
        code = SAFE_ENV.compile(tree, name=origin, filename=origin)
        template = SAFE_ENV.template_class.from_code(SAFE_ENV, code, SAFE_ENV.make_globals(None), None)
    except (TemplateError, RecursionError, MemoryError) as exc:
        raise TemplateProblem("syntax", f"cannot compile: {exc}") from None
    finally:
        CURRENT_BUDGET.reset(token)
    return CompiledTemplate(template, origin, variables)


def _check_source(source: str, limits: TemplateLimits) -> None:
    if len(source) > limits.max_source_chars:
        raise TemplateProblem("limit", f"template is longer than {limits.max_source_chars} characters")


def compile_template(source: str, origin: str, limits: TemplateLimits = DEFAULT_LIMITS) -> CompiledTemplate:
    _check_source(source, limits)
    try:
        tree = SAFE_ENV.parse(source, name=origin, filename=origin)
    except TemplateSyntaxError as exc:
        raise TemplateProblem("syntax", exc.message or "syntax error", exc.lineno) from None
    except RecursionError:
        raise TemplateProblem("limit", "template is nested too deeply") from None
    return _compile_tree(tree, origin, source)


def compile_condition(source: str, origin: str, limits: TemplateLimits = DEFAULT_LIMITS) -> CompiledTemplate:
    """A single expression (a follow-up `condition`); renders to "1" when truthy."""
    _check_source(source, limits)
    try:
        parser = Parser(SAFE_ENV, source, name=origin, state="variable")
        expr = parser.parse_expression()
        if not parser.stream.eos:
            raise TemplateSyntaxError("unexpected text after the expression", parser.stream.current.lineno)
    except TemplateSyntaxError as exc:
        raise TemplateProblem("syntax", exc.message or "syntax error", exc.lineno) from None
    except RecursionError:
        raise TemplateProblem("limit", "expression is nested too deeply") from None
    body = nodes.If(expr, [nodes.Output([nodes.Const("1")], lineno=1)], [], [], lineno=1)
    return _compile_tree(nodes.Template([body], lineno=1), origin, source)


def _template_line(exc: BaseException, origin: str) -> int | None:
    tb = exc.__traceback__
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == origin:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def render_bounded(
    compiled: CompiledTemplate, context: dict[str, Any], limits: TemplateLimits = DEFAULT_LIMITS
) -> str:
    """Render with the output cap, the loop budget and the deadline of `limits` (in quick mode the
    quick deadline, in CPU time: a template that uses more raises `WouldBlock`, marked `ran_long`)."""
    quick = in_quick_mode()
    if quick and compiled.ran_long:
        raise WouldBlock("a template that ran long before")
    budget = RenderBudget(limits, QUICK_DEADLINE_SECONDS if quick else None)
    token = CURRENT_BUDGET.set(budget)
    parts: list[str] = []
    size = 0
    try:
        for chunk in compiled.template.generate(context):
            size += len(chunk)
            if size > limits.max_output_chars:
                raise LimitExceeded(f"the output is longer than {limits.max_output_chars} characters")
            if time.monotonic() > budget.deadline:
                budget.deadline_reached()
            parts.append(chunk)
    except DeadlinePassed as exc:
        if quick:
            compiled.ran_long = True
            raise WouldBlock("the template ran past the quick deadline") from None
        raise TemplateProblem("limit", str(exc), _template_line(exc, compiled.origin)) from None
    except LimitExceeded as exc:
        raise TemplateProblem("limit", str(exc), _template_line(exc, compiled.origin)) from None
    except SecurityError as exc:
        raise TemplateProblem("forbidden", str(exc), _template_line(exc, compiled.origin)) from None
    except (RecursionError, MemoryError, OverflowError) as exc:
        raise TemplateProblem("limit", f"rendering ran out of bounds ({type(exc).__name__})") from None
    except WouldBlock:
        raise
    except Exception as exc:  # any error inside the user's template is the template's problem
        line = _template_line(exc, compiled.origin) or _template_line_from_sys()
        raise TemplateProblem("runtime", f"{type(exc).__name__}: {exc}", line) from None
    finally:
        CURRENT_BUDGET.reset(token)
    return "".join(parts)


def _template_line_from_sys() -> int | None:
    info = sys.exc_info()[1]
    return getattr(info, "lineno", None)
