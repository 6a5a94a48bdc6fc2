"""One field in the form view: name, type, texts, showIf, the settings of its type, its choices
and (for a repeat field) its item fields, each edited in place in the `SourceDocument`.

Typing changes the document and calls `edited`; a change of the structure (a field or choice added,
removed, moved, a type changed) calls `rebuilt`, after which the form view is built anew.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from nicegui import ui

from vance_ui.web.shell.a11y import aria, bridged_aria
from vance_ui.web.shell.i18n import Texts
from vance_ui.wizards.format.schema import FIELD_TYPES
from vance_ui.wizards.source.document import FieldPath, SourceDocument

Notify = Callable[[], None]


def _int(value: Any) -> int | None:
    return None if value is None or value == "" else int(value)


def in_lang(texts: Any, lang: str) -> str:
    """One language of a localized text; "" when the file holds something else there."""
    return _text(texts.get(lang)) if isinstance(texts, dict) else ""


def _text(value: Any) -> str:
    if isinstance(value, dict):
        return ""
    return "" if value is None else str(value)


class FieldEditor:
    def __init__(self, doc: SourceDocument, path: FieldPath, t: Texts, lang: str, edited: Notify,
                 rebuilt: Notify, pages: list[str]) -> None:
        self.doc, self.path, self.t, self.lang = doc, path, t, lang
        self.edited, self.rebuilt = edited, rebuilt
        field = doc.field(path)
        self.name = str(field.get("name") or "")
        kind = str(field.get("type") or "string")
        count = len(doc.fields(path[:-1]))
        with ui.card().classes("vance-editor-field w-full gap-2").mark("editor-field", f"editor-field-{self.name}") \
                .props(f'data-field="{self.name}"'):
            with ui.row().classes("w-full items-center gap-2 vance-editor-field-head"):
                self._input("field_name", self.name, lambda v: self._set("name", v), "editor-field-name") \
                    .classes("grow vance-editor-name")
                bridged_aria(ui.select({k: k for k in FIELD_TYPES}, value=kind, label=t("field_type"),
                               on_change=lambda e: self._type(e.value)), label=t("field_type")) \
                    .props("outlined dense options-dense").classes("w-36").mark("editor-field-type")
                self._button("arrow_upward", t("move_up", name=self.name), lambda: self._move(-1), path[-1] == 0)
                self._button("arrow_downward", t("move_down", name=self.name), lambda: self._move(+1),
                             path[-1] == count - 1)
                self._button("delete", t("remove_field", name=self.name), self._remove, False)
            self._input("field_label", in_lang(field.get("label"), lang),
                        lambda v: self._set_text("label", v), "editor-field-label").classes("w-full")
            self._input("field_help", in_lang(field.get("help"), lang),
                        lambda v: self._set_text("help", v), "editor-field-help").classes("w-full")
            with ui.row().classes("w-full items-center gap-2"):
                aria(ui.checkbox(t("field_required"), value=bool(field.get("required")),
                                 on_change=lambda e: self._set("required", True if e.value else None)),
                     label=t("field_required")).mark("editor-field-required")
                self._input("field_show_if", _text(field.get("showIf")), lambda v: self._set("showIf", v),
                            "editor-field-show-if").classes("grow")
                if len(path) == 1 and pages:
                    current = doc.page_of(self.name)
                    bridged_aria(ui.select({i: title for i, title in enumerate(pages)}, label=t("field_page"),
                                   value=current, on_change=lambda e: self._page(e.value)), label=t("field_page")) \
                        .props("outlined dense").classes("w-40").mark("editor-field-page")
            self._settings(kind, field)

    # -- building blocks --------------------------------------------------------------------

    def _input(self, key: str, value: str, on_value: Callable[[str], None], mark: str) -> ui.input:
        return aria(ui.input(self.t(key), value=value, on_change=lambda e: on_value(e.value or "")),
                    label=f"{self.t(key)} ({self.name})").props("outlined dense").mark(mark)

    def _number(self, key: str, setting: str, value: Any) -> None:
        aria(ui.number(self.t(key), value=value, precision=0,
                       on_change=lambda e: self._set(setting, _int(e.value))),
             label=f"{self.t(key)} ({self.name})").props("outlined dense").classes("w-32") \
            .mark(f"editor-field-{setting}")

    def _button(self, icon: str, label: str, action: Notify, disabled: bool) -> None:
        button = aria(ui.button(icon=icon, on_click=action), label=label).props("flat round dense") \
            .tooltip(label).mark(f"editor-{icon}")
        if disabled:
            button.disable()

    # -- per type -----------------------------------------------------------------------------

    def _settings(self, kind: str, field: Any) -> None:
        t = self.t
        with ui.row().classes("w-full items-center gap-2"):
            if kind == "textarea":
                self._number("field_rows", "rows", field.get("rows"))
            if kind == "integer":
                self._number("field_min", "integerMin", field.get("integerMin"))
                self._number("field_max", "integerMax", field.get("integerMax"))
            if kind == "repeat":
                self._number("field_min_items", "min", field.get("min"))
                self._number("field_max_items", "max", field.get("max"))
            if kind == "date":
                for key, setting in (("field_min", "dateMin"), ("field_max", "dateMax")):
                    self._input(key, _text(field.get(setting)), functools.partial(self._set, setting),
                                f"editor-field-{setting}").props("placeholder=YYYY-MM-DD")
            if kind in ("string", "textarea", "date", "select"):
                self._input("field_default", _text(field.get("defaultValue")),
                            lambda v: self._set("defaultValue", v), "editor-field-default")
            if kind == "integer":
                self._number("field_default", "defaultValue", field.get("defaultValue"))
            if kind == "boolean":
                options = {"": t("field_no_default"), "true": t("yes"), "false": t("no")}
                current = field.get("defaultValue")
                bridged_aria(ui.select(options, value="" if current is None else str(bool(current)).lower(),
                               label=t("field_default"),
                               on_change=lambda e: self._set("defaultValue", (e.value == "true") if e.value else None)),
                     label=f"{t('field_default')} ({self.name})").props("outlined dense").classes("w-40")
            if kind == "multi_select":
                self._multi_default(field)
        if kind in ("select", "multi_select"):
            self._choices()
        if kind == "repeat":
            with ui.column().classes("vance-editor-items w-full gap-2").mark("editor-items"):
                ui.label(t("field_items")).classes("vance-group-title")
                for index in range(len(self.doc.fields(self.path))):
                    FieldEditor(self.doc, (*self.path, index), t, self.lang, self.edited, self.rebuilt, [])
                add_field_row(self.doc, self.path, t, self.lang, self.rebuilt)

    def _multi_default(self, field: Any) -> None:
        """The values chosen at first, from the choices (as they were when the card was built); a
        value no choice has stays listed, so the load's error about it can be read and fixed here."""
        values = [_text(choice.get("value")) for choice in self.doc.choices(self.path)]
        default = field.get("defaultValue")
        current = [_text(v) for v in default] if isinstance(default, list) else []
        options = {value: value for value in [*values, *current]}
        bridged_aria(ui.select(options, value=current, multiple=True, label=self.t("field_default"),
                               on_change=lambda e: self._set("defaultValue", list(e.value or []) or None)),
                     label=f"{self.t('field_default')} ({self.name})") \
            .props("outlined dense use-chips").classes("min-w-[12rem]").mark("editor-field-default")

    def _choices(self) -> None:
        t = self.t
        with ui.column().classes("w-full gap-1").mark("editor-choices"):
            ui.label(t("field_choices")).classes("vance-group-title")
            for index, choice in enumerate(self.doc.choices(self.path)):
                with ui.row().classes("w-full items-center gap-2 no-wrap"):
                    aria(ui.input(t("choice_value"), value=_text(choice.get("value")),
                                  on_change=lambda e, i=index: self._choice(i, value=e.value or "")),
                         label=f"{t('choice_value')} {index + 1} ({self.name})").props("outlined dense") \
                        .classes("w-32").mark("editor-choice-value")
                    aria(ui.input(t("choice_label"), value=in_lang(choice.get("label"), self.lang),
                                  on_change=lambda e, i=index: self._choice(i, label=e.value or "")),
                         label=f"{t('choice_label')} {index + 1} ({self.name})").props("outlined dense") \
                        .classes("grow").mark("editor-choice-label")
                    self._button("close", t("remove_choice", number=index + 1), functools.partial(self._drop, index),
                                 False)
            aria(ui.button(t("add_choice"), icon="add", on_click=self._add_choice),
                 label=f"{t('add_choice')} ({self.name})").props("flat dense no-caps").mark("editor-add-choice")

    # -- edits --------------------------------------------------------------------------------

    def _set(self, key: str, value: Any) -> None:
        self.doc.set_field(self.path, key, value)
        if key == "name":
            self.name = str(value)
        self.edited()

    def _set_text(self, key: str, value: str) -> None:
        self.doc.set_field_text(self.path, key, self.lang, value)
        self.edited()

    def _type(self, kind: str) -> None:
        self.doc.set_type(self.path, kind, self.lang)
        self.rebuilt()

    def _move(self, delta: int) -> None:
        self.doc.move_field(self.path, delta)
        self.rebuilt()

    def _remove(self) -> None:
        self.doc.remove_field(self.path)
        self.rebuilt()

    def _page(self, index: int | None) -> None:
        if index is not None:
            self.doc.move_to_page(self.name, index)
            self.edited()

    def _choice(self, index: int, value: str | None = None, label: str | None = None) -> None:
        self.doc.set_choice(self.path, index, self.lang, value=value, label=label)
        self.edited()

    def _add_choice(self) -> None:
        number = len(self.doc.choices(self.path)) + 1
        self.doc.add_choice(self.path, f"choice{number}", self.lang, f"{self.t('choice')} {number}")
        self.rebuilt()

    def _drop(self, index: int) -> None:
        self.doc.remove_choice(self.path, index)
        self.rebuilt()


def free_name(doc: SourceDocument, parent: FieldPath, stem: str) -> str:
    taken = {str(f.get("name")) for f in doc.fields(parent)}
    number = 1
    while f"{stem}{number}" in taken:
        number += 1
    return f"{stem}{number}"


def add_field_row(doc: SourceDocument, parent: FieldPath, t: Texts, lang: str, rebuilt: Notify) -> None:
    """A type to choose and an Add button: the new field is named `field1`, `field2`, ..."""
    where = t("field_items") if parent else t("editor_fields")
    with ui.row().classes("items-center gap-2"):
        kind = bridged_aria(ui.select({k: k for k in FIELD_TYPES}, value="string", label=t("field_type")),
                    label=f"{t('new_field_type')} ({where})").props("outlined dense options-dense") \
            .classes("w-36").mark("editor-new-field-type")

        def add() -> None:
            name = free_name(doc, parent, "field")
            doc.add_field(parent, str(kind.value), name, lang, name)
            rebuilt()

        aria(ui.button(t("add_field"), icon="add", on_click=add), label=f"{t('add_field')} ({where})") \
            .props("outline dense no-caps").mark("editor-add-field")
