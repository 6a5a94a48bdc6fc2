"""The pages and follow-ups of a `SourceDocument` (a mixin: the document is one object)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from vance_ui.wizards.source.roundtrip import block_scalar, put_key, set_lang, set_localized

FieldPath = tuple[int, ...]
#: the order the file format lists keys in; new keys are placed by it
WIZARD_KEYS = ("title", "description", "icon", "category", "availableIn", "fields", "pages",
               "promptTemplate", "validatorPrompt", "suggestedFollowUps")
PAGE_KEYS = ("title", "description", "fields", "showIf")
FOLLOW_UP_KEYS = ("wizard", "label", "prefill", "condition")


class PagesAndFollowUps:
    root: CommentedMap

    def fields(self, parent: FieldPath = ()) -> list[CommentedMap]:
        raise NotImplementedError

    # -- pages ------------------------------------------------------------------------------

    def pages(self) -> list[CommentedMap]:
        found = self.root.get("pages")
        return [p for p in found if isinstance(p, CommentedMap)] if isinstance(found, CommentedSeq) else []

    def add_page(self, lang: str, title: str, fields: Sequence[str] = ()) -> int:
        """A new last page. The first page made takes every top-level field (each field must be on
        exactly one page); later ones take the fields named, moved from the page they were on."""
        if not isinstance(self.root.get("pages"), CommentedSeq):
            put_key(self.root, "pages", CommentedSeq(), WIZARD_KEYS)
            fields = [str(f.get("name")) for f in self.fields()]
        page = CommentedMap({"title": CommentedMap({lang: title}), "fields": CommentedSeq()})
        self.root["pages"].append(page)
        for name in fields:
            self.move_to_page(name, len(self.root["pages"]) - 1)
        return len(self.root["pages"]) - 1

    def remove_page(self, index: int) -> None:
        """Its fields go to the page before (or after); the last page removed removes `pages`."""
        pages = self.root["pages"]
        orphans = list(pages[index].get("fields") or [])
        del pages[index]
        if not pages:
            del self.root["pages"]
            return
        home = pages[max(0, index - 1)]
        home.setdefault("fields", CommentedSeq()).extend(orphans)

    def set_page(self, index: int, key: str, value: Any) -> None:
        page = self.pages()[index]
        if value is None or value == "":
            page.pop(key, None)
        else:
            put_key(page, key, block_scalar(value), PAGE_KEYS)

    def set_page_text(self, index: int, key: str, lang: str, value: str) -> None:
        set_localized(self.pages()[index], key, lang, value, PAGE_KEYS, optional=key != "title")

    def page_of(self, name: str) -> int | None:
        for index, page in enumerate(self.pages()):
            if name in (page.get("fields") or []):
                return index
        return None

    def move_to_page(self, name: str, index: int) -> None:
        self._page_loses(name)
        self.pages()[index].setdefault("fields", CommentedSeq()).append(name)

    def _page_gets(self, name: str) -> None:
        pages = self.pages()
        if pages:
            pages[-1].setdefault("fields", CommentedSeq()).append(name)

    def _page_loses(self, name: str) -> None:
        for page in self.pages():
            names = page.get("fields")
            if isinstance(names, CommentedSeq) and name in names:
                names.remove(name)

    # -- follow-ups -------------------------------------------------------------------------

    def follow_ups(self) -> list[CommentedMap]:
        found = self.root.get("suggestedFollowUps")
        return [f for f in found if isinstance(f, CommentedMap)] if isinstance(found, CommentedSeq) else []

    def add_follow_up(self, wizard: str, lang: str, label: str) -> None:
        if not isinstance(self.root.get("suggestedFollowUps"), CommentedSeq):
            put_key(self.root, "suggestedFollowUps", CommentedSeq(), WIZARD_KEYS)
        self.root["suggestedFollowUps"].append(
            CommentedMap({"wizard": wizard, "label": CommentedMap({lang: label})}))

    def set_follow_up(self, index: int, key: str, value: Any, lang: str | None = None) -> None:
        """`wizard` or `condition`; with `lang`, the label in that language."""
        follow_up = self.follow_ups()[index]
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

    def remove_follow_up(self, index: int) -> None:
        del self.root["suggestedFollowUps"][index]
        if not self.root["suggestedFollowUps"]:
            del self.root["suggestedFollowUps"]
