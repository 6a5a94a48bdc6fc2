"""Change tracking for the file store: a counter bumped on every change, and listeners.

A background watcher (watchfiles) bumps `generation` when anything under the root changes (the
private cache folder excepted), which is what lets caches above the store stay valid without
re-reading unchanged files. Kept apart from `filesystem.py`, which addresses and reads documents.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Iterable
from pathlib import Path

from vance_ui.documents.store import ChangeListener, DocumentRef, RefListener

log = logging.getLogger("vance_ui.documents.filesystem")  # the name these messages always had
CACHE_DIR = ".cache"  # never a tenant (segments cannot start with "."), not watched


class WatchedFolder:
    """A folder tree whose changes are counted and announced (the app's writes at once, others'
    once the watcher sees them)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._generation: int | None = None
        self._listeners: list[ChangeListener] = []
        self._ref_listeners: list[RefListener] = []
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    @property
    def cache_dir(self) -> Path:
        """A private folder for derived data (the wizard load cache); changes there are not watched."""
        return self.root / CACHE_DIR

    @property
    def generation(self) -> int | None:
        return self._generation

    def subscribe(self, listener: ChangeListener) -> None:
        self._listeners.append(listener)

    def subscribe_refs(self, listener: RefListener) -> None:
        """Like `subscribe`, but the listener is told which documents changed (when known)."""
        self._ref_listeners.append(listener)

    def refs(self, paths: Iterable[str] | None) -> frozenset[DocumentRef] | None:
        """Absolute file paths as document addresses: `<root>/<tenant>/<project>/<path>`; a path
        outside the root (or the root itself) cannot be named, so the answer is None (unknown)."""
        if paths is None:
            return None
        found: set[DocumentRef] = set()
        for path in paths:
            try:
                parts = Path(path).relative_to(self.root).parts
            except ValueError:
                return None
            if not parts:
                return None
            found.add(DocumentRef(parts[0], parts[1] if len(parts) > 1 else "", "/".join(parts[2:])))
        return frozenset(found)

    def _changed(self, paths: Iterable[str] | None = None) -> None:
        with self._lock:
            if self._generation is not None:
                self._generation += 1
        for listener in list(self._listeners):
            try:
                listener()
            except Exception:
                log.exception("document change listener failed")
        changed = self.refs(paths)
        for ref_listener in list(self._ref_listeners):
            try:
                ref_listener(changed)
            except Exception:
                log.exception("document change listener failed")

    def start_watching(self) -> None:
        """Watch the root in a daemon thread; from now on `generation` is authoritative."""
        if self._thread is not None:
            return
        self.root.mkdir(parents=True, exist_ok=True)
        ready = threading.Event()
        self._generation = 0
        self._thread = threading.Thread(target=self._watch, args=(ready,), name="vance-watch", daemon=True)
        self._thread.start()
        ready.wait(timeout=5)

    def stop_watching(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._thread = None
        self._generation = None
        self._stop = threading.Event()

    def _watch(self, ready: threading.Event) -> None:
        from watchfiles import DefaultFilter, watch

        default = DefaultFilter()
        cache = str(self.cache_dir)

        def relevant(change: object, path: str) -> bool:
            return not (path == cache or path.startswith(cache + os.sep)) and default(change, path)  # type: ignore[arg-type]

        try:
            watcher = watch(
                self.root, stop_event=self._stop, debounce=400, step=50, watch_filter=relevant,
                yield_on_timeout=True, rust_timeout=500, raise_interrupt=False,
            )
            for changes in watcher:
                ready.set()
                if changes:
                    self._changed(path for _, path in changes)
        except Exception:
            log.exception("watching %s failed; changes are picked up by rescanning", self.root)
            self._generation = None
        finally:
            ready.set()
