"""The wizard dialog's footer: Reset, Check, Back/Next, Use prompt, and the status line above them
(the dialog adds Fill from chat, chat_fill.py, to `secondary`).

Messages (what Check found, why a page cannot be left, a render that failed, Reset's Undo) appear
in the status line right above the buttons, where the user is looking, never in toasts that
outlive the dialog (status.py; why the form was refused: problems.py). Moving to another page
(Back, Next, a visited page's step) puts the focus on its first field and tells a screen reader
which step it is.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from nicegui import ui

from vance_ui.llm.client import LlmError
from vance_ui.service import FormInvalid, RenderFailed, WizardNotFound
from vance_ui.usage.events import Step
from vance_ui.web.form.focus import show_form_top
from vance_ui.web.form.problems import Problems
from vance_ui.web.form.status import Announcer, Kind, StatusLine
from vance_ui.web.form.widgets import FieldWidget
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
        self.announcer = Announcer()
        self._build(close, reset)
        self.problems = Problems(pane, self.status, ctx.t, self.go_to_field)

    def _build(self, close: Action, reset: Action) -> None:
        """Two groups that wrap as wholes on a narrow screen: Reset and Check, and the buttons that
        move on (Cancel, Back, Next or Use prompt), which stay together at the right. Why Check is
        off (no model) is a line of its own above them (`fill_needs_model` adds Fill from chat to it)."""
        t = self.ctx.t
        self.status = StatusLine()
        with ui.element("div").classes("vance-wizard-footer w-full").mark("wizard-footer") as self.box:
            with ui.element("div").classes("vance-footer-group vance-footer-secondary") as self.secondary:
                ui.button(t("reset"), icon="restart_alt", on_click=reset).props("flat no-caps color=grey-8") \
                    .classes("vance-reset").mark("wizard-reset")
                self.check_button: ui.button | None = None
                if self.definition.has_validator:
                    self._check_button()
            self.model_reason: ui.label | None = None  # why Check (and Fill from chat) are off: no model
            if self.check_button is not None and not self.check_button.enabled:
                self.model_reason = ui.label(t("check_needs_model")).classes("vance-help vance-check-reason") \
                    .mark("model-reason")
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

    def fill_needs_model(self) -> None:
        """Fill from chat is off for want of a model too: the one line says why for both, or for it alone."""
        if self.model_reason is not None:
            self.model_reason.set_text(self.ctx.t("check_and_fill_need_model"))
            return
        with self.box:
            self.model_reason = ui.label(self.ctx.t("fill_needs_model")).classes("vance-help vance-check-reason") \
                .mark("model-reason")

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
            self.go(previous)

    async def next(self) -> None:
        """Leave the page only when its visible fields pass the server's checks."""
        following = self.pane.pages.following(+1)
        if following is not None:
            await self.step_to(following)

    async def step_to(self, target: int) -> None:
        """Another page: an earlier one at once, a later one only when the pages up to it pass."""
        pages = self.pane.pages
        if target == pages.current:
            return
        if target > pages.current:
            report = await self._report(self.pane.values())
            if report is None:
                return
            self._apply_report(report)
            failing = next((errors for page in pages.between(target)
                            if (errors := report.state.errors_on(page))), None)
            if failing:
                self._refused(failing)
                return
            self.problems.clear()
        self.go(target)

    def go(self, index: int) -> None:
        """Show page `index`; its first field gets the focus, a screen reader hears which step it is."""
        pages = self.pane.pages
        pages.go(index)
        self.sync_buttons()
        if self.status.kind != "error":
            self.status.clear()
        number, count, title = pages.position()
        self.announcer.say(self.ctx.t("step_of", n=number, count=count, title=title))
        show_form_top(self.pane.box, focus=True)

    def go_to_field(self, widget: FieldWidget) -> None:
        """The page the widget is on, and the focus on it."""
        page = self.pane.pages.page_of.get(str(widget.path[0])) if self.pane.pages.multi else None
        if page is not None and page != self.pane.pages.current:
            self.pane.pages.go(page)
            self.sync_buttons()
        widget.focus()

    def follow(self, report: FormReport) -> None:
        """After every report: what was refused follows what is still wrong."""
        self.problems.follow(report.state.errors)

    def changed(self) -> None:
        """A value changed: an offer to undo the reset is over."""
        if self.status.kind == "undo":
            self.status.clear()

    def offer_undo(self, undo: Action) -> None:
        self.problems.clear()
        self.status.offer(self.ctx.t("form_was_reset"), self.ctx.t("undo"), undo)

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
        for follow_up in rendered.follow_ups:  # usage counts: offered as a follow-up
            self.ctx.service.count(self.ctx.scope, follow_up.wizard, Step.FOLLOW_UP_OFFERED)
        self._use_prompt(rendered.prompt)

    def _refused(self, errors: list[FieldError]) -> None:
        """Errors at their fields and named in the status line; the first one's page is shown, its
        field focused."""
        self.problems.refuse(errors)

    async def check(self) -> None:
        button, t = self.check_button, self.ctx.t
        if button is None:
            return
        button.props("loading")
        self.ctx.service.count(self.ctx.scope, self.definition.name, Step.CHECKED)
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

    def show_status(self, lines: list[str], kind: Kind) -> None:
        self.status.show(lines, kind)
