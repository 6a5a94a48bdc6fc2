"""FormFields: the ONE renderer for a list of wizard form fields (spec section 8, "Shared Form-Engine").

It builds every field type from the domain's fields (one widget class per type), returns the
values, shows and hides fields as the service's visibility says, and places server-side errors
(`("members", 2, "name")`) and Check hints at the exact field. It never validates or evaluates a
`showIf` by itself: both come from the service.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
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


@dataclass
class Changes:
    """The fields a report showed and hid."""

    shown: list[FieldWidget]
    hidden: list[FieldWidget]


class FormFields:
    """Renders `fields` into the current slot (or, with `place`, each top-level field into the
    container `place(name)` enters: its page); `values()` reads them back. With `first`, only the
    first `first` top-level fields are built until `finish` is called (a long form's first screen)."""

    def __init__(self, fields: Sequence[FormField], values: Mapping[str, Any] | None, t: Texts, lang: str,
                 on_change: ChangeHandler | None = None, place: Callable[[str], Any] | None = None,
                 first: int | None = None) -> None:
        self.t, self.lang = t, lang
        self._on_change = on_change
        start = {**{f.name: initial_value(f) for f in fields}, **(values or {})}
        with ui.column().classes("vance-form w-full gap-4") as self.container:
            self.group = Group(fields, start, self, (), place, first)

    @property
    def unfinished(self) -> bool:
        """Some top-level fields wait for `finish`."""
        return bool(self.group.pending)

    def finish(self) -> None:
        self.group.finish()

    def changed(self) -> None:
        if self._on_change is not None:
            self._on_change()

    def edited(self, path: Path) -> None:
        """A field changed by the user: its top-level field is no longer "from the chat"."""
        top = self.group.widgets.get(str(path[0])) if path else None
        if top is not None:
            top.unmark_filled()
        self.changed()

    def mark_filled(self, names: Sequence[str]) -> None:
        """The top-level fields `names` were filled from the chat: each says so until it is edited."""
        for name in names:
            widget = self.group.widgets.get(name)
            if widget is not None:
                widget.mark_filled(self.t("from_chat"), self.t("from_chat_sr"))

    def values(self) -> dict[str, Any]:
        return self.group.values()

    def show(self, visibility: Visibility) -> Changes:
        """Hide what a showIf hides; every value stays in its widget. Returns the fields this shows
        and hides that were hidden and shown before (not those the service sees for the first time)."""
        changes = Changes([], [])

        def apply(widget: FieldWidget) -> None:
            shown = widget.path not in visibility.hidden
            if widget.set_shown(shown):
                (changes.shown if shown else changes.hidden).append(widget)

        self.group.each(apply)
        return changes

    def locate(self, path: Path) -> FieldWidget | None:
        return self.group.locate(path)

    def clear_errors(self) -> None:
        self.group.each(lambda w: w.set_error(None))

    def show_errors(self, errors: Sequence[FieldError]) -> list[FieldError]:
        """Show each error at its field (and none elsewhere); returns the ones no field matched."""
        unplaced: list[FieldError] = []
        messages: dict[int, tuple[FieldWidget, list[str]]] = {}
        for error in errors:
            widget = self.group.locate(error.path)
            if widget is None:
                unplaced.append(error)
                continue
            messages.setdefault(id(widget), (widget, []))[1].append(error.message(self.t.lang))
        texts = {key: " ".join(dict.fromkeys(found)) for key, (_, found) in messages.items()}
        self.group.each(lambda w: w.set_error(texts.get(id(w))) if w.error != texts.get(id(w)) else None)
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
