"""The wizard dialog: the form pane (page by page for a multi-step wizard) beside the live preview,
the footer below them.

After each change the service reports what the form shows (`form_report`: hidden fields and pages,
the preview); at most one report is in flight per form, and changes made meanwhile are reported
right after it (`LatestRun`), so the preview follows typing without a debounce. Next checks the
current page, "Use prompt" renders strictly; errors land at their fields (on their page); both are
the footer's (actions.py). On success the prompt goes to the chat input (nothing is sent), with
the values and page it was rendered from. The form is kept as a draft, with its page, while open
(draft.py). A long one-page form opens with its first `FIRST_SCREEN_FIELDS` fields; the others are
built once the browser has painted those.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Mapping
from typing import Any

from nicegui import Client, background_tasks, ui

from vance_ui.chat.drafts import Draft
from vance_ui.documents.store import InvalidDocumentPath
from vance_ui.service import RenderFailed, WizardNotFound
from vance_ui.usage.events import OpenedFrom, Step, opened_key, page_key
from vance_ui.web.form.actions import FormFooter
from vance_ui.web.form.chat_fill import ChatFill, Conversation
from vance_ui.web.form.draft import FormDraft
from vance_ui.web.form.fields import FormFields
from vance_ui.web.form.focus import focus_first_field_on_open, reveal, show_form_top
from vance_ui.web.form.pane import FormPane
from vance_ui.web.shell.a11y import aria
from vance_ui.web.shell.context import PageContext
from vance_ui.web.shell.i18n import Texts
from vance_ui.web.shell.icons import wizard_icon
from vance_ui.web.shell.latest import LatestRun
from vance_ui.web.shell.links import coerce_prefill
from vance_ui.wizards.catalog.views import WizardDefinition
from vance_ui.wizards.filling.report import FormReport
from vance_ui.wizards.format.schema import Wizard

PromptHandler = Callable[[str, Draft], None]  # the prompt, and the values and page it came from

#: a one-page form with more top-level fields opens with these first, the rest once they are painted
FIRST_SCREEN_FIELDS = 12
#: the longest the rest of such a form waits for the browser to paint its first screen
FIRST_SCREEN_WAIT_S = 0.5


def preload_form_assets() -> None:
    """Called once per page: makes the first wizard form open as fast as later ones.

    A never-opened dialog, so Quasar's dialog component (`dialog.js`) loads with the page instead
    of after the first click. (The Tailwind utilities a form uses are in the static stylesheet,
    assets/tailwind.css: no class a form brings in makes the browser rebuild a stylesheet.)
    """
    ui.dialog().mark("dialog-preload")


class WizardForm:
    """One open wizard. `open_wizard` builds it; the dialog is deleted again when it closes."""

    def __init__(self, ctx: PageContext, definition: WizardDefinition, wizard: Wizard, values: Mapping[str, Any],
                 on_prompt: PromptHandler, restored: bool = False, page: int = 0,
                 conversation: Conversation | None = None) -> None:
        self.ctx, self.definition, self.wizard, self.on_prompt = ctx, definition, wizard, on_prompt
        self.opened_at = time.monotonic()  # for the usage counts: how long until the prompt is used
        self._counted = False
        # what the form shows: one report in flight, the latest values next
        self._reports = LatestRun(self._report_current, alive=lambda: not self.dialog.is_deleted, name="form-report")
        t = ctx.t
        # No fade-in: Quasar's transitions set an inherited CSS variable on the dialog's root, so the
        # browser restyles every node of the form twice more (~60 ms for 60 fields, bench/browser.py),
        # and the fade kept the form see-through for 300 ms after it was laid out.
        with aria(ui.dialog().props("transition-show=none"), label=definition.title) as self.dialog, \
                ui.card().classes("vance-wizard-dialog").mark("wizard-dialog"):
            self._header(restored)
            with ui.element("div").classes("vance-wizard-body"):
                self.pane = FormPane(wizard, t, ctx.lang, on_change=self.changed_values,
                                     on_step=lambda index: self.footer.step_to(index))
                # focusable: a long preview scrolls, and keyboard users must be able to scroll it
                with aria(ui.column(), role="region", label=t("preview")).props("tabindex=0") \
                        .classes("vance-preview-pane gap-1"):
                    ui.label(t("preview")).classes("vance-pane-title")
                    ui.label(t("preview_hint")).classes("vance-help")
                    if definition.warnings:  # for the author: loads, but most likely a mistake (see vance lint)
                        ui.label("\n".join([t("author_warnings"), *definition.warnings])) \
                            .classes("vance-author-warnings whitespace-pre-line").mark("wizard-warnings")
                    self.preview = ui.label().classes("vance-preview").mark("wizard-preview")
            self.footer = FormFooter(ctx, definition, self.pane, close=self.close, reset=self.reset,
                                     report=self.report, apply_report=self.apply_report, use_prompt=self._use)
            self._fill_button(conversation)
        self.draft = FormDraft(ctx.drafts, definition.name, self.pane)
        # a long one-page form: the browser mounts and lays out its first screen first (most of the
        # time of opening 60 fields is the browser's, per element), the rest follows once painted
        long_form = not wizard.pages and len(wizard.fields) > FIRST_SCREEN_FIELDS
        self._build_form(values, page, FIRST_SCREEN_FIELDS if long_form else None)
        self.dialog.on_value_change(lambda e: None if e.value else self._closed())
        focus_first_field_on_open(self.dialog, self.pane.box)
        self.request_report()
        if self.pane.fields.unfinished:
            background_tasks.create(self._finish_when_painted(self.pane.fields), name="form-first-screen")

    def _build_form(self, values: Mapping[str, Any], page: int, first: int | None = None) -> None:
        self.pane.build(values, page, first)
        self.footer.sync_buttons()

    def _fill_button(self, conversation: Conversation | None) -> None:
        """Fill from chat beside Check; without a model, off, and why is said in Check's line."""
        with self.footer.secondary:
            self.chat_fill = ChatFill(self.ctx, self.definition.name, self.pane, self.footer.status, conversation,
                                      self._build_form, self._filled)
        if conversation is not None and self.ctx.service.validator_model() is None:
            self.footer.fill_needs_model()

    def _filled(self) -> None:
        """The form was rebuilt with other values (a fill, its Undo): kept as a draft, shown anew."""
        self.draft.changed()
        self.request_report()

    async def _finish_when_painted(self, fields: FormFields) -> None:
        """The fields below the first screen, once the browser painted it (or `FIRST_SCREEN_WAIT_S`
        passed); nothing when the form was closed or built anew meanwhile."""
        with contextlib.suppress(TimeoutError):  # also while the page reconnects: NiceGUI waits for that first
            await asyncio.wait_for(_painted(self.dialog.client), FIRST_SCREEN_WAIT_S)
        if self.dialog.is_deleted or fields is not self.pane.fields:
            return
        fields.finish()
        self.footer.sync_buttons()
        self.request_report()  # their visibility, and the values read from them

    def _header(self, restored: bool) -> None:
        d, t = self.definition, self.ctx.t
        with ui.row().classes("vance-wizard-header w-full items-center no-wrap"):
            with ui.element("div").classes("vance-icon-tile"):
                ui.icon(wizard_icon(d.icon))
            with ui.column().classes("gap-0 min-w-0 grow"):
                ui.label(d.title).classes("text-lg font-semibold leading-tight").mark("wizard-title")
                ui.label(d.description).classes("vance-help")
            self.restored_badge = ui.badge(t("draft_restored")).props("outline color=grey-7") \
                .mark("draft-restored")
            self.restored_badge.visible = restored
            aria(ui.button(icon="close", on_click=self.close), label=t("close")).props("flat round dense") \
                .tooltip(t("close")).mark("wizard-close")

    # -- what the form shows: one report in flight, the latest values next -----------------------

    def changed_values(self) -> None:
        """After every change: a report (visibility + preview) and, once typing pauses, the draft."""
        self.draft.changed()
        self.footer.changed()
        self.request_report()

    def request_report(self) -> None:
        self._reports.ask()

    async def _report_current(self) -> None:
        report = await self.report(self.pane.values())
        if report is not None and not self.dialog.is_deleted:
            self.apply_report(report)

    async def report(self, values: dict[str, Any]) -> FormReport | None:
        """The service's report, or None with the reason shown in the preview."""
        try:
            return await self.ctx.service.form_report(self.ctx.scope, self.definition.name, values, self.ctx.lang)
        except (RenderFailed, WizardNotFound) as problem:
            self._show_preview(self.ctx.t("preview_failed", error=str(problem)), False)
            return None

    def apply_report(self, report: FormReport) -> None:
        """Show and hide fields and pages as the service says, and the preview; fields shown or
        hidden on the page in view are announced, and ones shown below are brought into view."""
        changes = self.pane.fields.show(report.state.visibility)
        self.pane.pages.show(report.state.visibility.pages)
        self.footer.sync_buttons()
        self.footer.follow(report)
        shown = [w for w in changes.shown if self._on_current_page(w.path[0])]
        hidden = [w for w in changes.hidden if self._on_current_page(w.path[0])]
        if shown or hidden:
            self.footer.announcer.say(_changes_said(self.ctx.t, len(shown), len(hidden)))
            reveal([w.box for w in shown])
        if report.preview is not None:
            self._show_preview(report.preview.prompt, True)
        else:
            self._show_preview(self.ctx.t("preview_failed", error=str(report.preview_problem)), False)

    def _on_current_page(self, name: str | int) -> bool:
        pages = self.pane.pages
        return not pages.multi or pages.page_of.get(str(name)) == pages.current

    def _show_preview(self, text: str, ok: bool) -> None:
        self.preview.text = text
        if ok:
            self.preview.classes(remove="vance-preview-failed")
        else:
            self.preview.classes(add="vance-preview-failed")

    # -- leaving ------------------------------------------------------------------------------

    def _use(self, prompt: str) -> None:
        """The rendered prompt goes to the chat input once: a second Use prompt finds it used."""
        if self.draft.used:
            return
        form = Draft(self.pane.values(), self.pane.pages.current)
        self.draft.forget(used=True)
        self._count_end(used=True)
        self.on_prompt(prompt, form)
        self.close()

    def reset(self) -> None:
        """Start over in the same dialog: defaults, first page, no draft; Undo brings it all back."""
        values, page = self.pane.values(), self.pane.pages.current
        self.draft.drop_pending()
        self.draft.forget()
        self.restored_badge.visible = False  # what it announced is gone
        self._build_form({}, 0)
        self.request_report()
        self.footer.offer_undo(lambda: self._undo_reset(values, page))
        show_form_top(self.pane.box, focus=False)

    def _undo_reset(self, values: dict[str, Any], page: int) -> None:
        """The form as it was before Reset, kept as a draft again."""
        self._build_form(values, page)
        self.footer.status.clear()
        self.draft.changed()
        self.request_report()
        show_form_top(self.pane.box, focus=True)

    def close(self) -> None:
        self.dialog.close()

    def _count_end(self, used: bool) -> None:
        """Once per opening: the later pages reached, and whether the prompt was used."""
        if self._counted:
            return
        self._counted = True
        service, scope, name = self.ctx.service, self.ctx.scope, self.definition.name
        for index in sorted(self.pane.pages.visited):
            if index > 0:
                service.count(scope, name, page_key(index + 1))
        if used:
            service.count_used(scope, name, time.monotonic() - self.opened_at)
        else:
            service.count(scope, name, Step.ABANDONED)

    def _closed(self) -> None:
        self._count_end(used=False)
        self.draft.save_pending()
        asyncio.get_running_loop().call_later(0.5, self._delete)

    def _delete(self) -> None:
        if not self.dialog.is_deleted:
            self.dialog.delete()


async def _painted(client: Client) -> None:
    """Once the browser painted what it got before (an AwaitableResponse is awaited where it is made)."""
    await client.run_javascript("vanceFormPainted()", timeout=FIRST_SCREEN_WAIT_S)


def _changes_said(t: Texts, shown: int, hidden: int) -> str:
    """ "2 more fields", "1 field hidden", or both."""
    parts = ([t("fields_shown_one") if shown == 1 else t("fields_shown", n=shown)] if shown else []) + \
            ([t("fields_hidden_one") if hidden == 1 else t("fields_hidden", n=hidden)] if hidden else [])
    return ", ".join(parts)


def open_wizard(ctx: PageContext, name: str, prefill: Mapping[str, str] | None, on_prompt: PromptHandler,
                *, opened_from: OpenedFrom, use_draft: bool = True, start: Draft | None = None,
                conversation: Conversation | None = None) -> WizardForm | None:
    """Open `name`: `start` (a sent message's form) wins over prefill (from a link), which wins over
    a saved draft; unknown wizards give a notice. The opening is counted (usage counts) as one from
    `opened_from`. `conversation`: the chat it is opened over, for Fill from chat, which runs at once
    when it is opened from a suggestion chip."""
    try:
        definition = ctx.service.definition(ctx.scope, name, ctx.lang)
        wizard = ctx.service.wizard(ctx.scope, name).definition
    except (WizardNotFound, InvalidDocumentPath):  # a hand-made link may hold any name
        ui.notify(ctx.t("wizard_not_found", name=name[:80]), type="warning")
        return None
    values: dict[str, Any] = {}
    restored, page = False, 0
    if start is not None:
        values, page = start.values, start.page
    elif prefill is not None:
        values = coerce_prefill(wizard.fields, prefill)
    elif use_draft:
        draft = ctx.drafts.load(name)
        if draft is not None:
            values, page, restored = draft.values, draft.page, True
    form = WizardForm(ctx, definition, wizard, values, on_prompt, restored, page, conversation)
    form.dialog.open()
    ctx.service.count(ctx.scope, name, Step.OPENED, opened_key(opened_from))
    if opened_from == OpenedFrom.CHIP and form.chat_fill.available:
        background_tasks.create(form.chat_fill.fill(), name="fill-from-chat")
    return form
