"""Where a value sits in a form (one path shape, a tuple) and what of it is secret.

A path is `("members", 2, "name")` inside the app and `members[2].name` on the wire (errors,
Check hints, the API): validation, visibility, the web form and the CLI use these. Password values
are found in one place too: `has_password`, `without_secrets` (templates that must not see them,
stored drafts).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from vance_ui.wizards.format.schema import FormField, PasswordField, RepeatField

Path = tuple[str | int, ...]

_NAME = r"[A-Za-z][A-Za-z0-9_]*"
_PATH = re.compile(rf"{_NAME}(?:\[[0-9]{{1,6}}\])*(?:\.{_NAME}(?:\[[0-9]{{1,6}}\])*)*")
_TOKEN = re.compile(rf"({_NAME})|\[([0-9]+)\]")


def path_text(path: Path) -> str:
    """`("members", 2, "name")` -> `members[2].name`."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else part
    return text


def parse_path(text: str) -> Path | None:
    """The inverse of `path_text`; None for anything that is not such a path."""
    text = text.strip()
    if not _PATH.fullmatch(text):
        return None
    return tuple(name or int(index) for name, index in _TOKEN.findall(text))


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
