"""Where a value sits in a form: one path shape (a tuple) and one walk over fields and values.

A path is `("members", 2, "name")` inside the app and `members[2].name` on the wire (errors,
Check hints, the API). Validation, visibility, masking, drafts and the web form all use these.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from vance_ui.wizards.schema import FormField, PasswordField, RepeatField

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


def walk(fields: Sequence[FormField], values: Mapping[str, Any], prefix: Path = ()) -> Iterator[
        tuple[Path, FormField, Any]]:
    """Every field with its value, repeat items included (`(members, 2, name)`), parents first."""
    for field in fields:
        path = (*prefix, field.name)
        value = values.get(field.name)
        yield path, field, value
        if isinstance(field, RepeatField) and isinstance(value, list):
            for index, item in enumerate(value):
                if isinstance(item, Mapping):
                    yield from walk(field.item, item, (*path, index))


def has_password(fields: Sequence[FormField]) -> bool:
    return any(isinstance(f, PasswordField) or (isinstance(f, RepeatField) and has_password(f.item)) for f in fields)


def secret_values(fields: Sequence[FormField], values: Mapping[str, Any]) -> list[str]:
    """The non-empty password values in `values`, wherever they sit."""
    return [value for _, field, value in walk(fields, values)
            if isinstance(field, PasswordField) and isinstance(value, str) and value]


def mask_secrets(fields: Sequence[FormField], values: Mapping[str, Any], mask: str) -> dict[str, Any]:
    """A copy of `values` with every password value (also inside repeat items) replaced by `mask`
    (or "" where it was empty)."""
    masked = dict(values)
    for field in fields:
        value = masked.get(field.name)
        if isinstance(field, PasswordField):
            masked[field.name] = mask if value else ""
        elif isinstance(field, RepeatField) and isinstance(value, list):
            masked[field.name] = [mask_secrets(field.item, item, mask) if isinstance(item, Mapping) else item
                                  for item in value]
    return masked
