"""Item `batches`: the round trips to a render worker and the latency of one `/state` and one
`/render` of a wizard with 20 showIfs and 5 follow-ups (each with a condition, a label and a
prefill). The service's own async calls, as the API routes make them, in this process (no HTTP),
with the app's default pool; round trips from the pool's counter, per request."""

from __future__ import annotations

import asyncio
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bench.stats import Figure
from tests.support.wizard_files import wide_wizard, write_wizard
from vance_ui.documents.filesystem import BundledStore, FileDocumentStore
from vance_ui.service import Scope, WizardService
from vance_ui.settings import BUNDLED_DEFAULTS_DIR, Settings

SHOW_IFS, FOLLOW_UPS = 20, 5
MAX_ROUND_TRIPS = 3


def measure(*, requests: int) -> list[Figure]:
    with tempfile.TemporaryDirectory(prefix="vance-bench-batches-") as tmp:
        data = Path(tmp) / "data"
        write_wizard(data, "_vance", "wide", wide_wizard(SHOW_IFS, FOLLOW_UPS))
        settings = Settings(_env_file=None, data_dir=data)  # type: ignore[call-arg]
        service = WizardService(settings, FileDocumentStore(data), BundledStore(BUNDLED_DEFAULTS_DIR))
        try:
            service.templates.prestart()
            return asyncio.run(_measure(service, requests))
        finally:
            service.close()


async def _measure(service: WizardService, requests: int) -> list[Figure]:
    scope = Scope("default", "local")
    values = {"mode": "odd", **{f"f{i}": f"v{i}" for i in range(SHOW_IFS)}}
    calls: dict[str, Callable[[], Awaitable[Any]]] = {
        "state": lambda: service.form_report(scope, "wide", values),
        "render": lambda: service.render_async(scope, "wide", values),
    }
    figures = []
    for route, call in calls.items():
        await call()  # loaded, compiled in the workers
        pool = service.templates.pool
        trips: list[float] = []
        millis: list[float] = []
        for _ in range(requests):
            before, start = pool.round_trips, time.perf_counter()
            await call()
            millis.append((time.perf_counter() - start) * 1e3)
            trips.append(pool.round_trips - before)
        what = f"/{route} of a wizard with {SHOW_IFS} showIfs and {FOLLOW_UPS} follow-ups"
        count = Figure(f"batches.{route}.round_trips", f"{what}: round trips to a render worker", "",
                       trips, target=f"<= {MAX_ROUND_TRIPS}")
        count.met = max(trips) <= MAX_ROUND_TRIPS
        figures += [count, Figure(f"batches.{route}.latency", f"{what}: latency (service call, no HTTP)", "ms",
                                  millis)]
    return figures
