"""Which keys may be written at a place in a wizard file, from its JSON Schema (the editor's
completion). The place is found from the lines above it, by indentation, so it works on text that
does not parse yet (the usual state while typing)."""

from __future__ import annotations

import functools
import re
from typing import Any

from vance_ui.wizards.format.schema import FIELD_TYPES, wizard_json_schema

_KEY_LINE = re.compile(r"^(\s*)(- )?([A-Za-z_][A-Za-z0-9_]*)\s*:")
_ITEM_LINE = re.compile(r"^(\s*)- ")
#: list keys whose items are mappings of a kind of their own
_LIST_ITEMS = {"fields": "field", "item": "field", "pages": "Page", "suggestedFollowUps": "FollowUp",
               "choices": "FormChoice"}


@functools.cache
def _schema() -> dict[str, Any]:
    return wizard_json_schema()


def _properties(kind: str, field_type: str | None) -> list[str]:
    defs = _schema()["$defs"]
    if kind == "wizard":
        return list(_schema()["properties"])
    if kind == "field":
        names = [f"{t.title().replace('_', '')}Field" for t in ([field_type] if field_type in FIELD_TYPES
                                                               else FIELD_TYPES)]
        keys: dict[str, None] = {}
        for name in names:
            keys.update(dict.fromkeys(defs.get(name, {}).get("properties", {})))
        return list(keys)
    return list(defs.get(kind, {}).get("properties", {}))


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def keys_at(text: str, offset: int) -> list[str]:
    """The keys the mapping at `offset` may still take (those it has are left out); for the value
    of a field's `type`, the field types."""
    before = text[:offset]
    lines = before.split("\n")
    current = lines[-1]
    if re.match(r"^\s*(- )?type:\s*\w*$", current):
        return list(FIELD_TYPES)
    column = _indent(current) + (2 if current.lstrip().startswith("- ") else 0)
    kind, owner_line = "wizard", -1
    # the mapping the cursor is in: walk up to the list key that holds it (or the top level)
    for number in range(len(lines) - 2, -1, -1):
        line = lines[number]
        match = _KEY_LINE.match(line)
        if not line.strip() or line.lstrip().startswith("#") or match is None:
            continue
        depth = _indent(line)
        if depth < column and not match.group(2):
            kind = _LIST_ITEMS.get(match.group(3), "none")
            owner_line = number
            break
    if kind == "none":
        return []
    siblings = _siblings(text.split("\n"), owner_line, column, len(lines) - 1)
    field_type = siblings.get("type")
    present = set(siblings)
    return [key for key in _properties(kind, field_type) if key not in present]


def _siblings(lines: list[str], owner: int, column: int, cursor: int) -> dict[str, str]:
    """The keys (with their inline values) of the mapping at `column` around the cursor's line."""
    found: dict[str, str] = {}
    start = cursor
    while start > owner + 1 and not (_ITEM_LINE.match(lines[start]) and _indent(lines[start]) + 2 == column):
        start -= 1
    for number in range(max(start, owner + 1), len(lines)):
        line = lines[number]
        if number > cursor and line.strip() and _indent(line) + (2 if line.lstrip().startswith("- ") else 0) < column:
            break
        if number > start and _ITEM_LINE.match(line) and _indent(line) + 2 == column:
            break
        match = _KEY_LINE.match(line)
        if match and _indent(line) + (2 if match.group(2) else 0) == column:
            found[match.group(3)] = line.split(":", 1)[1].strip()
    return found
