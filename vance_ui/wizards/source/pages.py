"""The `pages` of a wizard file being edited. A page lists its top-level fields by name, and each
top-level field is on exactly one page once there are pages at all."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from vance_ui.wizards.source.keys import PAGE_KEYS, WIZARD_KEYS
from vance_ui.wizards.source.roundtrip import block_scalar, mappings_under, put_key, set_localized


class SourcePages:
    """The `pages` list in a wizard file's root map (the `SourceDocument`'s), edited in place."""

    def __init__(self, root: CommentedMap) -> None:
        self.root = root

    def all(self) -> list[CommentedMap]:
        return mappings_under(self.root, "pages")

    def add(self, lang: str, title: str, fields: Sequence[str], top_level: Sequence[str]) -> int:
        """A new last page. The first page made takes every top-level field (`top_level`, each field
        must be on exactly one page); later ones take the `fields` named, moved from the page they
        were on."""
        if not isinstance(self.root.get("pages"), CommentedSeq):
            put_key(self.root, "pages", CommentedSeq(), WIZARD_KEYS)
            fields = top_level
        page = CommentedMap({"title": CommentedMap({lang: title}), "fields": CommentedSeq()})
        self.root["pages"].append(page)
        for name in fields:
            self.move_to(name, len(self.root["pages"]) - 1)
        return len(self.root["pages"]) - 1

    def remove(self, index: int) -> None:
        """Its fields go to the page before (or after); the last page removed removes `pages`."""
        pages = self.root["pages"]
        orphans = list(pages[index].get("fields") or [])
        del pages[index]
        if not pages:
            del self.root["pages"]
            return
        home = pages[max(0, index - 1)]
        home.setdefault("fields", CommentedSeq()).extend(orphans)

    def set(self, index: int, key: str, value: Any) -> None:
        """One setting of a page (showIf, ...); None or "" removes it."""
        page = self.all()[index]
        if value is None or value == "":
            page.pop(key, None)
        else:
            put_key(page, key, block_scalar(value), PAGE_KEYS)

    def set_text(self, index: int, key: str, lang: str, value: str) -> None:
        """One language of a page's title or description; an empty description goes away entirely."""
        set_localized(self.all()[index], key, lang, value, PAGE_KEYS, optional=key != "title")

    def page_of(self, name: str) -> int | None:
        for index, page in enumerate(self.all()):
            if name in (page.get("fields") or []):
                return index
        return None

    def move_to(self, name: str, index: int) -> None:
        self.field_removed(name)
        self.all()[index].setdefault("fields", CommentedSeq()).append(name)

    def field_added(self, name: str) -> None:
        """A new top-level field goes on the last page (if there are pages)."""
        pages = self.all()
        if pages:
            pages[-1].setdefault("fields", CommentedSeq()).append(name)

    def field_removed(self, name: str) -> None:
        for page in self.all():
            names = page.get("fields")
            if isinstance(names, CommentedSeq) and name in names:
                names.remove(name)

    def field_renamed(self, old: object, new: str) -> None:
        for page in self.all():
            names = page.get("fields")
            if isinstance(names, CommentedSeq):
                for index, listed in enumerate(names):
                    if listed == old:
                        names[index] = new
