"""Render a wizard's prompt from validated values, with its follow-up links (spec 5, 5a)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from vance_ui.wizards.catalog.model import CompiledFollowUp, LoadedWizard
from vance_ui.wizards.filling.state import RenderContext
from vance_ui.wizards.format.localization import localize
from vance_ui.wizards.rules.secrets import without_secrets
from vance_ui.wizards.rules.steps import RenderSteps, render_step, renders_step
from vance_ui.wizards.templates.bounded import CheckedTemplate, Rendered, RenderJob
from vance_ui.wizards.templates.problems import TemplateProblem

FOLLOW_UP_INSTRUCTION = {
    "en": "If this is successfully completed, offer the user the following follow-up action(s) as a Markdown link:",
    "de": "Wenn dies erfolgreich abgeschlossen ist, biete dem Benutzer die folgende(n) Folgeaktion(en) "
          "als Markdown-Link an:",
}
MASKED = "[hidden]"


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


def _render(template: CheckedTemplate, values: Mapping[str, Any], ctx: RenderContext) -> RenderSteps[str]:
    return (yield from render_step(template, ctx.variables(values)))


def _text(result: Rendered) -> str:
    if isinstance(result, TemplateProblem):
        raise result
    return result


def _follow_up_jobs(follow: CompiledFollowUp, values: dict[str, Any], safe: dict[str, Any],
                    ctx: RenderContext) -> list[RenderJob]:
    """Its condition (if any), its label in `ctx.lang` and its prefills: rendered whether or not
    the condition holds, so that they travel in the prompt's batch."""
    code = localize({c: c for c in follow.labels}, ctx.lang)
    jobs = [] if follow.condition is None else [(follow.condition, ctx.variables(values))]
    shown = ctx.variables(safe)
    return [*jobs, (follow.labels[code], shown), *((template, shown) for template in follow.prefill.values())]


def _follow_up(follow: CompiledFollowUp, results: list[Rendered]) -> FollowUpLink | None:
    if follow.condition is not None:
        if not _text(results[0]).strip():
            return None  # what its label and prefills gave does not matter
        results = results[1:]
    label_text = _text(results[0]).strip() or follow.wizard
    prefill = {key: _text(result) for key, result in zip(follow.prefill, results[1:], strict=True)}
    return FollowUpLink(follow.wizard, label_text, prefill)


def prompt_steps(wizard: LoadedWizard, values: dict[str, Any], ctx: RenderContext) -> RenderSteps[RenderedPrompt]:
    """`values` must come from the validator: declared keys only, defaults applied. The prompt and
    every follow-up's condition, label and prefills render in one batch."""
    safe = without_secrets(wizard.definition.fields, values, "")
    per_follow_up = [_follow_up_jobs(follow, values, safe, ctx) for follow in wizard.follow_ups]
    results = yield from renders_step([(wizard.prompt, ctx.variables(values)), *itertools.chain(*per_follow_up)])
    body = _text(results[0]).rstrip()
    links, start = [], 1
    for follow, jobs in zip(wizard.follow_ups, per_follow_up, strict=True):
        link = _follow_up(follow, results[start:start + len(jobs)])
        start += len(jobs)
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
    masked = without_secrets(wizard.definition.fields, values, MASKED)
    return (yield from _render(wizard.validator, masked, ctx)).strip()
