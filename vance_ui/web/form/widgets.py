"""The widgets behind FormFields: one class per field type (`WIDGETS`), on the domain's fields.

A widget shows its field's control, help, error and Check hint, and reads its value back. It
never changes what the user typed (no clamping, no rounding): whether a value is acceptable is the
validator's answer, shown at the field.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from nicegui import ui

from vance_ui.web.form.aria import FieldAria
from vance_ui.web.form.focus import focus_field
from vance_ui.web.shell.a11y import aria, dom_id
from vance_ui.web.shell.i18n import Texts
from vance_ui.wizards.format.localization import localize
from vance_ui.wizards.format.paths import Path
from vance_ui.wizards.format.schema import (
    BooleanField,
    DateField,
    FormField,
    IntegerField,
    MultiSelectField,
    PasswordField,
    SelectField,
    StringField,
    TextareaField,
)


class FormHost(Protocol):
    """What a widget needs from its form: texts, the language, and a change notification."""

    t: Texts
    lang: str

    def changed(self) -> None: ...

    def edited(self, path: Path) -> None:
        """The user changed the field at `path` (then `changed` follows)."""
        ...


class WidgetGroup(Protocol):
    """The widgets of one list of fields (`groups.Group`), as a widget holding some sees them."""

    def values(self) -> dict[str, Any]: ...

    def each(self, action: Callable[[FieldWidget], None]) -> None: ...

    def locate(self, path: Path) -> FieldWidget | None: ...


def label_text(field: FormField, lang: str) -> str:
    label = localize(field.label, lang)
    return f"{label} *" if field.required else label


class FieldWidget:
    """One field: the control and its help text; a hint line and (for controls that cannot show an
    error themselves) an error line are added only when there is something to show."""

    inline_error = True  # Quasar inputs show errors themselves (error / error-message props)

    def __init__(self, field: FormField, value: Any, form: FormHost, path: Path) -> None:
        self.field, self.form, self.path = field, form, path
        self.shown: bool | None = None  # as the service last said; None before it said anything
        self.control: Any = None
        self.error_label: ui.label | None = None
        self.hint_row: ui.row | None = None
        self.hint_label: ui.label | None = None
        self.choice_group: ui.row | None = None  # a multi-select's checkboxes
        self.filled_mark: ui.element | None = None  # "From the chat", until the user edits the field
        with ui.column().classes("vance-field w-full gap-1").props(f'data-field="{field.name}"') as self.box:
            self.build(value)
            help_text = self.help_text()
            help_label = ui.label(help_text).classes("vance-help") if help_text else None
        self.aria = FieldAria(self.choice_group if field.type == "multi_select" else self.control, field.type)
        self.aria.describe(field.required, help_label, form.t)
        self._fixed = len(self.box.default_slot.children)  # the error line goes here, the hint after it

    @property
    def label(self) -> str:
        return label_text(self.field, self.form.lang)

    @property
    def name(self) -> str:
        """What a screen reader calls the field (no "*"): its label, in an entry "Name, entry 2"."""
        return self.aria.own_name or localize(self.field.label, self.form.lang)

    def build(self, value: Any) -> None:
        raise NotImplementedError

    def help_text(self) -> str:
        return localize(self.field.help, self.form.lang) if self.field.help else ""

    def _control(self, control: Any) -> None:
        self.control = control
        control.classes("w-full").on_value_change(self._changed)
        control.mark(f"field-{self.field.name}")

    def _changed(self, *_: Any) -> None:
        self.set_error(None)  # being changed: the next refusal says whether it is still wrong
        self.form.edited(self.path)

    def value(self) -> Any:
        raw = self.control.value
        return raw if raw is not None else ""

    def set_shown(self, shown: bool) -> bool:
        """A hidden field keeps its control and value: showing it again brings back what was typed.
        True when this changes what the service said before (a field new to it changes nothing)."""
        before, self.shown = self.shown, shown
        if self.box.visible != shown:
            self.box.visible = shown
        return before is not None and before != shown

    def set_error(self, message: str | None) -> None:
        if self.inline_error:
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
        self.aria.mark_invalid(message, self.error_label)

    @property
    def error(self) -> str | None:
        if self.inline_error:
            error: str | None = self.control.error
            return error
        return (self.error_label.text or None) if self.error_label is not None else None

    def mark_filled(self, text: str, said: str) -> None:
        """The "from the chat" marker right under the control: `text` shown, `said` read with the field."""
        if self.filled_mark is not None:
            return
        with self.box, ui.element("div").classes("vance-filled-mark").mark(f"filled-{self.field.name}") as mark:
            ui.icon("forum").props("aria-hidden=true")
            ui.label(text).props("aria-hidden=true")
            note = ui.label(said).classes("vance-sr-only")
        mark.move(target_index=1)
        self.filled_mark = mark
        self.aria.note(note)

    def unmark_filled(self) -> None:
        if self.filled_mark is not None:
            self.filled_mark.delete()
            self.filled_mark = None
            self.aria.note(None)

    def set_hint(self, text: str | None) -> None:
        if text and self.hint_label is None:
            with self.box, ui.row().classes("vance-hint items-start gap-2 no-wrap") as self.hint_row:
                ui.icon("tips_and_updates").classes("text-amber-8")
                self.hint_label = ui.label().classes("whitespace-pre-line").mark(f"hint-{self.field.name}")
        if self.hint_row is not None and self.hint_label is not None:
            self.hint_label.text = text or ""
            self.hint_row.visible = bool(text)

    def focus(self) -> None:
        """Its first control (a repeat without entries: its Add button), scrolled into view."""
        focus_field(self.box)

    def children(self) -> Sequence[WidgetGroup]:
        """The groups inside it (a repeat's entries)."""
        return []


class TextWidget(FieldWidget):
    def build(self, value: Any) -> None:
        secret = isinstance(self.field, PasswordField)
        self._control(ui.input(self.label, value=value if isinstance(value, str) else "", password=secret,
                               password_toggle_button=secret).props("outlined stack-label"))


class TextareaWidget(FieldWidget):
    def build(self, value: Any) -> None:
        assert isinstance(self.field, TextareaField)
        self._control(ui.textarea(self.label, value=value if isinstance(value, str) else "")
                      .props("outlined stack-label"))
        self.control.props["rows"] = self.field.rows


class IntegerWidget(FieldWidget):
    """A browser number input that keeps what was typed: NiceGUI's `ui.number` would clamp it to
    min/max, round it to its precision and show 3 as "3.0"; the validator says what is wrong."""

    def build(self, value: Any) -> None:
        number = value if isinstance(value, (int, float)) and not isinstance(value, bool) else None
        self._control(ui.input(self.label, value="" if number is None else str(number))
                      .props("outlined stack-label type=number"))

    def value(self) -> Any:
        raw = self.control.value
        if isinstance(raw, (int, float)) or raw is None:
            return raw
        text = str(raw).strip()
        for kind in (int, float):
            try:
                return kind(text)
            except ValueError:
                continue
        return text if text else None

    def help_text(self) -> str:
        assert isinstance(self.field, IntegerField)
        return _with_bounds(super().help_text(), self.field.integer_min, self.field.integer_max, self.form.t)


class DateWidget(FieldWidget):
    """A text input for YYYY-MM-DD with a date picker behind its calendar button. The picker has no
    header (before a day is picked it read "— —"; the input shows the date) and closes once a day is
    picked (Quasar gives the focus back to the calendar button)."""

    def build(self, value: Any) -> None:
        assert isinstance(self.field, DateField)
        control = ui.input(self.label, value=value if isinstance(value, str) else "") \
            .props('outlined stack-label mask="####-##-##" placeholder=YYYY-MM-DD')
        self._control(control)
        lowest = (self.field.date_min or "0000-01-01").replace("-", "/")  # QDate's own format
        highest = (self.field.date_max or "9999-12-31").replace("-", "/")
        name = self.form.t("pick_date")
        with control.add_slot("append"):
            with ui.menu() as menu:
                picker = ui.date(mask="YYYY-MM-DD").bind_value(control).props("minimal")
                picker.on("update:model-value", menu.close)  # the browser's pick, not the typed text
                # a `:` prop is JavaScript the browser evaluates: a call of assets/form.js
                picker.props[":options"] = f"vanceDaysWithin({json.dumps(lowest)}, {json.dumps(highest)})"
            ui.button(icon="event", on_click=menu.open).props(f'flat round dense aria-label="{name}"').tooltip(name)

    def help_text(self) -> str:
        assert isinstance(self.field, DateField)
        return _with_bounds(super().help_text(), self.field.date_min, self.field.date_max, self.form.t)


def _with_bounds(base: str, low: object, high: object, t: Texts) -> str:
    bounds = (t("between", min=low, max=high) if low is not None and high is not None
              else t("at_least", min=low) if low is not None
              else t("at_most", max=high) if high is not None else "")
    return " · ".join(part for part in (base, bounds) if part)


class BooleanWidget(FieldWidget):
    inline_error = False

    def build(self, value: Any) -> None:
        self.control = ui.checkbox(self.label, value=value if isinstance(value, bool) else False)
        self.control.on_value_change(self._changed)
        self.control.mark(f"field-{self.field.name}")

    def value(self) -> Any:
        return bool(self.control.value)


class SelectWidget(FieldWidget):
    def build(self, value: Any) -> None:
        assert isinstance(self.field, SelectField)
        options = {c.value: localize(c.label, self.form.lang) for c in self.field.choices}
        start = value if isinstance(value, str) and value in options else None
        self._control(ui.select(options, label=self.label, value=start, clearable=not self.field.required)
                      .props("outlined"))


class MultiSelectWidget(FieldWidget):
    inline_error = False

    def build(self, value: Any) -> None:
        assert isinstance(self.field, MultiSelectField)
        picked = set(value) if isinstance(value, list) else set()
        self.checkboxes: dict[str, ui.checkbox] = {}
        group_label = ui.label(self.label).classes("vance-label")
        with aria(ui.row(), role="group", labelledby=dom_id(group_label)) \
                .classes("gap-x-4 gap-y-0 flex-wrap") as self.choice_group:
            for choice in self.field.choices:
                box = ui.checkbox(localize(choice.label, self.form.lang), value=choice.value in picked,
                                  on_change=self._changed)
                self.checkboxes[choice.value] = box

    def value(self) -> Any:
        return [v for v, box in self.checkboxes.items() if box.value]


WIDGETS: dict[type, type[FieldWidget]] = {
    StringField: TextWidget, PasswordField: TextWidget, TextareaField: TextareaWidget,
    IntegerField: IntegerWidget, DateField: DateWidget, BooleanField: BooleanWidget,
    SelectField: SelectWidget, MultiSelectField: MultiSelectWidget,
}


__all__ = ["WIDGETS", "FieldWidget", "FormHost", "WidgetGroup", "label_text"]
