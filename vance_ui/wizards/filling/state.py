"""A form's values as the templates see them: validated, with what `showIf` and `pages` hide.

One path for every client (API, web form, CLI): the values are validated leniently, the showIf
expressions decide what is hidden, then the values are validated for real with the hidden fields
left out (they are not checked and reach templates as their type's empty value), and the wizard's
rules across fields run on what passed.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from vance_ui.wizards.catalog.model import LoadedWizard
from vance_ui.wizards.rules.checks import check_steps
from vance_ui.wizards.rules.steps import RenderSteps
from vance_ui.wizards.rules.validation import FieldError, validate_values
from vance_ui.wizards.rules.visibility import Visibility, visibility_steps


def _today() -> str:
    return datetime.date.today().isoformat()


@dataclass(frozen=True, slots=True)
class RenderContext:
    """Who renders where, and when: the variables the app adds next to the field values."""

    lang: str
    user: str
    project: str = ""
    today: str = field(default_factory=_today)  # ISO date, the server's calendar day

    def variables(self, values: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """A template's context. A field named `today` wins over the date (it was legal before
        `today` existed); `lang`, `user` and `project` are reserved names."""
        return {"today": self.today, **(values or {}), "lang": self.lang, "user": self.user,
                "project": self.project}


@dataclass(frozen=True, slots=True)
class FormState:
    values: dict[str, Any]  # validated; hidden fields hold their empty value
    errors: list[FieldError]  # each with the page its field is on
    visibility: Visibility

    def errors_on(self, page: int) -> list[FieldError]:
        return [error for error in self.errors if error.page == page]


def visibility_of(wizard: LoadedWizard, raw: Mapping[str, Any] | None, ctx: RenderContext) -> RenderSteps[Visibility]:
    rules = wizard.body.rules
    if not rules.conditional:
        return Visibility.everything(rules)
    fields = wizard.definition.fields
    loose = validate_values(fields, raw, lenient=True).values
    return (yield from visibility_steps(rules, fields, loose, ctx.variables()))


def validated(wizard: LoadedWizard, raw: Mapping[str, Any] | None, visibility: Visibility, *,
              lenient: bool) -> FormState:
    result = validate_values(wizard.definition.fields, raw, lenient=lenient, hidden=visibility.hidden)
    page_of = wizard.body.rules.page_of
    errors = [replace(e, page=page_of.get(str(e.path[0]))) for e in result.errors] if page_of else result.errors
    return FormState(result.values, errors, visibility)


def checked(wizard: LoadedWizard, raw: Mapping[str, Any] | None, visibility: Visibility,
            ctx: RenderContext) -> RenderSteps[FormState]:
    """Validated strictly, then the wizard's rules across fields (each in a render worker)."""
    state = validated(wizard, raw, visibility, lenient=False)
    rules = wizard.body.rules
    if not rules.checks:
        return state
    found = yield from check_steps(rules, state.values, ctx.variables(), visibility.hidden, state.errors)
    return replace(state, errors=[*state.errors, *found]) if found else state


def form_steps(wizard: LoadedWizard, raw: Mapping[str, Any] | None, ctx: RenderContext, *,
               lenient: bool) -> RenderSteps[FormState]:
    visibility = yield from visibility_of(wizard, raw, ctx)
    if lenient:
        return validated(wizard, raw, visibility, lenient=True)
    return (yield from checked(wizard, raw, visibility, ctx))
