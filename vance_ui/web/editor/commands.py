"""The editor's commands: save (refused while the text does not load; a conflict when someone saved
in between, nothing lost), history and restore, export, import, a wizard from a prompt, delete and leave.

`EditorCommands` works on the editor's `EditedWizard` through the authoring service, and asks the
editor's screen (`EditorScreen`, implemented by `page.Editor`) to show what changed."""

from __future__ import annotations

import asyncio
from typing import Protocol
from urllib.parse import urlencode

from nicegui import ui

from vance_ui.authoring.service import LayerForbidden, SourceInvalid, SourceNotFound, VersionConflict, WizardAuthoring
from vance_ui.web.editor import browser, dialogs
from vance_ui.web.editor.browser import LeaveGuard
from vance_ui.web.editor.edited import PLACEHOLDER_NAME, EditedWizard
from vance_ui.web.editor.history import pick_version
from vance_ui.web.editor.insights import open_insights
from vance_ui.web.editor.prompt_dialog import PromptDialog
from vance_ui.web.editor.undo_delete import deleted
from vance_ui.web.shell.context import PageContext
from vance_ui.wizards.format.schema import WIZARD_NAME_RE
from vance_ui.wizards.format.yaml_source import SourceProblem


class EditorScreen(Protocol):
    """What the commands need from the editor on the screen."""

    @property
    def in_dialog(self) -> bool:
        """False: the editor is the `/editor` page (its URL follows a save; leaving goes home)."""

    async def until_checked(self) -> None:
        """Until the text as it is now was checked (`EditedWizard.problems` are its problems)."""

    def show_problems(self, problems: list[SourceProblem]) -> None: ...

    def show_stored(self) -> None:
        """After `exists`, `version` or `saved_text` changed without a new text."""

    def replace_text(self, text: str, saved: bool = False) -> None:
        """New text from elsewhere (the stored file, an import, a restore); `saved`: as stored."""

    def take_name(self, name: str) -> None:
        """The name of a new wizard, as if typed."""

    def show_yaml(self) -> None: ...

    def close(self) -> None:
        """Close the dialog, or leave the page."""


class EditorCommands:
    def __init__(self, ctx: PageContext, authoring: WizardAuthoring, wizard: EditedWizard, guard: LeaveGuard,
                 screen: EditorScreen) -> None:
        self.ctx, self.authoring, self.wizard, self.guard, self.screen = ctx, authoring, wizard, guard, screen

    async def save(self, if_match: str | bool | None = True) -> bool:
        """Save the text; `if_match` True: the version this editor read (a conflict if it changed)."""
        t, scope, wizard = self.ctx.t, self.ctx.scope, self.wizard
        await self.screen.until_checked()  # the text as it is now was checked
        if not wizard.named:
            return False
        if wizard.problems:
            ui.notify(t("editor_save_refused"), type="warning")
            return False
        expected = wizard.version if if_match is True else (if_match or None)
        if not wizard.exists and if_match is True:
            try:  # a new file must not replace one made meanwhile without asking
                found = await asyncio.to_thread(self.authoring.read, scope, wizard.name, wizard.layer)
                return await self._conflict(VersionConflict(found.version))
            except SourceNotFound:
                expected = None
        text = wizard.text
        try:
            saved = await asyncio.to_thread(self.authoring.save, scope, wizard.name, wizard.layer, text, expected)
        except SourceInvalid as invalid:
            self.screen.show_problems(invalid.problems)
            ui.notify(t("editor_save_refused"), type="warning")
            return False
        except VersionConflict as conflict:
            return await self._conflict(conflict)
        except LayerForbidden:
            ui.notify(t("editor_forbidden"), type="negative")
            return False
        wizard.version, wizard.saved_text, wizard.exists = saved.version, text, True
        self.screen.show_stored()
        if not self.screen.in_dialog:  # the page's URL opens what it now edits
            browser.call("replaceUrl", "/editor?" + urlencode({"wizard": wizard.name, "layer": wizard.layer}))
        ui.notify(t("editor_saved", name=wizard.name), type="positive")
        return True

    async def _conflict(self, conflict: VersionConflict) -> bool:
        answer = await dialogs.settle_conflict(self.ctx.t)
        if answer == "overwrite":
            return await self.save(conflict.current)
        if answer == "theirs":
            await self._load_stored()
        return False

    async def _load_stored(self) -> None:
        wizard = self.wizard
        try:
            stored = await asyncio.to_thread(self.authoring.read, self.ctx.scope, wizard.name, wizard.layer)
        except SourceNotFound:
            wizard.version, wizard.exists = None, False
            self.screen.show_stored()
            return
        wizard.version, wizard.exists = stored.version, True
        self.screen.replace_text(stored.text, saved=True)

    async def show_insights(self) -> None:
        """How the wizard of this name is used (`insights.py`)."""
        await open_insights(self.ctx, self.wizard.name)

    async def show_history(self) -> None:
        t, wizard = self.ctx.t, self.wizard
        entry = await pick_version(t, self.authoring, self.ctx.scope, wizard.name, wizard.layer, wizard.text)
        if entry is None:
            return
        if wizard.dirty and not await dialogs.confirm(t, t("discard_title"), t("discard_body"), t("discard_ok")):
            return
        try:
            restored = await asyncio.to_thread(self.authoring.restore, self.ctx.scope, wizard.name, wizard.layer,
                                               entry, wizard.version)
        except VersionConflict as conflict:
            await self._conflict(conflict)
            return
        except (SourceInvalid, SourceNotFound) as problem:
            ui.notify(t("history_restore_failed", error=str(problem)), type="warning")
            return
        wizard.version, wizard.exists = restored.version, True
        self.screen.replace_text(restored.text, saved=True)
        ui.notify(t("history_restored"), type="positive")

    def export(self) -> None:
        wizard = self.wizard
        ui.download.content(wizard.text.encode("utf-8"), f"{wizard.name or PLACEHOLDER_NAME}.yaml",
                            "application/yaml")

    async def import_file(self) -> None:
        """An uploaded file replaces the text (not saved yet): the author sees it and its problems first."""
        uploaded = await dialogs.ask_import(self.ctx.t)
        if uploaded is None:
            return
        file_name, text = uploaded
        if not self.wizard.exists:
            stem = file_name.rsplit("/", 1)[-1].rsplit(".", 1)[0]
            if WIZARD_NAME_RE.fullmatch(stem):
                self.screen.take_name(stem)
        self.screen.replace_text(text)
        self.screen.show_yaml()

    async def from_prompt(self) -> None:
        """A wizard made of a pasted prompt replaces the text (not saved yet), shown in the form view; a
        new wizard takes the name proposed from the prompt."""
        made = await PromptDialog(self.ctx.t, self.ctx.lang, self.ctx.service.validator_model()).answer()
        if made is None:
            return
        name, text = made
        if not self.wizard.exists:
            self.screen.take_name(name)
        self.screen.replace_text(text)

    async def delete(self) -> None:
        t, wizard = self.ctx.t, self.wizard
        if not await dialogs.confirm(t, t("editor_delete_title", name=wizard.name),
                                     t("editor_delete_body", layer=t(f"layer_{wizard.layer}")), t("delete"),
                                     mark="editor-delete-confirm"):
            return
        try:
            await asyncio.to_thread(self.authoring.delete, self.ctx.scope, wizard.name, wizard.layer, wizard.version)
        except VersionConflict as conflict:
            await self._conflict(conflict)
            return
        except (SourceNotFound, LayerForbidden) as problem:
            ui.notify(str(problem), type="warning")
            return
        wizard.saved_text = wizard.text
        self.guard.release()
        deleted(self.ctx, wizard.name, wizard.layer)  # while this dialog's slot still exists
        self.screen.close()

    async def leave(self) -> bool:
        """Back, Escape or the dialog's close: asks first when there are unsaved changes."""
        t = self.ctx.t
        if self.wizard.dirty and not await dialogs.confirm(t, t("leave_title"), t("leave_body"), t("leave_ok"),
                                                           mark="editor-leave"):
            return False
        self.guard.release()
        self.screen.close()
        return True
