"""The wizard dialog: FormFields on the left, the live prompt preview on the right.

Submit renders strictly through the service; errors land inline at their fields. On success the
prompt goes to the chat input (nothing is sent). The form is kept as a draft while it is open.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from nicegui import background_tasks, ui

from vance_ui.documents.store import InvalidDocumentPath
from vance_ui.llm.client import LlmError
from vance_ui.service import FormInvalid, RenderFailed, WizardNotFound
from vance_ui.web.a11y import aria
from vance_ui.web.context import PageContext
from vance_ui.web.form_fields import FormFields
from vance_ui.web.icons import material_icon
from vance_ui.web.links import coerce_prefill
from vance_ui.web.submit import on_form_submit
from vance_ui.wizards.views import WizardDefinition

PREVIEW_DELAY = 0.25
PromptHandler = Callable[[str], None]

# The classes an open form brings into the page (Tailwind utilities, Quasar's dialog, its transitions, card, checkbox
# and field states). The in-browser Tailwind compiler rebuilds its stylesheet whenever a class it
# has not seen appears, and the browser then restyles the whole page; with these on a hidden
# element from the start, the first form opened in a page costs no more than later ones. Only a
# matter of speed: a class missing here just means one rebuild. The app's own `vance-*` classes
# are left out on purpose: tests and scripts find the dialog and its parts by them.
FORM_CLASSES = (
    "absolute-full disabled fixed-full fullscreen gap-3 items-baseline items-stretch justify-between leading-tight "
    "nicegui-dialog-open no-pointer-events q-body--prevent-scroll q-btn--outline border-radius-inherit "
    "q-checkbox q-checkbox__bg q-checkbox__indet q-checkbox__inner q-checkbox__inner--truthy "
    "q-checkbox__inner--falsy q-checkbox__label q-checkbox__native q-checkbox__svg q-checkbox__truthy "
    "q-dialog q-dialog--modal q-dialog__backdrop q-dialog__inner q-dialog__inner--minimized "
    "q-dialog__inner--standard q-field--labeled q-field__label q-field__focusable-action q-field--error "
    "q-field--focused q-field--highlighted q-field--with-bottom q-field__bottom q-field__bottom--animated "
    "q-field__messages q-ma-none q-pa-none text-base text-grey-8 text-lg text-negative text-amber-8 "
    "whitespace-pre-line q-transition--none-enter-from q-transition--none-enter-active q-transition--none-enter-to "
    "q-transition--fade-enter-from q-transition--fade-enter-active q-transition--fade-enter-to "
    "q-transition--fade-leave-from q-transition--fade-leave-active q-transition--fade-leave-to"
)


def preload_form_assets() -> None:
    """Called once per page: makes the first wizard form open as fast as later ones.

    A never-opened dialog, so Quasar's dialog component (`dialog.js`) loads with the page instead
    of after the first click, and a hidden element carrying `FORM_CLASSES` (see above).
    """
    ui.dialog().mark("dialog-preload")
    ui.element("div").classes(f"hidden {FORM_CLASSES}").props("aria-hidden=true")


class WizardForm:
    """One open wizard. `open_wizard` builds it; the dialog is deleted again when it closes."""

    def __init__(self, ctx: PageContext, definition: WizardDefinition, values: Mapping[str, Any],
                 on_prompt: PromptHandler, restored: bool = False) -> None:
        self.ctx, self.definition, self.on_prompt = ctx, definition, on_prompt
        self.submitted = False
        self._timer: asyncio.TimerHandle | None = None
        self._previews = 0  # the number of the latest preview started
        t = ctx.t
        # No fade-in: Quasar's transitions set an inherited CSS variable on the dialog's root, so the
        # browser restyles every node of the form twice more (~60 ms for 60 fields, bench/browser.py),
        # and the fade kept the form see-through for 300 ms after it was laid out.
        with aria(ui.dialog().props("transition-show=none"), label=definition.title) as self.dialog, \
                ui.card().classes("vance-wizard-dialog").mark("wizard-dialog"):
            self._header(restored)
            with ui.element("div").classes("vance-wizard-body"):
                with ui.column().classes("vance-form-pane"):
                    self.banner = ui.column().classes("vance-banner w-full gap-1")
                    self.banner.visible = False
                    self.form = FormFields(definition.fields, values, t, on_change=self._changed)
                with ui.column().classes("vance-preview-pane gap-1"):
                    ui.label(t("preview")).classes("vance-pane-title")
                    ui.label(t("preview_hint")).classes("vance-help")
                    self.preview = ui.label().classes("vance-preview").mark("wizard-preview")
            self._footer()
        self.dialog.on_value_change(lambda e: None if e.value else self._closed())
        self._start_preview()

    def _header(self, restored: bool) -> None:
        d, t = self.definition, self.ctx.t
        with ui.row().classes("vance-wizard-header w-full items-center no-wrap"):
            with ui.element("div").classes("vance-icon-tile"):
                ui.icon(material_icon(d.icon))
            with ui.column().classes("gap-0 min-w-0 grow"):
                ui.label(d.title).classes("text-lg font-semibold leading-tight").mark("wizard-title")
                ui.label(d.description).classes("vance-help")
            if restored:
                ui.badge(t("draft_restored")).props("outline color=grey-7")
            aria(ui.button(icon="close", on_click=self.close), label=t("close")).props("flat round dense") \
                .tooltip(t("close")).mark("wizard-close")

    def _footer(self) -> None:
        t = self.ctx.t
        with ui.row().classes("vance-wizard-footer w-full items-center"):
            ui.button(t("reset"), icon="restart_alt", on_click=self.reset).props("flat no-caps color=grey-8") \
                .classes("vance-reset")
            ui.space()
            self.check_button = None
            if self.definition.has_validator:
                self.check_button = ui.button(t("check"), icon="fact_check") \
                    .props("outline no-caps").mark("wizard-check")
                on_form_submit(self.check_button, "click", self.form.container, self.check)
            ui.button(t("cancel"), on_click=self.close).props("flat no-caps").classes("vance-cancel")
            self.use_button = ui.button(t("use_prompt"), icon="input").props("unelevated no-caps") \
                .mark("wizard-submit")
            on_form_submit(self.use_button, "click", self.form.container, self.submit)

    # -- live preview and draft ---------------------------------------------------------------

    def _changed(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = asyncio.get_running_loop().call_later(PREVIEW_DELAY, self._settled)

    def _settled(self) -> None:
        self._timer = None
        self._start_preview()
        self.save_draft()

    def _start_preview(self) -> None:
        self._previews += 1
        background_tasks.create(self._preview_off_loop(self._previews, self.form.values()), name="preview")

    async def _preview_off_loop(self, number: int, values: dict[str, Any]) -> None:
        """A template may run up to its render deadline, in a render worker: the loop only waits."""
        outcome = await self._render_preview(values)
        if number == self._previews and not self.dialog.is_deleted:  # else: a newer one is on its way
            self._show_preview(outcome)

    async def _render_preview(self, values: dict[str, Any]) -> tuple[str, bool]:
        try:
            rendered = await self.ctx.service.render_async(self.ctx.scope, self.definition.name, values,
                                                           self.ctx.lang, lenient=True)
            return rendered.prompt, True
        except (RenderFailed, WizardNotFound) as problem:
            return self.ctx.t("preview_failed", error=str(problem)), False

    def _show_preview(self, outcome: tuple[str, bool]) -> None:
        text, ok = outcome
        self.preview.text = text
        if ok:
            self.preview.classes(remove="vance-preview-failed")
        else:
            self.preview.classes(add="vance-preview-failed")

    def save_draft(self) -> None:
        if not self.submitted:
            self.ctx.drafts.save(self.definition.name, self.definition.fields, self.form.values())

    # -- actions --------------------------------------------------------------------------------

    def submit(self) -> Awaitable[None]:
        """Busy (a spinner, no second click) from the click until the prompt is used or refused."""
        self.use_button.props("loading")
        return self._submit()

    async def _submit(self) -> None:
        t = self.ctx.t
        try:  # the render runs in a worker, up to its deadline; the loop only waits
            rendered = await self.ctx.service.render_async(self.ctx.scope, self.definition.name,
                                                           self.form.values(), self.ctx.lang)
        except FormInvalid as invalid:
            unplaced = self.form.show_errors(invalid.errors)
            self._show_banner([f"{e.field}: {e.message}" for e in unplaced], "error")
            ui.notify(t("form_invalid", n=len(invalid.errors)), type="warning")
            return
        except (RenderFailed, WizardNotFound) as problem:
            self._show_banner([t("render_failed", error=str(problem))], "error")
            return
        finally:  # whatever happened, the button is usable again
            self.use_button.props(remove="loading")
        if self.submitted:  # pressed twice: the first one used the prompt
            return
        self.submitted = True
        self.ctx.drafts.delete(self.definition.name)
        self.on_prompt(rendered.prompt)
        self.close()

    async def check(self) -> None:
        button, t = self.check_button, self.ctx.t
        if button is None:
            return
        button.props("loading")
        try:
            suggestions = await self.ctx.service.check(self.ctx.scope, self.definition.name, self.form.values(),
                                                       self.ctx.lang)
        except (LlmError, RenderFailed, WizardNotFound) as problem:
            message = problem.message if isinstance(problem, LlmError) else str(problem)
            self._show_banner([t("check_unavailable", error=message)], "hint")
            return
        finally:
            button.props(remove="loading")
        general = self.form.show_hints(suggestions)
        if not suggestions:
            general = [t("check_ok")]
        self._show_banner(general, "hint")

    def reset(self) -> None:
        self.submitted = True  # the closing dialog must not write the draft back
        self.dialog.close()
        self.ctx.drafts.delete(self.definition.name)
        open_wizard(self.ctx, self.definition.name, None, self.on_prompt, use_draft=False)

    def close(self) -> None:
        self.dialog.close()

    def _closed(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self.save_draft()
        asyncio.get_running_loop().call_later(0.5, self._delete)

    def _delete(self) -> None:
        if not self.dialog.is_deleted:
            self.dialog.delete()

    def _show_banner(self, lines: list[str], kind: str) -> None:
        self.banner.clear()
        self.banner.visible = bool(lines)
        self.banner.classes(replace=f"vance-banner vance-banner-{kind} w-full gap-1")
        with self.banner:
            for line in lines:
                with ui.row().classes("items-start gap-2 no-wrap"):
                    ui.icon("error_outline" if kind == "error" else "tips_and_updates")
                    ui.label(line).classes("whitespace-pre-line")


def open_wizard(ctx: PageContext, name: str, prefill: Mapping[str, str] | None, on_prompt: PromptHandler,
                *, use_draft: bool = True) -> WizardForm | None:
    """Open `name`: prefill (from a link) wins over a saved draft; unknown wizards give a notice."""
    try:
        definition = ctx.service.definition(ctx.scope, name, ctx.lang)
    except (WizardNotFound, InvalidDocumentPath):  # a hand-made link may hold any name
        ui.notify(ctx.t("wizard_not_found", name=name[:80]), type="warning")
        return None
    values: dict[str, Any] = {}
    restored = False
    if prefill is not None:
        values = coerce_prefill(definition.fields, prefill)
    elif use_draft:
        draft = ctx.drafts.load(name)
        if draft:
            values, restored = draft, True
    form = WizardForm(ctx, definition, values, on_prompt, restored)
    form.dialog.open()
    return form
