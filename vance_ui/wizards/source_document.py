"""The wizard file as the editor's form view edits it: YAML text in, YAML text out.

ruamel.yaml's round-trip mode keeps an existing file's comments, key order and quoting, so an
edit made in the form view changes only the lines it has to. New keys go where the file format
lists them (title before description before fields ...), after whatever the author put there.
A field is addressed by its path of indices: `(2,)` is the third field, `(2, 0)` the first item
field of that (repeat) field. The document holds no rules of the format: whether it loads is
the loader's call (`WizardAuthoring.problems`).
"""

from __future__ import annotations

import difflib
import io
import re
from collections.abc import Sequence
from typing import Any

import yaml as pyyaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.scalarstring import LiteralScalarString

from vance_ui.wizards.yaml_source import SourceProblem

FieldPath = tuple[int, ...]

#: the order the file format lists keys in; new keys are placed by it
WIZARD_KEYS = ("title", "description", "icon", "category", "availableIn", "fields", "pages",
               "promptTemplate", "validatorPrompt", "suggestedFollowUps")
FIELD_KEYS = ("name", "type", "label", "help", "required", "showIf", "rows", "integerMin", "integerMax",
              "dateMin", "dateMax", "min", "max", "choices", "item", "defaultValue")
PAGE_KEYS = ("title", "description", "fields", "showIf")
FOLLOW_UP_KEYS = ("wizard", "label", "prefill", "condition")
#: the keys only some field types have (the others are common to all)
TYPE_KEYS: dict[str, frozenset[str]] = {
    "string": frozenset({"defaultValue"}),
    "textarea": frozenset({"rows", "defaultValue"}),
    "password": frozenset(),
    "integer": frozenset({"integerMin", "integerMax", "defaultValue"}),
    "boolean": frozenset({"defaultValue"}),
    "date": frozenset({"dateMin", "dateMax", "defaultValue"}),
    "select": frozenset({"choices", "defaultValue"}),
    "multi_select": frozenset({"choices", "defaultValue"}),
    "repeat": frozenset({"min", "max", "item", "defaultValue"}),
}
COMMON_FIELD_KEYS = frozenset({"name", "type", "label", "help", "required", "showIf"})


def _yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096  # never fold a long line the author wrote on one
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def _scalar(value: Any) -> Any:
    """Text with line breaks is written as a `|` block, as authors write templates."""
    if isinstance(value, str) and "\n" in value and not isinstance(value, LiteralScalarString):
        return LiteralScalarString(value if value.endswith("\n") else value + "\n")
    return value


def _put(mapping: CommentedMap, key: str, value: Any, order: Sequence[str]) -> None:
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


def _texts(value: Any) -> CommentedMap:
    return value if isinstance(value, CommentedMap) else CommentedMap()


class SourceDocument:
    """One wizard file's YAML, parsed for round-trip editing."""

    def __init__(self, root: CommentedMap, original: str | None = None) -> None:
        self.root = root
        self.original = original  # the text parsed: its formatting is kept where the data did not change

    @classmethod
    def parse(cls, text: str) -> SourceDocument:
        """Raises `SourceProblem` (with its line) for text that is no YAML mapping."""
        try:
            data = _yaml().load(text)
        except MarkedYAMLError as error:
            mark = error.problem_mark or error.context_mark
            line, column = (mark.line + 1, mark.column + 1) if mark is not None else (None, None)
            raise SourceProblem(str(error.problem or error.context or "not valid YAML"), line, column) from None
        except (YAMLError, ValueError) as error:
            raise SourceProblem(f"not valid YAML: {error}") from None
        if data is None:
            data = CommentedMap()
        if not isinstance(data, CommentedMap):
            raise SourceProblem("a wizard file must be a mapping of keys (title, fields, ...)", 1, 1)
        return cls(data, text)

    @classmethod
    def new(cls, lang: str, title: str) -> SourceDocument:
        """A wizard that loads: a title, a description, one text field and a prompt using it."""
        doc = cls(CommentedMap())
        doc.set_text("title", lang, title)
        doc.set_text("description", lang, title)
        doc.root["fields"] = CommentedSeq()
        doc.add_field((), "string", "topic", lang, "Topic")
        doc.set_value("promptTemplate", "{{ topic }}\n")
        return doc

    def dump(self) -> str:
        out = io.StringIO()
        _yaml().dump(self.root, out)
        return keep_formatting(self.original, out.getvalue()) if self.original else out.getvalue()

    # -- the head ---------------------------------------------------------------------------

    def value(self, key: str) -> Any:
        return self.root.get(key)

    def set_value(self, key: str, value: Any) -> None:
        """A top-level value (icon, category, promptTemplate, ...); None or "" removes the key."""
        if value is None or value == "" or value == []:
            self.root.pop(key, None)
        else:
            _put(self.root, key, _scalar(value), WIZARD_KEYS)

    def text(self, key: str, lang: str) -> str:
        return str(_texts(self.root.get(key)).get(lang) or "")

    def languages(self, key: str) -> list[str]:
        return [str(code) for code in _texts(self.root.get(key))]

    def set_text(self, key: str, lang: str, value: str) -> None:
        """One language of a localized text (title, description); "" removes that language."""
        texts = self.root.get(key)
        if not isinstance(texts, CommentedMap):
            texts = CommentedMap()
            _put(self.root, key, texts, WIZARD_KEYS)
        _set_lang(texts, lang, value)

    def set_available_in(self, projects: Sequence[str]) -> None:
        self.set_value("availableIn", CommentedSeq(projects) if projects else None)

    # -- fields -----------------------------------------------------------------------------

    def fields(self, parent: FieldPath = ()) -> list[CommentedMap]:
        """The field list at `parent` (() = the top level; a repeat field's path = its items)."""
        return [f for f in self._field_list(parent, create=False) if isinstance(f, CommentedMap)]

    def field(self, path: FieldPath) -> CommentedMap:
        found = self._field_list(path[:-1], create=False)[path[-1]]
        if not isinstance(found, CommentedMap):
            raise IndexError(f"no field at {path}")
        return found

    def _field_list(self, parent: FieldPath, create: bool) -> CommentedSeq:
        holder, key = self.root, "fields"
        for depth, index in enumerate(parent):
            holder, key = self._field_list(parent[:depth], create)[index], "item"
        current = holder.get(key)
        if not isinstance(current, CommentedSeq):
            current = CommentedSeq()
            if create:
                _put(holder, key, current, WIZARD_KEYS if holder is self.root else FIELD_KEYS)
        return current

    def add_field(self, parent: FieldPath, type_: str, name: str, lang: str, label: str) -> FieldPath:
        """Appends a field of `type_` with what that type needs to load (choices, an item)."""
        field = CommentedMap()
        field["name"] = name
        field["type"] = type_
        field["label"] = CommentedMap({lang: label})
        siblings = self._field_list(parent, create=True)
        siblings.append(field)
        path = (*parent, len(siblings) - 1)
        self._complete(path, type_, lang)
        if not parent:
            self._page_gets(name)
        return path

    def _complete(self, path: FieldPath, type_: str, lang: str) -> None:
        field = self.field(path)
        if type_ in ("select", "multi_select") and not field.get("choices"):
            self.add_choice(path, "a", lang, "A")
        if type_ == "repeat" and not field.get("item"):
            self.add_field(path, "string", "text", lang, "Text")

    def remove_field(self, path: FieldPath) -> None:
        name = self.field(path).get("name")
        del self._field_list(path[:-1], create=False)[path[-1]]
        if len(path) == 1 and isinstance(name, str):
            self._page_loses(name)

    def move_field(self, path: FieldPath, delta: int) -> FieldPath:
        """Up (-1) or down (+1) among its siblings; returns its new path."""
        siblings = self._field_list(path[:-1], create=False)
        target = path[-1] + delta
        if not 0 <= target < len(siblings):
            return path
        siblings.insert(target, siblings.pop(path[-1]))
        return (*path[:-1], target)

    def set_field(self, path: FieldPath, key: str, value: Any) -> None:
        """One setting of a field (required, rows, integerMin, showIf, ...); None or "" removes it.
        Renaming a top-level field renames it in the pages too."""
        field = self.field(path)
        if key == "name" and len(path) == 1 and isinstance(value, str):
            old = field.get("name")
            for page in self.pages():
                names = page.get("fields")
                if isinstance(names, CommentedSeq):
                    for index, listed in enumerate(names):
                        if listed == old:
                            names[index] = value
        if key != "name" and (value is None or value == ""):
            field.pop(key, None)
        else:  # a name being retyped may be empty for a moment: it stays in its place
            _put(field, key, _scalar(value), FIELD_KEYS)

    def set_type(self, path: FieldPath, type_: str, lang: str) -> None:
        """Change a field's type: settings the new type does not have go, what it needs comes."""
        field = self.field(path)
        keep = COMMON_FIELD_KEYS | TYPE_KEYS.get(type_, frozenset())
        for key in [k for k in field if k not in keep]:
            del field[key]
        field.pop("defaultValue", None)  # a default of the old type rarely fits the new one
        _put(field, "type", type_, FIELD_KEYS)
        self._complete(path, type_, lang)

    def set_field_text(self, path: FieldPath, key: str, lang: str, value: str) -> None:
        """A localized text of a field (label, help); an empty help goes away entirely."""
        field = self.field(path)
        texts = field.get(key)
        if not isinstance(texts, CommentedMap):
            if not value:
                return
            texts = CommentedMap()
            _put(field, key, texts, FIELD_KEYS)
        _set_lang(texts, lang, value)
        if not texts and key != "label":
            del field[key]

    # -- choices ----------------------------------------------------------------------------

    def choices(self, path: FieldPath) -> list[CommentedMap]:
        found = self.field(path).get("choices")
        return [c for c in found if isinstance(c, CommentedMap)] if isinstance(found, CommentedSeq) else []

    def add_choice(self, path: FieldPath, value: str, lang: str, label: str) -> None:
        field = self.field(path)
        if not isinstance(field.get("choices"), CommentedSeq):
            _put(field, "choices", CommentedSeq(), FIELD_KEYS)
        field["choices"].append(CommentedMap({"value": value, "label": CommentedMap({lang: label})}))

    def set_choice(self, path: FieldPath, index: int, lang: str, value: str | None = None,
                   label: str | None = None) -> None:
        choice = self.choices(path)[index]
        if value is not None:
            choice["value"] = value
        if label is not None:
            texts = choice.get("label")
            if not isinstance(texts, CommentedMap):
                texts = choice["label"] = CommentedMap()
            _set_lang(texts, lang, label)

    def remove_choice(self, path: FieldPath, index: int) -> None:
        del self.field(path)["choices"][index]

    # -- pages ------------------------------------------------------------------------------

    def pages(self) -> list[CommentedMap]:
        found = self.root.get("pages")
        return [p for p in found if isinstance(p, CommentedMap)] if isinstance(found, CommentedSeq) else []

    def add_page(self, lang: str, title: str, fields: Sequence[str] = ()) -> int:
        """A new last page. The first page made takes every top-level field (each field must be on
        exactly one page); later ones take the fields named, moved from the page they were on."""
        if not isinstance(self.root.get("pages"), CommentedSeq):
            _put(self.root, "pages", CommentedSeq(), WIZARD_KEYS)
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
            _put(page, key, _scalar(value), PAGE_KEYS)

    def set_page_text(self, index: int, key: str, lang: str, value: str) -> None:
        page = self.pages()[index]
        texts = page.get(key)
        if not isinstance(texts, CommentedMap):
            if not value:
                return
            texts = CommentedMap()
            _put(page, key, texts, PAGE_KEYS)
        _set_lang(texts, lang, value)
        if not texts and key != "title":
            del page[key]

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
            _put(self.root, "suggestedFollowUps", CommentedSeq(), WIZARD_KEYS)
        self.root["suggestedFollowUps"].append(
            CommentedMap({"wizard": wizard, "label": CommentedMap({lang: label})}))

    def set_follow_up(self, index: int, key: str, value: Any, lang: str | None = None) -> None:
        """`wizard` or `condition`; with `lang`, the label in that language."""
        follow_up = self.follow_ups()[index]
        if lang is not None:
            texts = follow_up.get(key)
            if not isinstance(texts, CommentedMap):
                texts = CommentedMap()
                _put(follow_up, key, texts, FOLLOW_UP_KEYS)
            _set_lang(texts, lang, str(value or ""))
        elif value is None or value == "":
            follow_up.pop(key, None)
        else:
            _put(follow_up, key, value, FOLLOW_UP_KEYS)

    def remove_follow_up(self, index: int) -> None:
        del self.root["suggestedFollowUps"][index]
        if not self.root["suggestedFollowUps"]:
            del self.root["suggestedFollowUps"]


def _set_lang(texts: CommentedMap, lang: str, value: str) -> None:
    if value:
        texts[lang] = value
    else:
        texts.pop(lang, None)
