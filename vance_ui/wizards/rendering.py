"""Render a wizard's prompt from validated values, with its follow-up links (spec 5, 5a)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from vance_ui.wizards.localization import localize
from vance_ui.wizards.model import CompiledFollowUp, LoadedWizard
from vance_ui.wizards.schema import FormField, PasswordField, RepeatField
from vance_ui.wizards.templating import CheckedTemplate, render_bounded

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


def render_template(template: CheckedTemplate, values: Mapping[str, Any], ctx: RenderContext) -> str:
    return render_bounded(template, _context(values, ctx))


def _follow_up(follow: CompiledFollowUp, values: dict[str, Any], safe: dict[str, Any],
               ctx: RenderContext) -> FollowUpLink | None:
    if follow.condition is not None and not render_template(follow.condition, values, ctx).strip():
        return None
    code = localize({c: c for c in follow.labels}, ctx.lang)
    label_text = render_template(follow.labels[code], safe, ctx).strip() or follow.wizard
    prefill = {key: render_template(tpl, safe, ctx) for key, tpl in follow.prefill.items()}
    return FollowUpLink(follow.wizard, label_text, prefill)


def render_prompt(wizard: LoadedWizard, values: dict[str, Any], ctx: RenderContext) -> RenderedPrompt:
    """`values` must come from the validator: declared keys only, defaults applied."""
    body = render_template(wizard.prompt, values, ctx).rstrip()
    safe = _mask_secrets(list(wizard.definition.fields), values, "")
    links = [link for f in wizard.follow_ups if (link := _follow_up(f, values, safe, ctx)) is not None]
    if not links:
        return RenderedPrompt(body, body, [])
    instruction = localize(FOLLOW_UP_INSTRUCTION, ctx.lang)
    block = "\n".join(f"- {link.markdown}" for link in links)
    return RenderedPrompt(f"{body}\n\n{instruction}\n{block}", body, links)


def render_validator_prompt(wizard: LoadedWizard, values: dict[str, Any], ctx: RenderContext) -> str | None:
    """The validator never sees secrets: password values reach it as a placeholder."""
    if wizard.validator is None:
        return None
    masked = _mask_secrets(list(wizard.definition.fields), values, MASKED)
    return render_template(wizard.validator, masked, ctx).strip()
