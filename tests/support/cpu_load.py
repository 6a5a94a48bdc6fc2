"""Busy processes beside a test, so a race that shows only on a loaded machine shows in the test."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

BURN = "while True:\n    pass\n"


@contextmanager
def cpu_load(processes: int | None = None) -> Iterator[None]:
    """`processes` busy loops (default: one per core) at normal priority, stopped on exit."""
    count = processes or os.cpu_count() or 2
    burners = [subprocess.Popen([sys.executable, "-c", BURN]) for _ in range(count)]
    try:
        yield
    finally:
        for burner in burners:
            burner.kill()
        for burner in burners:
            burner.wait()
