"""The editor's entries in the Wizards tab: New wizard, New wizard from a prompt and Import above the
list, and per wizard a menu with Edit, Customize, Duplicate, Delete and Export, offered as the caller's layers allow.
The editor opens in a dialog over this page (`dialog_host.py`); `/editor` is the same editor as a page.

The menu is built when opened (a listing of thousands of wizards carries one button each, no menus)."""

from __future__ import annotations

import asyncio

from nicegui import ui

from vance_ui.authoring.service import LayerForbidden, SourceNotFound, WizardAuthoring
from vance_ui.web.editor.dialog_host import open_editor
from vance_ui.web.editor.dialogs import confirm
from vance_ui.web.editor.insights import may_see_insights, open_insights
from vance_ui.web.editor.opening import CASCADE
from vance_ui.web.editor.undo_delete import DeletedNotice, deleted
from vance_ui.web.shell.a11y import aria
from vance_ui.web.shell.context import PageContext
from vance_ui.wizards.catalog.model import Source
from vance_ui.wizards.catalog.views import WizardSummary


def authoring_buttons(ctx: PageContext) -> None:
    """New wizard, New wizard from a prompt and Import, above the list, and the place where a delete offers its Undo."""
    t = ctx.t
    with ui.row().classes("w-full gap-2 items-center"):
        new = aria(ui.button(t("new_wizard"), icon="add"), label=t("new_wizard")) \
            .props("outline dense no-caps").mark("wizard-new")
        new.on_click(lambda: open_editor(ctx, {"mode": "new"}, new))
        from_prompt = aria(ui.button(t("prompt_entry"), icon="auto_fix_high"), label=t("prompt_entry")) \
            .props("flat dense no-caps").mark("wizard-from-prompt")
        from_prompt.on_click(lambda: open_editor(ctx, {"mode": "prompt"}, from_prompt))
        upload = aria(ui.button(t("import_wizard"), icon="upload"), label=t("editor_import")) \
            .props("flat dense no-caps").mark("wizard-import")
        upload.on_click(lambda: open_editor(ctx, {"mode": "import"}, upload))
    DeletedNotice(ctx, focus_after=new)


def source_badge(ctx: PageContext, wizard: WizardSummary) -> None:
    """Where a wizard comes from, for every layer but the bundled one (the usual case)."""
    if wizard.source is not Source.RESOURCE:
        label = ctx.t(f"layer_{wizard.source}")
        ui.label(label).classes("vance-source-badge text-xs text-indigo-800 bg-indigo-50 rounded px-1 self-start") \
            .props(f'title="{ctx.t("wizard_source", layer=label)}"').mark("wizard-source")


def actions_button(ctx: PageContext, wizard: WizardSummary) -> None:
    """One button per entry; its menu is made when pressed."""
    label = ctx.t("wizard_actions", title=wizard.title)
    button: ui.button = aria(ui.button(icon="more_vert"), label=label) \
        .props("flat round dense size=sm").classes("vance-wizard-actions shrink-0 mt-2") \
        .mark("wizard-actions", f"wizard-actions-{wizard.name}")
    button.on_click(lambda: _open_menu(ctx, wizard, button))


def _open_menu(ctx: PageContext, wizard: WizardSummary, button: ui.button) -> None:
    t, name, source = ctx.t, wizard.name, wizard.source
    writable = WizardAuthoring(ctx.service).writable_layers(ctx.scope)
    button.clear()
    with button, ui.menu().props("role=menu").mark("wizard-menu") as menu:
        def item(key: str, action: object, mark: str) -> None:
            ui.menu_item(t(key), on_click=action).props("role=menuitem").mark(mark)  # type: ignore[arg-type]

        if source in writable:
            item("wizard_edit", lambda: open_editor(ctx, {"wizard": name, "layer": source}, button), "wizard-edit")
        if any(CASCADE.index(layer) < CASCADE.index(source) for layer in writable):
            item("wizard_customize",
                 lambda: open_editor(ctx, {"wizard": name, "from": source, "mode": "customize"}, button),
                 "wizard-customize")
        if writable:
            item("wizard_duplicate",
                 lambda: open_editor(ctx, {"wizard": name, "from": source, "mode": "duplicate"}, button),
                 "wizard-duplicate")
        item("wizard_export", lambda: _export(ctx, name, source), "wizard-export")
        if may_see_insights(ctx, source):
            item("insights", lambda: open_insights(ctx, name, button), "wizard-insights")
        if source in writable:
            item("delete", lambda: _delete(ctx, name, source), "wizard-delete")
    menu.open()


async def _export(ctx: PageContext, name: str, source: Source) -> None:
    try:
        found = await asyncio.to_thread(WizardAuthoring(ctx.service).read, ctx.scope, name, source)
    except (SourceNotFound, LayerForbidden):
        ui.notify(ctx.t("wizard_not_found", name=name), type="warning")
        return
    ui.download.content(found.text.encode("utf-8"), f"{name}.yaml", "application/yaml")


async def _delete(ctx: PageContext, name: str, source: Source) -> None:
    t = ctx.t
    body = t("editor_delete_body", layer=t(f"layer_{source}"))
    if not await confirm(t, t("editor_delete_title", name=name), body, t("delete"), mark="wizard-delete-confirm"):
        return
    try:
        await asyncio.to_thread(WizardAuthoring(ctx.service).delete, ctx.scope, name, source, None)
    except (SourceNotFound, LayerForbidden) as problem:
        ui.notify(str(problem), type="warning")
        return
    deleted(ctx, name, source)
