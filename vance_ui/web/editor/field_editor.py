"""One field in the form view: name, type, texts, showIf, the settings of its type (with its
validation rules: lengths and pattern of a text, how many choices of a multi_select), its choices
and (for a repeat field) its item fields, each edited in place in the `SourceDocument`.

Typing changes the document and calls `edited`; a change of the structure (a field or choice added,
removed, moved, a type changed) calls `rebuilt`, after which the form view is built anew. A rename
renames the field in the page lists at once, and names the card's controls after it; what still
reads the old name is offered for renaming by the form view (`offer_rename`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from nicegui import ui

from vance_ui.web.editor.form_context import FormContext, Notify
from vance_ui.web.shell.a11y import aria, bridged_aria
from vance_ui.wizards.format.schema import FIELD_TYPES
from vance_ui.wizards.source.document import FieldPath, SourceDocument
from vance_ui.wizards.source.naming import propose_name


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
    def __init__(self, ctx: FormContext, path: FieldPath) -> None:
        self.ctx, self.path = ctx, path
        doc, t, lang = ctx.doc, ctx.t, ctx.lang
        ctx.cards[path] = self
        field = doc.field(path)
        self.name = str(field.get("name") or "")
        self._named: list[tuple[ui.element, str, bool]] = []  # (control, text key, bridged) named after the field
        kind = str(field.get("type") or "string")
        count = len(doc.fields(path[:-1]))
        with ui.card().classes("vance-editor-field w-full gap-2").mark("editor-field", f"editor-field-{self.name}") \
                .props(f'data-field="{self.name}"') as self.card:
            with ui.row().classes("w-full items-center gap-2 vance-editor-field-head"):
                self.name_input = self._input("field_name", self.name, lambda v: self._set("name", v),
                                              "editor-field-name").classes("grow vance-editor-name")
                self.name_input.on("blur", self._name_left)
                if len(path) == 1:
                    ctx.may_focus(f"field-{self.name}", self.name_input)
                options = ctx.type_options()
                if kind not in options:
                    options[kind] = kind
                self._bridged(ui.select(options, value=kind, label=t("field_type"),
                                        on_change=lambda e: self._type(e.value)), "field_type") \
                    .props("outlined dense options-dense").classes("w-48").mark("editor-field-type")
                self._button("arrow_upward", "move_up", lambda: self._move(-1), path[-1] == 0)
                self._button("arrow_downward", "move_down", lambda: self._move(+1), path[-1] == count - 1)
                self._button("delete", "remove_field", self._remove, False)
            ctx.slots.add(("fields", *_file_path(path)), self.card, [self.name_input])
            self.rename_box = ui.row().classes("w-full items-center gap-2").mark("editor-rename-offer")
            self.rename_box.visible = False
            self._input("field_label", in_lang(field.get("label"), lang),
                        lambda v: self._set_text("label", v), "editor-field-label").classes("w-full")
            self._input("field_help", in_lang(field.get("help"), lang),
                        lambda v: self._set_text("help", v), "editor-field-help").classes("w-full")
            with ui.row().classes("w-full items-center gap-2"):
                required = aria(ui.checkbox(t("field_required"), value=bool(field.get("required")),
                                            on_change=lambda e: self._set("required", True if e.value else None)),
                                label=self._label("field_required")).mark("editor-field-required")
                self._named.append((required, "field_required", False))
                if len(path) == 1 and kind in ("string", "textarea"):
                    taker = aria(ui.checkbox(t("field_from_message"), value=bool(field.get("fromMessage")),
                                             on_change=lambda e: self._set("fromMessage", True if e.value else None)),
                                 label=self._label("field_from_message")).mark("editor-field-from-message")
                    self._named.append((taker, "field_from_message", False))
                self._input("field_show_if", _text(field.get("showIf")), lambda v: self._set("showIf", v),
                            "editor-field-show-if").classes("grow")
                if len(path) == 1 and ctx.page_titles:
                    picker = self._bridged(ui.select(ctx.page_options(), label=t("field_page"),
                                                     value=doc.page_of(self.name),
                                                     on_change=lambda e: self._page(e.value)), "field_page") \
                        .props("outlined dense").classes("w-40").mark("editor-field-page")
                    ctx.page_pickers.append(picker)
            self._settings(kind, field)

    # -- building blocks --------------------------------------------------------------------

    def _label(self, key: str) -> str:
        return f"{self.ctx.t(key)} ({self.name})"

    def _input(self, key: str, value: str, on_value: Callable[[str], None], mark: str) -> ui.input:
        field = aria(ui.input(self.ctx.t(key), value=value, on_change=lambda e: on_value(e.value or "")),
                     label=self._label(key)).props("outlined dense").mark(mark)
        self._named.append((field, key, False))
        return field

    def _bridged(self, select: ui.select, key: str) -> ui.select:
        self._named.append((select, key, True))
        return bridged_aria(select, label=self._label(key))

    def _number(self, key: str, setting: str, value: Any) -> None:
        number = aria(ui.number(self.ctx.t(key), value=value, precision=0,
                                on_change=lambda e: self._set(setting, _int(e.value))),
                      label=self._label(key)).props("outlined dense").classes("w-32").mark(f"editor-field-{setting}")
        self._named.append((number, key, False))

    def _button(self, icon: str, key: str, action: Notify, disabled: bool) -> None:
        label = self.ctx.t(key, name=self.name)
        button = aria(ui.button(icon=icon, on_click=action), label=label).props("flat round dense") \
            .mark(f"editor-{icon}")
        self._named.append((button, key, False))
        if disabled:
            button.disable()

    def _rename_controls(self, but: ui.element | None = None) -> None:
        """Every control named after the field, after a rename (`but` one being typed into: an
        update of an input being typed into could put back an older value)."""
        t = self.ctx.t
        for control, key, bridged in self._named:
            if control is but:
                continue
            label = t(key, name=self.name) if key in ("move_up", "move_down", "remove_field") else self._label(key)
            if bridged:
                bridged_aria(control, label=label)
            else:
                aria(control, label=label)

    # -- per type -----------------------------------------------------------------------------

    def _settings(self, kind: str, field: Any) -> None:
        t = self.ctx.t
        with ui.row().classes("w-full items-center gap-2"):
            if kind == "textarea":
                self._number("field_rows", "rows", field.get("rows"))
            if kind == "integer":
                self._number("field_min", "integerMin", field.get("integerMin"))
                self._number("field_max", "integerMax", field.get("integerMax"))
            if kind == "repeat":
                self._number("field_min_items", "min", field.get("min"))
                self._number("field_max_items", "max", field.get("max"))
            if kind in ("string", "textarea"):
                self._number("field_min_length", "minLength", field.get("minLength"))
                self._number("field_max_length", "maxLength", field.get("maxLength"))
            if kind == "multi_select":
                self._number("field_min_selected", "minSelected", field.get("minSelected"))
                self._number("field_max_selected", "maxSelected", field.get("maxSelected"))
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
                self._bridged(ui.select(options, value="" if current is None else str(bool(current)).lower(),
                                        label=t("field_default"),
                                        on_change=lambda e: self._set("defaultValue",
                                                                      (e.value == "true") if e.value else None)),
                              "field_default").props("outlined dense").classes("w-40")
            if kind == "multi_select":
                self._multi_default(field)
        if kind in ("string", "textarea"):
            with ui.row().classes("w-full items-center gap-2"):
                self._input("field_pattern", _text(field.get("pattern")), lambda v: self._set("pattern", v),
                            "editor-field-pattern").classes("grow").props("spellcheck=false")
                self._input("field_pattern_message", in_lang(field.get("patternMessage"), self.ctx.lang),
                            lambda v: self._set_text("patternMessage", v), "editor-field-patternMessage") \
                    .classes("grow")
        if kind in ("select", "multi_select"):
            self._choices()
        if kind == "repeat":
            with ui.column().classes("vance-editor-items w-full gap-2").mark("editor-items"):
                ui.label(t("field_items")).classes("vance-group-title")
                for index in range(len(self.ctx.doc.fields(self.path))):
                    FieldEditor(self.ctx, (*self.path, index))
                add_field_row(self.ctx, self.path)

    def _multi_default(self, field: Any) -> None:
        """The values chosen at first, from the choices (as they were when the card was built); a
        value no choice has stays listed, so the load's error about it can be read and fixed here."""
        values = [_text(choice.get("value")) for choice in self.ctx.doc.choices(self.path)]
        default = field.get("defaultValue")
        current = [_text(v) for v in default] if isinstance(default, list) else []
        options = {value: value for value in [*values, *current]}
        self._bridged(ui.select(options, value=current, multiple=True, label=self.ctx.t("field_default"),
                                on_change=lambda e: self._set("defaultValue", list(e.value or []) or None)),
                      "field_default").props("outlined dense use-chips").classes("min-w-[12rem]") \
            .mark("editor-field-default")

    def _choices(self) -> None:
        t = self.ctx.t
        with ui.column().classes("w-full gap-1").mark("editor-choices") as box:
            ui.label(t("field_choices")).classes("vance-group-title")
            self.ctx.slots.add(("fields", *_file_path(self.path), "choices"), box)
            for index, choice in enumerate(self.ctx.doc.choices(self.path)):
                with ui.row().classes("w-full items-center gap-2 no-wrap"):
                    aria(ui.input(t("choice_value"), value=_text(choice.get("value")),
                                  on_change=lambda e, i=index: self._choice(i, value=e.value or "")),
                         label=f"{t('choice_value')} {index + 1} ({self.name})").props("outlined dense") \
                        .classes("w-32").mark("editor-choice-value")
                    aria(ui.input(t("choice_label"), value=in_lang(choice.get("label"), self.ctx.lang),
                                  on_change=lambda e, i=index: self._choice(i, label=e.value or "")),
                         label=f"{t('choice_label')} {index + 1} ({self.name})").props("outlined dense") \
                        .classes("grow").mark("editor-choice-label")
                    label = t("remove_choice", number=index + 1)
                    aria(ui.button(icon="close", on_click=functools.partial(self._drop, index)), label=label) \
                        .props("flat round dense").mark("editor-close")
            aria(ui.button(t("add_choice"), icon="add", on_click=self._add_choice),
                 label=f"{t('add_choice')} ({self.name})").props("flat dense no-caps").mark("editor-add-choice")

    # -- the rename offer ------------------------------------------------------------------------

    def offer_rename(self, old: str, count: int, on_rename: Callable[[str, str], None]) -> None:
        """'old' is still read in `count` places: offer to read this field's name there."""
        t = self.ctx.t
        self.rename_box.clear()
        with self.rename_box:
            ui.label(t("rename_uses_hint", old=old, count=count)).classes("vance-help grow")
            ui.button(t("rename_uses", old=old, new=self.name), icon="drive_file_rename_outline",
                      on_click=lambda: on_rename(old, self.name)) \
                .props("outline dense no-caps").mark("editor-rename-uses")
        self.rename_box.visible = True

    def withdraw_offer(self) -> None:
        if self.rename_box.visible:
            self.rename_box.clear()
            self.rename_box.visible = False

    # -- edits --------------------------------------------------------------------------------

    def _set(self, key: str, value: Any) -> None:
        old = self.name
        self.ctx.doc.set_field(self.path, key, value)
        if key == "name":
            self.name = str(value)
            self._rename_controls(but=self.name_input)
            if len(self.path) == 1:
                self.ctx.renamed(old, self.name)
        self.ctx.edited()

    def _name_left(self) -> None:
        """The name input names itself after the field once the author left it."""
        aria(self.name_input, label=self._label("field_name"))

    def _set_text(self, key: str, value: str) -> None:
        self.ctx.doc.set_field_text(self.path, key, self.ctx.lang, value)
        self.ctx.edited()

    def _type(self, kind: str) -> None:
        self.ctx.doc.set_type(self.path, kind, self.ctx.lang)
        self.ctx.rebuilt()

    def _move(self, delta: int) -> None:
        self.ctx.doc.move_field(self.path, delta)
        self.ctx.rebuilt()

    def _remove(self) -> None:
        self.ctx.doc.remove_field(self.path)
        self.ctx.rebuilt()

    def _page(self, index: int | None) -> None:
        if index is not None:
            self.ctx.doc.move_to_page(self.name, index)
            self.ctx.edited()

    def _choice(self, index: int, value: str | None = None, label: str | None = None) -> None:
        self.ctx.doc.set_choice(self.path, index, self.ctx.lang, value=value, label=label)
        self.ctx.edited()

    def _add_choice(self) -> None:
        number = len(self.ctx.doc.choices(self.path)) + 1
        self.ctx.doc.add_choice(self.path, f"choice{number}", self.ctx.lang, f"{self.ctx.t('choice')} {number}")
        self.ctx.rebuilt()

    def _drop(self, index: int) -> None:
        self.ctx.doc.remove_choice(self.path, index)
        self.ctx.rebuilt()


def _file_path(path: FieldPath) -> tuple[str | int, ...]:
    """`(2, 0)` -> `(2, "item", 0)`: a field's place under `fields` in the file."""
    out: list[str | int] = []
    for depth, index in enumerate(path):
        if depth:
            out.append("item")
        out.append(index)
    return tuple(out)


def add_field(doc: SourceDocument, parent: FieldPath, kind: str, label: str, lang: str, default_label: str) -> str:
    """A new field of `kind` named after its label (`Team size` -> `teamSize`); returns its name."""
    taken = {str(f.get("name")) for f in doc.fields(parent)}
    shown = label.strip() or default_label
    name = propose_name(shown, taken, fallback=kind if kind in FIELD_TYPES and kind != "string" else "text")
    doc.add_field(parent, kind, name, lang, shown)
    return name


def add_field_row(ctx: FormContext, parent: FieldPath) -> None:
    """The label of a new field, its type and Add: the new field is named after its label; the focus
    stays here, for the next one (the new card is just above)."""
    t = ctx.t
    where = t("field_items") if parent else t("editor_fields")
    key = "-".join(str(i) for i in parent) or "top"
    with ui.row().classes("items-center gap-2 w-full vance-editor-add-field").mark(f"editor-add-field-row-{key}"):
        label = aria(ui.input(t("new_field_label")), label=f"{t('new_field_label')} ({where})") \
            .props("outlined dense").classes("grow").mark("editor-new-field-label")
        ctx.may_focus(f"new-field-{key}", label)
        if not parent:
            ctx.new_field_label = label
        kind = bridged_aria(ui.select(ctx.type_options(), value="string", label=t("field_type")),
                            label=f"{t('new_field_type')} ({where})").props("outlined dense options-dense") \
            .classes("w-48").mark("editor-new-field-type")

        def add() -> None:
            add_field(ctx.doc, parent, str(kind.value), str(label.value or ""), ctx.lang,
                      t(f"field_type_{kind.value}"))
            ctx.focus_next(f"new-field-{key}")
            ctx.rebuilt()

        label.on("keydown.enter", add)
        aria(ui.button(t("add_field"), icon="add", on_click=add), label=f"{t('add_field')} ({where})") \
            .props("outline dense no-caps").mark("editor-add-field")
