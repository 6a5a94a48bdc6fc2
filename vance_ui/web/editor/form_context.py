"""What the form view's parts share while one form is built: the document, the texts and the
language being edited, what to call after an edit, and the registries that later updates reach
(the problem slots, the page pickers, the field cards by path)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from nicegui import ui

from vance_ui.web.editor.problem_slots import ProblemSlots
from vance_ui.web.shell.i18n import Texts
from vance_ui.wizards.format.schema import FIELD_TYPES
from vance_ui.wizards.source.document import FieldPath, SourceDocument

Notify = Callable[[], None]


class FieldCard(Protocol):
    """What the form view asks of a field's card after a check (`field_editor.FieldEditor`)."""

    name: str

    def offer_rename(self, old: str, count: int, on_rename: Callable[[str, str], None]) -> None: ...

    def withdraw_offer(self) -> None: ...


@dataclass
class FormContext:
    doc: SourceDocument
    t: Texts
    lang: str
    edited: Notify  # after a change of a value: the text follows
    rebuilt: Notify  # after a change of the structure: the form is built anew
    renamed: Callable[[str, str], None]  # a top-level field's name changed from, to (while typing)
    focus_next: Callable[[str], None]  # after the next build: focus the control that says `may_focus(key)`
    focus_key: str | None = None  # what this build focuses once it is shown
    slots: ProblemSlots = field(default_factory=ProblemSlots)
    page_titles: list[str] = field(default_factory=list)
    page_pickers: list[ui.select] = field(default_factory=list)
    cards: dict[FieldPath, FieldCard] = field(default_factory=dict)
    focus_target: ui.element | None = None
    new_field_label: ui.input | None = None  # the top level's "Label of the new field"

    def may_focus(self, key: str, element: ui.element) -> None:
        """`element` takes the focus once the form is shown, if this build was asked to focus `key`."""
        if key == self.focus_key:
            self.focus_target = element

    def type_options(self) -> dict[str, str]:
        """Each field type by its name in the author's language (`Text (one line)`, not `string`)."""
        return {kind: self.t(f"field_type_{kind}") for kind in FIELD_TYPES}

    def page_options(self) -> dict[int, str]:
        return dict(enumerate(self.page_titles))

    def page_titled(self, index: int, title: str) -> None:
        """A page's title was edited: every field's page picker shows it."""
        if 0 <= index < len(self.page_titles):
            self.page_titles[index] = title
            for picker in self.page_pickers:
                picker.set_options(self.page_options(), value=picker.value)
