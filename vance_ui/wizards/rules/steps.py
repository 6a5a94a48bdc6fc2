"""Template work as generator steps, so each piece of logic exists once for threads and event loops.

A step hands out a batch of templates, each with its context, and gets back each one's text or its
`TemplateProblem` (`render_step` raises it where the step waits, so a step may catch it: the live
preview does). `gather` runs independent steps side by side, so their templates travel together:
one batch is one round trip to a render worker. `run_steps` drives the steps from a thread (the CLI,
lint), `run_steps_async` from an event loop (the API, the web form); either way every template
renders in a render worker, and all of a request's batches share its `RequestBudget`.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any, TypeVar

from vance_ui.wizards.templates.bounded import CheckedTemplate, Rendered, RenderJob, RequestBudget, Templates
from vance_ui.wizards.templates.problems import TemplateProblem

T = TypeVar("T")
RenderSteps = Generator[list[RenderJob], list[Rendered], T]

__all__ = ["RenderJob", "RenderSteps", "gather", "render_step", "renders_step", "run_steps", "run_steps_async",
           "truth_step"]


def renders_step(jobs: Sequence[RenderJob]) -> RenderSteps[list[Rendered]]:
    """Several templates in one batch: each one's text or problem, in order."""
    if not jobs:
        return []
    return (yield list(jobs))


def render_step(template: CheckedTemplate, context: dict[str, Any]) -> RenderSteps[str]:
    (result,) = yield from renders_step([(template, context)])
    if isinstance(result, TemplateProblem):
        raise result
    return result


def truth_step(expression: CheckedTemplate, context: dict[str, Any]) -> RenderSteps[bool]:
    """An expression template renders "1" when it is true and "" when not."""
    return bool((yield from render_step(expression, context)).strip())


def gather(steps: Sequence[RenderSteps[T]]) -> RenderSteps[list[T]]:
    """Steps that do not depend on each other, run side by side: each round, the batches all of
    them wait for go out as one. Their results in order; the first problem one raises ends all."""
    results: dict[int, T] = {}
    waiting: dict[int, list[RenderJob]] = {}
    for index, step in enumerate(steps):
        try:
            waiting[index] = next(step)
        except StopIteration as done:
            results[index] = done.value
    while waiting:
        answers = yield [job for jobs in waiting.values() for job in jobs]
        start, now = 0, waiting
        waiting = {}
        for index, jobs in now.items():
            try:
                waiting[index] = steps[index].send(answers[start:start + len(jobs)])
            except StopIteration as done:
                results[index] = done.value
            start += len(jobs)
    return [results[index] for index in range(len(steps))]


def run_steps(steps: RenderSteps[T], templates: Templates, budget: RequestBudget | None = None) -> T:
    """Render each batch in a render worker, waiting in this thread. A spent budget (`BudgetSpent`)
    or a busy renderer (`RendererBusy`) ends the request: no step handles them."""
    budget = budget or RequestBudget()
    try:
        jobs = next(steps)
        while True:
            jobs = steps.send(templates.render_batch(jobs, budget))
    except StopIteration as done:
        result: T = done.value
        return result


async def run_steps_async(steps: RenderSteps[T], templates: Templates, budget: RequestBudget | None = None) -> T:
    """The same from an event loop, which waits without blocking. Cancelled (the client went away),
    the worker that runs the current batch is killed, so nothing goes on working for nobody."""
    budget = budget or RequestBudget()
    try:
        jobs = next(steps)
        while True:
            jobs = steps.send(await templates.render_batch_async(jobs, budget))
    except StopIteration as done:
        result: T = done.value
        return result
