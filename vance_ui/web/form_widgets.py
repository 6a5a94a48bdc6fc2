"""The widgets behind FormFields: one per field type, repeat items as their own containers."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from nicegui import ui

from vance_ui.web.a11y import aria, dom_id
from vance_ui.web.form_aria import describe_field, mark_invalid, name_group, name_in_entry
from vance_ui.web.i18n import Texts
from vance_ui.wizards.views import FieldView

_PATH_RE = re.compile(r"^([^.\[]+)(?:\[(\d+)\])?(?:\.(.+))?$")
UNBOUNDED = 10_000


class FormHost(Protocol):
    """What a widget needs from its form: the texts and a change notification."""

    t: Texts

    def changed(self) -> None: ...


def initial_value(field: FieldView) -> Any:
    """A field's starting value: its defaultValue, else the empty value of its type."""
    default = field.default_value
    if field.type == "repeat":
        if isinstance(default, list):
            return [dict(item) for item in default if isinstance(item, Mapping)]
        return [initial_values(field.item or []) for _ in range(field.min or 0)]
    if default is not None:
        return list(default) if isinstance(default, list) else default
    return {"integer": None, "boolean": False, "multi_select": []}.get(field.type, "")


def initial_values(fields: Sequence[FieldView]) -> dict[str, Any]:
    return {f.name: initial_value(f) for f in fields}


def label_text(field: FieldView) -> str:
    return f"{field.label} *" if field.required else field.label


def bounds(field: FieldView) -> dict[str, Any]:
    if field.type == "repeat":
        return {"min": field.min or 0, "max": field.max if field.max is not None else UNBOUNDED}
    return {"min": field.integer_min, "max": field.integer_max}


class Group:
    """The widgets of one list of fields: the whole form, or one repeat item."""

    def __init__(self, fields: Sequence[FieldView], values: Mapping[str, Any], form: FormHost) -> None:
        self.widgets: dict[str, FieldWidget] = {}
        for field in fields:
            widget_type = RepeatWidget if field.type == "repeat" else FieldWidget
            self.widgets[field.name] = widget_type(field, values.get(field.name), form)

    def values(self) -> dict[str, Any]:
        return {name: widget.value() for name, widget in self.widgets.items()}

    def each(self, action: Callable[[FieldWidget], None]) -> None:
        for widget in self.widgets.values():
            action(widget)
            if isinstance(widget, RepeatWidget):
                for item in widget.items:
                    item.group.each(action)

    def locate(self, path: str) -> FieldWidget | None:
        match = _PATH_RE.match(path.strip())
        if match is None:
            return None
        name, index, rest = match.groups()
        widget = self.widgets.get(name)
        if isinstance(widget, RepeatWidget) and index is not None and rest:
            position = int(index)
            if position < len(widget.items):
                return widget.items[position].group.locate(rest) or widget
        return widget


class FieldWidget:
    """One scalar field: the control and its help text; a hint line and (for non-inputs) an error
    line are added only when there is something to show, so a form carries no hidden placeholders."""

    def __init__(self, field: FieldView, value: Any, form: FormHost) -> None:
        self.field = field
        self.form = form
        self.control: Any = None
        self.checkboxes: dict[str, ui.checkbox] = {}
        self.choice_group: ui.row | None = None  # a multi-select's checkboxes
        self.described_by: list[str] = []  # DOM ids of the help text (form_aria.py)
        self.error_label: ui.label | None = None
        self.hint_row: ui.row | None = None
        self.hint_label: ui.label | None = None
        with ui.column().classes("vance-field w-full gap-1").props(f'data-field="{field.name}"') as self.box:
            self._build(value)
            help_text = _help(field, form.t) if field.type != "repeat" else None
            help_label = ui.label(help_text).classes("vance-help") if help_text else None
        describe_field(self, help_label)
        self._fixed = len(self.box.default_slot.children)  # the error line goes here, the hint after it

    def _build(self, value: Any) -> None:
        field, kind = self.field, self.field.type
        label = label_text(field)
        if kind in ("string", "password"):
            self.control = ui.input(label, value=value if isinstance(value, str) else "",
                                    password=kind == "password", password_toggle_button=kind == "password")
        elif kind == "textarea":
            self.control = ui.textarea(label, value=value if isinstance(value, str) else "")
            self.control.props["rows"] = field.rows or 3
        elif kind == "integer":
            number = value if isinstance(value, (int, float)) and not isinstance(value, bool) else None
            self.control = ui.number(label, value=number, min=field.integer_min, max=field.integer_max,
                                     precision=0, step=1)
        elif kind == "boolean":
            self.control = ui.checkbox(label, value=bool(value) if isinstance(value, bool) else False)
        elif kind == "select":
            options = {c.value: c.label for c in field.choices or []}
            start = value if isinstance(value, str) and value in options else None
            self.control = ui.select(options, label=label, value=start, clearable=not field.required)
        elif kind == "multi_select":
            picked = set(value) if isinstance(value, list) else set()
            group_label = ui.label(label).classes("vance-label")
            with aria(ui.row(), role="group", labelledby=dom_id(group_label)) \
                    .classes("gap-x-4 gap-y-0 flex-wrap") as self.choice_group:
                for choice in field.choices or []:
                    box = ui.checkbox(choice.label, value=choice.value in picked, on_change=self._changed)
                    self.checkboxes[choice.value] = box
        else:
            ui.label(f"{label} ({kind})").classes("vance-help")
        if self.control is not None:
            if kind != "boolean":
                self.control.props("outlined stack-label" if kind != "select" else "outlined")
            self.control.classes("w-full" if kind != "boolean" else "")
            self.control.on_value_change(self._changed)
            self.control.mark(f"field-{field.name}")

    def _changed(self, *_: Any) -> None:
        self.set_error(None)
        self.form.changed()

    def value(self) -> Any:
        kind = self.field.type
        if kind == "multi_select":
            return [v for v, box in self.checkboxes.items() if box.value]
        if self.control is None:
            return None
        raw = self.control.value
        if kind == "integer":
            return int(raw) if isinstance(raw, float) and raw.is_integer() else raw
        if kind == "boolean":
            return bool(raw)
        return raw if raw is not None else ""

    @property
    def has_field_error(self) -> bool:
        """Quasar inputs show errors themselves (error / error-message props)."""
        return self.field.type in ("string", "password", "textarea", "integer", "select")

    def set_error(self, message: str | None) -> None:
        if self.has_field_error:
            self.control.error = message
        else:
            if message and self.error_label is None:
                with self.box:
                    self.error_label = ui.label().classes("vance-error")
                self.error_label.move(target_index=self._fixed)
            if self.error_label is not None:
                self.error_label.text = message or ""
                self.error_label.visible = bool(message)
        if message:
            self.box.classes(add="vance-invalid")
        elif "vance-invalid" in self.box.classes:
            self.box.classes(remove="vance-invalid")
        mark_invalid(self, message)

    @property
    def error(self) -> str | None:
        if self.has_field_error:
            error: str | None = self.control.error
            return error
        if self.error_label is None:
            return None
        return self.error_label.text or None

    def set_hint(self, text: str | None) -> None:
        if text and self.hint_label is None:
            with self.box, ui.row().classes("vance-hint items-start gap-2 no-wrap") as self.hint_row:
                ui.icon("tips_and_updates").classes("text-amber-8")
                self.hint_label = ui.label().classes("whitespace-pre-line").mark(f"hint-{self.field.name}")
        if self.hint_row is not None and self.hint_label is not None:
            self.hint_label.text = text or ""
            self.hint_row.visible = bool(text)

    def focus(self) -> None:
        if self.has_field_error:
            self.control.run_method("focus")


class _Item:
    """One repeat item: a card with its title, a remove button and the item's own Group."""

    def __init__(self, repeat: RepeatWidget, values: Mapping[str, Any]) -> None:
        self.repeat = repeat
        fields = repeat.field.item or []
        start = {**initial_values(fields), **values}
        with repeat.items_box, ui.card().classes("vance-item w-full").props("flat bordered") as self.card:
            with ui.row().classes("w-full items-center justify-between"):
                self.title = ui.label().classes("vance-item-title")
                self.remove = ui.button(icon="delete_outline", on_click=self.remove_me) \
                    .props("flat round dense color=grey-7") \
                    .tooltip(repeat.form.t("remove_item")).mark(f"remove-{repeat.field.name}")
            self.group = Group(fields, start, repeat.form)

    def remove_me(self) -> None:
        self.repeat.remove_item(self)


class RepeatWidget(FieldWidget):
    """An array of objects: one card per item, add/remove honouring min and max."""

    def __init__(self, field: FieldView, value: Any, form: FormHost) -> None:
        self.items: list[_Item] = []
        super().__init__(field, value, form)

    def _build(self, value: Any) -> None:
        t, field = self.form.t, self.field
        with ui.row().classes("items-baseline gap-2"):
            label = ui.label(label_text(field)).classes("vance-label text-base")
            if field.max:
                ui.label(t("item_bounds", min=self.minimum, max=self.maximum)).classes("vance-help")
        name_group(self.box, label, ui.label(field.help).classes("vance-help") if field.help else None)
        self.items_box = ui.column().classes("w-full gap-3")
        self.add_button = ui.button(t("add_item"), icon="add", on_click=self.add) \
            .props("flat no-caps color=primary").mark(f"add-{field.name}")
        starting = value if isinstance(value, list) else initial_value(field)
        for item in starting[: self.maximum]:
            self._add_item(item if isinstance(item, Mapping) else {})
        while len(self.items) < self.minimum:
            self._add_item({})
        self._sync()

    @property
    def minimum(self) -> int:
        return self.field.min or 0

    @property
    def maximum(self) -> int:
        return self.field.max if self.field.max is not None else UNBOUNDED

    def add(self) -> None:
        if len(self.items) >= self.maximum:
            return
        self._add_item({})
        self._sync()
        self._changed()

    def remove_item(self, item: _Item) -> None:
        if len(self.items) <= self.minimum or item not in self.items:
            return
        self.items.remove(item)
        self.items_box.remove(item.card)
        self._sync()
        self._changed()

    def _add_item(self, values: Mapping[str, Any]) -> None:
        self.items.append(_Item(self, values))

    def _sync(self) -> None:
        for number, item in enumerate(self.items, start=1):
            item.title.text = self.form.t("item_n", n=number)
            name_in_entry(item, number, self.form.t)
            item.remove.set_enabled(len(self.items) > self.minimum)
        self.add_button.set_enabled(len(self.items) < self.maximum)

    def value(self) -> Any:
        return [item.group.values() for item in self.items]

    @property
    def has_field_error(self) -> bool:
        return False

    def focus(self) -> None:
        pass


def _help(field: FieldView, t: Texts) -> str:
    parts = [field.help] if field.help else []
    if field.type == "integer":
        low, high = field.integer_min, field.integer_max
        if low is not None and high is not None:
            parts.append(t("between", min=low, max=high))
        elif low is not None:
            parts.append(t("at_least", min=low))
        elif high is not None:
            parts.append(t("at_most", max=high))
    return " · ".join(parts)
