"""What clients see of a wizard: localized, template-free views (spec section 7).

Summaries are immutable and cached per (definition object, name, source, language), so a
listing of thousands of wizards does not rebuild thousands of models on every request.
"""

from __future__ import annotations

import threading
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from vance_ui.wizards.localization import localize
from vance_ui.wizards.model import LoadedWizard, Source
from vance_ui.wizards.schema import (
    FormField,
    IntegerField,
    MultiSelectField,
    PasswordField,
    RepeatField,
    SelectField,
    TextareaField,
)


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
    item: list[FieldView] | None = None


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
    has_validator: bool = Field(description="true when the wizard offers an LLM Check (POST .../validate)")
    warnings: list[str] = Field(default_factory=list, description="for the author: what loads but is most likely "
                                "a mistake (unknown template variable or icon), as `file:line:col: message`")


def field_view(field: FormField, lang: str) -> FieldView:
    data: dict[str, Any] = {
        "name": field.name, "type": field.type, "label": localize(field.label, lang),
        "help": localize(field.help, lang) if field.help else None, "required": field.required,
    }
    if not isinstance(field, PasswordField):
        data["default_value"] = field.default_value
    if isinstance(field, TextareaField):
        data["rows"] = field.rows
    if isinstance(field, IntegerField):
        data.update(integer_min=field.integer_min, integer_max=field.integer_max)
    if isinstance(field, (SelectField, MultiSelectField)):
        data["choices"] = [ChoiceView(value=c.value, label=localize(c.label, lang)) for c in field.choices]
    if isinstance(field, RepeatField):
        data.update(min=field.min, max=field.max, item=[field_view(sub, lang) for sub in field.item])
    return FieldView(**data)


_SUMMARY_CACHE_MAX = 50_000
_summaries: dict[tuple[int, str, Source, str, str | None], tuple[object, WizardSummary]] = {}
_summaries_lock = threading.Lock()


def summary_view(wizard: LoadedWizard, lang: str, category_label: str | None = None) -> WizardSummary:
    d = wizard.head
    key = (id(d), wizard.name, wizard.source, lang, category_label)
    hit = _summaries.get(key)
    if hit is not None and hit[0] is d:  # the entry holds `d`, so its id cannot be reused meanwhile
        return hit[1]
    summary = WizardSummary(
        name=wizard.name, title=localize(d.title, lang), description=localize(d.description, lang),
        icon=d.icon, category=d.category, category_label=category_label, source=wizard.source,
    )
    with _summaries_lock:
        if len(_summaries) >= _SUMMARY_CACHE_MAX:
            _summaries.clear()
        _summaries[key] = (d, summary)
    return summary


def definition_view(wizard: LoadedWizard, lang: str, category_label: str | None = None) -> WizardDefinition:
    summary = summary_view(wizard, lang, category_label)
    return WizardDefinition(
        **summary.model_dump(), language=lang,
        fields=[field_view(f, lang) for f in wizard.definition.fields],
        has_validator=wizard.validator is not None,
        warnings=[w.at(f"{wizard.name}.yaml") for w in wizard.warnings],
    )
