"""Where a wizard file reads a top-level field's name, and renaming it there: the prompt and
validator templates, every showIf (a repeat item's too, unless the item has a field of that name,
which its own showIfs then read), each rule's condition, and each follow-up's label, prefill values
and condition. The page lists and the rules' `field` name fields too; `SourceDocument` renames
those with the field itself."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.scalarstring import FoldedScalarString, LiteralScalarString

from vance_ui.wizards.format.paths import Path
from vance_ui.wizards.source.rename import reads_name, rename_in_expression, rename_in_template
from vance_ui.wizards.source.roundtrip import mappings_under

#: (the mapping that holds the text, its key, whether it is one expression, where it is in the file)
Place = tuple[CommentedMap, str, bool, Path]


def _places(root: CommentedMap, name: str) -> Iterator[Place]:
    for key in ("promptTemplate", "validatorPrompt"):
        yield root, key, False, (key,)
    for index, page in enumerate(mappings_under(root, "pages")):
        yield page, "showIf", True, ("pages", index, "showIf")
    yield from _field_places(root, ("fields",), name)
    for index, rule in enumerate(mappings_under(root, "rules")):
        yield rule, "if", True, ("rules", index, "if")
    for index, follow_up in enumerate(mappings_under(root, "suggestedFollowUps")):
        base: Path = ("suggestedFollowUps", index)
        for group in ("label", "prefill"):
            texts = follow_up.get(group)
            if isinstance(texts, CommentedMap):
                for key in texts:
                    yield texts, str(key), False, (*base, group, str(key))
        yield follow_up, "condition", True, (*base, "condition")


def _field_places(holder: CommentedMap, loc: Path, name: str) -> Iterator[Place]:
    fields = mappings_under(holder, str(loc[-1]))
    if len(loc) > 1 and any(f.get("name") == name for f in fields):
        return  # an item's own field of that name: its showIfs read that one
    for index, field in enumerate(fields):
        yield field, "showIf", True, (*loc, index, "showIf")
        if field.get("type") == "repeat":
            yield from _field_places(field, (*loc, index, "item"), name)


def uses_of(root: CommentedMap, name: str) -> list[Path]:
    """Every place that reads the top-level field `name`."""
    return [path for holder, key, expression, path in _places(root, name)
            if isinstance(holder.get(key), str) and reads_name(holder[key], name, expression)]


def rename_uses(root: CommentedMap, old: str, new: str) -> int:
    """Rename what reads `old` to read `new`; returns how many places changed."""
    changed = 0
    for holder, key, expression, _ in list(_places(root, old)):
        text = holder.get(key)
        if not isinstance(text, str):
            continue
        renamed = rename_in_expression(text, old, new) if expression else rename_in_template(text, old, new)
        if renamed != text:
            holder[key] = _same_style(text, renamed)
            changed += 1
    return changed


def _same_style(original: Any, text: str) -> Any:
    """The new text written as the old one was (a `|` block stays a block)."""
    if isinstance(original, LiteralScalarString):
        return LiteralScalarString(text)
    if isinstance(original, FoldedScalarString):
        return FoldedScalarString(text)
    return text
