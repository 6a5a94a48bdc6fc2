"""Request and response bodies at the HTTP edge."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, JsonValue

from vance_ui.api.limits import check_json_values
from vance_ui.wizards.catalog.views import WizardSummary


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


class SuggestedWizard(WizardSummary):
    score: float = Field(description="how well the wizard fits the text (higher is better; 0.6 is the least "
                                     "that is answered)")


class SuggestionList(BaseModel):
    """`GET .../wizards?q=`: the wizards that fit the text, best first; empty when none does."""

    wizards: list[SuggestedWizard]


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
    params: dict[str, Any] = Field(default_factory=dict, description="what the message quotes, e.g. {\"min\": 2}")
    page: int | None = Field(default=None, description="multi-step wizards: the page (0-based) of the field")


class StateOut(BaseModel):
    """What a form shows for the posted values: a client follows showIf and pages with this alone."""

    hidden: list[str] = Field(description="paths of the fields hidden now, e.g. `notify`, `members[1].email`; "
                                          "they are not validated and reach the template empty")
    pages: list[bool] = Field(description="per page of a multi-step wizard: shown (true) or skipped")
    errors: list[FieldErrorOut] = Field(description="what a render would refuse now (visible fields only), each "
                                                    "with its page: a Next button shows those of the current page")
    prompt: str | None = Field(description="the live preview (incomplete values allowed); null if it failed")
    followUps: list[FollowUpOut] = Field(default_factory=list)
    previewError: str | None = None


class ErrorOut(BaseModel):
    error: str
    message: str
    errors: list[FieldErrorOut] | None = None
