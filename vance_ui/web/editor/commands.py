"""The editor's commands: save (refused while the text does not load; a conflict when someone
saved in between, nothing lost), history and restore, export, import, delete and leave.
A mixin of `Editor`, which holds the state these work on."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from urllib.parse import urlencode

from nicegui import ui

from vance_ui.authoring.service import LayerForbidden, SourceInvalid, SourceNotFound, VersionConflict, WizardAuthoring
from vance_ui.web.editor import browser, dialogs
from vance_ui.web.editor.browser import LeaveGuard
from vance_ui.web.editor.history import pick_version
from vance_ui.web.editor.undo_delete import deleted
from vance_ui.web.shell.context import PageContext
from vance_ui.wizards.catalog.model import Source
from vance_ui.wizards.format.schema import WIZARD_NAME_RE
from vance_ui.wizards.format.yaml_source import SourceProblem

PLACEHOLDER_NAME = "new-wizard"  # what an unnamed wizard is checked as


class EditorCommands:
    ctx: PageContext
    authoring: WizardAuthoring
    problems: list[SourceProblem]
    name: str
    layer: Source
    version: str | None
    exists: bool
    text: str
    saved_text: str
    target_row: ui.row
    layer_label: ui.label
    tabs: ui.tabs
    name_input: ui.input
    guard: LeaveGuard
    on_close: Callable[[], None] | None  # in a dialog: closes it; None: the editor is the page

    @property
    def dirty(self) -> bool:
        """Changed since opened or saved (a new wizard: since its starting text)."""
        return self.text != self.saved_text

    def _sync_dirty(self) -> None:
        raise NotImplementedError

    def _show_problems(self, problems: list[SourceProblem]) -> None:
        raise NotImplementedError

    async def until_checked(self) -> None:
        raise NotImplementedError

    def replace_text(self, text: str, saved: bool = False) -> None:
        raise NotImplementedError

    async def save(self, if_match: str | bool | None = True) -> bool:
        """Save the text; `if_match` True: the version this editor read (a conflict if it changed)."""
        t, scope = self.ctx.t, self.ctx.scope
        await self.until_checked()  # the text as it is now was checked
        if not WIZARD_NAME_RE.fullmatch(self.name):
            return False
        if self.problems:
            ui.notify(t("editor_save_refused"), type="warning")
            return False
        expected = self.version if if_match is True else (if_match or None)
        if not self.exists and if_match is True:
            try:  # a new file must not replace one made meanwhile without asking
                found = await asyncio.to_thread(self.authoring.read, scope, self.name, self.layer)
                return await self._conflict(VersionConflict(found.version))
            except SourceNotFound:
                expected = None
        text = self.text
        try:
            saved = await asyncio.to_thread(self.authoring.save, scope, self.name, self.layer, text, expected)
        except SourceInvalid as invalid:
            self._show_problems(invalid.problems)
            ui.notify(t("editor_save_refused"), type="warning")
            return False
        except VersionConflict as conflict:
            return await self._conflict(conflict)
        except LayerForbidden:
            ui.notify(t("editor_forbidden"), type="negative")
            return False
        self.version, self.saved_text, self.exists = saved.version, text, True
        self.target_row.visible = False
        self.layer_label.text = t("editor_layer", layer=t(f"layer_{self.layer}"))
        self._sync_dirty()
        if self.on_close is None:  # the page's URL opens what it now edits
            browser.call("replaceUrl", "/editor?" + urlencode({"wizard": self.name, "layer": self.layer}))
        ui.notify(t("editor_saved", name=self.name), type="positive")
        return True

    async def _conflict(self, conflict: VersionConflict) -> bool:
        answer = await dialogs.settle_conflict(self.ctx.t)
        if answer == "overwrite":
            return await self.save(conflict.current)
        if answer == "theirs":
            await self._load_stored()
        return False

    async def _load_stored(self) -> None:
        try:
            stored = await asyncio.to_thread(self.authoring.read, self.ctx.scope, self.name, self.layer)
        except SourceNotFound:
            self.version, self.exists = None, False
            self.target_row.visible = True
            self._sync_dirty()
            return
        self.version, self.exists = stored.version, True
        self.replace_text(stored.text, saved=True)

    async def show_history(self) -> None:
        entry = await pick_version(self.ctx.t, self.authoring, self.ctx.scope, self.name, self.layer, self.text)
        if entry is None:
            return
        t = self.ctx.t
        if self.dirty and not await dialogs.confirm(
                t, t("discard_title"), t("discard_body"), t("discard_ok")):
            return
        try:
            restored = await asyncio.to_thread(self.authoring.restore, self.ctx.scope, self.name, self.layer, entry,
                                               self.version)
        except VersionConflict as conflict:
            await self._conflict(conflict)
            return
        except (SourceInvalid, SourceNotFound) as problem:
            ui.notify(t("history_restore_failed", error=str(problem)), type="warning")
            return
        self.version, self.exists = restored.version, True
        self.replace_text(restored.text, saved=True)
        ui.notify(t("history_restored"), type="positive")

    def export(self) -> None:
        ui.download.content(self.text.encode("utf-8"), f"{self.name or PLACEHOLDER_NAME}.yaml", "application/yaml")

    async def import_file(self) -> None:
        """An uploaded file replaces the text (not saved yet): the author sees it and its problems first."""
        uploaded = await dialogs.ask_import(self.ctx.t)
        if uploaded is None:
            return
        file_name, text = uploaded
        if not self.exists:
            stem = file_name.rsplit("/", 1)[-1].rsplit(".", 1)[0]
            if WIZARD_NAME_RE.fullmatch(stem):
                self.name_input.set_value(stem)
        self.replace_text(text)
        self.tabs.set_value("yaml")

    async def delete(self) -> None:
        t = self.ctx.t
        if not await dialogs.confirm(t, t("editor_delete_title", name=self.name),
                                     t("editor_delete_body", layer=t(f"layer_{self.layer}")), t("delete"),
                                     mark="editor-delete-confirm"):
            return
        try:
            await asyncio.to_thread(self.authoring.delete, self.ctx.scope, self.name, self.layer, self.version)
        except VersionConflict as conflict:
            await self._conflict(conflict)
            return
        except (SourceNotFound, LayerForbidden) as problem:
            ui.notify(str(problem), type="warning")
            return
        self.saved_text = self.text
        self.guard.release()
        deleted(self.ctx, self.name, self.layer)  # while this dialog's slot still exists
        self._go()

    async def leave(self) -> bool:
        """Back, Escape or the dialog's close: asks first when there are unsaved changes."""
        t = self.ctx.t
        if self.dirty and not await dialogs.confirm(t, t("leave_title"), t("leave_body"), t("leave_ok"),
                                                    mark="editor-leave"):
            return False
        self.guard.release()
        self._go()
        return True

    def _go(self) -> None:
        if self.on_close is not None:
            self.on_close()
        else:
            ui.navigate.to("/")
