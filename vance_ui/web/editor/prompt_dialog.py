""""New wizard from a prompt": the author pastes a prompt, selects each part that changes and makes
it a field (Make a field, or Ctrl+Shift+Enter in the text; `assets/editor.js`), edits each proposal's
name, label and type, sees the prompt with its fields in a preview, and Create gives the wizard's
YAML text (`authoring.from_prompt`) to the editor. Refusals are shown in the dialog, in words.
With a model (the Check's fast one), "Suggest fields" asks it for the parts that change
(`llm.field_suggestions`); each suggestion that fits the prompt (`authoring.suggested_fields`) is
listed for the author to accept or reject. Without one the button is disabled and says why."""

from __future__ import annotations

import dataclasses
from typing import Any

from nicegui import ui

from vance_ui.authoring.from_prompt import wizard_from_prompt, wizard_name_for
from vance_ui.authoring.prompt_fields import PROPOSED_TYPES, FieldProposal, PromptRefused, propose_field
from vance_ui.authoring.suggested_fields import checked_suggestions
from vance_ui.llm.client import LlmError, ModelConfig
from vance_ui.llm.field_suggestions import suggest_fields
from vance_ui.web.editor import browser
from vance_ui.web.shell.a11y import aria, bridged_aria
from vance_ui.web.shell.i18n import Texts
from vance_ui.wizards.source.naming import propose_name

_SHOWN_CHARS = 40  # of a field's text in its row


class PromptFields:
    """The prompt and the fields made of it so far; what the dialog shows is drawn from here."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.prompt = ""
        self.fields: list[FieldProposal] = []
        self.suggested: list[FieldProposal] = []  # by a model, neither accepted nor rejected yet

    def _add(self, proposal: FieldProposal) -> None:
        if any(proposal.start < f.end and f.start < proposal.end for f in self.fields):
            raise PromptRefused("overlap", "that part overlaps a field already made")
        self.fields.append(proposal)
        self.fields.sort(key=lambda f: f.start)

    def accept(self, index: int) -> FieldProposal:
        """A suggestion made a field (renamed when its name was taken meanwhile)."""
        proposal = self.suggested[index]
        taken = [f.name for f in self.fields]
        if proposal.name in taken:
            proposal = dataclasses.replace(proposal, name=propose_name(proposal.name, taken))
        self._add(proposal)
        del self.suggested[index]
        return proposal

    def reject(self, index: int) -> None:
        del self.suggested[index]

    def make(self, start: int, end: int, options: list[str] | None = None) -> FieldProposal:
        """A field for the selection `start`-`end`; `PromptRefused` when it cannot be one."""
        proposal = propose_field(self.prompt, start, end, taken=[f.name for f in self.fields], lang=self.lang,
                                 options=options)
        self._add(proposal)
        return proposal

    def change(self, index: int, **changes: Any) -> None:
        self.fields[index] = dataclasses.replace(self.fields[index], **changes)

    def set_label(self, index: int, label: str) -> None:
        self.change(index, labels={**self.fields[index].labels, self.lang: label})

    def retext(self, prompt: str) -> None:
        """The prompt changed: each field follows its text (found again elsewhere, or dropped)."""
        kept: list[FieldProposal] = []
        for field in self.fields:
            text = self.prompt[field.start:field.end]
            start = field.start if prompt[field.start:field.end] == text else prompt.find(text)
            if text and start >= 0 and not any(start < k.end and k.start < start + len(text) for k in kept):
                kept.append(dataclasses.replace(field, start=start, end=start + len(text)))
        self.prompt = prompt
        self.fields = sorted(kept, key=lambda f: f.start)
        self.suggested = []  # made for another text

    def preview(self) -> str:
        """The prompt with each field shown as [its label]."""
        out, position = [], 0
        for field in self.fields:
            label = field.labels.get(self.lang) or next(iter(field.labels.values()), field.name)
            out += [self.prompt[position:field.start], f"[{label}]"]
            position = field.end
        return "".join(out) + self.prompt[position:]

    def wizard(self) -> tuple[str, str]:
        """The wizard's proposed name and its YAML text."""
        return wizard_name_for(self.prompt), wizard_from_prompt(self.prompt, self.fields, self.lang)


class PromptDialog:
    """The dialog; `await PromptDialog(t, lang, model).answer()` is the wizard's proposed name and YAML
    text, or None when cancelled."""

    def __init__(self, t: Texts, lang: str, model: ModelConfig | None) -> None:
        self.t, self.model = t, model
        self.state = PromptFields(lang)
        with aria(ui.dialog(), label=t("prompt_new")) as self.dialog, \
                ui.card().classes("vance-editor-dialog vance-prompt-dialog w-full").mark("prompt-dialog"):
            aria(ui.label(t("prompt_new")), role="heading", level="2").classes("text-lg font-semibold")
            ui.label(t("prompt_hint")).classes("vance-help").mark("prompt-hint")
            self.source = aria(ui.textarea(t("prompt_text"), on_change=lambda e: self._retexted(str(e.value or ""))),
                               label=t("prompt_text")) \
                .props("outlined autogrow autofocus").classes("w-full vance-prompt-source").mark("prompt-source")
            with ui.row().classes("w-full items-start gap-2"):
                self.one_of = ui.checkbox(t("prompt_one_of")).mark("prompt-one-of")
                self.options = aria(ui.textarea(t("prompt_options")), label=t("prompt_options")) \
                    .props("outlined dense autogrow").classes("grow").mark("prompt-options")
                self.options.bind_visibility_from(self.one_of, "value")
            aria(ui.button(t("prompt_make_field"), icon="add_box", on_click=self._make_selected),
                 label=t("prompt_make_field"), keyshortcuts="Control+Shift+Enter") \
                .props("unelevated no-caps").classes("vance-make-field").mark("prompt-make-field")
            self._suggest_button()
            self.refusal = aria(ui.label(), role="alert").classes("text-red-800").mark("prompt-refusal")
            self.said = aria(ui.label(), live="polite").classes("sr-only").mark("prompt-said")
            self.suggestions = ui.column().classes("w-full gap-2").mark("prompt-suggestions")
            aria(ui.label(t("prompt_fields")), role="heading", level="3").classes("font-semibold")
            self.list = ui.column().classes("w-full gap-2").mark("prompt-fields")
            aria(ui.label(t("prompt_preview")), role="heading", level="3").classes("font-semibold")
            self.shown = aria(ui.label(), role="region", label=t("prompt_preview")) \
                .classes("whitespace-pre-wrap break-words w-full vance-help").mark("prompt-preview")
            with ui.row().classes("w-full justify-end gap-2"):
                ui.button(t("cancel"), on_click=lambda: self.dialog.submit(None)).props("flat no-caps") \
                    .mark("prompt-cancel")
                ui.button(t("prompt_create"), icon="check", on_click=self._create).props("unelevated no-caps") \
                    .mark("prompt-create")
        self._show()

    def _suggest_button(self) -> None:
        t = self.t
        with ui.row().classes("w-full items-center gap-2"):
            button = aria(ui.button(t("prompt_suggest"), icon="auto_awesome", on_click=self._suggest),
                          label=t("prompt_suggest")).props("outline no-caps").mark("prompt-suggest")
            if self.model is None:
                button.disable()
                reason = ui.label(t("prompt_suggest_no_model")).classes("vance-help").mark("prompt-suggest-why")
                aria(button, describedby=f"c{reason.id}")
            self.busy = ui.spinner(size="sm").mark("prompt-suggest-busy")
            self.busy.visible = False

    async def _suggest(self) -> None:
        if self.model is None or self.busy.visible:
            return
        if not self.state.prompt.strip():
            self._refused(PromptRefused("empty_prompt", "paste a prompt first"))
            return
        self.busy.visible = True
        self.refusal.text = ""
        try:
            raw = await suggest_fields(self.model, self.state.prompt, PROPOSED_TYPES, self.state.lang)
        except LlmError as error:
            self.refusal.text = self.t("prompt_suggest_failed", reason=error.message)
            return
        finally:
            self.busy.visible = False
        self.state.suggested = checked_suggestions(self.state.prompt, raw, self.state.fields, self.state.lang)
        self.said.text = self.t("prompt_suggested", n=len(self.state.suggested))
        self._show()

    async def answer(self) -> tuple[str, str] | None:
        self.dialog.open()
        try:
            answer = await self.dialog
        finally:
            self.dialog.delete()
        return answer if isinstance(answer, tuple) else None

    def _refused(self, refused: PromptRefused) -> None:
        self.refusal.text = self.t(f"prompt_refused_{refused.code}")

    def _retexted(self, prompt: str) -> None:
        self.state.retext(prompt)
        self._show()

    async def _make_selected(self) -> None:
        start, end = await browser.call("promptSelection", self.source.id, timeout=5.0)  # a busy browser too
        self.make(int(start), int(end))

    def make(self, start: int, end: int) -> None:
        """The selection `start`-`end` made a field (with the values given when one of several)."""
        options = [line for line in str(self.options.value or "").splitlines() if line.strip()] \
            if self.one_of.value else None
        try:
            made = self.state.make(start, end, options)
        except PromptRefused as refused:
            self._refused(refused)
            return
        self.refusal.text = ""
        self.one_of.value = False
        self.options.value = ""
        self.said.text = self.t("prompt_field_made", name=made.name, type=self.t(f"field_type_{made.type}"))
        self._show()

    def _create(self) -> None:
        try:
            made = self.state.wizard()
        except PromptRefused as refused:
            self._refused(refused)
            return
        self.dialog.submit(made)

    def _show(self) -> None:
        t, state = self.t, self.state
        self.shown.text = state.preview()
        self.suggestions.clear()
        with self.suggestions:
            for index, proposal in enumerate(state.suggested):
                self._suggestion_row(index, proposal)
        self.list.clear()
        with self.list:
            if not state.fields:
                ui.label(t("prompt_no_fields")).classes("vance-help").mark("prompt-no-fields")
            for index, field in enumerate(state.fields):
                self._field_row(index, field)

    def _field_row(self, index: int, field: FieldProposal) -> None:
        t, number = self.t, index + 1
        text = self.state.prompt[field.start:field.end].strip().replace("\n", " ⏎ ")
        types = {kind: t(f"field_type_{kind}") for kind in PROPOSED_TYPES}
        with ui.column().classes("w-full gap-1 border rounded p-2").mark("prompt-field"):
            ui.label(t("prompt_field_text", text=text[:_SHOWN_CHARS] + ("…" if len(text) > _SHOWN_CHARS else ""))) \
                .classes("vance-help break-all").mark("prompt-field-text")
            with ui.row().classes("w-full items-center gap-2"):
                aria(ui.input(t("field_name"), value=field.name,
                              on_change=lambda e: self.state.change(index, name=str(e.value or ""))),
                     label=t("prompt_field_name", n=number)).props("outlined dense").classes("w-40") \
                    .mark("prompt-field-name")
                aria(ui.input(t("field_label"), value=field.labels.get(self.state.lang, ""),
                              on_change=lambda e: self._relabel(index, str(e.value or ""))),
                     label=t("prompt_field_label", n=number)).props("outlined dense").classes("w-48") \
                    .mark("prompt-field-label")
                bridged_aria(ui.select(types, value=field.type, label=t("field_type"),
                                       on_change=lambda e: self._retype(index, str(e.value))),
                             label=t("prompt_field_type", n=number)).props("outlined dense").classes("w-52") \
                    .mark("prompt-field-type")
                aria(ui.button(icon="delete", on_click=lambda: self._remove(index)),
                     label=t("prompt_field_remove", name=field.name)).props("flat round dense") \
                    .mark("prompt-field-remove")

    def _suggestion_row(self, index: int, proposal: FieldProposal) -> None:
        t = self.t
        text = self.state.prompt[proposal.start:proposal.end].strip().replace("\n", " ⏎ ")
        label = proposal.labels.get(self.state.lang, proposal.name)
        with ui.row().classes("w-full items-center gap-2 border rounded p-2").mark("prompt-suggestion"):
            ui.label(t("prompt_suggestion", label=label, type=t(f"field_type_{proposal.type}"),
                       text=text[:_SHOWN_CHARS] + ("…" if len(text) > _SHOWN_CHARS else ""))) \
                .classes("grow break-all").mark("prompt-suggestion-text")
            aria(ui.button(icon="check", on_click=lambda: self._accept(index)),
                 label=t("prompt_accept", label=label)).props("flat round dense").mark("prompt-accept")
            aria(ui.button(icon="close", on_click=lambda: self._reject(index)),
                 label=t("prompt_reject", label=label)).props("flat round dense").mark("prompt-reject")

    def _accept(self, index: int) -> None:
        try:
            self.state.accept(index)
        except PromptRefused as refused:
            self._refused(refused)
            return
        self._show()

    def _reject(self, index: int) -> None:
        self.state.reject(index)
        self._show()

    def _relabel(self, index: int, label: str) -> None:
        self.state.set_label(index, label)
        self.shown.text = self.state.preview()

    def _retype(self, index: int, kind: str) -> None:
        self.state.change(index, type=kind)

    def _remove(self, index: int) -> None:
        del self.state.fields[index]
        self._show()
