"""The embedded default store: documents as files under a data directory.

Layout: `<root>/<tenant>/<project>/<path>`. Writes are atomic (temp file, fsync, rename), so a
crash leaves either the old or the new file, never a partial one. A background watcher
(watchfiles) bumps `generation` when anything under the root changes, which is what lets
caches above the store stay valid without re-reading unchanged files.
"""

from __future__ import annotations

import builtins
import contextlib
import logging
import os
import stat as stat_mode
import tempfile
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

from vance_ui.documents.store import (
    ChangeListener,
    Document,
    DocumentInfo,
    InvalidDocumentPath,
    ReadOnlyStore,
    check_path,
    check_segment,
)
from vance_ui.quick import refuse_in_quick_mode

log = logging.getLogger(__name__)
PathListener = Callable[[frozenset[str] | None], None]  # the changed files' absolute paths; None: not known

MAX_DOCUMENT_BYTES = 2 * 1024 * 1024
CACHE_DIR = ".cache"  # never a tenant (segments cannot start with "."), not watched


def atomic_write(target: Path, content: bytes) -> None:
    """Write via a temp file in the same folder, fsync it, rename it over the target."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(content)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    dir_fd = os.open(target.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


class FileDocumentStore:
    """`DocumentStore` on the local file system."""

    def __init__(self, root: Path, *, read_only: bool = False) -> None:
        self.root = root.resolve()
        self.read_only = read_only
        self._generation: int | None = None
        self._listeners: list[ChangeListener] = []
        self._path_listeners: list[PathListener] = []
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._warned: set[tuple[str, str]] = set()  # (file, version) already named in a WARN

    def _warn_once(self, file: str, version: str, message: str, *args: object) -> None:
        """One WARN per file and version: listings run often, the log must not fill up."""
        key = (file, version)
        with self._lock:
            if key in self._warned:
                return
            if len(self._warned) > 10_000:
                self._warned.clear()
            self._warned.add(key)
        log.warning(message, *args)

    def _confined(self, layer: Path, target: Path) -> bool:
        """Whether `target`, every symlink on the way resolved, stays inside its own layer folder
        (`<root>/<tenant>/<project>`, the root itself for bundled documents). Inside the data dir
        is not enough: a link from a project into `_user_alice/` (or another tenant) would show
        one user's documents to others. `root` is resolved once, so the layer folder's own
        lexical path is the prefix: a symlinked layer or tenant folder is refused as well."""
        real = os.path.realpath(target)
        if real.startswith(str(layer) + os.sep):
            return True
        self._warn_once(str(target), real, "refusing %s: it resolves to %s, outside its layer folder %s",
                        target, real, layer)
        return False

    # -- addressing -------------------------------------------------------------------------

    def _dir(self, tenant: str, project: str) -> Path:
        return self.root / check_segment(tenant, "tenant") / check_segment(project, "project")

    def _file(self, tenant: str, project: str, path: str) -> Path:
        """The file for a path; a symlink (or symlinked folder) leading out of its layer is refused,
        for reads and writes alike (a write must never land in another layer)."""
        layer = self._dir(tenant, project)
        file = layer / check_path(path)
        if not self._confined(layer, file):
            raise InvalidDocumentPath(f"{path[:80]!r} leads outside its layer folder")
        return file

    def _info(self, tenant: str, project: str, path: str, file: Path, stat: os.stat_result) -> DocumentInfo:
        version = f"{stat.st_mtime_ns}-{stat.st_size}-{stat.st_ino}"
        return DocumentInfo(tenant, project, path, version, str(file))

    # -- reading ----------------------------------------------------------------------------

    @property
    def cache_dir(self) -> Path:
        """A private folder for derived data (the wizard load cache); changes there are not watched."""
        return self.root / CACHE_DIR

    def info(self, tenant: str, project: str, path: str) -> DocumentInfo | None:
        try:
            layer = self._dir(tenant, project)
        except InvalidDocumentPath:
            check_path(path)  # a malformed path still raises; a folder name the store refuses is just absent
            return None
        file = layer / check_path(path)
        try:  # first: most lookups (a wizard in the layers above its own) miss, and a miss needs no realpath
            stat = file.stat()
        except (FileNotFoundError, NotADirectoryError):
            return None
        if not stat_mode.S_ISREG(stat.st_mode) or not self._confined(layer, file):  # an escaping link is absent
            return None
        return self._info(tenant, project, path, file, stat)

    def get(self, tenant: str, project: str, path: str) -> Document | None:
        refuse_in_quick_mode("read a document")
        try:
            file = self._file(tenant, project, path)
        except InvalidDocumentPath:
            check_path(path)
            return None
        try:
            with file.open("rb") as handle:
                stat = os.fstat(handle.fileno())
                content = handle.read(MAX_DOCUMENT_BYTES + 1)  # enough to tell "too large" apart
        except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
            return None
        return Document(self._info(tenant, project, path, file, stat), content)

    def list(self, tenant: str, project: str, folder: str, suffix: str = "") -> list[DocumentInfo]:
        refuse_in_quick_mode("scan a folder")
        layer = self._dir(tenant, project)
        directory = layer / check_path(folder)
        found: list[DocumentInfo] = []
        # one realpath for the folder; then only symlinked entries need resolving, not every file
        if not self._confined(layer, directory):
            return found
        try:
            entries = os.scandir(directory)
        except (FileNotFoundError, NotADirectoryError):
            return found
        with entries:
            for entry in entries:
                name = entry.name
                if name.startswith(".") or not name.endswith(suffix):
                    continue
                try:
                    if not entry.is_file():
                        continue
                    stat = entry.stat()
                except OSError:
                    continue
                try:
                    check_segment(name, "file name")
                except InvalidDocumentPath:
                    self._warn_once(entry.path, f"{stat.st_mtime_ns}-{stat.st_size}",
                                    "ignoring %r in %s: file names may use only A-Z a-z 0-9 _ . - "
                                    "(not starting with - or .)", name, directory)
                    continue
                if entry.is_symlink() and not self._confined(layer, Path(entry.path)):
                    continue
                found.append(self._info(tenant, project, f"{folder}/{name}", Path(entry.path), stat))
        found.sort(key=lambda info: info.path)
        return found

    def projects(self, tenant: str) -> builtins.list[str]:
        """The tenant's layer folders the store can address: plain names, real folders (a linked
        one would only show another layer's documents, which `_confined` refuses anyway)."""
        directory = self.root / check_segment(tenant, "tenant")
        if os.path.realpath(directory) != str(directory):
            return []  # a linked tenant folder: every document under it is refused too
        try:
            entries = builtins.list(os.scandir(directory))
        except (FileNotFoundError, NotADirectoryError):
            return []
        found: builtins.list[str] = []
        for entry in entries:
            if entry.name.startswith(".") or not entry.is_dir():
                continue
            try:
                check_segment(entry.name, "project")
                linked = entry.is_symlink()
            except (InvalidDocumentPath, OSError):
                linked = None
            if linked is False:
                found.append(entry.name)
            else:
                self._warn_once(entry.path, "project", "ignoring the folder %s: a project folder must be a "
                                "real folder named with A-Z a-z 0-9 _ . - only", entry.path)
        return sorted(found)

    # -- writing ----------------------------------------------------------------------------

    def put(self, tenant: str, project: str, path: str, content: bytes) -> DocumentInfo:
        if self.read_only:
            raise ReadOnlyStore(f"{self.root} is read-only")
        file = self._file(tenant, project, path)
        atomic_write(file, content)
        self._changed([str(file)])
        info = self.info(tenant, project, path)
        assert info is not None
        return info

    def delete(self, tenant: str, project: str, path: str) -> bool:
        if self.read_only:
            raise ReadOnlyStore(f"{self.root} is read-only")
        file = self._file(tenant, project, path)
        try:
            file.unlink()
        except FileNotFoundError:
            return False
        self._changed([str(file)])
        return True

    # -- change tracking --------------------------------------------------------------------

    @property
    def generation(self) -> int | None:
        return self._generation

    def subscribe(self, listener: ChangeListener) -> None:
        self._listeners.append(listener)

    def subscribe_paths(self, listener: PathListener) -> None:
        """Like `subscribe`, but the listener is told which files changed (when known)."""
        self._path_listeners.append(listener)

    def _changed(self, paths: Iterable[str] | None = None) -> None:
        with self._lock:
            if self._generation is not None:
                self._generation += 1
        for listener in list(self._listeners):
            try:
                listener()
            except Exception:
                log.exception("document change listener failed")
        changed = frozenset(paths) if paths is not None else None
        for path_listener in list(self._path_listeners):
            try:
                path_listener(changed)
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


class BundledStore(FileDocumentStore):
    """The documents shipped with the app (`vance-defaults/`): read-only, the same for every tenant."""

    def __init__(self, root: Path) -> None:
        super().__init__(root, read_only=True)

    def _dir(self, tenant: str, project: str) -> Path:
        return self.root

    def projects(self, tenant: str) -> builtins.list[str]:
        return []
