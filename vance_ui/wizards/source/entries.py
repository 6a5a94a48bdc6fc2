"""A list of mappings under one key of a wizard file's root map, edited in place: the
`suggestedFollowUps` (the wizards offered after its prompt) and the `rules` (checks across fields)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from vance_ui.wizards.source.keys import WIZARD_KEYS
from vance_ui.wizards.source.roundtrip import mappings_under, put_key, set_lang


class SourceEntries:
    """The list under `key` in `root` (the `SourceDocument`'s), its entries' keys in `order`."""

    def __init__(self, root: CommentedMap, key: str, order: tuple[str, ...]) -> None:
        self.root, self.key, self.order = root, key, order

    def all(self) -> list[CommentedMap]:
        return mappings_under(self.root, self.key)

    def add(self, values: Mapping[str, Any], lang: str, texts: Mapping[str, str]) -> None:
        """A new entry: `values` as they are, each of `texts` in `lang`."""
        if not isinstance(self.root.get(self.key), CommentedSeq):
            put_key(self.root, self.key, CommentedSeq(), WIZARD_KEYS)
        entry = CommentedMap()
        for name in self.order:
            if name in values:
                entry[name] = values[name]
            elif name in texts:
                entry[name] = CommentedMap({lang: texts[name]})
        self.root[self.key].append(entry)

    def set(self, index: int, key: str, value: Any, lang: str | None = None) -> None:
        """One value of an entry ("" or None removes it); with `lang`, its text in that language."""
        entry = self.all()[index]
        if lang is not None:
            texts = entry.get(key)
            if not isinstance(texts, CommentedMap):
                texts = CommentedMap()
                put_key(entry, key, texts, self.order)
            set_lang(texts, lang, str(value or ""))
        elif value is None or value == "":
            entry.pop(key, None)
        else:
            put_key(entry, key, value, self.order)

    def remove(self, index: int) -> None:
        del self.root[self.key][index]
        if not self.root[self.key]:
            del self.root[self.key]
