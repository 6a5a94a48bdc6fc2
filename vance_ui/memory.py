"""Give memory back after bursts (glibc only; a no-op elsewhere), and keep the garbage
collector off what lives as long as the process.

Under load the server's Python heap returns to its size (tracemalloc shows no retained growth
after a burst of page builds and API calls), but the process RSS did not: glibc gives every
thread-pool thread its own malloc arena and keeps freed memory in them. Capping the arenas and
trimming now and then lets RSS follow the heap (see docs/reliability.md, `make load`).
"""

from __future__ import annotations

import ctypes
import gc
import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager

log = logging.getLogger("vance_ui")
M_ARENA_MAX = -8  # from glibc's malloc.h
ARENAS = 2
NO_FULL_COLLECTIONS = 1_000_000  # generation-1 collections before a full one
_builds_lock = threading.Lock()
_builds = 0
_usual_thresholds = gc.get_threshold()


def _libc() -> ctypes.CDLL | None:
    """The C library the process already runs on (`find_library` would start `ldconfig`)."""
    try:
        libc = ctypes.CDLL(None)
    except OSError:
        return None
    return libc if hasattr(libc, "mallopt") and hasattr(libc, "malloc_trim") else None


LIBC = _libc()


def limit_malloc_arenas() -> None:
    """Call before the thread pool starts; threads created later share `ARENAS` arenas."""
    if LIBC is not None and LIBC.mallopt(M_ARENA_MAX, ARENAS) != 1:
        log.debug("mallopt(M_ARENA_MAX) was refused")


def trim_memory() -> None:
    """Return free heap pages to the system (takes a few milliseconds)."""
    if LIBC is not None:
        LIBC.malloc_trim(0)


@contextmanager
def building_long_lived_objects() -> Iterator[None]:
    """Only young collections while the start-up builds what stays for good (the loaded
    wizards), then one full collection and `gc.freeze()`: everything still alive is left out of
    later collections.

    A full collection walks every tracked object. While 10,000 wizards load, the heap grows by
    about a million objects and CPython collects in full each time it grew by a quarter, which
    took half of the cold start; later, under page load, full collections ran more than once a
    second and walked the start-up heap (modules, NiceGUI, the wizards) each time. Young
    collections stay on: they free the YAML node trees and Jinja compiler state each load throws
    away (reference cycles), so the next load reuses that memory. With the collector off
    altogether a first start with 10,000 wizards peaked ~100 MiB higher, and freezing it
    uncollected kept ~135 MiB of garbage for good.

    Frozen objects that become garbage are not collected: a wizard file replaced after start-up
    leaves its old objects behind if they form cycles, a few kilobytes per edited file. The
    threshold is for the whole process (the app keeps serving meanwhile), so it only wraps the
    start-up warm-up.
    """
    global _builds, _usual_thresholds
    with _builds_lock:  # builds may overlap (several apps in one test process): the last one restores
        if _builds == 0:
            _usual_thresholds = young, middle, _ = gc.get_threshold()
            gc.set_threshold(young, middle, NO_FULL_COLLECTIONS)
        _builds += 1
    try:
        yield
    finally:
        with _builds_lock:
            _builds -= 1
            last = _builds == 0
            if last:
                gc.set_threshold(*_usual_thresholds)
        if last:
            gc.collect()
            gc.freeze()
