"""The form view: the wizard file as a form. Head (title and description per language, icon,
category, availableIn), the fields, the pages, the prompt and validator templates (with the
variables they may use) and the follow-ups, all edited in one `SourceDocument`."""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui

from vance_ui.web.editor.field_editor import FieldEditor, add_field_row, in_lang
from vance_ui.web.nicegui_compat.code_editor import CodeEditor
from vance_ui.web.shell.a11y import aria, bridged_aria
from vance_ui.web.shell.i18n import LANGUAGES, Texts
from vance_ui.web.shell.icons import wizard_icon
from vance_ui.wizards.format.heroicon_names import HEROICON_NAMES
from vance_ui.wizards.format.schema import CONTEXT_VARIABLES
from vance_ui.wizards.source.document import SourceDocument

Edited = Callable[[SourceDocument], None]

#: what an opening editor builds first: the head and this many fields fill a 900 px high window
FIRST_SCREEN_FIELDS = 2


def _names(doc: SourceDocument) -> list[str]:
    return [str(f.get("name")) for f in doc.fields()]


class FormView:
    """`edited(doc)` after every change; the page turns the document into text."""

    def __init__(self, t: Texts, lang: str, edited: Edited) -> None:
        self.t, self.edited_handler = t, edited
        self.lang = lang  # the language whose texts are edited (any the file has, or the UI's)
        self.doc: SourceDocument | None = None
        self._first = True
        self._below: SourceDocument | None = None  # the document whose form is still to be finished
        self._fields_box: ui.column | None = None
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
        with self.box:
            if doc is None:
                ui.label(self.t("editor_form_unavailable")).classes("vance-help").mark("editor-form-unavailable")
                return
        if self._built(doc, self._first_screen):
            self._below = doc
            if not first_screen:
                self.finish()

    def finish(self) -> None:
        """The sections below the first screen (nothing when they are built, or the form was rebuilt)."""
        doc, self._below = self._below, None
        if doc is not None and doc is self.doc:
            self._built(doc, self._rest)

    def _built(self, doc: SourceDocument, build: Callable[[SourceDocument], None]) -> bool:
        try:
            with self.box:
                build(doc)
            return True
        except (AttributeError, IndexError, KeyError, TypeError, ValueError):
            # a shape the form cannot show (a list item that is no field, a number where a map
            # belongs): the YAML view shows the text and its problems
            self.box.clear()
            self.doc = None
            with self.box:
                ui.label(self.t("editor_form_unavailable")).classes("vance-help").mark("editor-form-unavailable")
            return False

    def _first_screen(self, doc: SourceDocument) -> None:
        self._head(doc)
        self._fields(doc, FIRST_SCREEN_FIELDS)

    def _rest(self, doc: SourceDocument) -> None:
        assert self._fields_box is not None
        with self._fields_box:
            self._more_fields(doc, FIRST_SCREEN_FIELDS)
        self._pages(doc)
        self._templates(doc)
        self._follow_ups(doc)

    def edited(self) -> None:
        if self.doc is not None:
            self.edited_handler(self.doc)

    def rebuilt(self) -> None:
        self.edited()
        self.show(self.doc)

    # -- sections -----------------------------------------------------------------------------

    def _section(self, key: str) -> ui.column:
        with ui.column().classes("w-full gap-2 vance-editor-section") as box:
            aria(ui.label(self.t(key)), role="heading", level="2").classes("vance-group-title")
        return box

    def _head(self, doc: SourceDocument) -> None:
        t = self.t
        with self._section("editor_general"):
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
                projects = doc.value("availableIn") or []
                aria(ui.input(t("wizard_available_in"), value=", ".join(str(p) for p in projects),
                              on_change=lambda e: self._available(e.value or "")), label=t("wizard_available_in")) \
                    .props("outlined dense").classes("grow").mark("editor-available-in")

    def _fields(self, doc: SourceDocument, count: int) -> None:
        with self._section("editor_fields") as self._fields_box:
            self._field_cards(doc, range(min(count, len(doc.fields()))))

    def _more_fields(self, doc: SourceDocument, start: int) -> None:
        self._field_cards(doc, range(start, len(doc.fields())))
        add_field_row(doc, (), self.t, self.lang, self.rebuilt)

    def _field_cards(self, doc: SourceDocument, indexes: range) -> None:
        pages = [_page_title(page, self.lang, index) for index, page in enumerate(doc.pages())]
        for index in indexes:
            FieldEditor(doc, (index,), self.t, self.lang, self.edited, self.rebuilt, pages)

    def _pages(self, doc: SourceDocument) -> None:
        t = self.t
        with self._section("editor_pages"):
            ui.label(t("editor_pages_hint")).classes("vance-help")
            for index, page in enumerate(doc.pages()):
                with ui.row().classes("w-full items-center gap-2 no-wrap").mark("editor-page"):
                    aria(ui.input(t("page_title"), value=_page_title(page, self.lang, index),
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
            aria(ui.button(t("add_page"), icon="add", on_click=self._add_page), label=t("add_page")) \
                .props("outline dense no-caps").mark("editor-add-page")

    def _templates(self, doc: SourceDocument) -> None:
        t = self.t
        names = ", ".join([*_names(doc), *sorted(CONTEXT_VARIABLES)])
        for key, title in (("promptTemplate", "wizard_prompt"), ("validatorPrompt", "wizard_validator")):
            with self._section(title):
                ui.label(t("editor_variables", names=names)).classes("vance-help").mark(f"editor-variables-{key}")
                CodeEditor(str(doc.value(key) or ""), language="Jinja2", line_wrapping=True,
                              on_change=lambda e, k=key: self._value(k, e.value)) \
                    .props(f'data-editor-label="{t(title)}"').classes("w-full vance-template-editor") \
                    .mark(f"editor-{key}")

    def _follow_ups(self, doc: SourceDocument) -> None:
        t = self.t
        with self._section("editor_follow_ups"):
            for index, follow_up in enumerate(doc.follow_ups()):
                with ui.row().classes("w-full items-center gap-2 no-wrap").mark("editor-follow-up"):
                    aria(ui.input(t("follow_up_wizard"), value=str(follow_up.get("wizard") or ""),
                                  on_change=lambda e, i=index: self._follow_up(i, "wizard", e.value)),
                         label=f"{t('follow_up_wizard')} {index + 1}").props("outlined dense").classes("w-40")
                    aria(ui.input(t("follow_up_label"), value=in_lang(follow_up.get("label"), self.lang),
                                  on_change=lambda e, i=index: self._follow_up(i, "label", e.value, self.lang)),
                         label=f"{t('follow_up_label')} {index + 1}").props("outlined dense").classes("grow")
                    aria(ui.input(t("follow_up_condition"), value=str(follow_up.get("condition") or ""),
                                  on_change=lambda e, i=index: self._follow_up(i, "condition", e.value)),
                         label=f"{t('follow_up_condition')} {index + 1}").props("outlined dense").classes("grow")
                    label = t("remove_follow_up", number=index + 1)
                    aria(ui.button(icon="delete", on_click=lambda i=index: self._remove_follow_up(i)), label=label) \
                        .props("flat round dense").tooltip(label)
            aria(ui.button(t("add_follow_up"), icon="add", on_click=self._add_follow_up), label=t("add_follow_up")) \
                .props("outline dense no-caps").mark("editor-add-follow-up")

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

    def _available(self, text: str) -> None:
        if self.doc is not None:
            self.doc.set_available_in([part.strip() for part in text.split(",") if part.strip()])
            self.edited()

    def _page_text(self, index: int, value: str) -> None:
        if self.doc is not None:
            self.doc.set_page_text(index, "title", self.lang, value)
            self.edited()

    def _page_value(self, index: int, value: str | None) -> None:
        if self.doc is not None:
            self.doc.set_page(index, "showIf", value)
            self.edited()

    def _add_page(self) -> None:
        if self.doc is not None:
            self.doc.add_page(self.lang, f"{self.t('page')} {len(self.doc.pages()) + 1}")
            self.rebuilt()

    def _remove_page(self, index: int) -> None:
        if self.doc is not None:
            self.doc.remove_page(index)
            self.rebuilt()

    def _follow_up(self, index: int, key: str, value: object, lang: str | None = None) -> None:
        if self.doc is not None:
            self.doc.set_follow_up(index, key, value, lang)
            self.edited()

    def _add_follow_up(self) -> None:
        if self.doc is not None:
            self.doc.add_follow_up("wizard-name", self.lang, self.t("follow_up_label"))
            self.rebuilt()

    def _remove_follow_up(self, index: int) -> None:
        if self.doc is not None:
            self.doc.remove_follow_up(index)
            self.rebuilt()


def _page_title(page: object, lang: str, index: int) -> str:
    title = page.get("title") if isinstance(page, dict) else None
    if isinstance(title, dict):
        return str(title.get(lang) or next(iter(title.values()), "") or f"{index + 1}")
    return f"{index + 1}"
