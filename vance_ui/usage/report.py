"""One wizard's usage as an author reads it: the funnel with each step named in their language,
where most users stop, where it was opened from, the other counts and the daily trend. The REST
API, the CLI and the Insights view all show this one report."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from vance_ui.usage.events import Step
from vance_ui.usage.stats import Drop, WizardUsage, biggest_drop
from vance_ui.usage.words import reading, step_label


@dataclass(frozen=True)
class NamedStep:
    key: str
    label: str
    count: int


@dataclass(frozen=True)
class DayCounts:
    day: date
    opened: int
    used: int
    sent: int


@dataclass(frozen=True)
class UsageReport:
    name: str
    title: str
    days: int
    funnel: list[NamedStep]
    drop: Drop | None
    drop_label: str | None
    reading: str
    opened_from: dict[str, int]
    abandoned: int
    checked: int
    filled: int
    follow_ups_offered: int
    follow_ups_taken: int
    median_seconds_to_use: int | None
    daily: list[DayCounts]


def usage_report(usage: WizardUsage, title: str, page_titles: Sequence[str], days: int, lang: str) -> UsageReport:
    funnel = usage.funnel(pages=max(len(page_titles), 1))
    drop = biggest_drop(funnel)
    totals = usage.totals
    return UsageReport(
        name=usage.name, title=title, days=days,
        funnel=[NamedStep(s.key, step_label(s.key, lang, page_titles), s.count) for s in funnel],
        drop=drop, drop_label=step_label(drop.after.key, lang, page_titles) if drop else None,
        reading=reading(drop, funnel[0].count, lang, page_titles),
        opened_from={key.partition(".")[2]: n for key, n in sorted(totals.items()) if key.startswith("opened.")},
        abandoned=totals.get(Step.ABANDONED, 0), checked=totals.get(Step.CHECKED, 0),
        filled=totals.get(Step.FILLED, 0), follow_ups_offered=totals.get(Step.FOLLOW_UP_OFFERED, 0),
        follow_ups_taken=totals.get(Step.FOLLOW_UP_TAKEN, 0), median_seconds_to_use=usage.median_use_seconds,
        daily=[DayCounts(day, c.get(Step.OPENED, 0), c.get(Step.USED, 0), c.get(Step.SENT, 0))
               for day, c in usage.daily],
    )
