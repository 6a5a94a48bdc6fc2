"""The hardened Jinja environment: Pebble-flavoured syntax, data-only attribute access, bounded work.

The sandbox stops escapes; this module adds what the sandbox does not (pallets/jinja#2149):
`*`, `**`, `%` and `//` are intercepted so they are never folded at compile time and are
bounded at render time, every filter that can grow its output is bounded, and a per-render
budget (iterations, output size, deadline) is checked from loops, calls and output.
"""

from __future__ import annotations

import functools
import re
import time
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from jinja2 import ChainableUndefined, nodes, pass_eval_context
from jinja2 import filters as jfilters
from jinja2.exceptions import SecurityError
from jinja2.ext import Extension
from jinja2.lexer import Token, TokenStream
from jinja2.nodes import EvalContext
from jinja2.runtime import Context, LoopContext, Undefined
from jinja2.sandbox import SandboxedEnvironment

from vance_ui.wizards.templates.guard import ALLOWED_FILTERS, ALLOWED_TESTS
from vance_ui.wizards.templates.limits import DEFAULT_LIMITS, TEMPLATE_GLOBALS, TemplateLimits
from vance_ui.wizards.templates.tag_lines import fold_tag_lines


class LimitExceeded(SecurityError):
    """A render hit one of the `TemplateLimits`."""


class DeadlinePassed(LimitExceeded):
    """A render ran past its deadline."""


@dataclass
class RenderBudget:
    """What one render has used so far; the deadline is a plain clock reading, checked often."""

    limits: TemplateLimits
    deadline: float = field(init=False)
    iterations: int = 0

    def __post_init__(self) -> None:
        self.deadline = time.monotonic() + self.limits.deadline_seconds

    def tick(self) -> None:
        if time.monotonic() > self.deadline:
            raise DeadlinePassed(f"rendering took longer than {self.limits.deadline_seconds:g} s")


CURRENT_BUDGET: ContextVar[RenderBudget | None] = ContextVar("vance_render_budget", default=None)


def _budget() -> RenderBudget:
    budget = CURRENT_BUDGET.get()
    if budget is None:  # compile-time evaluation or a render outside `render_bounded`
        budget = RenderBudget(DEFAULT_LIMITS)
        CURRENT_BUDGET.set(budget)
    return budget


def _check_size(size: int) -> None:
    limit = _budget().limits.max_output_chars
    if size > limit:
        raise LimitExceeded(f"the result would be longer than {limit} characters")


# -- Pebble compatibility ------------------------------------------------------------------

_RAW_TAG = re.compile(r"\{%(-?)\s*(raw|endraw|verbatim|endverbatim)\s*(-?)%\}")


class PebbleSyntax(Extension):
    """`{% elseif %}` and `{% verbatim %}` as Pebble spells them, next to Jinja's `elif`/`raw`."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        out: list[str] = []
        pos = 0
        inside: str | None = None  # the tag that closes the current raw/verbatim block
        for match in _RAW_TAG.finditer(source):
            tag = match.group(2)
            if inside is None and tag in ("raw", "verbatim"):
                inside = "end" + tag
            elif inside == tag:
                inside = None
            else:
                continue
            replacement = {"verbatim": "raw", "endverbatim": "endraw"}.get(tag, tag)
            out.append(source[pos:match.start()])
            out.append("{%" + match.group(1) + " " + replacement + " " + match.group(3) + "%}")
            pos = match.end()
        out.append(source[pos:])
        return fold_tag_lines("".join(out))

    def filter_stream(self, stream: TokenStream) -> Iterable[Token]:
        after_block_begin = False
        for token in stream:
            if after_block_begin and token.type == "name" and token.value == "elseif":
                token = Token(token.lineno, "name", "elif")
            after_block_begin = token.type == "block_begin"
            yield token


# -- bounded filters -----------------------------------------------------------------------


def _bounded_replace(value: Any, old: str, new: str, count: int | None = None) -> str:
    text = str(value)
    hits = text.count(old) if old else len(text) + 1
    if count is not None:
        hits = min(hits, count)
    _check_size(len(text) + hits * max(0, len(new) - len(old)))
    return text.replace(old, new, -1 if count is None else count)


def _bounded_join(value: Iterable[Any], d: str = "", attribute: str | int | None = None) -> str:
    items = list(value)
    _check_size(len(items) * len(d))
    if attribute is not None:
        items = [SAFE_ENV.getitem(item, attribute) for item in items]
    text = d.join("" if item is None else str(item) for item in items)
    _check_size(len(text))
    return text


def _bounded_center(value: Any, width: int = 80) -> str:
    _check_size(int(width))
    return str(value).center(int(width))


def _bounded_indent(value: Any, width: int | str = 4, first: bool = False, blank: bool = False) -> str:
    text = str(value)
    pad = width if isinstance(width, str) else " " * min(int(width), 200)
    _check_size(len(text) + (text.count("\n") + 1) * len(pad))
    return jfilters.do_indent(text, pad, first, blank)


def _bounded_wordwrap(value: Any, width: int = 79, break_long_words: bool = True, wrapstring: str | None = None,
                      break_on_hyphens: bool = True) -> str:
    text = str(value)
    _check_size(len(text) * (1 + len(wrapstring or "\n")))
    return jfilters.do_wordwrap(SAFE_ENV, text, max(1, int(width)), break_long_words, wrapstring, break_on_hyphens)


def _abbreviate(value: Any, length: int = 255) -> str:
    return jfilters.do_truncate(SAFE_ENV, str(value), max(4, int(length)), True, "...", 0)


def _rsort(value: Iterable[Any]) -> list[Any]:
    return sorted(value, reverse=True)


def _as_list(filter_function: Callable[..., Any]) -> Callable[..., Any]:
    """A filter that gives an iterator (`map`, `select`, `reverse`, ...) gives a list instead, so
    what it yields prints as data, never as `<generator object ... at 0x...>`."""

    @functools.wraps(filter_function)  # keeps Jinja's pass_context marker
    def listed(*args: Any, **kwargs: Any) -> Any:
        result = filter_function(*args, **kwargs)
        if isinstance(result, (str, list)):
            return result
        budget = _budget()
        items = []
        for item in result:
            items.append(item)
            if len(items) % 1024 == 0:
                budget.tick()
        return items

    return listed


ITERATOR_FILTERS = ("map", "select", "reject", "selectattr", "rejectattr", "unique", "items", "reverse")
_OVERRIDES: dict[str, Any] = {
    "replace": _bounded_replace, "join": _bounded_join, "center": _bounded_center,
    "indent": _bounded_indent, "wordwrap": _bounded_wordwrap, "abbreviate": _abbreviate, "rsort": _rsort,
}


def _iteration_budget(iterable: Any) -> Iterator[Any]:
    """Wrapped around every `{% for %}` iterable: counts iterations against the render budget."""
    budget = _budget()
    for item in iterable:
        budget.iterations += 1
        if budget.iterations > budget.limits.max_iterations:
            raise LimitExceeded(f"loops ran more than {budget.limits.max_iterations} iterations")
        budget.tick()
        yield item


class LoopBudget(Extension):
    """Holds the loop budget where generated code reaches it (`ExtensionAttribute`) and no template
    can name it: as a filter, `map('<its name>')` printed the generator with its address."""

    budget = staticmethod(_iteration_budget)


PRINTABLE = (str, int, float, complex, list, tuple, dict, range, Undefined)  # bool is an int
LOOP_DATA = frozenset({"index", "index0", "revindex", "revindex0", "first", "last", "length", "depth", "depth0",
                       "previtem", "nextitem"})


@pass_eval_context  # also keeps Jinja from evaluating constant output while compiling
def _finalize(eval_ctx: EvalContext, value: Any) -> Any:
    """None prints as "", data as itself; anything else (a function, a loop object) is refused
    rather than printed as a Python repr with a memory address."""
    if value is None:
        return ""
    if isinstance(value, PRINTABLE):
        return value
    raise SecurityError(f"a {type(value).__name__} is not data and cannot be printed")


def _is_empty(value: Any) -> bool:
    return value is None or isinstance(value, ChainableUndefined) or (hasattr(value, "__len__") and len(value) == 0)


class WizardSandbox(SandboxedEnvironment):
    """Attribute access means dictionary keys (form values are plain data), everything bounded."""

    intercepted_binops = frozenset({"*", "**", "%", "//"})

    def __init__(self) -> None:
        super().__init__(
            extensions=[PebbleSyntax, LoopBudget], trim_blocks=False, lstrip_blocks=False, autoescape=False,
            undefined=ChainableUndefined, finalize=_finalize, keep_trailing_newline=False,
            optimized=False,  # no constant folding: a template's cost is paid where it can be stopped
        )
        base_filters = dict(self.filters)
        self.filters = {name: base_filters[name] for name in ALLOWED_FILTERS if name in base_filters}
        self.filters.update({name: _as_list(self.filters[name]) for name in ITERATOR_FILTERS})
        self.filters.update(_OVERRIDES)
        base_tests = dict(self.tests)
        self.tests = {name: base_tests[name] for name in ALLOWED_TESTS if name in base_tests}
        self.tests.update({"empty": _is_empty, "null": lambda v: v is None, "map": base_tests["mapping"]})
        self.globals = {name: self.globals[name] for name in TEMPLATE_GLOBALS}

    def getattr(self, obj: Any, attribute: str) -> Any:
        if isinstance(obj, dict):
            return obj[attribute] if attribute in obj else self.undefined(obj=obj, name=attribute)
        if isinstance(obj, LoopContext) and not attribute.startswith("_"):
            return super().getattr(obj, attribute)
        if isinstance(obj, ChainableUndefined):
            return obj
        return self.undefined(obj=obj, name=attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        if isinstance(obj, dict):
            return obj[argument] if argument in obj else self.undefined(obj=obj, name=str(argument))
        if isinstance(obj, (list, tuple, str)) and isinstance(argument, (int, slice)):
            return super().getitem(obj, argument)
        if isinstance(obj, LoopContext):  # data only: loop['cycle'] must not hand out the method
            return self.getattr(obj, argument) if argument in LOOP_DATA else self.undefined(obj=obj, name=str(argument))
        return self.undefined(obj=obj, name=str(argument))

    def call(__self, __context: Context, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        _budget().tick()
        return super().call(__context, __obj, *args, **kwargs)

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        _budget().tick()
        if operator == "%":
            if isinstance(left, str):
                raise SecurityError("string formatting with '%' is not allowed in wizard templates")
            return left % right
        if operator == "//":
            return left // right
        if operator == "*":
            for seq, times in ((left, right), (right, left)):
                if isinstance(seq, (str, list, tuple)) and isinstance(times, int):
                    _check_size(len(seq) * max(times, 0))
            self._check_int(left, right, lambda a, b: a.bit_length() + b.bit_length())
            return left * right
        # "**"
        self._check_int(left, right, lambda a, b: a.bit_length() * abs(b))
        if isinstance(right, (int, float)) and abs(right) > 10_000:
            raise LimitExceeded("exponent is too large")
        return left**right

    def _check_int(self, left: Any, right: Any, bits: Any) -> None:
        if isinstance(left, int) and isinstance(right, int) and bits(left, right) > _budget().limits.max_int_bits:
            raise LimitExceeded(f"the number would have more than {_budget().limits.max_int_bits} bits")


SAFE_ENV = WizardSandbox()


def add_iteration_budget(tree: nodes.Template) -> nodes.Template:
    """Route every loop's iterable through the loop budget (after the guard has run)."""
    for loop in tree.find_all(nodes.For):
        budget = nodes.ExtensionAttribute(LoopBudget.identifier, "budget", lineno=loop.lineno)
        loop.iter = nodes.Call(budget, [loop.iter], [], None, None, lineno=loop.lineno)
    for filter_node in tree.find_all(nodes.Filter):
        filter_node.set_environment(SAFE_ENV)
    return tree
