"""What a screen reader needs to know about a form field (issue 17), kept apart from the widgets.

Required and invalid state, the help text as description, and inside a repeat entry a name that
says which entry ("Name, entry 2"), so a list of entries does not read as one label over and over.
They go on the field's own element: the native input or textarea of a text field (Quasar passes
unknown attributes on to it), the checkbox of a boolean, the combobox of a select (through
vance.js, see `bridged_aria`), the group of a multi-select's checkboxes.
"""

from __future__ import annotations

from collections.abc import Iterable

from nicegui import ui
from nicegui.element import Element

from vance_ui.web.shell.a11y import aria, bridged_aria, dom_id, name_password_toggle
from vance_ui.web.shell.i18n import Texts

# roles that take aria-required (ARIA 1.2); a multi-select's group and a repeat do not
_REQUIRABLE = ("string", "password", "textarea", "integer", "date", "select", "boolean")


class FieldAria:
    """What a screen reader knows about one field. `element` stands for the field: its control, or
    a multi-select's group of checkboxes (None: nothing to name, e.g. a repeat)."""

    def __init__(self, element: Element | None, kind: str) -> None:
        self.element, self.kind = element, kind
        self.described_by: list[str] = []  # DOM ids of the help text
        self.error_id: str | None = None  # DOM id of our own error line while it shows an error
        self.own_name: str | None = None  # a name of its own ("Name, entry 2"), see `name`
        self.note_id: str | None = None  # DOM id of a note read with it ("Filled from the chat")

    def describe(self, required: bool, help_label: ui.label | None, t: Texts) -> None:
        """Once built: required (where the role allows it) and the help text as its description."""
        if self.element is None:
            return
        if required and self.kind in _REQUIRABLE:
            self._set(required=True)
        if self.kind == "password":
            name_password_toggle(self.element, t("show_password"))
        self.described_by = [dom_id(help_label)] if help_label is not None else []
        self._describe()

    def mark_invalid(self, message: str | None, error_label: ui.label | None) -> None:
        """aria-invalid while an error shows; an error line of our own (checkbox, multi-select) also
        becomes part of the description, Quasar's own error text is announced by Quasar (role=alert)."""
        if self.element is None:
            return
        self.error_id = dom_id(error_label) if error_label is not None and message else None
        self._set(invalid=True if message else None)
        self._describe()

    def note(self, note: Element | None) -> None:
        """One more line of its description while `note` is there (None: no note)."""
        self.note_id = dom_id(note) if note is not None else None
        if self.element is not None:
            self._describe()

    def name(self, label: str) -> None:
        """A name of its own (inside a repeat entry: "Name, entry 2")."""
        if self.element is None or self.kind == "repeat":
            return
        self.own_name = label
        if self.kind == "multi_select":
            aria(self.element, labelledby=None, label=label)
        else:
            self._set(label=label)

    def _set(self, **attributes: str | bool | None) -> None:
        assert self.element is not None
        if self.kind == "select":
            bridged_aria(self.element, **attributes)
        else:
            aria(self.element, **attributes)

    def _describe(self) -> None:
        ids = [*self.described_by, *(extra for extra in (self.error_id, self.note_id) if extra)]
        self._set(describedby=" ".join(ids) or None)


def name_in_entry(card: Element, title: Element, remove: Element, fields: Iterable[tuple[FieldAria, str]],
                  number: int, t: Texts) -> None:
    """The entry's fields (each with its label), its remove button and the entry itself say which
    entry they belong to."""
    aria(card, role="group", labelledby=dom_id(title))
    aria(remove, label=t("remove_item_n", n=number))
    for field, label in fields:
        field.name(t("field_in_entry", label=label, n=number))


def name_group(box: Element, label: Element, help_label: Element | None) -> None:
    """A repeat as a whole: a group named by its label, described by its help text."""
    aria(box, role="group", labelledby=dom_id(label),
         describedby=dom_id(help_label) if help_label is not None else None)
