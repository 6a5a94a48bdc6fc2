"""Request and response bodies at the HTTP edge."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, JsonValue, model_validator

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


MAX_CHAT_MESSAGES = 500
MAX_MESSAGE_CHARS = 100_000


class MessageIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    role: Literal["user", "assistant"]
    content: Annotated[str, Field(max_length=MAX_MESSAGE_CHARS)]


class PrefillBody(ValuesBody):
    """`{values, chatId | messages, draft}`: the form as it is, and the conversation to fill it from."""

    model_config = ConfigDict(extra="ignore", json_schema_extra={"examples": [{
        "values": {"outputName": "council"},
        "messages": [{"role": "user", "content": "I need a council on pricing with Ada (CFO) and Bo (sales)."}],
    }], "not": {"required": ["chatId", "messages"]}})  # one conversation: a stored chat or the messages
    chat_id: str | None = Field(default=None, alias="chatId", min_length=1, max_length=100,
                                description="one of the caller's own chats: its last messages are read")
    messages: Annotated[list[MessageIn], Field(max_length=MAX_CHAT_MESSAGES, description=(
        "the conversation instead of a stored chat, oldest first"))] | None = None
    draft: Annotated[str, Field(max_length=MAX_MESSAGE_CHARS, description="the message being typed")] = ""

    @model_validator(mode="after")
    def _one_conversation(self) -> PrefillBody:
        if {"chat_id", "messages"} <= self.model_fields_set:  # as the schema's `not` says: not both keys
            raise ValueError("send chatId or messages, not both")
        return self


class DroppedOut(BaseModel):
    field: str
    reason: str = Field(description="`unknown_field`, `password`, `hidden`, `typed`, `invalid` or `too_long`")
    message: str = Field(description="why, in the response language")


class PrefillOut(BaseModel):
    values: dict[str, Any] = Field(description="the posted values with the filled ones added")
    filled: list[str] = Field(description="the fields filled from the conversation, in form order")
    dropped: list[DroppedOut] = Field(description="what the model answered that the form did not take")


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
