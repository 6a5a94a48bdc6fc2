"""What clients see of a wizard: localized, template-free views (spec section 7).

Summaries are immutable and kept on the wizard they show, per language (`LoadedWizard.derived`),
so a listing of thousands of wizards made again after one change rebuilds one model, not all.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from vance_ui.wizards.catalog.model import LoadedWizard, Source
from vance_ui.wizards.format.localization import localize
from vance_ui.wizards.format.schema import (
    DateField,
    FormField,
    IntegerField,
    MultiSelectField,
    PasswordField,
    RepeatField,
    SelectField,
    TextareaField,
)
from vance_ui.wizards.rules.visibility import FormRules, Level


class View(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, frozen=True)


class ChoiceView(View):
    value: str
    label: str


class FieldView(View):
    name: str
    type: str
    label: str
    help: str | None = None
    required: bool = False
    default_value: Any = None
    choices: list[ChoiceView] | None = None
    rows: int | None = None
    min: int | None = None
    max: int | None = None
    integer_min: int | None = None
    integer_max: int | None = None
    date_min: str | None = None
    date_max: str | None = None
    item: list[FieldView] | None = None
    depends_on: list[str] | None = Field(
        default=None, description="the field names this field's showIf reads: after a change to one of them, "
                                  "ask POST .../state which fields are shown (the expression stays on the server)")


class PageView(View):
    title: str
    description: str | None = None
    fields: list[str]
    depends_on: list[str] | None = None


class WizardSummary(View):
    name: str
    title: str
    description: str
    icon: str | None = None
    category: str | None = None
    category_label: str | None = Field(None, description="the category's display name in the response language "
                                       "(tenant or bundled `categories`, else the category made readable)")
    source: Source


class WizardDefinition(WizardSummary):
    language: str
    fields: list[FieldView]
    pages: list[PageView] | None = Field(default=None, description="a multi-step wizard's pages, in order")
    has_validator: bool = Field(description="true when the wizard offers an LLM Check (POST .../validate)")
    warnings: list[str] = Field(default_factory=list, description="for the author: what loads but is most likely "
                                "a mistake (an unknown icon), as `file:line:col: message`")


def field_view(field: FormField, lang: str, level: Level | None = None) -> FieldView:
    data: dict[str, Any] = {
        "name": field.name, "type": field.type, "label": localize(field.label, lang),
        "help": localize(field.help, lang) if field.help else None, "required": field.required,
    }
    if level is not None and field.name in level.depends_on:
        data["depends_on"] = list(level.depends_on[field.name])
    if not isinstance(field, PasswordField):
        data["default_value"] = field.default_value
    if isinstance(field, TextareaField):
        data["rows"] = field.rows
    if isinstance(field, IntegerField):
        data.update(integer_min=field.integer_min, integer_max=field.integer_max)
    if isinstance(field, DateField):
        data.update(date_min=field.date_min, date_max=field.date_max)
    if isinstance(field, (SelectField, MultiSelectField)):
        data["choices"] = [ChoiceView(value=c.value, label=localize(c.label, lang)) for c in field.choices]
    if isinstance(field, RepeatField):
        sub_level = level.items.get(field.name) if level is not None else None
        data.update(min=field.min, max=field.max, item=[field_view(sub, lang, sub_level) for sub in field.item])
    return FieldView(**data)


def summary_view(wizard: LoadedWizard, lang: str, category_label: str | None = None) -> WizardSummary:
    return wizard.derived(("summary", lang, category_label), lambda: _summary(wizard, lang, category_label))


def _summary(wizard: LoadedWizard, lang: str, category_label: str | None) -> WizardSummary:
    d = wizard.head
    return WizardSummary(
        name=wizard.name, title=localize(d.title, lang), description=localize(d.description, lang),
        icon=d.icon, category=d.category, category_label=category_label, source=wizard.source,
    )


def _page_views(wizard: LoadedWizard, rules: FormRules, lang: str) -> list[PageView] | None:
    if wizard.definition.pages is None:
        return None
    return [PageView(title=localize(page.title, lang),
                     description=localize(page.description, lang) if page.description else None,
                     fields=list(page.fields), depends_on=list(reads) if page.show_if else None)
            for page, reads in zip(wizard.definition.pages, rules.page_depends_on, strict=True)]


def definition_view(wizard: LoadedWizard, lang: str, category_label: str | None = None) -> WizardDefinition:
    summary = summary_view(wizard, lang, category_label)
    rules = wizard.body.rules
    return WizardDefinition(
        **summary.model_dump(), language=lang,
        fields=[field_view(f, lang, rules.top) for f in wizard.definition.fields],
        pages=_page_views(wizard, rules, lang),
        has_validator=wizard.validator is not None,
        warnings=[w.at(f"{wizard.name}.yaml") for w in wizard.warnings],
    )
