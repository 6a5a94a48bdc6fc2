"""Where the keyboard focus goes in the wizard form, and fields brought into view: calls of the
functions in assets/form.js, with the DOM ids they need.

- Opening a form: its first field (not on a touch screen, where the on-screen keyboard would cover
  the form before it was seen).
- Another page (Next, Back, a step) and Reset's Undo: the top of the page now shown, the focus on
  its first field. Reset: the top of the form; the focus stays on Reset, next to its Undo.
- A refused form, an error's link: that field, scrolled into the middle of the pane.
- Fields a condition has just shown: marked for a moment, and scrolled into view when below.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from nicegui import ui
from nicegui.element import Element

from vance_ui.web.shell.a11y import dom_id


def focus_first_field_on_open(dialog: ui.dialog, pane: Element) -> None:
    """Once the dialog is shown: its first field has the focus, so typing goes there at once."""
    dialog.on("show", js_handler=f"() => vanceFormTop({json.dumps(dom_id(pane))}, 'keyboard')")


def show_form_top(pane: Element, *, focus: bool) -> None:
    """The top of the page the form shows, with the focus on its first field (`focus`) or left as is."""
    pane.client.run_javascript(f"vanceFormTop({json.dumps(dom_id(pane))}, {json.dumps('field' if focus else 'none')})")


def focus_field(box: Element) -> None:
    box.client.run_javascript(f"vanceFocusField({json.dumps(dom_id(box))})")


def reveal(boxes: Sequence[Element]) -> None:
    if boxes:
        boxes[0].client.run_javascript(f"vanceReveal({json.dumps([dom_id(box) for box in boxes])})")
