"""Item 9: Lighthouse 12 (bench/tools, pinned with its hash) against Debian's Chromium, on the chat
page with a wizard open (`/?wizard=gremium`), with Lighthouse's mobile emulation (a mid-range
phone, 4x slower CPU, slow 4G) and its desktop preset: the median of 3 cold runs each.

Budgets: performance >= 90, accessibility 100, best practices >= 95 (both presets); on mobile
largest contentful paint <= 2.5 s, total blocking time <= 200 ms, layout shift <= 0.1. The
scripts that take the most main-thread time go into the performance row's note.

Beside them, to explain the gap, the same mobile runs on the framework's floor
(bench/nicegui_floor.py: a NiceGUI page with one heading and one button): no targets, the figures
any NiceGUI page starts from.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path
from statistics import median
from typing import Any

from bench.server import REPO, AppProcess
from bench.stats import Figure, not_measured

CHROMIUM = "/usr/bin/chromium"
CLI = REPO / "bench" / "tools" / "node_modules" / "lighthouse" / "cli" / "index.js"
CHROME_FLAGS = ("--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run "
                "--disable-background-networking --disable-component-update --disable-sync")
PAGE = "/?wizard=gremium"
PRESETS = ("mobile", "desktop")
#: (key, label, audit or category, unit, target, presets it applies to)
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("performance", "performance score", "category:performance", "", ">= 90", PRESETS),
    ("accessibility", "accessibility score", "category:accessibility", "", "= 100", PRESETS),
    ("best_practices", "best practices score", "category:best-practices", "", ">= 95", PRESETS),
    ("fcp", "first contentful paint", "first-contentful-paint", "ms", "", PRESETS),
    ("lcp", "largest contentful paint", "largest-contentful-paint", "ms", "<= 2500", ("mobile",)),
    ("tbt", "total blocking time", "total-blocking-time", "ms", "<= 200", ("mobile",)),
    ("cls", "cumulative layout shift", "cumulative-layout-shift", "", "<= 0.1", ("mobile",)),
]
FLOOR = "floor"
#: (key, label, audit or category, unit) of the floor page's mobile rows
FLOOR_ROWS = [("performance", "performance score", "category:performance", ""),
              ("fcp", "first contentful paint", "first-contentful-paint", "ms"),
              ("lcp", "largest contentful paint", "largest-contentful-paint", "ms"),
              ("tbt", "total blocking time", "total-blocking-time", "ms")]


def _value(report: dict[str, Any], source: str) -> float:
    if source.startswith("category:"):
        return float(report["categories"][source.split(":", 1)[1]]["score"]) * 100
    return float(report["audits"][source]["numericValue"])


def _met(value: float, target: str) -> bool | None:
    if not target:
        return None
    op, number = target.split()
    limit = float(number)
    return {">=": value >= limit, "<=": value <= limit, "=": value == limit}[op]


def _heaviest_scripts(report: dict[str, Any], count: int = 4) -> str:
    items = report["audits"].get("bootup-time", {}).get("details", {}).get("items", [])
    top = sorted(items, key=lambda item: -float(item.get("total", 0)))[:count]
    return "; ".join(f"{str(item['url']).rsplit('/', 1)[-1][:40]} {float(item['total']):.0f} ms" for item in top)


def _run(url: str, preset: str, out: Path) -> dict[str, Any]:
    command = ["node", str(CLI), url, "--output=json", f"--output-path={out}", "--quiet",
               "--only-categories=performance,accessibility,best-practices", f"--chrome-flags={CHROME_FLAGS}"]
    if preset == "desktop":
        command.append("--preset=desktop")
    subprocess.run(command, env={**os.environ, "CHROME_PATH": CHROMIUM}, check=True, timeout=300,
                   capture_output=True)
    report: dict[str, Any] = json.loads(out.read_text())
    return report


def measure(runs: int = 3) -> list[Figure]:
    missing = [what for what, path in (("Chromium", Path(CHROMIUM)), ("Lighthouse (make lighthouse)", CLI))
               if not path.exists()]
    if missing:
        return [not_measured(f"lighthouse.{preset}.{key}", f"Lighthouse {preset}: {label}", target,
                             f"{', '.join(missing)} missing")
                for key, label, _, _, target, presets in ROWS for preset in presets]
    figures: list[Figure] = []
    with tempfile.TemporaryDirectory(prefix="vance-bench-lighthouse-") as tmp, \
            AppProcess(Path(tmp) / "data") as app, \
            AppProcess(Path(tmp) / "floor", script="bench/nicegui_floor.py") as floor:
        app.wait_for("/brain/default/wizards", timeout=60)
        floor.wait_for("/", timeout=60)
        reports: dict[str, list[dict[str, Any]]] = {preset: [] for preset in (*PRESETS, FLOOR)}
        for index in range(runs):  # alternated, each run a cold browser profile
            for preset in PRESETS:
                reports[preset].append(_run(app.base_url + PAGE, preset, Path(tmp) / f"{preset}-{index}.json"))
            reports[FLOOR].append(_run(floor.base_url + "/", "mobile", Path(tmp) / f"floor-{index}.json"))
        for preset in PRESETS:
            for key, label, source, unit, target, presets in ROWS:
                if preset not in presets:
                    continue
                values = [_value(report, source) for report in reports[preset]]
                figure = Figure(f"lighthouse.{preset}.{key}", f"Lighthouse {preset}: {label}", unit, values,
                                target=target)
                figure.met = _met(median(values), target)
                if key == "performance":
                    figure.note = "main thread: " + _heaviest_scripts(reports[preset][len(values) // 2])
                figures.append(figure)
        for key, label, source, unit in FLOOR_ROWS:
            figures.append(Figure(f"lighthouse.floor.{key}", f"Lighthouse mobile, a bare NiceGUI page: {label}", unit,
                                  [_value(report, source) for report in reports[FLOOR]]))
    return figures
