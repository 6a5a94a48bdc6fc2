"""The wire form of usage counts (`stats_routes.py`): counts only, camelCase like the rest."""

from __future__ import annotations

from datetime import date

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel


class _Out(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)


class FunnelStepOut(_Out):
    step: str = Field(description="`opened`, `page.<n>` (a later page reached), `used` (the prompt went into the "
                      "chat input or was printed), `sent` (a message with it was sent)")
    label: str = Field(description="the step in the request's language, e.g. the page's title")
    count: int


class DropOut(_Out):
    after: str = Field(description="the funnel step after which most users stopped")
    label: str
    share: float = Field(description="of those who opened the wizard, 0 to 1")


class DayOut(_Out):
    date: date
    opened: int
    used: int
    sent: int


class WizardStatsOut(_Out):
    name: str
    title: str
    days: int
    funnel: list[FunnelStepOut]
    opened_from: dict[str, int] = Field(description="opened from: tab, card, slash, chip, link, follow_up")
    abandoned: int
    checked: int
    filled: int
    follow_ups_offered: int
    follow_ups_taken: int
    median_seconds_to_use: int | None = Field(description="the upper bound of the bucket the median time from "
                                              "opening to using the prompt falls in")
    biggest_drop: DropOut | None
    reading: str = Field(description="where most users stop, in plain words in the request's language")
    daily: list[DayOut] = Field(description="every day of the window, oldest first")


class WizardStatsRow(_Out):
    name: str
    title: str
    opened: int
    used: int
    sent: int
    median_seconds_to_use: int | None


class StatsListOut(_Out):
    days: int
    wizards: list[WizardStatsRow] = Field(description="the wizards whose usage the caller may see, most used first")
