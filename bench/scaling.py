"""Items 3 and 4: listing, cold start, RSS and get/render at N generated wizards; hot reload."""

from __future__ import annotations

import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

from bench.generate import PROJECT, Generated, generate, layer_dir, sample_values, wizard_yaml
from bench.server import AppProcess
from bench.stats import Figure

LIST_PATH = f"/brain/default/wizards?projectId={PROJECT}"
COLD_TIMEOUT_S = 240.0
RELOAD_TIMEOUT_S = 15.0


@dataclass(frozen=True)
class Plan:
    sizes: list[int]
    restarts: int  # starts per N; the first one finds an empty data directory cache
    warm_requests: int
    item_requests: int
    reload_reps: int


def _listing_complete(expected: int) -> object:
    return lambda response: len(response.json()["wizards"]) == expected


def _timed(client: httpx.Client, count: int, method: str, path: str, body: object = None) -> list[float]:
    """`count` sequential requests; ms until the body is read (JSON parsing is not timed)."""
    out: list[float] = []
    deadline = time.monotonic() + 120
    for _ in range(count):
        t0 = time.perf_counter()
        response = client.request(method, path, json=body)
        out.append((time.perf_counter() - t0) * 1000)
        response.raise_for_status()
        if time.monotonic() > deadline:
            break
    return out


def _hot_reload(app: AppProcess, data: Path, reps: int) -> list[float]:
    """Rewrite a tenant-layer wizard with a new title; seconds until the listing shows it."""
    target = layer_dir(data, "_vance") / "gen-reload.yaml"
    target.write_text(wizard_yaml(999_999, "_vance", "reload 0"), encoding="utf-8")
    out: list[float] = []
    with httpx.Client(base_url=app.base_url, timeout=30) as client:
        app_wait_title(client, "reload 0", time.monotonic() + RELOAD_TIMEOUT_S)
        for rep in range(1, reps + 1):
            title = f"reload {rep}"
            time.sleep(0.3)  # let the watcher settle between repetitions
            t0 = time.monotonic()
            target.write_text(wizard_yaml(999_999, "_vance", title), encoding="utf-8")
            if app_wait_title(client, title, t0 + RELOAD_TIMEOUT_S):
                out.append(time.monotonic() - t0)
    return out


def app_wait_title(client: httpx.Client, title: str, deadline: float) -> bool:
    while time.monotonic() < deadline:
        response = client.get(LIST_PATH)
        if response.status_code == 200 and any(w["title"] == title for w in response.json()["wizards"]):
            return True
        time.sleep(0.02)
    return False


def _one_size(n: int, plan: Plan, root: Path, with_reload: bool) -> list[Figure]:
    data = root / f"n{n}" / "data"
    gen: Generated = generate(data, n)
    expected = len(gen.expected_names)
    cold_first: list[float] = []
    cold_restart: list[float] = []
    rss_first: list[float] = []
    rss_restart: list[float] = []
    figures: list[Figure] = []
    for start in range(plan.restarts):
        with AppProcess(data) as app:
            seconds = app.wait_for(LIST_PATH, timeout=COLD_TIMEOUT_S, ok=_listing_complete(expected))
            (cold_first if start == 0 else cold_restart).append(seconds)
            last = start == plan.restarts - 1
            with httpx.Client(base_url=app.base_url, timeout=60) as client:
                _timed(client, 3, "GET", LIST_PATH)
                (rss_first if start == 0 else rss_restart).append(app.rss_mb())
                if not last:
                    continue
                warm = _timed(client, plan.warm_requests, "GET", LIST_PATH)
                item = f"/brain/default/wizards/{gen.sample_name}?projectId={PROJECT}"
                gets = _timed(client, plan.item_requests, "GET", item)
                renders = _timed(client, plan.item_requests, "POST", f"/brain/default/wizards/{gen.sample_name}"
                                 f"/render?projectId={PROJECT}", {"values": sample_values()})
            figures += [
                Figure(f"scale.{n}.warm_list", f"warm GET /wizards, N={n}", "ms", warm,
                       note=f"{expected} wizards listed from {gen.files} files"),
                Figure(f"scale.{n}.get", f"GET one wizard, N={n}", "ms", gets),
                Figure(f"scale.{n}.render", f"POST render, N={n}", "ms", renders),
            ]
            if with_reload:
                reload = Figure("reload", f"hot reload until the new title is listed (N={n})", "s",
                                _hot_reload(app, data, plan.reload_reps), target="< 2 s")
                reload.met = bool(reload.samples) and reload.median < 2.0
                figures.append(reload)
    figures += [
        Figure(f"scale.{n}.cold_first", f"cold start to full listing, first start, N={n}", "s", cold_first),
        Figure(f"scale.{n}.cold", f"cold start to full listing, restart, N={n}", "s", cold_restart or cold_first),
        Figure(f"scale.{n}.rss_first", f"RSS after listing, first start, N={n}", "MiB", rss_first),
        Figure(f"scale.{n}.rss", f"RSS after listing, restart, N={n}", "MiB", rss_restart or rss_first),
    ]
    return figures


def _by_key(figures: list[Figure]) -> dict[str, Figure]:
    return {f.key: f for f in figures}


def _apply_targets(figures: list[Figure], sizes: list[int]) -> None:
    """The issue states its scaling targets at N = 10,000; smaller runs carry none."""
    big, small = max(sizes), min(sizes)
    if big < 10_000:
        return
    by = _by_key(figures)
    checks: list[tuple[str, str, float]] = [
        (f"scale.{big}.warm_list", "p50 < 20 ms", 20.0),
        (f"scale.{big}.cold", "< 5 s", 5.0),
        (f"scale.{big}.rss_first", "< 300 MiB", 300.0),
        (f"scale.{big}.rss", "< 300 MiB", 300.0),
    ]
    for kind in ("get", "render"):
        base = by[f"scale.{small}.{kind}"].median
        checks.append((f"scale.{big}.{kind}", f"<= 1.5x N={small} ({base:.2f} ms)", 1.5 * base))
    for key, target, limit in checks:
        by[key].target = target
        by[key].met = by[key].median <= limit if "x N=" in target else by[key].median < limit


def measure(plan: Plan) -> list[Figure]:
    figures: list[Figure] = []
    with tempfile.TemporaryDirectory(prefix="vance-bench-") as tmp:
        for n in plan.sizes:
            figures += _one_size(n, plan, Path(tmp), with_reload=n == max(plan.sizes))
    _apply_targets(figures, plan.sizes)
    return figures
