"""The editor's bar: Back, the heading (the wizard's name) and layer, and the actions (history,
insights, export, import, a wizard from a prompt, delete, save).
In a `ui.header` on the `/editor` page, a sticky top bar in the dialog."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from nicegui import ui

from vance_ui.web.editor.commands import EditorCommands
from vance_ui.web.editor.edited import EditedWizard
from vance_ui.web.shell.a11y import aria
from vance_ui.web.shell.i18n import Texts


class EditorHeader:
    def __init__(self, t: Texts, commands: EditorCommands, in_dialog: bool) -> None:
        self.t = t
        aria(ui.button(icon="arrow_back", on_click=commands.leave), label=t("editor_back")) \
            .props("flat round dense").tooltip(t("editor_back")).mark("editor-back")
        with ui.column().classes("gap-0 min-w-0"):
            # in a dialog: its name, and where Quasar puts the focus when it opens (`autofocus`)
            self.heading = aria(ui.label(), role="heading", level="2" if in_dialog else "1") \
                .classes("vance-editor-title").mark("editor-heading")
            if in_dialog:
                self.heading.props("tabindex=-1 autofocus")
            self.layer_label = ui.label().classes("vance-help").mark("editor-layer")
        ui.space()
        with ui.row().classes("items-center gap-1 vance-editor-actions"):
            self.history_button = self._action("history", "editor_history", commands.show_history)
            self.insights_button = self._action("insights", "insights", commands.show_insights)
            self._action("download", "editor_export", commands.export)
            self._action("upload", "editor_import", commands.import_file)
            self._action("auto_fix_high", "prompt_entry", commands.from_prompt)
            self.delete_button = self._action("delete", "editor_delete", commands.delete)
            # Ctrl+S clicks it (assets/editor.js)
            self.save_button = aria(ui.button(t("save"), icon="save", on_click=commands.save), label=t("save")) \
                .props("unelevated no-caps").classes("vance-editor-save").mark("editor-save")

    def _action(self, icon: str, key: str, handler: Callable[[], Awaitable[None] | None]) -> ui.button:
        label = self.t(key)
        return aria(ui.button(icon=icon, on_click=handler), label=label).props("flat round dense") \
            .tooltip(label).mark(f"editor-action-{icon}")

    def show(self, wizard: EditedWizard, savable: bool) -> None:
        """Name and layer as they are now; Save only when `savable`, history and delete for a stored file."""
        t = self.t
        self.heading.text = t("editor_heading", name=wizard.name or t("editor_unnamed"))
        self.layer_label.text = t("editor_layer", layer=t(f"layer_{wizard.layer}"))
        self.save_button.set_enabled(savable)
        self.history_button.set_enabled(wizard.exists)
        self.insights_button.set_enabled(wizard.exists)
        self.delete_button.set_enabled(wizard.exists)
