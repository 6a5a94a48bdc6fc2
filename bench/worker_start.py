"""Item `workers`: how long a new render worker and a new load worker take until they answer
"ready" (a fork of this process' zygote, as after a worker was killed), against a plain Python
start that imports the same module (what each start cost without a zygote), and a zygote's own
start (once per process and kind)."""

from __future__ import annotations

import subprocess
import sys
import time

from bench.stats import Figure
from vance_ui.wizards.templates.pipe import LOAD_WORKER, PACKAGE_PARENT, RENDER_WORKER, start_worker, worker_environment
from vance_ui.wizards.templates.zygote import Zygote

KINDS = {RENDER_WORKER: "render worker", LOAD_WORKER: "load worker"}


def _ms(since: float) -> float:
    return (time.perf_counter() - since) * 1e3


def measure(*, reps: int) -> list[Figure]:
    figures = []
    for module, kind in KINDS.items():
        forked, imported, zygote = [], [], []
        start_worker(64, module).close()  # this process' zygote runs: the forks below are forks only
        for _ in range(reps):
            started = time.perf_counter()
            Zygote(module, worker_environment(), PACKAGE_PARENT).close()
            zygote.append(_ms(started))
            started = time.perf_counter()
            worker = start_worker(64, module)
            forked.append(_ms(started))
            worker.close()
            started = time.perf_counter()
            subprocess.run([sys.executable, "-c", f"import {module}"], cwd=PACKAGE_PARENT, check=True)
            imported.append(_ms(started))
        key = kind.split()[0]
        figures += [
            Figure(f"workers.{key}.zygote", f"a {kind}s' zygote until ready (once per process)", "ms", zygote),
            Figure(f"workers.{key}.forked", f"a new {kind} until ready (forked by the zygote)", "ms", forked),
            Figure(f"workers.{key}.python", f"a Python start importing the {kind}'s module", "ms", imported),
        ]
    return figures
