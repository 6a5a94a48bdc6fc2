"""The PostgreSQL store's figures, beside the file store's (`scaling`): N generated wizards
copied into a throwaway cluster; warm listing, cold start, get/render and RSS of an app on it; and
how long a change saved by one instance takes until another instance lists it."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import httpx

from bench.generate import PROJECT, generate, sample_values, wizard_yaml
from bench.scaling import COLD_TIMEOUT_S, LIST_PATH, _listing_complete, _timed
from bench.server import AppProcess
from bench.stats import Figure
from tests.support.postgres import drop_cluster, start_cluster
from vance_ui.cli.store_copy import copy_documents
from vance_ui.documents.filesystem import FileDocumentStore
from vance_ui.documents.postgres import PostgresDocumentStore


def _one_size(n: int, url: str, root: Path, requests: int) -> tuple[list[Figure], str]:
    source = root / f"n{n}" / "source"
    gen = generate(source, n)
    expected = len(gen.expected_names)
    store = PostgresDocumentStore.open(url)
    try:
        copy_documents(FileDocumentStore(source), store)
    finally:
        store.close()
    env = {"VANCE_DATABASE_URL": url}
    cold: list[float] = []
    figures: list[Figure] = []
    for start in range(2):  # the first start fills this instance's load cache, the second uses it
        with AppProcess(root / f"n{n}" / "instance", extra_env=env) as app:
            cold.append(app.wait_for(LIST_PATH, timeout=COLD_TIMEOUT_S, ok=_listing_complete(expected)))
            if start == 0:
                continue
            with httpx.Client(base_url=app.base_url, timeout=60) as client:
                _timed(client, 3, "GET", LIST_PATH)
                warm = _timed(client, requests, "GET", LIST_PATH)
                item = f"/brain/default/wizards/{gen.sample_name}?projectId={PROJECT}"
                gets = _timed(client, requests, "GET", item)
                renders = _timed(client, requests, "POST", f"/brain/default/wizards/{gen.sample_name}"
                                 f"/render?projectId={PROJECT}", {"values": sample_values()})
            rss = app.rss_mb()
    figures += [
        Figure(f"pg.{n}.warm_list", f"PostgreSQL: warm GET /wizards, N={n}", "ms", warm,
               note=f"{expected} wizards listed from {gen.files} documents"),
        Figure(f"pg.{n}.get", f"PostgreSQL: GET one wizard, N={n}", "ms", gets),
        Figure(f"pg.{n}.render", f"PostgreSQL: POST render, N={n}", "ms", renders),
        Figure(f"pg.{n}.cold_first", f"PostgreSQL: cold start to full listing, first start, N={n}", "s", cold[:1]),
        Figure(f"pg.{n}.cold", f"PostgreSQL: cold start to full listing, restart, N={n}", "s", cold[1:]),
        Figure(f"pg.{n}.rss", f"PostgreSQL: RSS after listing, N={n}", "MiB", [rss]),
    ]
    return figures, gen.sample_name


def _propagation(url: str, instance: Path, reps: int) -> Figure:
    """Instance A (this process) saves a new title; seconds until instance B (an app) lists it. B
    starts on the data dir (load cache) of the largest N's runs, and gets one change unmeasured."""
    store = PostgresDocumentStore.open(url)
    out: list[float] = []
    try:
        with AppProcess(instance, extra_env={"VANCE_DATABASE_URL": url}) as app, \
                httpx.Client(base_url=app.base_url, timeout=30) as client:
            app.wait_for(LIST_PATH, timeout=COLD_TIMEOUT_S)
            for rep in range(-1, reps):
                title = f"changed on A {rep}"
                t0 = time.monotonic()
                store.put("default", "_vance", "wizards/gen-propagate.yaml",
                          wizard_yaml(999_998, "_vance", title).encode())
                while time.monotonic() - t0 < 15:
                    response = client.get(LIST_PATH)
                    if response.status_code == 200 and any(w["title"] == title for w in response.json()["wizards"]):
                        if rep >= 0:
                            out.append(time.monotonic() - t0)
                        break
                    time.sleep(0.01)
                time.sleep(0.2)
    finally:
        store.close()
    figure = Figure("pg.propagation", "PostgreSQL: change on instance A until listed on B", "s", out,
                    target="p50 < 0.5 s")
    figure.met = bool(out) and figure.median < 0.5
    return figure


def measure(sizes: list[int], requests: int, reps: int) -> list[Figure]:
    cluster = start_cluster()
    figures: list[Figure] = []
    try:
        with tempfile.TemporaryDirectory(prefix="vance-bench-pg-") as tmp:
            for n in sizes:
                figures += _one_size(n, cluster.create_database(), Path(tmp), requests)[0]
            big_url = cluster.url(f"t{len(sizes)}")  # the largest N's database
            figures.append(_propagation(big_url, Path(tmp) / f"n{sizes[-1]}" / "instance", reps))
    finally:
        drop_cluster(cluster)
    _apply_targets(figures, sizes)
    return figures


def _apply_targets(figures: list[Figure], sizes: list[int]) -> None:
    big, small = max(sizes), min(sizes)
    if big < 10_000:
        return
    by = {f.key: f for f in figures}
    for key, target, limit in [(f"pg.{big}.warm_list", "p50 < 20 ms", 20.0), (f"pg.{big}.cold", "< 5 s", 5.0),
                               (f"pg.{big}.rss", "< 300 MiB", 300.0)]:
        by[key].target, by[key].met = target, by[key].median < limit
    for kind in ("get", "render"):
        base = by[f"pg.{small}.{kind}"].median
        by[f"pg.{big}.{kind}"].target = f"<= 1.5x N={small} ({base:.2f} ms)"
        by[f"pg.{big}.{kind}"].met = by[f"pg.{big}.{kind}"].median <= 1.5 * base
