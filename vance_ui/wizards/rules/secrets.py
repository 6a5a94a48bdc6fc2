"""What of a form's values is secret: password values are found in one place, `has_password` and
`without_secrets` (templates that must not see them, stored drafts). Paths are `format.paths`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vance_ui.wizards.format.schema import FormField, PasswordField, RepeatField


def has_password(fields: Sequence[FormField]) -> bool:
    return any(isinstance(f, PasswordField) or (isinstance(f, RepeatField) and has_password(f.item)) for f in fields)


def without_secrets(fields: Sequence[FormField], values: Mapping[str, Any], mask: str | None = None) -> dict[str, Any]:
    """A copy of `values` (declared keys only) in which every password value, also inside repeat
    items, is `mask` ("" where it was empty), or is left out when `mask` is None (stored drafts)."""
    out: dict[str, Any] = {}
    for field in fields:
        if field.name not in values:
            continue
        value = values[field.name]
        if isinstance(field, PasswordField):
            if mask is not None:
                out[field.name] = mask if value else ""
            continue
        if isinstance(field, RepeatField) and isinstance(value, list):
            value = [without_secrets(field.item, item, mask) for item in value if isinstance(item, Mapping)]
        out[field.name] = value
    return out
