"""After a delete: "Deleted 'x'." with Undo, in the Wizards tab, until dismissed or the next delete.

A toast would be gone before a keyboard or screen-reader user reached its button, so the notice is
a status region (announced when it changes) with two plain buttons. Undo writes back the version
the delete removed, which the layer's history keeps; a file made again under that name meanwhile
is not overwritten (and, should one be written in the same instant, its text stays in the history).
The editor in a dialog over this page deletes through the same notice; the `/editor` page, which
has no Wizards tab, shows the plain message. The focus moves through the editor's script
(`browser.py`), which the chat page loads with the editor's assets.
"""

from __future__ import annotations

import asyncio
from weakref import WeakKeyDictionary

from nicegui import Client, ui

from vance_ui.authoring.service import LayerForbidden, SourceInvalid, SourceNotFound, WizardAuthoring
from vance_ui.web.editor import browser
from vance_ui.web.shell.a11y import aria
from vance_ui.web.shell.context import PageContext
from vance_ui.wizards.catalog.model import Source

_NOTICES: WeakKeyDictionary[Client, DeletedNotice] = WeakKeyDictionary()


class UndoRefused(Exception):
    """Why the deleted version cannot be written back (said to the user as is)."""


class DeletedNotice:
    """The page's one notice; `deleted` shows it. The status region stays in the page, empty while
    there is nothing to say: a live region that appears together with its text is often not read."""

    def __init__(self, ctx: PageContext, focus_after: ui.button) -> None:
        self.ctx, self.focus_after = ctx, focus_after  # where the focus goes once the notice is closed
        self.box = aria(ui.row(), role="status").classes("vance-deleted-notice w-full items-center gap-2 no-wrap") \
            .mark("wizard-deleted")
        _NOTICES[ui.context.client] = self

    def show(self, name: str, layer: Source) -> None:
        """The focused entry's menu button goes with the entry: Undo is where the focus goes on."""
        t = self.ctx.t
        self.box.clear()
        with self.box:
            ui.label(t("editor_deleted", name=name)).classes("grow")
            undo = aria(ui.button(t("undo"), on_click=lambda: self.undo(name, layer)),
                        label=t("undo_delete", name=name)) \
                .props("flat dense no-caps color=indigo-9").mark("wizard-undo-delete")  # contrast when focused
            self._close_button()
        _focus_when_mounted(undo)

    def _say(self, text: str) -> None:
        self.box.clear()
        with self.box:
            ui.label(text).classes("grow")
            _focus_when_mounted(self._close_button())

    def _close_button(self) -> ui.button:
        return aria(ui.button(icon="close", on_click=self._close), label=self.ctx.t("close")) \
            .props("flat round dense size=sm").mark("wizard-deleted-close")

    def _close(self) -> None:
        self.box.clear()
        _focus_when_mounted(self.focus_after)

    async def undo(self, name: str, layer: Source) -> None:
        t = self.ctx.t
        try:
            await asyncio.to_thread(restore_deleted, WizardAuthoring(self.ctx.service), self.ctx, name, layer)
        except (UndoRefused, SourceNotFound, LayerForbidden, SourceInvalid) as problem:
            self._say(t("undo_failed", name=name, error=str(problem)))
            return
        self._say(t("wizard_restored", name=name))


def _focus_when_mounted(button: ui.button) -> None:
    """A new element is mounted a frame after its update arrives: the focus waits for it (<= 30 frames)."""
    browser.call("focusWhenMounted", button.id)


def restore_deleted(authoring: WizardAuthoring, ctx: PageContext, name: str, layer: Source) -> None:
    """The newest version in the layer's history written back, if the layer has no such file now."""
    try:
        authoring.read(ctx.scope, name, layer)
    except SourceNotFound:
        pass
    else:
        raise UndoRefused(ctx.t("undo_exists", name=name))
    kept = next((entry for entry in authoring.history(ctx.scope, name, layer) if entry.version is not None), None)
    if kept is None:
        raise UndoRefused(ctx.t("undo_nothing", name=name))
    authoring.restore(ctx.scope, name, layer, kept.id, None)


def deleted(ctx: PageContext, name: str, layer: Source) -> None:
    """Tell the user: with Undo where the page has a Wizards tab, else as a plain message."""
    notice = _NOTICES.get(ui.context.client)
    if notice is not None and not notice.box.is_deleted:
        notice.show(name, layer)
    else:
        ui.notify(ctx.t("editor_deleted", name=name), type="positive")
