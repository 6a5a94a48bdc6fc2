"""The wizard file as the editor's form view edits it: YAML text in, YAML text out.

ruamel.yaml's round-trip mode keeps an existing file's comments, key order and quoting, so an
edit made in the form view changes only the lines it has to. New keys go where the file format
lists them (title before description before fields ...), after whatever the author put there.
A field is addressed by its path of indices: `(2,)` is the third field, `(2, 0)` the first item
field of that (repeat) field. The document holds no rules of the format: whether it loads is
the loader's call (`WizardAuthoring.problems`).
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from vance_ui.wizards.format.paths import Path
from vance_ui.wizards.format.yaml_source import SourceProblem
from vance_ui.wizards.source.entries import SourceEntries
from vance_ui.wizards.source.keys import (
    COMMON_FIELD_KEYS,
    FIELD_KEYS,
    FOLLOW_UP_KEYS,
    RULE_KEYS,
    TYPE_KEYS,
    WIZARD_KEYS,
)
from vance_ui.wizards.source.pages import SourcePages
from vance_ui.wizards.source.roundtrip import (
    block_scalar,
    keep_formatting,
    mappings_under,
    put_key,
    round_trip_yaml,
    set_lang,
    set_localized,
    texts_of,
)
from vance_ui.wizards.source.uses import rename_uses, uses_of

__all__ = ["FieldPath", "SourceDocument", "keep_formatting"]

#: a field by its indices (see above)
FieldPath = tuple[int, ...]


class SourceDocument:
    """One wizard file's YAML, parsed for round-trip editing. Its pages, follow-ups and rules are kept
    by `SourcePages` and `SourceEntries` over the same root map."""

    def __init__(self, root: CommentedMap, original: str | None = None) -> None:
        self.root = root
        self.original = original  # the text parsed: its formatting is kept where the data did not change
        self._pages = SourcePages(root)
        self._follow_ups = SourceEntries(root, "suggestedFollowUps", FOLLOW_UP_KEYS)
        self._rules = SourceEntries(root, "rules", RULE_KEYS)

    @classmethod
    def parse(cls, text: str) -> SourceDocument:
        """Raises `SourceProblem` (with its line) for text that is no YAML mapping."""
        try:
            data = round_trip_yaml().load(text)
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
        round_trip_yaml().dump(self.root, out)
        return keep_formatting(self.original, out.getvalue()) if self.original else out.getvalue()

    # -- the head ---------------------------------------------------------------------------

    def value(self, key: str) -> Any:
        return self.root.get(key)

    def set_value(self, key: str, value: Any) -> None:
        """A top-level value (icon, category, promptTemplate, ...); None or "" removes the key."""
        if value is None or value == "" or value == []:
            self.root.pop(key, None)
        else:
            put_key(self.root, key, block_scalar(value), WIZARD_KEYS)

    def text(self, key: str, lang: str) -> str:
        return str(texts_of(self.root.get(key)).get(lang) or "")

    def languages(self, key: str) -> list[str]:
        return [str(code) for code in texts_of(self.root.get(key))]

    def set_text(self, key: str, lang: str, value: str) -> None:
        """One language of a localized text (title, description); "" removes that language."""
        set_localized(self.root, key, lang, value, WIZARD_KEYS, optional=False)

    def set_available_in(self, projects: Sequence[str]) -> None:
        self.set_value("availableIn", CommentedSeq(projects) if projects else None)

    def keywords(self, lang: str) -> list[str]:
        words = texts_of(self.root.get("keywords")).get(lang)
        return [str(word) for word in words] if isinstance(words, list) else []

    def set_keywords(self, lang: str, words: Sequence[str]) -> None:
        """One language's `keywords` (a flow list); none removes that language, and the key when it is the last."""
        keywords = self.root.get("keywords")
        if not isinstance(keywords, CommentedMap):
            if not words:
                return
            keywords = CommentedMap()
            put_key(self.root, "keywords", keywords, WIZARD_KEYS)
        if words:
            listed = CommentedSeq(words)
            listed.fa.set_flow_style()
            keywords[lang] = listed
        else:
            keywords.pop(lang, None)
        if not keywords:
            del self.root["keywords"]

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
                put_key(holder, key, current, WIZARD_KEYS if holder is self.root else FIELD_KEYS)
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
            self._pages.field_added(name)
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
            self._pages.field_removed(name)

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
        Renaming a top-level field renames it in the pages and as the field of a rule too."""
        field = self.field(path)
        if key == "name" and len(path) == 1 and isinstance(value, str):
            self._pages.field_renamed(field.get("name"), value)
            for rule in self._rules.all():
                if rule.get("field") == field.get("name"):
                    rule["field"] = value
        if key != "name" and (value is None or value == ""):
            field.pop(key, None)
        else:  # a name being retyped may be empty for a moment: it stays in its place
            put_key(field, key, block_scalar(value), FIELD_KEYS)

    def uses_of(self, name: str) -> list[Path]:
        """Where the templates, showIfs and follow-ups read the top-level field `name`."""
        return uses_of(self.root, name)

    def rename_uses(self, old: str, new: str) -> int:
        """What reads `old` reads `new` (after a rename of the field); how many places changed."""
        return rename_uses(self.root, old, new)

    def set_type(self, path: FieldPath, type_: str, lang: str) -> None:
        """Change a field's type: settings the new type does not have go, what it needs comes."""
        field = self.field(path)
        keep = COMMON_FIELD_KEYS | TYPE_KEYS.get(type_, frozenset())
        for key in [k for k in field if k not in keep]:
            del field[key]
        field.pop("defaultValue", None)  # a default of the old type rarely fits the new one
        put_key(field, "type", type_, FIELD_KEYS)
        self._complete(path, type_, lang)

    def set_field_text(self, path: FieldPath, key: str, lang: str, value: str) -> None:
        """A localized text of a field (label, help, patternMessage); an empty help or message goes away
        entirely."""
        set_localized(self.field(path), key, lang, value, FIELD_KEYS, optional=key != "label")

    # -- choices ----------------------------------------------------------------------------

    def choices(self, path: FieldPath) -> list[CommentedMap]:
        return mappings_under(self.field(path), "choices")

    def add_choice(self, path: FieldPath, value: str, lang: str, label: str) -> None:
        field = self.field(path)
        if not isinstance(field.get("choices"), CommentedSeq):
            put_key(field, "choices", CommentedSeq(), FIELD_KEYS)
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
            set_lang(texts, lang, label)

    def remove_choice(self, path: FieldPath, index: int) -> None:
        del self.field(path)["choices"][index]

    # -- pages ------------------------------------------------------------------------------

    def pages(self) -> list[CommentedMap]:
        return self._pages.all()

    def add_page(self, lang: str, title: str, fields: Sequence[str] = ()) -> int:
        """A new last page. The first page made takes every top-level field (each field must be on
        exactly one page); later ones take the fields named, moved from the page they were on."""
        return self._pages.add(lang, title, fields, [str(f.get("name")) for f in self.fields()])

    def remove_page(self, index: int) -> None:
        """Its fields go to the page before (or after); the last page removed removes `pages`."""
        self._pages.remove(index)

    def set_page(self, index: int, key: str, value: Any) -> None:
        self._pages.set(index, key, value)

    def set_page_text(self, index: int, key: str, lang: str, value: str) -> None:
        self._pages.set_text(index, key, lang, value)

    def page_of(self, name: str) -> int | None:
        return self._pages.page_of(name)

    def move_to_page(self, name: str, index: int) -> None:
        self._pages.move_to(name, index)

    # -- follow-ups -------------------------------------------------------------------------

    def follow_ups(self) -> list[CommentedMap]:
        return self._follow_ups.all()

    def add_follow_up(self, wizard: str, lang: str, label: str) -> None:
        self._follow_ups.add({"wizard": wizard}, lang, {"label": label})

    def set_follow_up(self, index: int, key: str, value: Any, lang: str | None = None) -> None:
        """`wizard` or `condition`; with `lang`, the label in that language."""
        self._follow_ups.set(index, key, value, lang)

    def remove_follow_up(self, index: int) -> None:
        self._follow_ups.remove(index)

    # -- rules ------------------------------------------------------------------------------

    def rules(self) -> list[CommentedMap]:
        return self._rules.all()

    def add_rule(self, field: str, lang: str, message: str) -> None:
        """A check across fields with its condition still to write."""
        self._rules.add({"if": "", "field": field}, lang, {"message": message})

    def set_rule(self, index: int, key: str, value: Any, lang: str | None = None) -> None:
        """`if` or `field`; with `lang`, the message in that language."""
        self._rules.set(index, key, value, lang)

    def remove_rule(self, index: int) -> None:
        self._rules.remove(index)

    # -- examples ---------------------------------------------------------------------------

    def add_example(self, name: str, lang: str, values: Mapping[str, Any], prompt: str) -> int:
        """Values and the whole prompt they give, as a new example; returns its number (from 1)."""
        if not isinstance(self.root.get("examples"), CommentedSeq):
            put_key(self.root, "examples", CommentedSeq(), WIZARD_KEYS)
        self.root["examples"].append(CommentedMap({"name": name, "lang": lang, "values": dict(values),
                                                   "prompt": block_scalar(prompt)}))
        return len(self.root["examples"])
