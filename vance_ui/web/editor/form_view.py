"""The form view: the wizard file as a form. Head (title and description per language, icon,
category, keywords, availableIn), the fields, the pages, the rules across fields, the prompt and
validator templates (with the variables they may use) and the follow-ups, all edited in one
`SourceDocument`.

A row of links at the top jumps to each section (and to "Add field"), so a keyboard reaches any
part in a few Tabs. Each part has a slot for its problems (`ProblemSlots`); a template that still
reads a field's old name offers, at that field, to read the new one (`SourceDocument.rename_uses`).
"""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui

from vance_ui.web.editor import browser
from vance_ui.web.editor.field_editor import FieldEditor, add_field_row, in_lang
from vance_ui.web.editor.form_context import FieldCard, FormContext
from vance_ui.web.editor.problem_slots import ProblemSlots
from vance_ui.web.editor.problem_words import ProblemWords
from vance_ui.web.nicegui_compat.code_editor import CodeEditor
from vance_ui.web.shell.a11y import aria, bridged_aria
from vance_ui.web.shell.i18n import LANGUAGES, Texts
from vance_ui.web.shell.icons import wizard_icon
from vance_ui.wizards.format.heroicon_names import HEROICON_NAMES
from vance_ui.wizards.format.paths import Path
from vance_ui.wizards.format.schema import CONTEXT_VARIABLES
from vance_ui.wizards.format.yaml_source import SourceProblem
from vance_ui.wizards.source.document import SourceDocument

Edited = Callable[[SourceDocument], None]
Renamed = Callable[[str, str], None]

#: what an opening editor builds first: the head and this many fields fill a 900 px high window
FIRST_SCREEN_FIELDS = 2

#: the sections the jump links lead to: (mark of the section, its title's text key)
SECTIONS = (("editor-section-general", "editor_general"), ("editor-section-fields", "editor_fields"),
            ("editor-section-pages", "editor_pages"), ("editor-section-rules", "editor_rules"),
            ("editor-section-promptTemplate", "wizard_prompt"),
            ("editor-section-validatorPrompt", "wizard_validator"),
            ("editor-section-follow-ups", "editor_follow_ups"))


def _names(doc: SourceDocument) -> list[str]:
    return [str(f.get("name")) for f in doc.fields()]


class FormView:
    """`edited(doc)` after every change; the page turns the document into text. `renamed(old, new)`
    when a top-level field's name changes (the preview keeps its test value)."""

    def __init__(self, t: Texts, lang: str, edited: Edited, renamed: Renamed) -> None:
        self.t, self.edited_handler, self.renamed_handler = t, edited, renamed
        self.lang = lang  # the language whose texts are edited (any the file has, or the UI's)
        self.doc: SourceDocument | None = None
        self.ctx: FormContext | None = None
        self._first = True
        self._below: SourceDocument | None = None  # the document whose form is still to be finished
        self._fields_box: ui.column | None = None
        self._variables: list[ui.label] = []
        self._focus_next: str | None = None  # the key of the control to focus once rebuilt (`FormContext.may_focus`)
        self._problems: list[SourceProblem] = []
        self.renames: dict[str, str] = {}  # a renamed top-level field's name now -> its name before
        self.sections: dict[str, ui.element] = {}
        self.box = ui.column().classes("w-full gap-4 vance-form-view").mark("editor-form-view")

    def show(self, doc: SourceDocument | None, first_screen: bool = False) -> None:
        """Build the form for `doc`; None: the text is no YAML mapping (fix it in the YAML view).
        `first_screen`: only the head and the first fields, the rest when `finish` is called (an
        opening editor shows the first screen sooner; the rest follows in the next update)."""
        self.doc, self._below = doc, None
        if doc is not None and self._first:  # the texts in a language the file has: the UI's if it can
            self._first = False
            languages = doc.languages("title")
            if languages and self.lang not in languages:
                self.lang = languages[0]
        self.box.clear()
        self.sections.clear()
        self._variables.clear()
        with self.box:
            if doc is None:
                self.ctx = None
                ui.label(self.t("editor_form_unavailable")).classes("vance-help").mark("editor-form-unavailable")
                return
        self.ctx = FormContext(doc, self.t, self.lang, self.edited, self.rebuilt, self._renamed, self._focus_after,
                               self._focus_next, ProblemSlots())
        self._focus_next = None
        if self._built(doc, self._first_screen):
            self._below = doc
            if not first_screen:
                self.finish()

    def finish(self) -> None:
        """The sections below the first screen (nothing when they are built, or the form was rebuilt)."""
        doc, self._below = self._below, None
        if doc is not None and doc is self.doc:
            self._built(doc, self._rest)
            self._show_problems()
            if self.ctx is not None and self.ctx.focus_target is not None:
                with self.box:  # the control that asked for the rebuild may be gone with the old form
                    browser.call("focusWhenMounted", self.ctx.focus_target.id)
                self.ctx.focus_target = None

    def _built(self, doc: SourceDocument, build: Callable[[SourceDocument], None]) -> bool:
        try:
            with self.box:
                build(doc)
            return True
        except (AttributeError, IndexError, KeyError, TypeError, ValueError):
            # a shape the form cannot show (a list item that is no field, a number where a map
            # belongs): the YAML view shows the text and its problems
            self.box.clear()
            self.doc = self.ctx = None
            with self.box:
                ui.label(self.t("editor_form_unavailable")).classes("vance-help").mark("editor-form-unavailable")
            return False

    def _first_screen(self, doc: SourceDocument) -> None:
        self._jump_links()
        self._head(doc)
        self._fields(doc, FIRST_SCREEN_FIELDS)

    def _rest(self, doc: SourceDocument) -> None:
        assert self._fields_box is not None
        with self._fields_box:
            self._more_fields(doc, FIRST_SCREEN_FIELDS)
        self._pages(doc)
        self._rules(doc)
        self._templates(doc)
        self._follow_ups(doc)

    def edited(self) -> None:
        if self.doc is not None:
            self.edited_handler(self.doc)
            self._refresh_variables()

    def rebuilt(self) -> None:
        self.edited()
        self.show(self.doc)

    def _focus_after(self, mark: str) -> None:
        self._focus_next = mark

    def _renamed(self, old: str, new: str) -> None:
        self.renames[new] = self.renames.pop(old, old)
        self.renamed_handler(old, new)

    # -- problems -----------------------------------------------------------------------------

    def show_problems(self, problems: list[SourceProblem]) -> None:
        self._problems = problems
        self._show_problems()

    def words(self) -> ProblemWords:
        return ProblemWords(self.t, self.doc.root if self.doc is not None else None)

    def _show_problems(self) -> None:
        ctx = self.ctx
        if ctx is None:
            return
        ctx.slots.show(self._problems, self.words())
        offered: set[str] = set()
        for shown in ctx.cards.values():
            shown.withdraw_offer()
        for problem in self._problems:
            old = problem.params.get("name", "")
            if problem.code not in ("unknown_variable", "show_if_unknown") or not old or old in offered:
                continue
            card = self._card_renamed_from(old, problem.params.get("hint", ""))
            if card is not None:
                offered.add(old)
                card.offer_rename(old, len(ctx.doc.uses_of(old)), self._rename_uses)

    def _card_renamed_from(self, old: str, hint: str) -> FieldCard | None:
        """The top-level field that was called `old` before (or the one the check's hint names)."""
        assert self.ctx is not None
        cards = [card for path, card in self.ctx.cards.items() if len(path) == 1]
        return next((c for c in cards if self.renames.get(c.name) == old), None) or \
            next((c for c in cards if hint and c.name == hint), None)

    def _rename_uses(self, old: str, new: str) -> None:
        if self.doc is not None and new:
            self.doc.rename_uses(old, new)
            self.renames.pop(new, None)
            self._focus_next = f"field-{new}"
            self.rebuilt()

    def reveal(self, path: Path | None) -> bool:
        """Scroll to the part of the form a problem is about and focus its first control."""
        box = self.ctx.slots.box(path) if self.ctx is not None else None
        if box is None:
            return False
        browser.call("reveal", box.id)
        return True

    def _jump(self, mark: str) -> None:
        box = self.sections.get(mark)
        if box is not None:
            browser.call("reveal", box.id)

    def _jump_to_add_field(self) -> None:
        if self.ctx is not None and self.ctx.new_field_label is not None:
            browser.call("reveal", self.ctx.new_field_label.id)

    # -- sections -----------------------------------------------------------------------------

    def _jump_links(self) -> None:
        t = self.t
        with aria(ui.element("nav"), label=t("editor_jump")).classes("vance-editor-jumps").mark("editor-jumps"):
            for mark, key in SECTIONS:
                ui.button(t(key), on_click=lambda m=mark: self._jump(m)) \
                    .props("flat dense no-caps size=sm").mark(f"editor-jump-{mark}")
                if mark == "editor-section-fields":  # the commonest jump, next to its section's
                    ui.button(t("add_field"), icon="add", on_click=self._jump_to_add_field) \
                        .props("flat dense no-caps size=sm").mark("editor-jump-add-field")

    def _section(self, key: str, mark: str, path: Path | None = None) -> ui.column:
        with ui.column().classes("w-full gap-2 vance-editor-section").mark(mark) as box:
            box.props(f"data-section={mark}")
            aria(ui.label(self.t(key)), role="heading", level="2").classes("vance-group-title")
            if path is not None and self.ctx is not None:
                self.ctx.slots.add(path, box)
        self.sections[mark] = box
        return box

    def _head(self, doc: SourceDocument) -> None:
        t = self.t
        with self._section("editor_general", "editor-section-general", ()):
            languages = {**{code: code.upper() for code in LANGUAGES},
                         **{code: code.upper() for code in doc.languages("title")}}
            aria(ui.toggle(languages, value=self.lang, on_change=lambda e: self._language(e.value)),
                 role="group", label=t("editor_text_language")).props("dense unelevated no-caps toggle-color=primary") \
                .mark("editor-text-language")
            for key in ("title", "description"):
                aria(ui.input(t(f"wizard_{key}"), value=doc.text(key, self.lang),
                              on_change=lambda e, k=key: self._text(k, e.value or "")),
                     label=f"{t(f'wizard_{key}')} ({self.lang.upper()})").props("outlined dense") \
                    .classes("w-full").mark(f"editor-{key}")
            with ui.row().classes("w-full items-center gap-2"):
                icon = str(doc.value("icon") or "")
                options = {"": t("editor_no_icon"), **{name: name for name in sorted(HEROICON_NAMES)}}
                if icon and icon not in options:
                    options[icon] = icon
                # built with its own option only: every props/classes call on a select rebuilds its
                # options (324 icons, ~10 calls: a third of the form's build time), so they come last
                picker = bridged_aria(ui.select({icon: options[icon]}, value=icon, label=t("wizard_icon"),
                                                with_input=True, on_change=lambda e: self._icon(e.value)),
                                      label=t("wizard_icon")) \
                    .props("outlined dense options-dense").classes("w-56").mark("editor-icon")
                with picker.add_slot("prepend"):
                    self.icon_preview = ui.icon(wizard_icon(icon or None)).props("aria-hidden=true")
                picker.set_options(options)
                aria(ui.input(t("wizard_category"), value=str(doc.value("category") or ""),
                              on_change=lambda e: self._value("category", e.value)), label=t("wizard_category")) \
                    .props("outlined dense").classes("w-48").mark("editor-category")
            words = bridged_aria(ui.input_chips(t("wizard_keywords"), value=doc.keywords(self.lang),
                                                new_value_mode="add-unique",
                                                on_change=lambda e: self._keywords(e.value or [])),
                                 label=f"{t('wizard_keywords')} ({self.lang.upper()})") \
                .props("outlined dense").classes("w-full").mark("editor-keywords")
            words.props["hint"] = t("wizard_keywords_hint")
            projects = [str(p) for p in doc.value("availableIn") or []]
            chips = bridged_aria(ui.input_chips(t("wizard_available_in"), value=projects, new_value_mode="add-unique",
                                                on_change=lambda e: self._available(e.value or [])),
                                 label=t("wizard_available_in")) \
                .props("outlined dense").classes("w-full").mark("editor-available-in")
            chips.props["hint"] = t("wizard_available_in_hint")

    def _fields(self, doc: SourceDocument, count: int) -> None:
        with self._section("editor_fields", "editor-section-fields", ("fields",)) as self._fields_box:
            self._field_cards(doc, range(min(count, len(doc.fields()))))

    def _more_fields(self, doc: SourceDocument, start: int) -> None:
        assert self.ctx is not None
        self._field_cards(doc, range(start, len(doc.fields())))
        add_field_row(self.ctx, ())

    def _field_cards(self, doc: SourceDocument, indexes: range) -> None:
        assert self.ctx is not None
        self.ctx.page_titles = [_page_title(page, self.lang, index) for index, page in enumerate(doc.pages())]
        for index in indexes:
            FieldEditor(self.ctx, (index,))

    def _pages(self, doc: SourceDocument) -> None:
        t, ctx = self.t, self.ctx
        assert ctx is not None
        with self._section("editor_pages", "editor-section-pages", ("pages",)):
            ui.label(t("editor_pages_hint")).classes("vance-help")
            for index, page in enumerate(doc.pages()):
                with ui.column().classes("w-full gap-1").mark("editor-page") as row:
                    with ui.row().classes("w-full items-center gap-2 no-wrap"):
                        title = aria(ui.input(t("page_title"), value=_page_title(page, self.lang, index),
                                              on_change=lambda e, i=index: self._page_text(i, e.value or "")),
                                     label=f"{t('page_title')} {index + 1}").props("outlined dense").classes("grow") \
                            .mark("editor-page-title")
                        aria(ui.input(t("field_show_if"), value=str(page.get("showIf") or ""),
                                      on_change=lambda e, i=index: self._page_value(i, e.value)),
                             label=f"{t('field_show_if')} ({t('page_title')} {index + 1})").props("outlined dense") \
                            .classes("grow").mark("editor-page-show-if")
                        label = t("remove_page", number=index + 1)
                        aria(ui.button(icon="delete", on_click=lambda i=index: self._remove_page(i)), label=label) \
                            .props("flat round dense").tooltip(label).mark("editor-remove-page")
                    ctx.slots.add(("pages", index), row, [title])
            add = aria(ui.button(t("add_page"), icon="add", on_click=self._add_page), label=t("add_page")) \
                .props("outline dense no-caps").mark("editor-add-page")
            ctx.may_focus("add-page", add)

    def _rules(self, doc: SourceDocument) -> None:
        t, ctx = self.t, self.ctx
        assert ctx is not None
        fields = {name: name for name in _names(doc) if name}
        with self._section("editor_rules", "editor-section-rules", ("rules",)):
            ui.label(t("editor_rules_hint")).classes("vance-help")
            for index, rule in enumerate(doc.rules()):
                number = index + 1
                with ui.column().classes("w-full gap-1").mark("editor-rule") as row:
                    with ui.row().classes("w-full items-center gap-2"):
                        condition = aria(ui.input(t("rule_condition"), value=str(rule.get("if") or ""),
                                                  on_change=lambda e, i=index: self._rule(i, "if", e.value)),
                                         label=f"{t('rule_condition')} ({t('problem_at_rule', number=number)})") \
                            .props("outlined dense spellcheck=false").classes("grow").mark("editor-rule-if")
                        at = str(rule.get("field") or "")
                        bridged_aria(ui.select({**fields, **({at: at} if at and at not in fields else {})},
                                               value=at or None, label=t("rule_field"),
                                               on_change=lambda e, i=index: self._rule(i, "field", e.value)),
                                     label=f"{t('rule_field')} ({t('problem_at_rule', number=number)})") \
                            .props("outlined dense").classes("w-44").mark("editor-rule-field")
                        label = t("remove_rule", number=number)
                        aria(ui.button(icon="delete", on_click=lambda i=index: self._remove_rule(i)), label=label) \
                            .props("flat round dense").tooltip(label).mark("editor-remove-rule")
                    aria(ui.input(t("rule_message"), value=in_lang(rule.get("message"), self.lang),
                                  on_change=lambda e, i=index: self._rule(i, "message", e.value, self.lang)),
                         label=f"{t('rule_message')} ({t('problem_at_rule', number=number)})") \
                        .props("outlined dense").classes("w-full").mark("editor-rule-message")
                    ctx.slots.add(("rules", index), row, [condition])
                    if number == len(doc.rules()):  # the newest, just added
                        ctx.may_focus("rule-new", condition)
            add = aria(ui.button(t("add_rule"), icon="add", on_click=self._add_rule), label=t("add_rule")) \
                .props("outline dense no-caps").mark("editor-add-rule")
            if not fields:
                add.disable()
            ctx.may_focus("add-rule", add)

    def _templates(self, doc: SourceDocument) -> None:
        t = self.t
        for key, title in (("promptTemplate", "wizard_prompt"), ("validatorPrompt", "wizard_validator")):
            with self._section(title, f"editor-section-{key}", (key,)):
                self._variables.append(ui.label(self._variables_text()).classes("vance-help")
                                       .mark(f"editor-variables-{key}"))
                CodeEditor(str(doc.value(key) or ""), language="Jinja2", line_wrapping=True,
                           on_change=lambda e, k=key: self._value(k, e.value)) \
                    .props(f'data-editor-label="{t(title)}"').classes("w-full vance-template-editor") \
                    .mark(f"editor-{key}")

    def _variables_text(self) -> str:
        names = ", ".join([*_names(self.doc), *sorted(CONTEXT_VARIABLES)]) if self.doc is not None else ""
        return self.t("editor_variables", names=names)

    def _refresh_variables(self) -> None:
        text = self._variables_text()
        for label in self._variables:
            if label.text != text:
                label.text = text

    def _follow_ups(self, doc: SourceDocument) -> None:
        t, ctx = self.t, self.ctx
        assert ctx is not None
        with self._section("editor_follow_ups", "editor-section-follow-ups", ("suggestedFollowUps",)):
            for index, follow_up in enumerate(doc.follow_ups()):
                with ui.column().classes("w-full gap-1").mark("editor-follow-up") as row:
                    with ui.row().classes("w-full items-center gap-2 no-wrap"):
                        wizard = aria(ui.input(t("follow_up_wizard"), value=str(follow_up.get("wizard") or ""),
                                               on_change=lambda e, i=index: self._follow_up(i, "wizard", e.value)),
                                      label=f"{t('follow_up_wizard')} {index + 1}").props("outlined dense") \
                            .classes("w-40")
                        aria(ui.input(t("follow_up_label"), value=in_lang(follow_up.get("label"), self.lang),
                                      on_change=lambda e, i=index: self._follow_up(i, "label", e.value, self.lang)),
                             label=f"{t('follow_up_label')} {index + 1}").props("outlined dense").classes("grow")
                        aria(ui.input(t("follow_up_condition"), value=str(follow_up.get("condition") or ""),
                                      on_change=lambda e, i=index: self._follow_up(i, "condition", e.value)),
                             label=f"{t('follow_up_condition')} {index + 1}").props("outlined dense").classes("grow")
                        label = t("remove_follow_up", number=index + 1)
                        aria(ui.button(icon="delete", on_click=lambda i=index: self._remove_follow_up(i)),
                             label=label).props("flat round dense").tooltip(label)
                    ctx.slots.add(("suggestedFollowUps", index), row, [wizard])
            add = aria(ui.button(t("add_follow_up"), icon="add", on_click=self._add_follow_up),
                       label=t("add_follow_up")).props("outline dense no-caps").mark("editor-add-follow-up")
            ctx.may_focus("add-follow-up", add)

    # -- edits --------------------------------------------------------------------------------

    def _language(self, lang: str) -> None:
        self.lang = lang
        self.show(self.doc)

    def _text(self, key: str, value: str) -> None:
        if self.doc is not None:
            self.doc.set_text(key, self.lang, value)
            self.edited()

    def _value(self, key: str, value: object) -> None:
        if self.doc is not None:
            self.doc.set_value(key, value or None)
            self.edited()

    def _icon(self, icon: str | None) -> None:
        self.icon_preview.name = wizard_icon(icon or None)
        self._value("icon", icon)

    def _keywords(self, words: list[str]) -> None:
        if self.doc is not None:
            self.doc.set_keywords(self.lang, [word.strip() for word in words if word.strip()])
            self.edited()

    def _available(self, projects: list[str]) -> None:
        if self.doc is not None:
            self.doc.set_available_in([part.strip() for part in projects if part.strip()])
            self.edited()

    def _page_text(self, index: int, value: str) -> None:
        if self.doc is not None and self.ctx is not None:
            self.doc.set_page_text(index, "title", self.lang, value)
            self.ctx.page_titled(index, value or f"{index + 1}")
            self.edited()

    def _page_value(self, index: int, value: str | None) -> None:
        if self.doc is not None:
            self.doc.set_page(index, "showIf", value)
            self.edited()

    def _add_page(self) -> None:
        if self.doc is not None:
            self.doc.add_page(self.lang, f"{self.t('page')} {len(self.doc.pages()) + 1}")
            self._focus_next = "add-page"
            self.rebuilt()

    def _remove_page(self, index: int) -> None:
        if self.doc is not None:
            self.doc.remove_page(index)
            self._focus_next = "add-page"
            self.rebuilt()

    def _rule(self, index: int, key: str, value: object, lang: str | None = None) -> None:
        if self.doc is not None:
            self.doc.set_rule(index, key, value, lang)
            self.edited()

    def _add_rule(self) -> None:
        if self.doc is not None and self.doc.fields():
            self.doc.add_rule(str(self.doc.fields()[0].get("name")), self.lang, self.t("rule_new_message"))
            self._focus_next = "rule-new"
            self.rebuilt()

    def _remove_rule(self, index: int) -> None:
        if self.doc is not None:
            self.doc.remove_rule(index)
            self._focus_next = "add-rule"
            self.rebuilt()

    def _follow_up(self, index: int, key: str, value: object, lang: str | None = None) -> None:
        if self.doc is not None:
            self.doc.set_follow_up(index, key, value, lang)
            self.edited()

    def _add_follow_up(self) -> None:
        if self.doc is not None:
            self.doc.add_follow_up("wizard-name", self.lang, self.t("follow_up_label"))
            self._focus_next = "add-follow-up"
            self.rebuilt()

    def _remove_follow_up(self, index: int) -> None:
        if self.doc is not None:
            self.doc.remove_follow_up(index)
            self._focus_next = "add-follow-up"
            self.rebuilt()


def _page_title(page: object, lang: str, index: int) -> str:
    title = page.get("title") if isinstance(page, dict) else None
    if isinstance(title, dict):
        return str(title.get(lang) or next(iter(title.values()), "") or f"{index + 1}")
    return f"{index + 1}"
