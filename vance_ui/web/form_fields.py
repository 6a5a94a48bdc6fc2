"""FormFields: the ONE renderer for a list of wizard form fields (spec section 8, "Shared Form-Engine").

It builds every field type from `FieldView`s, returns the values as `Record<string, FormValue>`,
and places server-side errors (`members[2].name`) and Check hints at the exact field. It never
validates by itself: errors always come from the core validator via `service.render`.
Repeat items are added and removed one container at a time, so typed input survives.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from nicegui import ui

from vance_ui.web.form_widgets import FieldWidget, Group, bounds, initial_value, initial_values, label_text
from vance_ui.web.i18n import Texts
from vance_ui.wizards.views import FieldView

__all__ = ["FormFields", "initial_value", "initial_values", "label_text"]

ChangeHandler = Callable[[], None]


class FormFields:
    """Renders `fields` into the current slot; `values()` reads them back."""

    def __init__(self, fields: Sequence[FieldView], values: Mapping[str, Any] | None, t: Texts,
                 on_change: ChangeHandler | None = None) -> None:
        self.t = t
        self._on_change = on_change
        start = {**initial_values(fields), **(values or {})}
        with ui.column().classes("vance-form w-full gap-4") as self.container:
            self.group = Group(fields, start, self)

    def changed(self) -> None:
        if self._on_change is not None:
            self._on_change()

    def values(self) -> dict[str, Any]:
        return self.group.values()

    def clear_errors(self) -> None:
        self.group.each(lambda w: w.set_error(None))

    def show_errors(self, errors: Sequence[Any]) -> list[Any]:
        """Show each `FieldError` at its field; returns the ones no field matched."""
        self.clear_errors()
        unplaced: list[Any] = []
        messages: dict[int, tuple[FieldWidget, list[str]]] = {}
        for error in errors:
            widget = self.group.locate(error.field)
            if widget is None:
                unplaced.append(error)
                continue
            text = self.t.error(error.error, error.message, **bounds(widget.field))
            messages.setdefault(id(widget), (widget, []))[1].append(text)
        for widget, texts in messages.values():
            widget.set_error(" ".join(dict.fromkeys(texts)))
        first = next(iter(messages.values()), None)
        if first is not None:
            first[0].focus()
        return unplaced

    def clear_hints(self) -> None:
        self.group.each(lambda w: w.set_hint(None))

    def show_hints(self, suggestions: Sequence[Any]) -> list[str]:
        """Show Check suggestions next to their fields; returns the texts that match no field."""
        self.clear_hints()
        general: list[str] = []
        placed: dict[int, tuple[FieldWidget, list[str]]] = {}
        for suggestion in suggestions:
            widget = self.group.locate(suggestion.field) if suggestion.field else None
            if widget is None:
                general.append(suggestion.suggestion)
            else:
                placed.setdefault(id(widget), (widget, []))[1].append(suggestion.suggestion)
        for widget, texts in placed.values():
            widget.set_hint("\n".join(texts))
        return general
