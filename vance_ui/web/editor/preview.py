"""The live preview beside the editor: the wizard's form as users will see it (the same FormFields
and FormPages the Wizards tab uses, filled with the author's test values) and the rendered prompt.

The edited text is loaded in a thread and the prompt rendered by the render workers (the service's
async path), so typing never waits on it; at most one update is in flight, and text or test values
typed meanwhile are previewed right after it (`LatestRun`, as the wizard form does with its reports).
A test value stays when its field is renamed (`rename`). The prompt sits below the form, in view
while the form scrolls; an empty prompt says so, and a render worker that cannot be had says that.
"""

from __future__ import annotations

import asyncio
from typing import Any

from nicegui import background_tasks, ui

from vance_ui.web.form.fields import FormFields
from vance_ui.web.form.pages import FormPages
from vance_ui.web.shell.a11y import aria
from vance_ui.web.shell.context import PageContext
from vance_ui.web.shell.latest import LatestRun
from vance_ui.wizards.catalog.loader import WizardLoadError, load_wizard
from vance_ui.wizards.catalog.model import LoadedWizard
from vance_ui.wizards.filling.report import report_steps
from vance_ui.wizards.rules.steps import run_steps_async
from vance_ui.wizards.templates.bounded import Templates
from vance_ui.wizards.templates.problems import RendererBusy, TemplateProblem


def _load(name: str, text: str, templates: Templates) -> LoadedWizard | TemplateProblem | None:
    """The wizard, None when the text does not load, or the problem of a busy renderer."""
    try:
        wizard = load_wizard(name, text.encode("utf-8"), f"{name}.yaml", templates)
        wizard.body  # noqa: B018 - built here, in the thread, not on the event loop
        return wizard
    except (WizardLoadError, UnicodeEncodeError):
        return None
    except RendererBusy as busy:  # not the text's fault: said, and tried again with the next edit
        return busy


class EditorPreview:
    """Shows the opened `text` at once, and `show(name, text)` after every edit; `shown` is the text
    the preview last showed, and `first_shown` is set once it showed the opened text (or gave up),
    with anything asked meanwhile: the editor opens then, in one update."""

    def __init__(self, ctx: PageContext, name: str, text: str) -> None:
        self.ctx = ctx
        self.shown: str | None = None
        self.first_shown = asyncio.Event()
        self._asked: tuple[str, str] | None = None  # the latest `show`: asked again, nothing to do
        self._text_wanted: tuple[str, str] | None = None
        self._values_wanted: LoadedWizard | None = None
        self._runs = LatestRun(self._next, alive=lambda: not self.prompt.is_deleted, name="editor-preview")
        self._shape: tuple[Any, Any] | None = None  # fields and pages the form was built for
        self._was: dict[str, str] = {}  # a renamed field's name now -> its key in the form's values
        self.form: FormFields | None = None
        self._wizard: LoadedWizard | None = None
        self.pages: FormPages | None = None
        self.back: ui.button | None = None  # the steps of a multi-page preview
        self.next: ui.button | None = None
        t = ctx.t
        with aria(ui.column(), role="region", label=t("editor_preview")) \
                .classes("vance-editor-preview gap-2").mark("editor-preview"):
            ui.label(t("editor_preview")).classes("vance-pane-title")
            ui.label(t("editor_preview_hint")).classes("vance-help")
            self.form_box = ui.column().classes("w-full gap-4 vance-editor-preview-form")
            with aria(ui.column(), role="region", label=t("editor_prompt")).props("tabindex=0") \
                    .classes("vance-editor-prompt-box w-full gap-1"):
                ui.label(t("editor_prompt")).classes("vance-pane-title")
                self.prompt = ui.label().classes("vance-preview").mark("editor-prompt")
        self.show(name, text)
        background_tasks.create(self._first_runs_done(), name="editor-preview-first")

    def rename(self, old: str, new: str) -> None:
        """A field was renamed: its test value goes with it into the next form."""
        self._was[new] = self._was.pop(old, old)

    def show(self, name: str, text: str) -> None:
        if (name, text) != self._asked:
            self._asked = self._text_wanted = (name, text)
            self._runs.ask()

    async def _first_runs_done(self) -> None:
        await self._runs.idle()
        self.first_shown.set()

    async def _next(self) -> None:
        """New text first (it rebuilds what the values are for), else new test values."""
        if self._text_wanted is not None:
            name, text = self._text_wanted
            self._text_wanted = self._values_wanted = None
            await self._update(name, text)
        elif self._values_wanted is not None:
            wizard, self._values_wanted = self._values_wanted, None
            await self.refresh(wizard)

    async def _update(self, name: str, text: str) -> None:
        wizard = await asyncio.to_thread(_load, name, text, self.ctx.service.templates)
        if self.prompt.is_deleted:
            return
        if isinstance(wizard, TemplateProblem):
            self._prompt(self.ctx.t("preview_failed", error=str(wizard)), ok=False)
            self._asked = None  # the same text is previewed again when asked
            return
        if wizard is None:
            self._prompt(self.ctx.t("editor_preview_broken"), ok=False)
            self.shown = text
            return
        self._build(wizard)
        await self.refresh(wizard)
        self.shown = text

    def _build(self, wizard: LoadedWizard) -> None:
        """A new form only when the fields or pages changed; the test values typed so far stay."""
        definition = wizard.definition
        shape = (definition.fields, definition.pages)
        if shape == self._shape and self.form is not None:
            return
        kept = self.form.values() if self.form is not None else {}
        names = {f.name for f in definition.fields}
        values = {name: kept[self._was.get(name, name)] for name in names if self._was.get(name, name) in kept}
        self._was.clear()
        self._shape = shape
        self.form_box.clear()
        with self.form_box:
            self.pages = FormPages(definition.pages, self.ctx.lang, self.ctx.t)
            self.form = FormFields(definition.fields, values, self.ctx.t, self.ctx.lang,
                                   on_change=self._values_changed, place=self.pages.place)
            self.back = self.next = None
            if self.pages.multi:
                with ui.row().classes("gap-2"):
                    self.back = aria(ui.button(self.ctx.t("back"), on_click=lambda: self._step(-1)),
                                     label=self.ctx.t("back")).props("flat no-caps").mark("editor-preview-back")
                    self.next = aria(ui.button(self.ctx.t("next"), on_click=lambda: self._step(+1)),
                                     label=self.ctx.t("next")).props("outline no-caps").mark("editor-preview-next")
                self._sync_steps()
        self._wizard = wizard

    def _step(self, step: int) -> None:
        if self.pages is not None:
            target = self.pages.following(step)
            if target is not None:
                self.pages.go(target)
            self._sync_steps()

    def _sync_steps(self) -> None:
        """Back only where there is a page before, Next only where there is one after."""
        if self.pages is not None and self.back is not None and self.next is not None:
            self.back.visible = self.pages.following(-1) is not None
            self.next.visible = self.pages.following(+1) is not None

    def _values_changed(self) -> None:
        """A test value typed: one refresh in flight, the latest values next."""
        if self._wizard is not None:
            self._values_wanted = self._wizard
            self._runs.ask()

    async def refresh(self, wizard: LoadedWizard) -> None:
        """The prompt (and what the form hides) for the test values in the form now."""
        if self.form is None:
            return
        ctx = self.ctx.service.context(self.ctx.scope, self.ctx.lang)
        try:
            report = await run_steps_async(report_steps(wizard, self.form.values(), ctx), self.ctx.service.templates)
        except TemplateProblem as problem:
            self._prompt(self.ctx.t("preview_failed", error=problem.in_file(f"{wizard.name}.yaml")), ok=False)
            return
        if self.prompt.is_deleted or self.form is None:
            return
        self.form.show(report.state.visibility)
        if self.pages is not None:
            self.pages.show(report.state.visibility.pages)
            self._sync_steps()
        if report.preview is not None:
            self._prompt(report.preview.prompt, ok=True)
        else:
            failed = report.preview_problem
            error = failed.in_file(f"{wizard.name}.yaml") if failed is not None else ""
            self._prompt(self.ctx.t("preview_failed", error=error), ok=False)

    def _prompt(self, text: str, ok: bool) -> None:
        """The prompt; a prompt that renders as nothing for these values says so (in a note, not as text)."""
        empty = ok and not text.strip()
        self.prompt.text = self.ctx.t("editor_prompt_empty") if empty else text
        self.prompt.classes(add="vance-preview-empty" if empty else None,
                            remove=None if empty else "vance-preview-empty")
        if ok:
            self.prompt.classes(remove="vance-preview-failed")
        else:
            self.prompt.classes(add="vance-preview-failed")
