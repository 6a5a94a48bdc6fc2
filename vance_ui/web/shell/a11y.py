"""Small helpers for screen readers and keyboards, shared by the pages and the form.

Attributes are set in the props dict, not through NiceGUI's prop-string parser, so a label with
quotes or spaces (a wizard title, a chat title) is always passed whole. Quasar hands unknown
attributes of an input or checkbox on to its focusable native element; for the two parts where it
does not (a select's combobox, a drawer's <aside>) `bridged_aria` has vance.js put them there.
"""

from __future__ import annotations

import json
from typing import TypeVar

from nicegui.element import Element

E = TypeVar("E", bound=Element)

# vance.js gives every element with this class Enter/Space activation (a click), see `activatable`
ACTIVATABLE = "vance-activatable"
BRIDGE = "data-vance-aria"


def dom_id(element: Element) -> str:
    """The id NiceGUI gives the element's DOM node: what aria-labelledby / -describedby point at."""
    return f"c{element.id}"


def _names(attributes: dict[str, str | bool | None]) -> dict[str, str | None]:
    """`label=` -> aria-label, `role=` -> role; booleans as ARIA wants them; None: remove it."""
    return {(key if key == "role" else "aria-" + key.replace("_", "")):
            (("true" if value else "false") if isinstance(value, bool) else value)
            for key, value in attributes.items()}


def aria(element: E, **attributes: str | bool | None) -> E:
    """`aria(button, label="Send")` sets aria-label; `role=` sets role; None removes the attribute.
    The element is updated if it is already shown in a browser and something changed."""
    changed = False
    for name, value in _names(attributes).items():
        if value is None:
            changed |= element.props.pop(name, None) is not None
        elif element.props.get(name) != value:
            element.props[name] = value
            changed = True
    if changed:
        element.update()
    return element


def bridged_aria(element: E, **attributes: str | bool | None) -> E:
    """Like `aria`, for a select (onto its combobox) or a drawer (onto its <aside>): the attributes
    travel as JSON in `data-vance-aria` and vance.js sets them (None removes one there too)."""
    wanted = json.loads(element.props.get(BRIDGE, "{}"))
    wanted.update(_names(attributes))
    text = json.dumps(wanted, ensure_ascii=False, separators=(",", ":"))
    if element.props.get(BRIDGE) != text:
        element.props[BRIDGE] = text
        element.update()
    return element


def activatable(element: E, label: str | None = None) -> E:
    """A clickable non-button (a card, a list entry) reachable with Tab and pressed with Enter or
    Space, like a real button. Its `click` handler does the work; vance.js turns the keys into a click."""
    element.classes(ACTIVATABLE)
    element.props["tabindex"] = "0"
    return aria(element, role="button", label=label)


def name_password_toggle(field: Element, label: str) -> None:
    """NiceGUI's show-password eye is a bare icon: make it a named button a keyboard can press."""
    slot = field.slots.get("append")
    for icon in slot.children if slot is not None else []:
        aria(activatable(icon, label), hidden=False)  # Quasar hides icons from screen readers


def drawer_landmark(drawer: E, label: str) -> E:
    """Names a drawer's <aside> landmark: two unnamed ones cannot be told apart."""
    return bridged_aria(drawer, label=label)
