"""Groups of widgets: `Group`, the widgets of one list of fields (the whole form, or one repeat
entry), and `RepeatWidget`, a repeat field with one card per entry, each entry its own Group
(add/remove honour min and max). Entries are added and removed one container at a time, so what
was typed elsewhere survives.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from nicegui import ui

from vance_ui.web.form.aria import name_group, name_in_entry
from vance_ui.web.form.widgets import WIDGETS, FieldWidget, FormHost
from vance_ui.wizards.format.localization import localize
from vance_ui.wizards.format.paths import Path
from vance_ui.wizards.format.schema import FormField, RepeatField
from vance_ui.wizards.rules.validation import initial_item, initial_value


class Group:
    """The widgets of one list of fields: the whole form, or one repeat item. `place` puts each
    top-level widget where it belongs (its page). With `first`, only the first `first` fields are
    built now and `finish` builds the others after them; until then `values` gives their starting
    values."""

    def __init__(self, fields: Sequence[FormField], values: Mapping[str, Any], form: FormHost, prefix: Path = (),
                 place: Callable[[str], Any] | None = None, first: int | None = None) -> None:
        self.widgets: dict[str, FieldWidget] = {}
        self.fields = list(fields)
        self.form, self.prefix, self.place = form, prefix, place
        self.slot = ui.context.slot  # where the fields are built (`place` may enter a page inside it)
        cut = len(self.fields) if first is None else first
        self.pending: dict[str, Any] = {field.name: values.get(field.name) for field in self.fields[cut:]}
        for field in self.fields[:cut]:
            self._build(field, values.get(field.name))

    def _build(self, field: FormField, value: Any) -> None:
        kind = RepeatWidget if isinstance(field, RepeatField) else WIDGETS[type(field)]
        with self.slot, self.place(field.name) if self.place is not None else contextlib.nullcontext():
            self.widgets[field.name] = kind(field, value, self.form, (*self.prefix, field.name))

    def finish(self) -> None:
        """Build the fields `first` left out, after the others."""
        pending, self.pending = self.pending, {}
        for field in self.fields:
            if field.name in pending:
                self._build(field, pending[field.name])

    def values(self) -> dict[str, Any]:
        return {field.name: self.widgets[field.name].value() if field.name in self.widgets
                else self.pending[field.name] for field in self.fields}

    def each(self, action: Callable[[FieldWidget], None]) -> None:
        for widget in self.widgets.values():
            action(widget)
            for group in widget.children():
                group.each(action)

    def locate(self, path: Path) -> FieldWidget | None:
        """The widget at `path` (`("members", 2, "name")`), or the closest one that holds it."""
        if not path or not isinstance(path[0], str):
            return None
        widget = self.widgets.get(path[0])
        rest = path[1:]
        if widget is not None and len(rest) >= 2 and isinstance(rest[0], int):
            groups = widget.children()
            if rest[0] < len(groups):
                return groups[rest[0]].locate(rest[1:]) or widget
        return widget



class _Entry:
    """One entry: a card with its title, a remove button and the entry's own Group."""

    def __init__(self, repeat: RepeatWidget, values: Mapping[str, Any], index: int) -> None:
        self.repeat = repeat
        field = repeat.repeat
        start = {**initial_item(field), **values}
        with repeat.items_box, ui.card().classes("vance-item w-full").props("flat bordered") as self.card:
            with ui.row().classes("w-full items-center justify-between"):
                self.title = ui.label().classes("vance-item-title")
                self.remove = ui.button(icon="delete_outline", on_click=self.remove_me) \
                    .props("flat round dense color=grey-7") \
                    .tooltip(repeat.form.t("remove_item")).mark(f"remove-{field.name}")
            self.group = Group(field.item, start, repeat.form, (*repeat.path, index))

    def remove_me(self) -> None:
        self.repeat.remove_item(self)


class RepeatWidget(FieldWidget):
    inline_error = False

    def __init__(self, field: RepeatField, value: Any, form: FormHost, path: Path) -> None:
        self.repeat = field
        self.items: list[_Entry] = []
        super().__init__(field, value, form, path)

    def build(self, value: Any) -> None:
        t, field = self.form.t, self.repeat
        with ui.row().classes("items-baseline gap-2"):
            label = ui.label(self.label).classes("vance-label text-base")
            ui.label(t("item_bounds", min=field.min, max=field.max)).classes("vance-help")
        help_label = ui.label(localize(field.help, self.form.lang)).classes("vance-help") if field.help else None
        name_group(self.box, label, help_label)
        self.items_box = ui.column().classes("w-full gap-3")
        self.add_button = ui.button(t("add_item"), icon="add", on_click=self.add) \
            .props("flat no-caps color=primary").mark(f"add-{field.name}")
        starting = value if isinstance(value, list) else initial_value(field)
        for item in starting[: field.max]:
            self.items.append(_Entry(self, item if isinstance(item, Mapping) else {}, len(self.items)))
        while len(self.items) < field.min:
            self.items.append(_Entry(self, {}, len(self.items)))
        self._sync()

    def help_text(self) -> str:
        return ""  # shown under the title above

    def add(self) -> None:
        if len(self.items) >= self.repeat.max:
            return
        self.items.append(_Entry(self, {}, len(self.items)))
        self._sync()
        self._changed()

    def remove_item(self, item: _Entry) -> None:
        if len(self.items) <= self.repeat.min or item not in self.items:
            return
        self.items.remove(item)
        self.items_box.remove(item.card)
        self._sync()
        self._changed()

    def _sync(self) -> None:
        """Numbers and paths follow the entries' places (entry 3 becomes entry 2 when 2 goes)."""
        for index, item in enumerate(self.items):
            item.title.text = self.form.t("item_n", n=index + 1)
            widgets = item.group.widgets.values()
            fields = ((widget.aria, localize(widget.field.label, self.form.lang)) for widget in widgets)
            name_in_entry(item.card, item.title, item.remove, fields, index + 1, self.form.t)
            item.remove.set_enabled(len(self.items) > self.repeat.min)
            item.group.each(functools.partial(_renumber, repeat_path=self.path, index=index))
        self.add_button.set_enabled(len(self.items) < self.repeat.max)

    def value(self) -> Any:
        return [item.group.values() for item in self.items]

    def children(self) -> list[Group]:
        return [item.group for item in self.items]


def _renumber(widget: FieldWidget, repeat_path: Path, index: int) -> None:
    depth = len(repeat_path)
    if widget.path[:depth] == repeat_path:
        widget.path = (*repeat_path, index, *widget.path[depth + 1:])
