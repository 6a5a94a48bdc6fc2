"""The editor's questions: confirm a loss (delete, leave, discard), settle a save conflict, import a file.

Each dialog is deleted once answered (closed dialogs would linger in the page otherwise)."""

from __future__ import annotations

from typing import Any

from nicegui import events, ui

from vance_ui.web.shell.a11y import aria
from vance_ui.web.shell.i18n import Texts

MAX_IMPORT_BYTES = 512 * 1024  # as for loading a wizard file


async def _answer(dialog: ui.dialog) -> Any:
    try:
        return await dialog
    finally:
        dialog.delete()


async def confirm(t: Texts, title: str, body: str, ok: str, mark: str = "editor-confirm") -> bool:
    with aria(ui.dialog(), label=title) as dialog, ui.card().classes("vance-editor-dialog").mark(mark):
        aria(ui.label(title), role="heading", level="2").classes("text-lg font-semibold")
        ui.label(body).classes("whitespace-pre-line")
        with ui.row().classes("w-full justify-end gap-2"):
            ui.button(t("cancel"), on_click=lambda: dialog.submit(False)).props("flat no-caps") \
                .mark(f"{mark}-cancel")
            ui.button(ok, on_click=lambda: dialog.submit(True)).props("unelevated no-caps color=negative") \
                .mark(f"{mark}-ok")
    dialog.open()
    return bool(await _answer(dialog))


async def settle_conflict(t: Texts) -> str | None:
    """Someone saved in between: 'overwrite' with my text, 'theirs' to load theirs, None to keep editing."""
    with aria(ui.dialog(), label=t("conflict_title")) as dialog, \
            ui.card().classes("vance-editor-dialog").mark("editor-conflict"):
        aria(ui.label(t("conflict_title")), role="heading", level="2").classes("text-lg font-semibold")
        ui.label(t("conflict_body")).classes("whitespace-pre-line").mark("editor-conflict-body")
        with ui.row().classes("w-full justify-end gap-2"):
            ui.button(t("conflict_keep"), on_click=lambda: dialog.submit(None)).props("flat no-caps") \
                .mark("editor-conflict-keep")
            ui.button(t("conflict_theirs"), on_click=lambda: dialog.submit("theirs")).props("outline no-caps") \
                .mark("editor-conflict-theirs")
            ui.button(t("conflict_overwrite"), on_click=lambda: dialog.submit("overwrite")) \
                .props("unelevated no-caps color=negative").mark("editor-conflict-overwrite")
    dialog.open()
    answer = await _answer(dialog)
    return answer if isinstance(answer, str) else None


async def ask_import(t: Texts) -> tuple[str, str] | None:
    """An uploaded YAML file as (file name, text); None when cancelled or unreadable."""
    with aria(ui.dialog(), label=t("import_title")) as dialog, \
            ui.card().classes("vance-editor-dialog").mark("editor-import"):
        aria(ui.label(t("import_title")), role="heading", level="2").classes("text-lg font-semibold")
        ui.label(t("import_hint")).classes("vance-help")

        async def received(event: events.UploadEventArguments) -> None:
            data = await event.file.read()
            try:
                dialog.submit((event.file.name, data.decode("utf-8")))
            except UnicodeDecodeError:
                ui.notify(t("import_not_text"), type="warning")

        # Quasar's uploader stays out of sight (its "0.0B / 0.00%" header says nothing to an author);
        # a plain button opens its file picker, and the chosen file is read at once
        upload = ui.upload(auto_upload=True, max_file_size=MAX_IMPORT_BYTES, on_upload=received,
                           on_rejected=lambda: ui.notify(t("import_too_big"), type="warning")) \
            .props('accept=".yaml,.yml,application/yaml,text/yaml"').classes("hidden").mark("editor-import-upload")
        aria(ui.button(t("import_choose"), icon="upload_file", on_click=lambda: upload.run_method("pickFiles")),
             label=t("import_choose")).props("unelevated no-caps").mark("editor-import-choose")
        with ui.row().classes("w-full justify-end"):
            ui.button(t("cancel"), on_click=lambda: dialog.submit(None)).props("flat no-caps")
    dialog.open()
    answer = await _answer(dialog)
    return answer if isinstance(answer, tuple) else None
