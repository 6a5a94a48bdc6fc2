"""`python -m bench [--quick] [--only ITEMS]`: run the items (all by default), print the table."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

from bench import (
    browser,
    editor,
    fill,
    http_load,
    lighthouse,
    markdown_stream,
    pg_scaling,
    prompt_wizard,
    round_trips,
    scaling,
    startup,
    suggest_quality,
    template_overhead,
    usage_cost,
    worker_start,
)
from bench.report import machine, table, write_json
from bench.server import AppProcess
from bench.stats import Figure

ITEMS = ("suggest", "http", "template", "workers", "batches", "usage", "fill", "markdown", "scale", "pg", "startup",
         "browser", "editor", "prompt", "lighthouse")


def _http(quick: bool) -> list[Figure]:
    import tempfile

    with tempfile.TemporaryDirectory(prefix="vance-bench-http-") as tmp, AppProcess(Path(tmp) / "data") as app:
        app.wait_for("/brain/default/wizards", timeout=60)
        return http_load.measure(app.base_url, app.pid, concurrencies=[1, 8, 32], rounds=2 if quick else 5,
                                 duration=0.7 if quick else 2.0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a ~1 minute smoke run (small N, few repetitions)")
    parser.add_argument("--only", default=",".join(ITEMS), help=f"comma-separated subset of {','.join(ITEMS)}")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "results.json")
    parser.add_argument("--merge", action="store_true",
                        help="keep the other items' figures already in --out (recorded under 'earlier_runs')")
    args = parser.parse_args(argv)
    only = {item.strip() for item in args.only.split(",") if item.strip()}
    unknown = only - set(ITEMS)
    if unknown:
        parser.error(f"unknown items: {', '.join(sorted(unknown))}")
    quick: bool = args.quick
    started = time.monotonic()
    load_before = os.getloadavg()
    info = machine()
    print(f"# Vance bench ({'quick' if quick else 'full'}) on {info['cpu_model']}, {info['cpu_count']} CPUs, "
          f"Python {info['python']}; load average {load_before[0]:.2f}", file=sys.stderr)
    figures: list[Figure] = []
    steps: dict[str, Callable[[], list[Figure]]] = {
        "suggest": lambda: suggest_quality.measure(quick),
        "http": lambda: _http(quick),
        "template": lambda: template_overhead.measure(repeats=5 if quick else 15, calls=500 if quick else 2000),
        "workers": lambda: worker_start.measure(reps=5 if quick else 30),
        "batches": lambda: round_trips.measure(requests=50 if quick else 300),
        "usage": lambda: usage_cost.measure(repeats=3 if quick else 9, calls=200 if quick else 1000),
        "fill": lambda: fill.measure(reps=5 if quick else 30),
        "markdown": lambda: markdown_stream.measure(repeats=1 if quick else 3),
        "scale": lambda: scaling.measure(scaling.Plan(
            sizes=[100, 300] if quick else [100, 1000, 10_000], restarts=2 if quick else 3,
            warm_requests=30 if quick else 200, item_requests=30 if quick else 200, reload_reps=3 if quick else 7)),
        "pg": lambda: pg_scaling.measure([100, 300] if quick else [100, 10_000], requests=30 if quick else 200,
                                         reps=3 if quick else 9),
        "startup": lambda: startup.measure(reps=2 if quick else 5, control=not quick),
        "browser": lambda: browser.measure(reps=2, keystrokes=4, stream_reps=1) if quick else browser.measure(),
        "editor": lambda: editor.measure(reps=2, keystrokes=4) if quick else editor.measure(),
        "prompt": lambda: prompt_wizard.measure(reps=2, keystrokes=4) if quick else prompt_wizard.measure(),
        "lighthouse": lambda: lighthouse.measure(runs=1 if quick else 3),
    }
    for item in ITEMS:
        if item in only:
            t0 = time.monotonic()
            figures += steps[item]()
            print(f"  {item}: {time.monotonic() - t0:.1f} s", file=sys.stderr)
    elapsed = time.monotonic() - started
    print(table(figures))
    write_json(args.out, figures, quick=quick, seconds=elapsed, load_before=load_before, merge=args.merge,
               items=sorted(only))
    print(f"\n{len(figures)} figures in {elapsed:.0f} s, load average {load_before[0]:.2f} -> "
          f"{os.getloadavg()[0]:.2f}; written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
