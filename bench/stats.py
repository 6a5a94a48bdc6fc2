"""Figures: a named measurement with its samples, median, p99 and target."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


def percentile(samples: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100); NaN for no samples."""
    if not samples:
        return math.nan
    ordered = sorted(samples)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def median(samples: Sequence[float]) -> float:
    return statistics.median(samples) if samples else math.nan


@dataclass
class Figure:
    """One row of the table. `met` is None when there is no target or nothing was measured."""

    key: str
    label: str
    unit: str
    samples: list[float] = field(default_factory=list)
    target: str = ""
    met: bool | None = None
    note: str = ""
    p99_samples: list[float] | None = None  # when the p99 comes from a different population

    @property
    def median(self) -> float:
        return median(self.samples)

    @property
    def p99(self) -> float:
        return percentile(self.p99_samples if self.p99_samples is not None else self.samples, 99)

    def as_json(self) -> dict[str, Any]:
        def clean(value: float) -> float | None:
            return None if math.isnan(value) else round(value, 4)

        return {
            "label": self.label, "unit": self.unit, "median": clean(self.median), "p99": clean(self.p99),
            "runs": len(self.samples), "target": self.target, "met": self.met, "note": self.note,
        }


def not_measured(key: str, label: str, target: str, why: str) -> Figure:
    return Figure(key, label, "", [], target, None, f"not measured yet: {why}")
