"""Wizard templates as the rest of the app sees them: checked sources, rendered where they can be stopped.

No template is compiled or rendered in this process. `check_template` has a render worker parse
it, hold it against the allowlist and compile it (no constant folding); `render_bounded` has a
worker render it. A worker that runs past the deadline or grows past its memory cap is killed and
replaced (`render_pool`), so whatever a template does, it cannot hold this process' CPU, memory
or GIL. Every problem is a `TemplateProblem` with a template line, never a hang or a raw exception.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vance_ui.wizards.templates.limits import CHECK_LIMITS, DEFAULT_LIMITS, TemplateLimits
from vance_ui.wizards.templates.problems import TemplateProblem


@dataclass(frozen=True, slots=True)
class CheckedTemplate:
    """A template source that compiled in a render worker, and the top-level names it reads.

    The source is what a worker renders (each worker compiles it once and keeps it); this process
    never holds a Jinja `Template` (~10 KB each, for thousands of listed but unused wizards)."""

    source: str
    origin: str  # e.g. "promptTemplate": the code object's file name, so errors name the template line
    variables: frozenset[str]
    expression: bool = False  # a single expression (follow-up `condition`): renders "1" when truthy
    line: int | None = None  # the wizard file's line where the template's text starts, when known


def check_template(source: str, origin: str, expression: bool = False,
                   limits: TemplateLimits = CHECK_LIMITS) -> CheckedTemplate:
    """Parse, check and compile `source` in a render worker (bounded like a render)."""
    from vance_ui.wizards.templates.pool import render_pool

    if len(source) > limits.max_source_chars:  # refused before it crosses a pipe
        raise TemplateProblem("limit", f"template is longer than {limits.max_source_chars} characters")
    reply = render_pool().run("check", source, origin, expression, None, limits)
    return CheckedTemplate(source, origin, frozenset(reply), expression)


def constants_used(source: str, origin: str, expression: bool = False,
                   limits: TemplateLimits = CHECK_LIMITS) -> frozenset[str]:
    """The attribute names and string constants a template uses, found by a render worker."""
    from vance_ui.wizards.templates.pool import render_pool

    if len(source) > limits.max_source_chars:
        raise TemplateProblem("limit", f"template is longer than {limits.max_source_chars} characters")
    return frozenset(render_pool().run("constants", source, origin, expression, None, limits))


def compile_template(source: str, origin: str, limits: TemplateLimits = CHECK_LIMITS) -> CheckedTemplate:
    return check_template(source, origin, False, limits)


def compile_condition(source: str, origin: str, limits: TemplateLimits = CHECK_LIMITS) -> CheckedTemplate:
    """A single expression (a follow-up `condition`); renders to "1" when truthy."""
    return check_template(source, origin, True, limits)


def render_bounded(template: CheckedTemplate, context: dict[str, Any],
                   limits: TemplateLimits = DEFAULT_LIMITS) -> str:
    """Render in a render worker within `limits`: past the deadline (plus a small margin) the worker
    is killed; `context` must be JSON data (form values, strings)."""
    from vance_ui.wizards.templates.pool import render_pool

    try:
        text: str = render_pool().run("render", template.source, template.origin, template.expression, context,
                                      limits)
    except TemplateProblem as problem:
        problem.located(template.origin, template.line)
        raise
    return text


async def render_bounded_async(template: CheckedTemplate, context: dict[str, Any],
                               limits: TemplateLimits = DEFAULT_LIMITS) -> str:
    """`render_bounded` for an event loop: it waits for the worker's answer without blocking."""
    from vance_ui.wizards.templates.pool import render_pool

    try:
        text: str = await render_pool().run_async("render", template.source, template.origin, template.expression,
                                                  context, limits)
    except TemplateProblem as problem:
        problem.located(template.origin, template.line)
        raise
    return text
