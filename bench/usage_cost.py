"""Usage counts: what counting adds to a prompt used (on the event loop, no I/O) and what adding a
batch to the stored counts costs the background thread (files store)."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from bench.stats import Figure
from vance_ui.documents.filesystem import BundledStore, FileDocumentStore
from vance_ui.service import Scope, WizardService
from vance_ui.settings import BUNDLED_DEFAULTS_DIR, Settings
from vance_ui.usage.events import OpenedFrom, Step, opened_key


def measure(*, repeats: int, calls: int) -> list[Figure]:
    with tempfile.TemporaryDirectory(prefix="vance-bench-usage-") as tmp:
        data = Path(tmp) / "data"
        settings = Settings(_env_file=None, data_dir=data)  # type: ignore[call-arg]
        service = WizardService(settings, FileDocumentStore(data), BundledStore(BUNDLED_DEFAULTS_DIR))
        service.usage.interval = 3600  # batches are added by this bench, not the thread
        service.start_watching()  # as the app does: listings are kept until a wizard file changes
        try:
            return _measure(service, repeats, calls)
        finally:
            service.close()


def _measure(service: WizardService, repeats: int, calls: int) -> list[Figure]:
    scope = Scope("default", "local")
    service.list_wizards(scope)  # the listing is at hand, as on a running app
    per_use: list[float] = []
    flush_ms: list[float] = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(calls):  # what one opening and use of a wizard counts
            service.count(scope, "gremium", Step.OPENED)
            service.count(scope, "gremium", opened_key(OpenedFrom.TAB))
            service.count_used(scope, "gremium", 42.0)
        per_use.append((time.perf_counter() - start) / calls * 1e6)
        start = time.perf_counter()
        service.usage.flush()
        flush_ms.append((time.perf_counter() - start) * 1e3)
    use = Figure("usage.per_use", "counting one opening and use of a wizard (event loop, no I/O)", "us", per_use,
                 target="<= 1000")
    use.met = use.median <= 1000
    return [use, Figure("usage.flush", f"adding a batch ({calls} uses) to the stored counts (background)", "ms",
                        flush_ms)]
