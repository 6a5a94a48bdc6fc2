"""Wizard templates as the rest of the app sees them: checked sources, rendered where they can be stopped.

No template is compiled or rendered in this process. `Templates.check` has a render worker parse
it, hold it against the allowlist and compile it (no constant folding); `Templates.render` has a
worker render it, and `Templates.render_batch` has one worker render several in one round trip,
each within its own limits and all within what is left of the request's `RequestBudget`. Wizard
text is loaded by load workers (`Templates.load`, a pool of their own: they import the file format
and the loader besides Jinja, and start more slowly).

A worker that runs past the deadline or grows past its memory cap is killed and
replaced (`pool`), so whatever a template does, it cannot hold this process' CPU, memory
or GIL. Every problem is a `TemplateProblem` with a template line, never a hang or a raw exception.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from vance_ui.wizards.templates.limits import (
    CHECK_LIMITS,
    DEFAULT_LIMITS,
    KILL_MARGIN_SECONDS,
    LOAD_LIMITS,
    LOAD_MEMORY_MB,
    REQUEST_BUDGET_SECONDS,
    TemplateLimits,
)
from vance_ui.wizards.templates.pipe import LOAD_WORKER, BatchTemplate, answer, encode_batch
from vance_ui.wizards.templates.pool import RenderPool
from vance_ui.wizards.templates.problems import BudgetSpent, TemplateProblem


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


#: one template to render with its context
RenderJob = tuple[CheckedTemplate, dict[str, Any]]
#: what one job of a batch gave: its text, or its template's problem
Rendered = str | TemplateProblem


@dataclass
class RequestBudget:
    """The time all template runs of one request may take together, from when it was made."""

    seconds: float = REQUEST_BUDGET_SECONDS
    ends: float = field(init=False)

    def __post_init__(self) -> None:
        self.ends = time.monotonic() + self.seconds

    def left(self) -> float:
        """Seconds left; `BudgetSpent` when none are."""
        left = self.ends - time.monotonic()
        if left <= 0:
            raise BudgetSpent(self.seconds)
        return left


class Templates:
    """Checks and renders templates in render workers, and loads wizard text in load workers: one
    `RenderPool` of each per service, created and closed with it (the CLI, the web app and each
    test build their own)."""

    def __init__(self, pool: RenderPool, loads: RenderPool | None = None) -> None:
        self.pool = pool
        self.loads = loads if loads is not None else _load_pool(pool.size, pool.memory_mb)

    @classmethod
    def start(cls, workers: int, memory_mb: int) -> Templates:
        """The pools; one load worker starts at once in the background (its zygote takes ~0.35 s to start,
        and nearly every process that makes a `Templates` loads a wizard soon)."""
        templates = cls(RenderPool(workers, memory_mb), _load_pool(workers, memory_mb))
        templates.loads.prestart_one_in_background()
        return templates

    def prestart(self) -> None:
        """Start every render worker and load worker now (the first requests need not wait)."""
        self.pool.prestart()
        self.loads.prestart()

    def close(self) -> None:
        self.pool.close()
        self.loads.close()

    def load(self, content: bytes) -> Any:
        """A wizard file's bytes loaded by a load worker (`catalog.load_job`): its problems, or what
        a successful load caches. Stopped at LOAD_LIMITS' deadline or the worker's memory cap."""
        return self.loads.run("load", content.decode("latin-1"), "load", False, None, LOAD_LIMITS)

    def bounds(self, content: bytes) -> Any:
        """Whether a load worker finds the text within every bound of a wizard file (size, values,
        depth, expanded size, value lengths): `{}`, or `{"problem": [line, column, message]}`."""
        return self.loads.run("bounds", content.decode("latin-1"), "bounds", False, None, LOAD_LIMITS)

    def yaml_of_json(self, body: bytes) -> Any:
        """A JSON body as wizard text (`format.json_body`), read by a load worker:
        `{"yaml": text}` or `{"refused": why}`."""
        return self.loads.run("yaml", body.decode("latin-1"), "json", False, None, LOAD_LIMITS)

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

    def render_batch(self, jobs: Sequence[RenderJob], budget: RequestBudget,
                     limits: TemplateLimits = DEFAULT_LIMITS) -> list[Rendered]:
        """Every job in one round trip to one worker, in order, each within `limits`, all within what
        is left of `budget`: each job's text or its template's problem. Raises `BudgetSpent` when the
        budget ran out, `RendererBusy` when no worker took the batch."""
        request, wait = _batch_request(jobs, budget, limits)
        return _batch_results(jobs, self.pool.ask(request, wait), budget, limits)

    async def render_batch_async(self, jobs: Sequence[RenderJob], budget: RequestBudget,
                                 limits: TemplateLimits = DEFAULT_LIMITS) -> list[Rendered]:
        """`render_batch` for an event loop; cancelled, it kills the worker (`RenderPool.ask_async`)."""
        request, wait = _batch_request(jobs, budget, limits)
        return _batch_results(jobs, await self.pool.ask_async(request, wait), budget, limits)


def _batch_request(jobs: Sequence[RenderJob], budget: RequestBudget, limits: TemplateLimits) -> tuple[bytes, float]:
    """The request, and how long to wait for its answer: each job's deadline, never past the budget."""
    left = budget.left()
    index: dict[tuple[str, str, bool], int] = {}
    templates: list[BatchTemplate] = []
    encoded: list[tuple[int, dict[str, Any]]] = []
    for template, context in jobs:
        key = (template.source, template.origin, template.expression)
        if key not in index:
            index[key] = len(templates)
            templates.append(key)
        encoded.append((index[key], context))
    wait = min(len(jobs) * (limits.deadline_seconds + KILL_MARGIN_SECONDS), left) + KILL_MARGIN_SECONDS
    return encode_batch(templates, encoded, limits, left), wait


def _batch_results(jobs: Sequence[RenderJob], reply: dict[str, Any] | None, budget: RequestBudget,
                   limits: TemplateLimits) -> list[Rendered]:
    if reply is not None and reply.get("spent"):
        raise BudgetSpent(budget.seconds)
    if reply is None:
        budget.left()  # stopped because the budget ran out: `BudgetSpent`
    if reply is None or "problem" in reply:  # stopped, or ran out of memory: every job's problem
        problem = _problem_of(reply, limits)
        if len(jobs) == 1:
            problem.located(jobs[0][0].origin, jobs[0][0].line)
        return [problem] * len(jobs)
    results: list[Rendered] = []
    for (template, _), result in zip(jobs, reply["ok"], strict=True):
        if "ok" in result:
            results.append(result["ok"])
        else:
            kind, message, line = result["problem"]
            results.append(TemplateProblem(kind, message, line).located(template.origin, template.line))
    return results


def _problem_of(reply: dict[str, Any] | None, limits: TemplateLimits) -> TemplateProblem:
    try:
        answer(reply, limits, "render")
    except TemplateProblem as problem:
        return problem
    raise AssertionError("a reply without a problem")  # pragma: no cover


def _refuse_long(source: str, limits: TemplateLimits) -> None:
    """Refused before it crosses a pipe."""
    if len(source) > limits.max_source_chars:
        raise TemplateProblem("limit", f"template is longer than {limits.max_source_chars} characters")


def _load_pool(workers: int, memory_mb: int) -> RenderPool:
    return RenderPool(workers, max(memory_mb, LOAD_MEMORY_MB), LOAD_WORKER)
