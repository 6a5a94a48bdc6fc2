"""The history dialog: a layer's versions of one wizard (time, author, what happened), the diff of
one against the text in the editor, and Restore (which the page carries out: it is a save)."""

from __future__ import annotations

import asyncio
import difflib
from collections.abc import Sequence

from nicegui import ui

from vance_ui.authoring.service import HistoryEntry, SourceNotFound, WizardAuthoring
from vance_ui.service import Scope
from vance_ui.web.shell.a11y import aria
from vance_ui.web.shell.i18n import Texts
from vance_ui.wizards.catalog.model import Source


def diff_text(old: str, new: str, old_name: str, new_name: str) -> str:
    """A unified diff; empty when the texts are equal."""
    lines = difflib.unified_diff(old.splitlines(keepends=True), new.splitlines(keepends=True), old_name, new_name)
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def entry_label(t: Texts, entry: HistoryEntry) -> str:
    when = entry.time.astimezone().strftime("%Y-%m-%d %H:%M:%S")
    who = entry.author or t("history_unknown_author")
    return f"{when} · {who} · {t(f'history_{entry.action}')}"


async def pick_version(t: Texts, authoring: WizardAuthoring, scope: Scope, name: str, layer: Source,
                       current: str) -> str | None:
    """The id of the entry to restore, or None."""
    entries: Sequence[HistoryEntry] = await asyncio.to_thread(authoring.history, scope, name, layer)
    with aria(ui.dialog(), label=t("history_title", name=name)) as dialog, \
            ui.card().classes("vance-editor-dialog vance-history-dialog").mark("editor-history"):
        aria(ui.label(t("history_title", name=name)), role="heading", level="2").classes("text-lg font-semibold")
        if not entries:
            ui.label(t("history_empty")).classes("vance-help").mark("editor-history-empty")
        chosen: dict[str, str | None] = {"id": None}
        diff = ui.label().classes("vance-diff w-full").mark("editor-diff")
        restore = ui.button(t("history_restore"), on_click=lambda: dialog.submit(chosen["id"])) \
            .props("unelevated no-caps").mark("editor-history-restore")
        restore.disable()

        buttons: dict[str, ui.button] = {}

        async def show(entry: HistoryEntry) -> None:
            for entry_id, button in buttons.items():  # the chosen one stands out, for the eye and for readers
                chosen_now = entry_id == entry.id
                aria(button, pressed=chosen_now)
                button.classes(add="vance-history-chosen" if chosen_now else None,
                               remove=None if chosen_now else "vance-history-chosen")
            if entry.version is None:  # a delete keeps no text
                diff.text, chosen["id"] = t("history_deleted_entry"), None
                restore.disable()
                return
            try:
                old = await asyncio.to_thread(authoring.version_text, scope, name, layer, entry.id)
            except SourceNotFound:
                diff.text = t("history_gone")
                return
            diff.text = diff_text(old, current, entry_label(t, entry), t("history_current")) or t("history_same")
            chosen["id"] = entry.id
            restore.enable()

        with aria(ui.column(), role="list", label=t("history_versions")).classes("w-full gap-1") \
                .mark("editor-history-list"):
            for entry in entries:
                with ui.element("div").props("role=listitem").classes("w-full"):
                    buttons[entry.id] = aria(ui.button(entry_label(t, entry), on_click=lambda e=entry: show(e)),
                                             pressed=False) \
                        .props("flat no-caps align=left").classes("w-full").mark("editor-history-entry")
        diff.move(target_index=-1)
        restore.move(target_index=-1)
        with ui.row().classes("w-full justify-end"):
            ui.button(t("close"), on_click=lambda: dialog.submit(None)).props("flat no-caps") \
                .mark("editor-history-close")
    dialog.open()
    try:
        answer = await dialog
    finally:
        dialog.delete()
    return answer if isinstance(answer, str) else None
