"""Render a wizard's prompt from validated values, with its follow-up links (spec 5, 5a)."""

from __future__ import annotations

import re
from collections.abc import Generator, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import quote

from vance_ui.wizards.localization import localize
from vance_ui.wizards.model import CompiledFollowUp, LoadedWizard
from vance_ui.wizards.schema import FormField, PasswordField, RepeatField
from vance_ui.wizards.templating import CheckedTemplate, render_bounded, render_bounded_async

FOLLOW_UP_INSTRUCTION = {
    "en": "If this is successfully completed, offer the user the following follow-up action(s) as a Markdown link:",
    "de": "Wenn dies erfolgreich abgeschlossen ist, biete dem Benutzer die folgende(n) Folgeaktion(en) "
          "als Markdown-Link an:",
}
MASKED = "[hidden]"


@dataclass(frozen=True, slots=True)
class RenderContext:
    """Who renders where: the variables the spec adds next to the field values."""

    lang: str
    user: str
    project: str = ""


@dataclass(frozen=True, slots=True)
class FollowUpLink:
    wizard: str
    label: str
    prefill: dict[str, str]

    @property
    def url(self) -> str:
        query = "".join(f"&{quote(k, safe='')}={quote(v, safe='')}" for k, v in self.prefill.items())
        return f"vance:/wizards/{self.wizard}?kind=wizard{query}"

    @property
    def markdown(self) -> str:
        label = re.sub(r"([\[\]\\])", r"\\\1", self.label.replace("\n", " ").strip())
        return f"[{label}]({self.url})"


@dataclass(frozen=True, slots=True)
class RenderedPrompt:
    prompt: str
    body: str
    follow_ups: list[FollowUpLink]


def _context(values: Mapping[str, Any], ctx: RenderContext) -> dict[str, Any]:
    return {**values, "lang": ctx.lang, "user": ctx.user, "project": ctx.project}


def _mask_secrets(fields: list[FormField], values: Mapping[str, Any], mask: str) -> dict[str, Any]:
    """A copy of the values with every password value (also inside repeat items) replaced."""
    masked = dict(values)
    for field in fields:
        value = masked.get(field.name)
        if isinstance(field, PasswordField):
            masked[field.name] = mask if value else ""
        elif isinstance(field, RepeatField) and isinstance(value, list):
            masked[field.name] = [
                _mask_secrets(field.item, item, mask) if isinstance(item, Mapping) else item for item in value
            ]
    return masked


RenderJob = tuple[CheckedTemplate, dict[str, Any]]
T = TypeVar("T")
# How a prompt is put together, apart from where its templates render: each step hands out a
# template with its context and gets the text back (`run_steps` in a thread, `run_steps_async` on an
# event loop), so the follow-up logic exists once for both.
RenderSteps = Generator[RenderJob, str, T]


def _render(template: CheckedTemplate, values: Mapping[str, Any], ctx: RenderContext) -> RenderSteps[str]:
    text: str = yield template, _context(values, ctx)
    return text


def _follow_up(follow: CompiledFollowUp, values: dict[str, Any], safe: dict[str, Any],
               ctx: RenderContext) -> RenderSteps[FollowUpLink | None]:
    if follow.condition is not None and not (yield from _render(follow.condition, values, ctx)).strip():
        return None
    code = localize({c: c for c in follow.labels}, ctx.lang)
    label_text = (yield from _render(follow.labels[code], safe, ctx)).strip() or follow.wizard
    prefill = {}
    for key, template in follow.prefill.items():
        prefill[key] = yield from _render(template, safe, ctx)
    return FollowUpLink(follow.wizard, label_text, prefill)


def prompt_steps(wizard: LoadedWizard, values: dict[str, Any], ctx: RenderContext) -> RenderSteps[RenderedPrompt]:
    """`values` must come from the validator: declared keys only, defaults applied."""
    body = (yield from _render(wizard.prompt, values, ctx)).rstrip()
    safe = _mask_secrets(list(wizard.definition.fields), values, "")
    links = []
    for follow in wizard.follow_ups:
        link = yield from _follow_up(follow, values, safe, ctx)
        if link is not None:
            links.append(link)
    if not links:
        return RenderedPrompt(body, body, [])
    instruction = localize(FOLLOW_UP_INSTRUCTION, ctx.lang)
    block = "\n".join(f"- {link.markdown}" for link in links)
    return RenderedPrompt(f"{body}\n\n{instruction}\n{block}", body, links)


def validator_steps(wizard: LoadedWizard, values: dict[str, Any], ctx: RenderContext) -> RenderSteps[str | None]:
    """The validator never sees secrets: password values reach it as a placeholder."""
    if wizard.validator is None:
        return None
    masked = _mask_secrets(list(wizard.definition.fields), values, MASKED)
    return (yield from _render(wizard.validator, masked, ctx)).strip()


def run_steps(steps: RenderSteps[T]) -> T:
    """Render each step's template in a render worker, waiting in this thread."""
    try:
        job = next(steps)
        while True:
            job = steps.send(render_bounded(*job))
    except StopIteration as done:
        result: T = done.value
        return result


async def run_steps_async(steps: RenderSteps[T]) -> T:
    """The same from an event loop, which waits without blocking."""
    try:
        job = next(steps)
        while True:
            job = steps.send(await render_bounded_async(*job))
    except StopIteration as done:
        result: T = done.value
        return result
