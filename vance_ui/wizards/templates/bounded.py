"""Wizard templates as the rest of the app sees them: checked sources, rendered where they can be stopped.

No template is compiled or rendered in this process. `Templates.check` has a render worker parse
it, hold it against the allowlist and compile it (no constant folding); `Templates.render` has a
worker render it. A worker that runs past the deadline or grows past its memory cap is killed and
replaced (`pool`), so whatever a template does, it cannot hold this process' CPU, memory
or GIL. Every problem is a `TemplateProblem` with a template line, never a hang or a raw exception.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vance_ui.wizards.templates.limits import CHECK_LIMITS, DEFAULT_LIMITS, TemplateLimits
from vance_ui.wizards.templates.pool import RenderPool
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


class Templates:
    """Checks and renders templates in render workers: one `RenderPool` per service, created and
    closed with it (the CLI, the web app and each test build their own)."""

    def __init__(self, pool: RenderPool) -> None:
        self.pool = pool

    @classmethod
    def start(cls, workers: int, memory_mb: int) -> Templates:
        return cls(RenderPool(workers, memory_mb))

    def close(self) -> None:
        self.pool.close()

    def check(self, source: str, origin: str, expression: bool = False,
              limits: TemplateLimits = CHECK_LIMITS) -> CheckedTemplate:
        """Parse, check and compile `source` in a render worker (bounded like a render); an
        `expression` is a single expression (a `showIf`, a follow-up `condition`)."""
        _refuse_long(source, limits)
        reply = self.pool.run("check", source, origin, expression, None, limits)
        return CheckedTemplate(source, origin, frozenset(reply), expression)

    def constants_used(self, source: str, origin: str, expression: bool = False,
                       limits: TemplateLimits = CHECK_LIMITS) -> frozenset[str]:
        """The attribute names and string constants a template uses, found by a render worker."""
        _refuse_long(source, limits)
        return frozenset(self.pool.run("constants", source, origin, expression, None, limits))

    def render(self, template: CheckedTemplate, context: dict[str, Any],
               limits: TemplateLimits = DEFAULT_LIMITS) -> str:
        """Render in a render worker within `limits`: past the deadline (plus a small margin) the
        worker is killed; `context` must be JSON data (form values, strings)."""
        try:
            text: str = self.pool.run("render", template.source, template.origin, template.expression, context,
                                      limits)
        except TemplateProblem as problem:
            problem.located(template.origin, template.line)
            raise
        return text

    async def render_async(self, template: CheckedTemplate, context: dict[str, Any],
                           limits: TemplateLimits = DEFAULT_LIMITS) -> str:
        """`render` for an event loop: it waits for the worker's answer without blocking."""
        try:
            text: str = await self.pool.run_async("render", template.source, template.origin, template.expression,
                                                  context, limits)
        except TemplateProblem as problem:
            problem.located(template.origin, template.line)
            raise
        return text


def _refuse_long(source: str, limits: TemplateLimits) -> None:
    """Refused before it crosses a pipe."""
    if len(source) > limits.max_source_chars:
        raise TemplateProblem("limit", f"template is longer than {limits.max_source_chars} characters")
