"""The `suggestedFollowUps` of a wizard file being edited: the wizards offered after its prompt."""

from __future__ import annotations

from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from vance_ui.wizards.source.keys import FOLLOW_UP_KEYS, WIZARD_KEYS
from vance_ui.wizards.source.roundtrip import mappings_under, put_key, set_lang


class SourceFollowUps:
    """The `suggestedFollowUps` list in a wizard file's root map (the `SourceDocument`'s), edited in place."""

    def __init__(self, root: CommentedMap) -> None:
        self.root = root

    def all(self) -> list[CommentedMap]:
        return mappings_under(self.root, "suggestedFollowUps")

    def add(self, wizard: str, lang: str, label: str) -> None:
        if not isinstance(self.root.get("suggestedFollowUps"), CommentedSeq):
            put_key(self.root, "suggestedFollowUps", CommentedSeq(), WIZARD_KEYS)
        self.root["suggestedFollowUps"].append(
            CommentedMap({"wizard": wizard, "label": CommentedMap({lang: label})}))

    def set(self, index: int, key: str, value: Any, lang: str | None = None) -> None:
        """`wizard` or `condition`; with `lang`, the label in that language."""
        follow_up = self.all()[index]
        if lang is not None:
            texts = follow_up.get(key)
            if not isinstance(texts, CommentedMap):
                texts = CommentedMap()
                put_key(follow_up, key, texts, FOLLOW_UP_KEYS)
            set_lang(texts, lang, str(value or ""))
        elif value is None or value == "":
            follow_up.pop(key, None)
        else:
            put_key(follow_up, key, value, FOLLOW_UP_KEYS)

    def remove(self, index: int) -> None:
        del self.root["suggestedFollowUps"][index]
        if not self.root["suggestedFollowUps"]:
            del self.root["suggestedFollowUps"]
