"""Where a chat message's text came from: the wizard form behind it (`PromptOrigin`), kept with the
message in the user's chat, and what of it still fits the wizard when the form is opened again.

The version is a fingerprint of the wizard's parsed definition, not its file's version: it is the
same in every store (`vance store copy` keeps it meaningful) and changes only when the wizard does.
Password values are never part of an origin (`strip_secrets`).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from vance_ui.chat.drafts import Draft, strip_secrets
from vance_ui.wizards.catalog.model import LoadedWizard
from vance_ui.wizards.rules.validation import validate_values

MAX_NAME = 200  # a wizard name, layer or version longer than this is no origin


def fingerprint(wizard: LoadedWizard) -> str:
    """The wizard's definition, hashed: equal for equal wizards in any store or layer."""
    return wizard.derived("fingerprint", lambda: hashlib.sha256(
        wizard.definition.model_dump_json(by_alias=True).encode()).hexdigest()[:16])


@dataclass(frozen=True)
class PromptOrigin:
    """The wizard whose prompt a message's text is: its name, the layer (`Source`) and version it
    had, and the form's values (never passwords) and page."""

    wizard: str
    layer: str
    version: str
    form: Draft

    @classmethod
    def of(cls, wizard: LoadedWizard, form: Draft) -> PromptOrigin:
        """The origin of a prompt `wizard` rendered from `form`; password values left out."""
        return cls(wizard.name, str(wizard.source), fingerprint(wizard),
                   Draft(strip_secrets(wizard.definition.fields, form.values), form.page))

    @classmethod
    def from_json(cls, data: Any) -> PromptOrigin | None:
        """As `dataclasses.asdict` wrote it; None for anything else (a message without origin)."""
        if not isinstance(data, dict):
            return None
        names = [data.get(key) for key in ("wizard", "layer", "version")]
        form = Draft.from_json(data.get("form"))
        if form is None or not all(isinstance(n, str) and len(n) <= MAX_NAME for n in names) or not names[0]:
            return None
        return cls(str(names[0]), str(names[1]), str(names[2]), form)


@dataclass(frozen=True)
class Reopening:
    """What an origin's form opens with now: the values that still fit, whether the wizard changed
    since (another layer or version), and the names of the values left out: `dropped`, whose fields
    are gone (or became passwords), and `unfit`, whose fields now take another kind of value or
    no longer offer the chosen one."""

    form: Draft
    changed: bool
    dropped: tuple[str, ...]
    unfit: tuple[str, ...] = ()


UNFIT = ("invalid_type", "not_a_choice")  # the field cannot show the value at all


def reopening(origin: PromptOrigin, wizard: LoadedWizard) -> Reopening:
    """The origin's values for the fields `wizard` has now; what does not fit is left out. (A value
    that breaks a new rule, a longer minimum say, stays: the form shows it with the error.)"""
    fields = wizard.definition.fields
    values = strip_secrets(fields, origin.form.values)
    dropped = tuple(sorted(name for name in origin.form.values if name not in values))
    unfit = sorted({str(error.path[0]) for error in validate_values(fields, values).errors
                    if error.error in UNFIT and len(error.path) == 1})
    changed = origin.layer != str(wizard.source) or origin.version != fingerprint(wizard)
    return Reopening(Draft({k: v for k, v in values.items() if k not in unfit}, origin.form.page), changed,
                     dropped, tuple(unfit))
