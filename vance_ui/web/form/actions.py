"""The wizard dialog's footer: Reset, Check, Back/Next, Use prompt, and the status line above them.

Messages (what Check found, why a page cannot be left, a render that failed) appear in the status
line right above the buttons, where the user is looking, never in toasts that outlive the dialog.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from nicegui import ui

from vance_ui.llm.client import LlmError
from vance_ui.service import FormInvalid, RenderFailed, WizardNotFound
from vance_ui.web.nicegui_compat.submit import on_form_submit
from vance_ui.wizards.rules.validation import FieldError

SPINNER_DELAY = 0.1  # s: a render that answers sooner shows no spinner

if TYPE_CHECKING:
    from vance_ui.web.form.pane import FormPane
    from vance_ui.web.shell.context import PageContext
    from vance_ui.wizards.catalog.views import WizardDefinition
    from vance_ui.wizards.filling.report import FormReport

Action = Callable[[], None]


class FormFooter:
    """The status line and the buttons below the form pane. What the buttons do beyond the footer
    is the dialog's, handed in: `close`, `reset`, `report` (what the form shows for these values,
    None when the service failed, the reason shown), `apply_report` (show it) and `use_prompt`
    (the rendered prompt, for the chat input)."""

    def __init__(self, ctx: PageContext, definition: WizardDefinition, pane: FormPane, *, close: Action,
                 reset: Action, report: Callable[[dict[str, Any]], Awaitable[FormReport | None]],
                 apply_report: Callable[[FormReport], None], use_prompt: Callable[[str], None]) -> None:
        self.ctx, self.definition, self.pane = ctx, definition, pane
        self._report, self._apply_report, self._use_prompt = report, apply_report, use_prompt
        self._submitting = False  # a render for Use prompt is on its way
        self._build(close, reset)

    def _build(self, close: Action, reset: Action) -> None:
        """Two groups that wrap as wholes on a narrow screen: Reset and Check, and the buttons that
        move on (Cancel, Back, Next or Use prompt), which stay together at the right. Why Check is
        off (no model) is a line of its own above them."""
        t = self.ctx.t
        self.status = ui.column().classes("vance-status w-full gap-1").props('role=status aria-live=polite')
        self.status.visible = False
        with ui.element("div").classes("vance-wizard-footer w-full").mark("wizard-footer"):
            with ui.element("div").classes("vance-footer-group vance-footer-secondary"):
                ui.button(t("reset"), icon="restart_alt", on_click=reset).props("flat no-caps color=grey-8") \
                    .classes("vance-reset").mark("wizard-reset")
                self.check_button: ui.button | None = None
                if self.definition.has_validator:
                    self._check_button()
            if self.check_button is not None and not self.check_button.enabled:  # no model: say why
                ui.label(t("check_needs_model")).classes("vance-help vance-check-reason").mark("check-reason")
            with ui.element("div").classes("vance-footer-group vance-footer-primary"):
                ui.button(t("cancel"), on_click=close).props("flat no-caps").classes("vance-cancel")
                self.back_button = ui.button(t("back"), icon="arrow_back", on_click=self.back) \
                    .props("outline no-caps").mark("wizard-back")
                self.next_button = ui.button(t("next")).props("unelevated no-caps icon-right=arrow_forward") \
                    .mark("wizard-next")
                on_form_submit(self.next_button, "click", self.pane.box, self.next)
                self.use_button = ui.button(t("use_prompt"), icon="input").props("unelevated no-caps") \
                    .mark("wizard-submit")
                on_form_submit(self.use_button, "click", self.pane.box, self.submit)

    def _check_button(self) -> None:
        t = self.ctx.t
        self.check_button = ui.button(t("check"), icon="fact_check").props("outline no-caps").mark("wizard-check")
        if self.ctx.service.validator_model() is None:
            self.check_button.disable()
            return
        on_form_submit(self.check_button, "click", self.pane.box, self.check)

    def sync_buttons(self) -> None:
        """Back on every page but the first shown one, Next until the last, then Use prompt."""
        self.back_button.visible = self.pane.pages.multi and self.pane.pages.following(-1) is not None
        self.next_button.visible = not self.pane.pages.is_last
        self.use_button.visible = self.pane.pages.is_last

    def back(self) -> None:
        previous = self.pane.pages.following(-1)
        if previous is not None:
            self.pane.pages.go(previous)
            self.show_status([], "hint")
            self.sync_buttons()

    async def next(self) -> None:
        """Leave the page only when its visible fields pass the server's checks."""
        report = await self._report(self.pane.values())
        if report is None:
            return
        self._apply_report(report)
        errors = report.state.errors_on(self.pane.pages.current)
        if errors:
            self._refused(errors)
            return
        self.pane.fields.clear_errors()
        self.show_status([], "hint")
        following = self.pane.pages.following(+1)
        if following is not None:
            self.pane.pages.go(following)
        self.sync_buttons()

    def submit(self) -> Awaitable[None] | None:
        """One render at a time from the click until the prompt is used or refused; the button shows
        a spinner (and takes no click) once it takes longer than SPINNER_DELAY. A spinner shown at
        once went to the browser on its own before the answer, and drawing it (the focus leaves the
        button, the page restyles) delayed the prompt in the chat input by 30-150 ms (bench)."""
        if self._submitting:
            return None
        self._submitting = True
        spinner = asyncio.get_running_loop().call_later(SPINNER_DELAY, self.use_button.props, "loading")
        return self._submit(spinner)

    async def _submit(self, spinner: asyncio.TimerHandle) -> None:
        t = self.ctx.t
        try:  # the render runs in a worker, up to its deadline; the loop only waits
            rendered = await self.ctx.service.render_async(self.ctx.scope, self.definition.name,
                                                           self.pane.values(), self.ctx.lang)
        except FormInvalid as invalid:
            self._refused(invalid.errors)
            return
        except (RenderFailed, WizardNotFound) as problem:
            self.show_status([t("render_failed", error=str(problem))], "error")
            return
        finally:  # whatever happened, the button is usable again
            spinner.cancel()
            self._submitting = False
            self.use_button.props(remove="loading")
        self._use_prompt(rendered.prompt)

    def _refused(self, errors: list[FieldError]) -> None:
        """Errors at their fields; the page of the first one is shown, its field focused."""
        first_page = next((e.page for e in errors if e.page is not None), None)
        if first_page is not None and first_page != self.pane.pages.current:
            self.pane.pages.go(first_page)
            self.sync_buttons()
        unplaced = self.pane.fields.show_errors(errors)
        t = self.ctx.t
        lines = [t("form_invalid_one") if len(errors) == 1 else t("form_invalid", n=len(errors))]
        self.show_status(lines + [f"{e.field}: {e.message(t.lang)}" for e in unplaced], "error")

    async def check(self) -> None:
        button, t = self.check_button, self.ctx.t
        if button is None:
            return
        button.props("loading")
        try:
            suggestions = await self.ctx.service.check(self.ctx.scope, self.definition.name, self.pane.values(),
                                                       self.ctx.lang)
        except (LlmError, RenderFailed, WizardNotFound) as problem:
            message = problem.message if isinstance(problem, LlmError) else str(problem)
            self.show_status([t("check_unavailable", error=message)], "hint")
            return
        finally:
            button.props(remove="loading")
        general = self.pane.fields.show_hints(suggestions)
        self.show_status(general or ([t("check_ok")] if not suggestions else []), "hint")

    def show_status(self, lines: list[str], kind: str) -> None:
        self.status.clear()
        self.status.classes(replace=f"vance-status vance-banner vance-banner-{kind} w-full gap-1")
        self.status.visible = bool(lines)  # after the classes: `visible` is a class of its own
        with self.status:
            for line in lines:
                with ui.row().classes("items-start gap-2 no-wrap"):
                    ui.icon("error_outline" if kind == "error" else "tips_and_updates")
                    ui.label(line).classes("whitespace-pre-line")
