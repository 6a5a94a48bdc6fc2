"""What the wizard dialog says besides its fields.

`StatusLine`: the line right above the footer's buttons, where the user is looking (a polite live
region): what Check found, a render that failed, why the form was refused (each field a link to
it), or that the form was reset, with Undo. Empty, it takes no room at all.

`Announcer`: a visually hidden live region for what only a screen reader needs to be told, because
the eye sees it at once: fields a condition showed or hid, the page Next went to.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal

from nicegui import ui
from nicegui.element import Element

Kind = Literal["error", "hint", "undo"]
KINDS = ("error", "hint", "undo")
ICONS = {"error": "error_outline", "hint": "tips_and_updates", "undo": "restart_alt"}


class FieldLink:
    """A line of the status that goes to a field: its text and the field's box."""

    def __init__(self, text: str, box: Element, on_click: Callable[[], Any]) -> None:
        self.text, self.box, self.on_click = text, box, on_click


class StatusLine:
    def __init__(self) -> None:
        self.box = ui.column().classes("vance-status w-full gap-1").props("role=status aria-live=polite") \
            .mark("wizard-status")
        self.box.set_visibility(False)
        self.kind: Kind | None = None  # what it shows; None: nothing

    def show(self, lines: Sequence[str], kind: Kind, links: Sequence[FieldLink] = ()) -> None:
        """Lines of text, then one link per field."""
        self._start(kind if lines or links else None)
        with self.box:
            for line in lines:
                with self._row(kind):
                    ui.label(line).classes("whitespace-pre-line")
            if links:
                with ui.element("ul").classes("vance-status-links"):
                    for link in links:
                        with ui.element("li"):  # href "#<the box's DOM id>"; form.js focuses its control
                            ui.link(link.text, link.box).classes("vance-field-link").on("click", link.on_click) \
                                .mark("status-link")

    def offer(self, text: str, action: str, on_action: Callable[[], Any], details: Sequence[str] = ()) -> None:
        """A line with one button (Undo), then `details`, a line each."""
        self._start("undo")
        with self.box:
            with self._row("undo"):
                ui.label(text)
                ui.button(action, on_click=on_action).props("flat dense no-caps color=primary") \
                    .classes("vance-status-action").mark("status-action")
            for line in details:
                ui.label(line).classes("whitespace-pre-line vance-status-detail")

    def clear(self) -> None:
        self._start(None)

    def _start(self, kind: Kind | None) -> None:
        self.box.clear()
        self.kind = kind
        self.box.classes(remove=" ".join(f"vance-banner-{k}" for k in KINDS) + " vance-banner")
        if kind is not None:
            self.box.classes(add=f"vance-banner vance-banner-{kind}")
        self.box.set_visibility(kind is not None)

    def _row(self, kind: Kind) -> ui.row:
        with ui.row().classes("items-center gap-2 no-wrap") as row:
            ui.icon(ICONS[kind])
        return row


class Announcer:
    """Read out, not shown. Always in the page (a live region that appears is not always read)."""

    def __init__(self) -> None:
        self.region = ui.label().classes("vance-sr-only").props("aria-live=polite").mark("wizard-announce")

    def say(self, text: str) -> None:
        self.region.text = text
