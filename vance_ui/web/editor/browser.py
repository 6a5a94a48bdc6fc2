"""The editor's calls into its browser side, `assets/editor.js` (`window.vanceEditor`): each a named
function called with JSON arguments, never JavaScript assembled here. The pages that host the editor
load the script (`add_script`, from `style.add_editor_assets`); tests/web/test_editor_script.py checks
that every function called here is defined there."""

from __future__ import annotations

import json

from nicegui import ui
from nicegui.awaitable_response import AwaitableResponse

SCRIPT_URL = "/assets/editor.js"

#: key handlers (`js_handler`) for Escape: the press is noted, its release sent unless the press was used
ESCAPE_PRESSED = "(event) => vanceEditor.escapePressed(event)"
ESCAPE_RELEASED = "(event) => vanceEditor.escapeReleased(event, emit)"


def add_script() -> None:
    """Once per page, while it builds: in its HTML, so it runs before any call arrives."""
    ui.add_head_html(f'<script defer src="{SCRIPT_URL}"></script>')


def call(function: str, *args: object, timeout: float = 1.0) -> AwaitableResponse:
    """`vanceEditor.<function>(*args)` in this page's browser; await it for the answer."""
    arguments = ", ".join(json.dumps(arg) for arg in args)
    return ui.run_javascript(f"vanceEditor.{function}({arguments})", timeout=timeout)


class LeaveGuard:
    """Whether the browser asks before the tab closes: on while the editor has unsaved changes.
    The only caller of `vanceEditor.setDirty` (one editor per page at a time)."""

    def __init__(self) -> None:
        self._on = False  # what the browser was last told

    def follow(self, dirty: bool) -> None:
        """Tell the browser when this changed."""
        if dirty != self._on:
            self._on = dirty
            call("setDirty", dirty)

    def release(self) -> None:
        """Off, whatever it was (the editor goes: left or deleted)."""
        self._on = False
        call("setDirty", False)
