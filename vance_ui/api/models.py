"""Request and response bodies at the HTTP edge."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, JsonValue

from vance_ui.api.limits import check_json_values
from vance_ui.wizards.views import WizardSummary


class ValuesBody(BaseModel):
    """`{ values: Record<string, FormValue> }`; unknown keys in `values` are ignored."""

    model_config = ConfigDict(extra="ignore", json_schema_extra={"examples": [{"values": {
        "outputName": "council", "purpose": "Pricing decisions for our B2B SaaS",
        "members": [{"name": "Ada", "description": "CFO, numbers-driven"},
                    {"name": "Linus", "description": "CTO, sceptical of hype"}],
    }}]})
    values: Annotated[dict[str, JsonValue], BeforeValidator(check_json_values)] = Field(default_factory=dict)


class WizardList(BaseModel):
    wizards: list[WizardSummary]


class FollowUpOut(BaseModel):
    wizard: str
    label: str
    url: str


class RenderOut(BaseModel):
    prompt: str
    followUps: list[FollowUpOut] = Field(default_factory=list)


class SuggestionOut(BaseModel):
    field: str
    suggestion: str


class ValidateOut(BaseModel):
    suggestions: list[SuggestionOut]


class FieldErrorOut(BaseModel):
    field: str
    error: str
    message: str


class ErrorOut(BaseModel):
    error: str
    message: str
    errors: list[FieldErrorOut] | None = None
