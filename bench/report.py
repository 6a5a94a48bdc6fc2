"""The Markdown table and `bench/results.json` (machine, versions, every figure)."""

from __future__ import annotations

import json
import math
import os
import platform
import sys
import time
from importlib import metadata
from pathlib import Path
from typing import Any

from bench.stats import Figure


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def machine() -> dict[str, Any]:
    versions = {name: metadata.version(name) for name in ("nicegui", "jinja2", "fastapi", "uvicorn", "httpx")}
    return {
        "arch": platform.machine(), "cpu_model": _cpu_model(), "cpu_count": os.cpu_count(),
        "python": sys.version.split()[0], "versions": versions, "platform": platform.platform(),
    }


def _number(value: float, unit: str) -> str:
    if math.isnan(value):
        return "-"
    if unit == "bool":
        return "yes" if value else "no"
    if unit in ("req/s", "us"):
        return f"{value:,.0f}"
    if unit == "MiB":
        return f"{value:,.0f}"
    return f"{value:,.3g}" if abs(value) < 100 else f"{value:,.0f}"


def table(figures: list[Figure]) -> str:
    rows = ["| figure | median | p99 | target | met? |", "| --- | ---: | ---: | --- | --- |"]
    for f in figures:
        unit = "" if f.unit in ("", "bool", "x") else f" {f.unit}"
        median = _number(f.median, f.unit) + (unit if f.samples else "")
        p99 = _number(f.p99, f.unit) + (unit if f.samples and f.unit != "bool" else "")
        if f.unit == "bool":
            p99 = "-"
        met = {True: "yes", False: "**no**", None: "-"}[f.met]
        if not f.samples and f.note.startswith("not measured"):
            median, p99 = "not measured yet", "-"
        rows.append(f"| {f.label} | {median} | {p99} | {f.target or '-'} | {met} |")
    return "\n".join(rows)


def write_json(path: Path, figures: list[Figure], *, quick: bool, seconds: float,
               load_before: tuple[float, float, float], merge: bool = False, items: list[str] | None = None) -> None:
    """`load_average` (before, after) shows how busy the shared machine was during the run.

    With `merge`, figures of the previous file that this run did not measure are kept, and that
    run's header moves to `earlier_runs`, so every figure can be traced to the run that made it.
    """
    payload: dict[str, Any] = {
        "generated": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "quick": quick,
        "items": items, "duration_s": round(seconds, 1), "machine": machine(),
        "load_average": {"before": list(load_before), "after": list(os.getloadavg())},
        "figures": {f.key: f.as_json() for f in figures},
    }
    if merge and path.exists():
        previous = json.loads(path.read_text(encoding="utf-8"))
        fresh = payload["figures"]
        kept = {k: v for k, v in previous.get("figures", {}).items()
                if k not in fresh and not str(v.get("note", "")).startswith("not measured")}
        for value in kept.values():
            value.setdefault("from_run", previous.get("generated"))
        payload["figures"] = {**kept, **fresh}
        header = {k: v for k, v in previous.items() if k not in ("figures", "earlier_runs")}
        payload["earlier_runs"] = [*previous.get("earlier_runs", []), header]
    path.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
