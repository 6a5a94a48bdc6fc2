"""Item `workers`: how long a new render worker and a new load worker take until they answer
"ready" (a fork of this process' zygote, as after a worker was killed), against a plain Python
start that imports the same module (what each start cost without a zygote), and the zygote's own
first start."""

from __future__ import annotations

import subprocess
import sys
import time

from bench.stats import Figure
from vance_ui.wizards.templates.pipe import LOAD_WORKER, PACKAGE_PARENT, RENDER_WORKER, start_worker

KINDS = {RENDER_WORKER: "render worker", LOAD_WORKER: "load worker"}


def _ms(since: float) -> float:
    return (time.perf_counter() - since) * 1e3


def measure(*, reps: int) -> list[Figure]:
    figures = []
    for module, kind in KINDS.items():
        started = time.perf_counter()
        start_worker(64, module).close()  # the zygote starts with the first worker
        first = _ms(started)
        forked, imported = [], []
        for _ in range(reps):
            started = time.perf_counter()
            worker = start_worker(64, module)
            forked.append(_ms(started))
            worker.close()
            started = time.perf_counter()
            subprocess.run([sys.executable, "-c", f"import {module}"], cwd=PACKAGE_PARENT, check=True)
            imported.append(_ms(started))
        figures += [
            Figure(f"workers.{kind.split()[0]}.first", f"a {kind}'s first start (its zygote's, once per process)",
                   "ms", [first]),
            Figure(f"workers.{kind.split()[0]}.forked", f"a new {kind} until ready (forked by the zygote)", "ms",
                   forked),
            Figure(f"workers.{kind.split()[0]}.python", f"a Python start importing the {kind}'s module", "ms",
                   imported),
        ]
    return figures
