"""FormFields: the ONE renderer for a list of wizard form fields (spec section 8, "Shared Form-Engine").

It builds every field type from the domain's fields (one widget class per type), returns the
values, shows and hides fields as the service's visibility says, and places server-side errors
(`("members", 2, "name")`) and Check hints at the exact field. It never validates or evaluates a
`showIf` by itself: both come from the service.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from nicegui import ui

from vance_ui.web.form.groups import Group
from vance_ui.web.form.widgets import FieldWidget
from vance_ui.web.shell.i18n import Texts
from vance_ui.wizards.format.paths import Path, parse_path
from vance_ui.wizards.format.schema import FormField
from vance_ui.wizards.rules.validation import FieldError, initial_value
from vance_ui.wizards.rules.visibility import Visibility

ChangeHandler = Callable[[], None]


class FormFields:
    """Renders `fields` into the current slot (or, with `place`, each top-level field into the
    container `place(name)` enters: its page); `values()` reads them back."""

    def __init__(self, fields: Sequence[FormField], values: Mapping[str, Any] | None, t: Texts, lang: str,
                 on_change: ChangeHandler | None = None, place: Callable[[str], Any] | None = None) -> None:
        self.t, self.lang = t, lang
        self._on_change = on_change
        start = {**{f.name: initial_value(f) for f in fields}, **(values or {})}
        with ui.column().classes("vance-form w-full gap-4") as self.container:
            self.group = Group(fields, start, self, (), place)

    def changed(self) -> None:
        if self._on_change is not None:
            self._on_change()

    def values(self) -> dict[str, Any]:
        return self.group.values()

    def show(self, visibility: Visibility) -> None:
        """Hide what a showIf hides; every value stays in its widget."""
        self.group.each(lambda w: w.set_shown(w.path not in visibility.hidden))

    def locate(self, path: Path) -> FieldWidget | None:
        return self.group.locate(path)

    def clear_errors(self) -> None:
        self.group.each(lambda w: w.set_error(None))

    def show_errors(self, errors: Sequence[FieldError], focus: bool = True) -> list[FieldError]:
        """Show each error at its field; returns the ones no field matched."""
        self.clear_errors()
        unplaced: list[FieldError] = []
        messages: dict[int, tuple[FieldWidget, list[str]]] = {}
        for error in errors:
            widget = self.group.locate(error.path)
            if widget is None:
                unplaced.append(error)
                continue
            text = error.message(self.t.lang)
            messages.setdefault(id(widget), (widget, []))[1].append(text)
        for widget, texts in messages.values():
            widget.set_error(" ".join(dict.fromkeys(texts)))
        first = next(iter(messages.values()), None)
        if first is not None and focus:
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
            path = parse_path(suggestion.field) if suggestion.field else None
            widget = self.group.locate(path) if path else None
            if widget is None:
                general.append(suggestion.suggestion)
            else:
                placed.setdefault(id(widget), (widget, []))[1].append(suggestion.suggestion)
        for widget, texts in placed.values():
            widget.set_hint("\n".join(texts))
        return general
