"""What the counts say: a wizard's funnel and daily trend, and the most used wizards."""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date, timedelta

from vance_ui.documents.store import DocumentStore, check_segment
from vance_ui.usage.events import Step, median_use_seconds, page_key
from vance_ui.usage.recorder import (
    USAGE_PROJECT,
    USER_DOCUMENT,
    USER_KEY_PREFIX,
    Counts,
    DayBatch,
    day_counts,
    day_path,
    read_json,
)

MAX_DAYS = 400
MOST_USED_SECONDS = 30.0  # how long a tenant's "most used" is kept (every empty chat shows it)


@dataclass(frozen=True)
class FunnelStep:
    key: str  # `opened`, `page.2`, ..., `used`, `sent`
    count: int


@dataclass(frozen=True)
class WizardUsage:
    """One wizard's counts over a window of days (`daily`: oldest first, every day of the window)."""

    name: str
    totals: Counts = field(default_factory=dict)
    daily: list[tuple[date, Counts]] = field(default_factory=list)

    def funnel(self, pages: int = 1) -> list[FunnelStep]:
        """Opened, each later page reached (of a wizard with `pages` pages), used, sent."""
        keys = ["opened", *(page_key(n) for n in range(2, pages + 1)), Step.USED, Step.SENT]
        return [FunnelStep(str(key), self.totals.get(str(key), 0)) for key in keys]

    @property
    def median_use_seconds(self) -> int | None:
        return median_use_seconds(self.totals)


@dataclass(frozen=True)
class Drop:
    """Where most of those who opened a wizard stopped: `after` is the last step they reached."""

    after: FunnelStep
    lost: int
    share: float  # of those who opened it


def biggest_drop(funnel: list[FunnelStep]) -> Drop | None:
    """The step after which most users stop (the step before `used` included), if any opened it."""
    opened = funnel[0].count if funnel else 0
    if opened == 0:
        return None
    steps = [s for s in funnel if s.key != Step.SENT]
    drops = [(a, max(a.count - b.count, 0)) for a, b in itertools.pairwise(steps)]
    after, lost = max(drops, key=lambda d: d[1], default=(funnel[0], 0))
    return Drop(after, lost, lost / opened) if lost else None


class UsageReader:
    def __init__(self, data: DocumentStore, today: Callable[[], date] = date.today) -> None:
        self.data, self.today = data, today
        self._most_used: dict[tuple[str, int], tuple[float, list[tuple[str, int]]]] = {}
        self._lock = threading.Lock()

    def window(self, tenant: str, days: int) -> list[tuple[date, DayBatch]]:
        """The stored counts of the last `days` days (today included), oldest first (one read)."""
        days = max(1, min(days, MAX_DAYS))
        today = self.today()
        dates = [today - timedelta(days=back) for back in range(days - 1, -1, -1)]
        found = self.data.get_many(check_segment(tenant, "tenant"), USAGE_PROJECT, [day_path(d) for d in dates])
        return [(d, day_counts(found[day_path(d)].content) if day_path(d) in found else {}) for d in dates]

    def wizards(self, tenant: str, days: int, names: Iterable[str] | None = None,
                project: str | None = None) -> dict[str, WizardUsage]:
        """Per wizard (`names`: only these), summed over the tenant's projects (`project`: only
        that project's counts, "-" the tenant's own, `_user_<id>` a user's own wizards; without
        it, no user's own wizards are counted in)."""
        window = self.window(tenant, days)
        wanted = set(names) if names is not None else None
        totals: dict[str, Counts] = {}
        daily: dict[str, dict[date, Counts]] = {}
        for day, batch in window:
            for project_key, wizards in batch.items():
                if project_key != project if project is not None else project_key.startswith(USER_KEY_PREFIX):
                    continue
                for wizard, keys in wizards.items():
                    if wanted is not None and wizard not in wanted:
                        continue
                    total = totals.setdefault(wizard, {})
                    on_day = daily.setdefault(wizard, {}).setdefault(day, {})
                    for key, n in keys.items():
                        total[key] = total.get(key, 0) + n
                        on_day[key] = on_day.get(key, 0) + n
        names_seen = sorted(totals) if wanted is None else sorted(wanted)
        return {name: WizardUsage(name, totals.get(name, {}),
                                  [(day, daily.get(name, {}).get(day, {})) for day, _ in window])
                for name in names_seen}

    def most_used(self, tenant: str, days: int = 30) -> list[tuple[str, int]]:
        """Wizard names by uses in the window, most first (ties: opened, then name); unused left
        out. Kept for `MOST_USED_SECONDS` per tenant: a page load reads no day documents then."""
        with self._lock:
            kept = self._most_used.get((tenant, days))
        if kept is not None and time.monotonic() - kept[0] < MOST_USED_SECONDS:
            return kept[1]
        ranked = self._rank(tenant, days)
        with self._lock:
            if len(self._most_used) > 1000:
                self._most_used.clear()
            self._most_used[(tenant, days)] = (time.monotonic(), ranked)
        return ranked

    def _rank(self, tenant: str, days: int) -> list[tuple[str, int]]:
        usage = self.wizards(tenant, days)
        ranked = [(u.totals.get(Step.USED, 0), u.totals.get(Step.OPENED, 0), name) for name, u in usage.items()]
        ranked = [r for r in ranked if r[0] or r[1]]
        ranked.sort(key=lambda r: (-r[0], -r[1], r[2]))
        return [(name, used) for used, _, name in ranked]

    def recent(self, tenant: str, user: str) -> list[str]:
        """The wizards this user used, the most recent day first, then the most used."""
        document = self.data.get(check_segment(tenant, "tenant"), check_segment(f"_user_{user}", "user"),
                                 USER_DOCUMENT)
        wizards = read_json(document.content if document else None).get("wizards")
        if not isinstance(wizards, dict):
            return []
        entries = [(str(e.get("last", "")), e.get("used", 0) if isinstance(e.get("used"), int) else 0, name)
                   for name, e in wizards.items() if isinstance(e, dict)]
        entries.sort(key=lambda e: (e[0], e[1]), reverse=True)
        return [name for _, _, name in entries]
