"""The embedded default store: documents as files under a data directory.

Layout: `<root>/<tenant>/<project>/<path>`. Writes are atomic (temp file, fsync, rename), so a
crash leaves either the old or the new file, never a partial one. Every document resolves
inside its own layer folder `<root>/<tenant>/<project>/`: links within it work, links into
another layer (or out of the root) are refused. Change tracking lives in `watching.py`.
"""

from __future__ import annotations

import builtins
import contextlib
import fcntl
import hashlib
import logging
import os
import stat as stat_mode
import tempfile
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path

from vance_ui.documents.store import (
    Document,
    DocumentInfo,
    DocumentRef,
    InvalidDocumentPath,
    ReadOnlyStore,
    VersionMismatch,
    check_path,
    check_segment,
)
from vance_ui.documents.watching import WatchedFolder

log = logging.getLogger(__name__)

MAX_DOCUMENT_BYTES = 2 * 1024 * 1024


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


class FileDocumentStore(WatchedFolder):
    """`DocumentStore` on the local file system."""

    def __init__(self, root: Path, *, read_only: bool = False) -> None:
        super().__init__(root.resolve())
        self.read_only = read_only
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

    def get_many(self, tenant: str, project: str, paths: builtins.list[str]) -> dict[str, Document]:
        found = (self.get(tenant, project, path) for path in paths)
        return {document.info.path: document for document in found if document is not None}

    def list(self, tenant: str, project: str, folder: str, suffix: str = "") -> list[DocumentInfo]:
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
            if _plain_name(entry.name) and not entry.is_symlink():
                found.append(entry.name)
            else:
                self._warn_once(entry.path, "project", "ignoring the folder %s: a project folder must be a "
                                "real folder named with A-Z a-z 0-9 _ . - only", entry.path)
        return sorted(found)

    def addresses(self) -> Iterator[DocumentRef]:
        """Every file at a document address (`<tenant>/<project>/<path>`, plain names only); the
        cache folder, dot files and files that no address can name are not documents."""
        for tenant in sorted(os.listdir(self.root)) if self.root.is_dir() else []:
            if not _plain_name(tenant) or not (self.root / tenant).is_dir():
                continue
            for project in self.projects(tenant):
                layer = self.root / tenant / project
                for folder, dirs, files in os.walk(layer):
                    dirs[:] = sorted(d for d in dirs if _plain_name(d))
                    for name in sorted(files):
                        path = os.path.relpath(os.path.join(folder, name), layer).replace(os.sep, "/")
                        try:
                            check_path(path)
                        except InvalidDocumentPath:
                            continue
                        if self.info(tenant, project, path) is not None:
                            yield DocumentRef(tenant, project, path)

    # -- writing ----------------------------------------------------------------------------

    @contextlib.contextmanager
    def locked(self, tenant: str, project: str, path: str) -> Iterator[None]:
        """An exclusive lock per address, across threads and processes (flock on a lock file in
        the unwatched cache folder)."""
        key = hashlib.sha256(f"{tenant}/{project}/{path}".encode()).hexdigest()[:32]
        lock_dir = self.cache_dir / "locks"
        lock_dir.mkdir(parents=True, exist_ok=True)
        with open(lock_dir / f"{key}.lock", "a+b") as handle:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(handle.fileno(), fcntl.LOCK_UN)

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

    def replace(self, tenant: str, project: str, path: str, content: bytes | None,
                expected: str | None) -> DocumentInfo | None:
        """Compare-and-swap under an exclusive lock per document (flock: other threads and processes
        on this data dir wait), so two writers that read the same version cannot both win."""
        if self.read_only:
            raise ReadOnlyStore(f"{self.root} is read-only")
        file = self._file(tenant, project, path)
        with self.locked(tenant, project, path):
            current = self.info(tenant, project, path)
            if (current.version if current is not None else None) != expected:
                raise VersionMismatch(current)
            if content is None:
                if current is not None:
                    file.unlink()
                    self._changed([str(file)])
                return None
            atomic_write(file, content)
            self._changed([str(file)])
            info = self.info(tenant, project, path)
        assert info is not None
        return info


def _plain_name(name: str) -> bool:
    try:
        check_segment(name, "project")
    except InvalidDocumentPath:
        return False
    return True


class BundledStore(FileDocumentStore):
    """The documents shipped with the app (`vance-defaults/`): read-only, the same for every tenant."""

    def __init__(self, root: Path) -> None:
        super().__init__(root, read_only=True)
        self._thread_lock = threading.Lock()

    def _dir(self, tenant: str, project: str) -> Path:
        return self.root

    def refs(self, paths: Iterable[str] | None) -> frozenset[DocumentRef] | None:
        """Every tenant sees these documents: a change here cannot be narrowed to one address."""
        return None

    @contextlib.contextmanager
    def locked(self, tenant: str, project: str, path: str) -> Iterator[None]:
        with self._thread_lock:  # read-only: nothing to merge, and no lock file in the package
            yield

    def projects(self, tenant: str) -> builtins.list[str]:
        return []

    def addresses(self) -> Iterator[DocumentRef]:
        return iter(())  # shipped with the app, copied by nobody
