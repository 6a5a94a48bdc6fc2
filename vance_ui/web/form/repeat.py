"""A repeat field: one card per entry, each entry its own Group; add/remove honour min and max.

Entries are added and removed one container at a time, so what was typed elsewhere survives.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from nicegui import ui

from vance_ui.web.form.aria import name_group, name_in_entry
from vance_ui.web.form.widgets import FieldWidget, FormHost, Group
from vance_ui.wizards.format.localization import localize
from vance_ui.wizards.format.schema import RepeatField
from vance_ui.wizards.rules.paths import Path
from vance_ui.wizards.rules.validation import initial_item, initial_value


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
            name_in_entry(item, index + 1, self.form.t)
            item.remove.set_enabled(len(self.items) > self.repeat.min)
            item.group.each(functools.partial(_renumber, repeat_path=self.path, index=index))
        self.add_button.set_enabled(len(self.items) < self.repeat.max)

    def value(self) -> Any:
        return [item.group.values() for item in self.items]

    def children(self) -> list[Group]:
        return [item.group for item in self.items]

    def focus(self) -> None:
        self.add_button.run_method("focus")


def _renumber(widget: FieldWidget, repeat_path: Path, index: int) -> None:
    depth = len(repeat_path)
    if widget.path[:depth] == repeat_path:
        widget.path = (*repeat_path, index, *widget.path[depth + 1:])
