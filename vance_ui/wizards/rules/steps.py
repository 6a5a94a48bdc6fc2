"""Template work as generator steps, so each piece of logic exists once for threads and event loops.

A step hands out a template with its context and gets the rendered text back, or the template's
`TemplateProblem` raised where it waits (so a step may catch it: the live preview does). `run_steps` drives
the steps from a thread (the CLI, lint), `run_steps_async` from an event loop (the API, the web
form); either way every template renders in a render worker.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, TypeVar

from vance_ui.wizards.templates.bounded import CheckedTemplate, Templates
from vance_ui.wizards.templates.problems import RendererBusy, TemplateProblem

RenderJob = tuple[CheckedTemplate, dict[str, Any]]
T = TypeVar("T")
RenderSteps = Generator[RenderJob, str, T]


def render_step(template: CheckedTemplate, context: dict[str, Any]) -> RenderSteps[str]:
    text: str = yield template, context
    return text


def truth_step(expression: CheckedTemplate, context: dict[str, Any]) -> RenderSteps[bool]:
    """An expression template renders "1" when it is true and "" when not."""
    return bool((yield from render_step(expression, context)).strip())


def run_steps(steps: RenderSteps[T], templates: Templates) -> T:
    """Render each step's template in a render worker, waiting in this thread."""
    try:
        job = next(steps)
        while True:
            try:
                text = templates.render(*job)
            except RendererBusy:
                raise  # not the template's fault: the request fails (503), no step handles it
            except TemplateProblem as problem:  # into the steps, where e.g. a preview catches it
                job = steps.throw(problem)
                continue
            job = steps.send(text)
    except StopIteration as done:
        result: T = done.value
        return result


async def run_steps_async(steps: RenderSteps[T], templates: Templates) -> T:
    """The same from an event loop, which waits without blocking."""
    try:
        job = next(steps)
        while True:
            try:
                text = await templates.render_async(*job)
            except RendererBusy:
                raise
            except TemplateProblem as problem:
                job = steps.throw(problem)
                continue
            job = steps.send(text)
    except StopIteration as done:
        result: T = done.value
        return result
