"""ruamel.yaml round-trip helpers for the editor's `SourceDocument`: one configured YAML, key
placement by the file format's order, block scalars for templates, and keeping the formatting of
lines whose data did not change."""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from typing import Any

import yaml as pyyaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import LiteralScalarString


def mappings_under(parent: CommentedMap, key: str) -> list[CommentedMap]:
    """The mappings in the list `parent[key]` (none when there is no such list)."""
    found = parent.get(key)
    return [item for item in found if isinstance(item, CommentedMap)] if isinstance(found, CommentedSeq) else []


def round_trip_yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096  # never fold a long line the author wrote on one
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def block_scalar(value: Any) -> Any:
    """Text with line breaks is written as a `|` block, as authors write templates."""
    if isinstance(value, str) and "\n" in value and not isinstance(value, LiteralScalarString):
        return LiteralScalarString(value if value.endswith("\n") else value + "\n")
    return value


def put_key(mapping: CommentedMap, key: str, value: Any, order: Sequence[str]) -> None:
    """Set `key`; a new key goes after the last present key that precedes it in `order`."""
    if key in mapping:
        mapping[key] = value
        return
    rank = order.index(key) if key in order else len(order)
    position = 0
    for index, existing in enumerate(mapping):
        if existing in order and order.index(existing) < rank:
            position = index + 1
    mapping.insert(position, key, value)


_FLOW_BLANKS = re.compile(r"\s*([{}\[\],])\s*")
_QUOTED = re.compile(r"(\"(?:[^\"\\]|\\.)*\"|'(?:[^']|'')*')")


def _normal(line: str) -> str:
    """A line without the blanks YAML does not care about around flow punctuation (`{ en: x }`);
    quoted text is data and stays as it is."""
    parts = _QUOTED.split(line.rstrip())
    return "".join(part if index % 2 else _FLOW_BLANKS.sub(r"\1", part) for index, part in enumerate(parts))


def _restore(old: list[str], new: list[str]) -> list[str]:
    """Each new line that matches an old one but for such blanks becomes the old one (in order)."""
    kept, start = [], 0
    for line in new:
        match = next((i for i in range(start, len(old)) if _normal(old[i]) == _normal(line)), None)
        if match is None:
            kept.append(line)
        else:
            kept.append(old[match])
            start = match + 1
    return kept


def _same_data(left: str, right: str) -> bool:
    try:
        return bool(pyyaml.load(left, Loader=pyyaml.CSafeLoader) == pyyaml.load(right, Loader=pyyaml.CSafeLoader))
    except pyyaml.YAMLError:
        return False


def keep_formatting(original: str, dumped: str) -> str:
    """ruamel.yaml writes a flow map `{ en: x }` back as `{en: x}`: every dumped line that differs
    from its original line only so gets the original back, if the data stays the same."""
    old, new = original.splitlines(keepends=True), dumped.splitlines(keepends=True)
    kept: list[str] = []
    for op, a0, a1, b0, b1 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if op == "replace":
            kept += _restore(old[a0:a1], new[b0:b1])
        else:
            kept += new[b0:b1]
    text = "".join(kept)
    return text if text != dumped and _same_data(text, dumped) else dumped


def texts_of(value: Any) -> CommentedMap:
    return value if isinstance(value, CommentedMap) else CommentedMap()


def set_lang(texts: CommentedMap, lang: str, value: str) -> None:
    if value:
        texts[lang] = value
    else:
        texts.pop(lang, None)


def set_localized(owner: CommentedMap, key: str, lang: str, value: str, order: Sequence[str], *,
                  optional: bool) -> None:
    """One language of the localized text `owner[key]`; "" removes that language, and an `optional`
    text (a help, a page description) left without languages goes away entirely."""
    texts = owner.get(key)
    if not isinstance(texts, CommentedMap):
        if not value and optional:
            return
        texts = CommentedMap()
        put_key(owner, key, texts, order)
    set_lang(texts, lang, value)
    if not texts and optional:
        del owner[key]
