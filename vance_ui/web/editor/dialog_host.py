"""The editor in a full-screen dialog over the chat page: Edit, Customize, Duplicate, New wizard and
Import in the Wizards tab open it here, so opening is a websocket update, not a page load (the
`/editor` page stays for deep links and new tabs).

The dialog is modal and named by the editor's heading, which takes the focus when it opens; Back,
Escape and the dialog's own closing ask first when there are unsaved changes; on close the focus
returns to the button that opened it (or, when the Wizards tab was rebuilt after a save, to the same
wizard's actions button)."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping

from nicegui import ui

from vance_ui.web.editor import browser
from vance_ui.web.shell.a11y import aria
from vance_ui.web.shell.context import PageContext

#: the longest the dialog waits for its preview before it opens without it
PREVIEW_WAIT_S = 1.0

#: the longest the rest of the form waits for the browser to paint its first screen
FIRST_SCREEN_WAIT_S = 0.5


async def open_editor(ctx: PageContext, query: Mapping[str, str], opener: ui.element | None = None) -> None:
    """Open the editor for `query` (the `/editor` page's query: wizard, layer, from, mode)."""
    from vance_ui.web.editor.page import Editor  # the editor's modules load with the first editor

    def close() -> None:
        dialog.close()

    client = ui.context.client
    with client.content:  # not inside the menu that was clicked: it is rebuilt on its next opening
        dialog = ui.dialog().props("maximized persistent no-refocus transition-show=none transition-hide=none "
                               "transition-duration=0") \
            .mark("editor-dialog")
        with dialog, ui.card().classes("vance-editor-sheet").mark("editor-sheet") as sheet:
            editor = Editor(ctx, query, on_close=close)
    aria(dialog, labelledby=f"c{editor.header.heading.id}")

    async def escape() -> None:
        await editor.commands.leave()

    # on the key's release, and not when something inside used it (a select closing its list)
    sheet.on("keydown.esc", js_handler=browser.ESCAPE_PRESSED)
    sheet.on("keyup.esc", escape, js_handler=browser.ESCAPE_RELEASED)

    def closed() -> None:
        wizard = query.get("wizard") or ""
        if opener is not None:  # the Wizards tab may have been rebuilt meanwhile: see `vanceEditor.refocus`
            browser.call("refocus", opener.id, wizard)
        dialog.delete()

    dialog.on_value_change(lambda e: None if e.value else closed())
    await editor.previewed(PREVIEW_WAIT_S)  # the browser gets the closed dialog meanwhile (not rendered)
    if dialog.is_deleted:
        return
    dialog.open()
    with contextlib.suppress(TimeoutError):  # no browser to ask (a test's simulated one): build on
        await browser.call("painted", timeout=FIRST_SCREEN_WAIT_S)
    if not dialog.is_deleted:
        editor.finish_opening()
