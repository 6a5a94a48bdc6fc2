"""What a screen reader needs to know about a form field (issue 17), kept apart from the widgets.

Required and invalid state, the help text as description, and inside a repeat entry a name that
says which entry ("Name, entry 2"), so a list of entries does not read as one label over and over.
They go on the field's own element: the native input or textarea of a text field (Quasar passes
unknown attributes on to it), the checkbox of a boolean, the combobox of a select (through
vance.js, see `bridged_aria`), the group of a multi-select's checkboxes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nicegui import ui
from nicegui.element import Element

from vance_ui.web.shell.a11y import aria, bridged_aria, dom_id, name_password_toggle
from vance_ui.web.shell.i18n import Texts
from vance_ui.wizards.format.localization import localize

if TYPE_CHECKING:
    from vance_ui.web.form.repeat import _Entry
    from vance_ui.web.form.widgets import FieldWidget

# roles that take aria-required (ARIA 1.2); a multi-select's group and a repeat do not
_REQUIRABLE = ("string", "password", "textarea", "integer", "date", "select", "boolean")


def target(widget: FieldWidget) -> Element | None:
    """The element that stands for the field: its control, or its group of checkboxes."""
    return widget.choice_group if widget.field.type == "multi_select" else widget.control


def _set(widget: FieldWidget, element: Element, **attributes: str | bool | None) -> None:
    if widget.field.type == "select":
        bridged_aria(element, **attributes)
    else:
        aria(element, **attributes)


def describe_field(widget: FieldWidget, help_label: ui.label | None) -> None:
    """Once built: required (where the role allows it) and the help text as its description."""
    element = target(widget)
    if element is None:
        return
    if widget.field.required and widget.field.type in _REQUIRABLE:
        _set(widget, element, required=True)
    if widget.field.type == "password":
        name_password_toggle(element, widget.form.t("show_password"))
    widget.described_by = [dom_id(help_label)] if help_label is not None else []
    _describe(widget)


def mark_invalid(widget: FieldWidget, message: str | None) -> None:
    """aria-invalid while an error shows; an error line of our own (checkbox, multi-select) also
    becomes part of the description, Quasar's own error text is announced by Quasar (role=alert)."""
    element = target(widget)
    if element is None:
        return
    _set(widget, element, invalid=True if message else None)
    _describe(widget)


def name_in_entry(item: _Entry, number: int, t: Texts) -> None:
    """The entry's fields, its remove button and the entry itself say which entry they belong to."""
    aria(item.card, role="group", labelledby=dom_id(item.title))
    aria(item.remove, label=t("remove_item_n", n=number))
    for widget in item.group.widgets.values():
        element = target(widget)
        if element is None or widget.field.type == "repeat":
            continue
        name = t("field_in_entry", label=localize(widget.field.label, widget.form.lang), n=number)
        if widget.field.type == "multi_select":
            aria(element, labelledby=None, label=name)
        else:
            _set(widget, element, label=name)


def name_group(box: Element, label: Element, help_label: Element | None) -> None:
    """A repeat as a whole: a group named by its label, described by its help text."""
    aria(box, role="group", labelledby=dom_id(label),
         describedby=dom_id(help_label) if help_label is not None else None)


def _describe(widget: FieldWidget) -> None:
    element = target(widget)
    if element is None:
        return
    ids = list(widget.described_by)
    error_label = widget.error_label
    if error_label is not None and error_label.visible and error_label.text:
        ids.append(dom_id(error_label))
    _set(widget, element, describedby=" ".join(ids) or None)
