"""The wizard editor: one wizard file of one layer, as a form or as YAML, beside the live preview.
One component, mounted as the `/editor` page (deep links, a new tab) or in a full-screen dialog over
the chat page (`dialog_host.py`; opening it is then a websocket update, not a page load).
Save is refused while the text does not load; a save based on an old version gets a conflict
(nothing lost); leaving with unsaved changes asks first.

The text is the one truth: the YAML view edits it directly; the form view edits a round-trip
`SourceDocument` parsed from it and dumps it back, so switching views loses nothing.

What the editor works on is an `EditedWizard` (`edited.py`), shared with its commands
(`commands.py`, which ask the editor to show what they changed through `EditorScreen`); its bar is
`header.py`. Each text is checked, one check in flight and the latest text next (`LatestRun`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Mapping
from typing import Any

from nicegui import ui

from vance_ui.authoring.service import WizardAuthoring
from vance_ui.web.editor.browser import LeaveGuard
from vance_ui.web.editor.commands import EditorCommands
from vance_ui.web.editor.edited import EditedWizard
from vance_ui.web.editor.form_view import FormView
from vance_ui.web.editor.header import EditorHeader
from vance_ui.web.editor.opening import open_source
from vance_ui.web.editor.preview import EditorPreview
from vance_ui.web.editor.problems_panel import ProblemsPanel
from vance_ui.web.editor.style import add_editor_assets
from vance_ui.web.editor.yaml_view import YamlView
from vance_ui.web.shell.a11y import aria, bridged_aria
from vance_ui.web.shell.context import PageContext
from vance_ui.web.shell.latest import LatestRun
from vance_ui.wizards.catalog.model import Source
from vance_ui.wizards.format.schema import WIZARD_NAME_RE
from vance_ui.wizards.format.yaml_source import SourceProblem
from vance_ui.wizards.source.document import SourceDocument


class Editor:
    """`on_close` None: the editor is the page (its header, title, styles, leave guard); else it lives
    in a dialog, has its own top bar, and Back/Escape/delete call `on_close` instead of navigating
    (the host page added the styles and the leave guard, see `style.add_editor_assets`).
    Implements `EditorScreen` for its commands."""

    def __init__(self, ctx: PageContext, query: Mapping[str, str],
                 on_close: Callable[[], None] | None = None) -> None:
        self.ctx, t = ctx, ctx.t
        self.on_close = on_close
        self.authoring = WizardAuthoring(ctx.service)
        self.writable = self.authoring.writable_layers(ctx.scope)
        opening = open_source(self.authoring, ctx, query, self.writable)
        self.wizard = EditedWizard.opened(opening)
        self.guard = LeaveGuard()
        self.commands = EditorCommands(ctx, self.authoring, self.wizard, self.guard, screen=self)
        # one check in flight, the latest text next; Save waits until none is (`until_checked`)
        self._checks = LatestRun(self._check_current, alive=lambda: not self.status.is_deleted, name="editor-check")
        self._doc_text: str | None = None  # the text the form view's document was parsed from
        # the form view's document is parsed off the event loop, and only from text a load worker found
        # within a wizard file's bounds (an alias bomb never reaches ruamel here): the latest text next
        self._forms = LatestRun(self._parse_current, alive=lambda: not self.status.is_deleted, name="editor-form")
        self._opening = True  # until the first form is shown: no document then means the YAML view
        # the page at once; a dialog once its host opened it (`finish_opening`): till then the form
        # shows its first screen only, and a question (import, from a prompt) waits
        self._in_view = asyncio.Event()
        if on_close is None:
            self._in_view.set()
            add_editor_assets()
            ui.page_title(t("editor_page_title", name=self.wizard.name or t("editor_unnamed")))
            with ui.header(bordered=True).classes("vance-header vance-editor-header items-center"):
                self.header = EditorHeader(t, self.commands, in_dialog=False)
        else:
            with ui.row().classes("vance-header vance-editor-header vance-editor-topbar items-center w-full"):
                self.header = EditorHeader(t, self.commands, in_dialog=True)
        self._sync_actions()
        # a page's main landmark; in a dialog over the chat page (which has its own) a plain box
        with ui.element("main" if on_close is None else "div").classes("vance-editor-main w-full"):
            with aria(ui.column(), role="region", label=t("editor_document")).classes("vance-editor-pane gap-3"):
                self._target_row()
                with ui.tabs().props("dense no-caps align=left inline-label").classes("vance-tabs") \
                        .mark("editor-tabs") as self.tabs:
                    ui.tab("form", label=t("editor_form_view"), icon="view_agenda").mark("editor-tab-form")
                    ui.tab("yaml", label=t("editor_yaml_view"), icon="code").mark("editor-tab-yaml")
                with ui.tab_panels(self.tabs, value="form", animated=False).classes("w-full") as self.panels:
                    with ui.tab_panel("form").classes("p-0"):
                        self.form_view = FormView(t, ctx.lang, self._form_edited, self._renamed)
                    with ui.tab_panel("yaml").classes("p-0"):
                        self.yaml_view = YamlView(t, self.wizard.text, self._typed)
            # beside the pane and in view while it scrolls: the check's verdict and the preview
            with ui.column().classes("vance-editor-aside gap-0").mark("editor-aside"):
                self.problems = ProblemsPanel(t, self._reveal)
                self.status = self.problems.status
                # first: opening waits for the opened text's preview, not for the check
                self.preview = EditorPreview(ctx, self.wizard.checked_name, self.wizard.text, self._save_example)
        self.tabs.on_value_change(lambda e: self._switched(str(e.value)))
        self._show_form()
        if opening.notice:
            ui.notify(t(opening.notice), type="warning")
        self._checks.ask()
        if query.get("mode") in ("import", "prompt"):  # once the page is there (a timer runs in its context)
            ui.timer(0.1, lambda: self._ask_once_shown(query.get("mode")), once=True)

    async def previewed(self, timeout: float) -> None:
        """Until the preview shows the opened text, at most `timeout` seconds: a host that waits for
        it shows the editor with its preview in one update instead of the preview a round trip later."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.preview.first_shown.wait(), timeout)

    async def _ask_once_shown(self, mode: str | None) -> None:
        await self._in_view.wait()  # the question goes over the editor, never under it
        await (self.commands.import_file() if mode == "import" else self.commands.from_prompt())

    def finish_opening(self) -> None:
        """The host opened the editor and its first screen is shown: the rest of the form now, and a
        question the opening asks for (import, from a prompt) over it."""
        self._in_view.set()
        self.form_view.finish()

    def _target_row(self) -> None:
        """Name and layer of a wizard not saved yet; fixed once it is."""
        t = self.ctx.t
        with ui.row().classes("w-full items-center gap-2") as self.target_row:
            self.name_input = aria(ui.input(t("editor_name"), value=self.wizard.name,
                                            on_change=lambda e: self._named(e.value),
                                            validation={t("editor_name_rule"): lambda v: bool(
                                                WIZARD_NAME_RE.fullmatch(v or ""))}),
                                   label=t("editor_name")).props("outlined dense").classes("w-64") \
                .mark("editor-name")
            layers = {layer: t(f"layer_{layer}") for layer in self.writable}
            self.layer_select = bridged_aria(ui.select(layers, value=self.wizard.layer, label=t("editor_target_layer"),
                                               on_change=lambda e: self._layered(e.value)),
                                     label=t("editor_target_layer")).props("outlined dense").classes("w-56") \
                .mark("editor-layer-select")
        self.target_row.visible = not self.wizard.exists

    # -- the text -------------------------------------------------------------------------------

    def _typed(self, text: str) -> None:
        if text != self.wizard.text:
            self.wizard.text = text
            self._changed()

    def _form_edited(self, doc: SourceDocument) -> None:
        self.wizard.text = self._doc_text = doc.dump()
        self.yaml_view.set_text(self.wizard.text)
        self._changed()

    def _renamed(self, old: str, new: str) -> None:
        self.preview.rename(old, new)

    def _save_example(self, values: dict[str, Any], prompt: str) -> None:
        """The preview's test values and their prompt as a new example of the wizard (unsaved yet)."""
        try:
            doc = SourceDocument.parse(self.wizard.text)
        except SourceProblem:
            return
        name = self.ctx.t("example_name", number=len(doc.root.get("examples") or []) + 1)
        number = doc.add_example(name, self.ctx.lang, values, prompt)
        self.replace_text(doc.dump())
        ui.notify(self.ctx.t("example_saved", number=number))

    def _reveal(self, problem: SourceProblem) -> None:
        """A problem in the list was chosen: show it where it is, in the view that is open."""
        if self.tabs.value == "form" and self.form_view.reveal(problem.path):
            return
        if problem.line:
            self.tabs.set_value("yaml")
            self.yaml_view.reveal(problem.line)

    def _switched(self, view: str) -> None:
        if view == "form" and self.wizard.text != self._doc_text:
            self._show_form()

    def _show_form(self) -> None:
        self._forms.ask()

    async def _parse_current(self) -> None:
        text = self.wizard.text
        doc = await asyncio.to_thread(self._document, text)
        if self.status.is_deleted or self._forms.superseded or text != self.wizard.text:
            return  # a newer text is waiting: its form is shown next
        self._doc_text = text if doc is not None else None
        self.form_view.show(doc, first_screen=not self._in_view.is_set())
        if self._opening:
            self._opening = False
            if doc is None:
                self.tabs.set_value("yaml")

    def _document(self, text: str) -> SourceDocument | None:
        """The text as the form view's document (in a thread); None: no YAML mapping, or beyond a
        wizard file's bounds (the problems list says why)."""
        if self.authoring.beyond_bounds(text) is not None:
            return None
        try:
            return SourceDocument.parse(text)
        except SourceProblem:
            return None

    def _named(self, value: str | None) -> None:
        self.wizard.name = (value or "").strip()
        self._changed()

    def _layered(self, value: Source) -> None:
        self.wizard.layer = Source(value)
        self._sync_actions()

    def _changed(self) -> None:
        self._sync_dirty()
        self._checks.ask()

    def _sync_dirty(self) -> None:
        self.guard.follow(self.wizard.dirty)
        self._sync_actions()

    # -- checking: one in flight, the latest text next -------------------------------------------

    async def _check_current(self) -> None:
        """Check the text as it is now. Save stays enabled meanwhile: a click on it waits for this
        check (a click on a button disabled for the check was dropped, and the save never happened)."""
        await self.preview.first_shown.wait()  # the opened text's preview first (the GIL is shared)
        name, text = self.wizard.checked_name, self.wizard.text
        problems = await asyncio.to_thread(self.authoring.problems, name, text)
        await self._forms.idle()  # the problems in the form's words: its field names, its cards
        if self.status.is_deleted:
            return
        if not self._checks.superseded:  # else a newer text is waiting: its problems are shown next
            self.show_problems(problems)
        self.preview.show(name, text)

    def _sync_actions(self) -> None:
        wizard = self.wizard
        savable = not wizard.problems and wizard.named and wizard.layer in self.writable
        self.header.show(wizard, savable)

    # -- EditorScreen: what the commands show ---------------------------------------------------

    @property
    def in_dialog(self) -> bool:
        return self.on_close is not None

    async def until_checked(self) -> None:
        await self._checks.idle()

    def show_problems(self, problems: list[SourceProblem]) -> None:
        self.wizard.problems = problems
        words = self.form_view.words()
        self.problems.show(problems, words)
        self.yaml_view.show_problems(problems, words)
        self.form_view.show_problems(problems)
        self._sync_actions()

    def show_stored(self) -> None:
        self.target_row.visible = not self.wizard.exists
        self._sync_dirty()

    def replace_text(self, text: str, saved: bool = False) -> None:
        self.wizard.text = text
        if saved:
            self.wizard.saved_text = text
        self.yaml_view.set_text(text)
        self._show_form()
        self._changed()

    def take_name(self, name: str) -> None:
        self.name_input.set_value(name)

    def show_yaml(self) -> None:
        self.tabs.set_value("yaml")

    def close(self) -> None:
        if self.on_close is not None:
            self.on_close()
        else:
            ui.navigate.to("/")
