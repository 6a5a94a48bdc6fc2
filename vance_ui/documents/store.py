"""The `DocumentStore` interface: documents addressed by tenant, project and a relative path.

A database-backed store only has to implement this protocol; nothing above the store (cascade,
service, change hub, chat sessions) touches the file system or probes a store for more.
"""

from __future__ import annotations

import builtins
import contextlib
import re
import threading
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar, runtime_checkable

SEGMENT_RE = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$")


class InvalidDocumentPath(ValueError):
    """A tenant, project or path that could escape its folder or is not a plain name."""


class ReadOnlyStore(PermissionError):
    """Raised by stores (such as the bundled defaults) that cannot be written."""


class StoreUnavailable(RuntimeError):
    """The store cannot be reached right now (a database down or restarting); nothing was written.
    Adapters answer 503 `store_unavailable`; the store recovers by itself."""


class VersionMismatch(Exception):
    """A conditional write found another version than the one it was based on (someone saved in
    between); `current` is what the store holds now (None: the document does not exist)."""

    def __init__(self, current: DocumentInfo | None) -> None:
        super().__init__("the document changed since it was read")
        self.current = current


def check_segment(value: str, what: str) -> str:
    """Accept plain names only: no separators, no `..`, no NUL, bounded length."""
    if not SEGMENT_RE.fullmatch(value) or value.strip(".") == "" or ".." in value:
        raise InvalidDocumentPath(f"invalid {what}: {value[:80]!r}")
    return value


def check_path(path: str) -> str:
    """A relative path of plain segments, e.g. `wizards/gremium.yaml`."""
    parts = path.split("/")
    if not parts or len(parts) > 8:
        raise InvalidDocumentPath(f"invalid path: {path[:80]!r}")
    for part in parts:
        check_segment(part, "path segment")
    return path


@dataclass(frozen=True, slots=True)
class DocumentInfo:
    """A document's address and version; `version` changes whenever the content may have."""

    tenant: str
    project: str
    path: str
    version: str
    location: str  # human-readable origin for messages, e.g. an absolute file path


@dataclass(frozen=True, slots=True)
class Document:
    info: DocumentInfo
    content: bytes


@dataclass(frozen=True, slots=True)
class DocumentRef:
    """What changed: a document's address, or a whole folder when `path` (and `project`) is ""
    (a project folder moved or deleted, a tenant's folders changed)."""

    tenant: str
    project: str = ""
    path: str = ""


ChangeListener = Callable[[], None]
RefListener = Callable[[frozenset[DocumentRef] | None], None]  # None: the store cannot say what changed


@runtime_checkable
class DocumentStore(Protocol):
    """Get, list, put and delete documents; report changes made behind the store's back."""

    def get(self, tenant: str, project: str, path: str) -> Document | None: ...

    def info(self, tenant: str, project: str, path: str) -> DocumentInfo | None: ...

    def list(self, tenant: str, project: str, folder: str, suffix: str = "") -> list[DocumentInfo]: ...

    def get_many(self, tenant: str, project: str, paths: builtins.list[str]) -> dict[str, Document]:
        """The documents of one layer that exist, by path: what a listing reads on a cold start
        (one round trip for a database, however many wizards)."""
        ...

    def put(self, tenant: str, project: str, path: str, content: bytes) -> DocumentInfo: ...

    def delete(self, tenant: str, project: str, path: str) -> bool: ...

    def replace(self, tenant: str, project: str, path: str, content: bytes | None,
                expected: str | None) -> DocumentInfo | None:
        """Compare-and-swap, atomic against every other writer of this store (other threads,
        processes, instances): if the document's current version is `expected` (None: it must not
        exist), write `content` (None: delete it) and return the new info (None after a delete);
        otherwise raise `VersionMismatch` and change nothing. The editor's optimistic concurrency
        (`If-Match`) rests on this."""
        ...

    def projects(self, tenant: str) -> builtins.list[str]:
        """The tenant's layer folders this store can address (`_` namespaces included); which of
        them are projects is the domain's rule (`WizardRegistry.projects`)."""
        ...

    @property
    def generation(self) -> int | None:
        """A counter bumped on every change, or None when changes are not watched."""
        ...

    def subscribe(self, listener: ChangeListener) -> None: ...

    def subscribe_refs(self, listener: RefListener) -> None:
        """Like `subscribe`, but the listener is told which documents changed (None: not known)."""
        ...

    def start_watching(self) -> None:
        """Learn about changes made behind this store's back (other processes, other instances);
        from now on `generation` is authoritative."""
        ...

    def stop_watching(self) -> None: ...

    def addresses(self) -> Iterator[DocumentRef]:
        """Every document this store holds (what `vance store copy` moves), in no set order."""
        ...

    def locked(self, tenant: str, project: str, path: str) -> contextlib.AbstractContextManager[None]:
        """An exclusive lock on one address across threads, processes and instances, for a
        read-merge-write (chat sessions keep every appended message this way)."""
        ...


K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class GenerationMemo(Generic[K, V]):
    """Answers remembered per key for as long as a store's `generation` stays the same.

    While nothing is watched (generation None) nothing is remembered. Thread-safe; at most
    `limit` keys, then it starts over."""

    def __init__(self, limit: int = 10_000) -> None:
        self._values: dict[K, tuple[Hashable, V]] = {}
        self._lock = threading.Lock()
        self._limit = limit

    def current(self, key: K, generation: Hashable | None) -> V | None:
        """What `lookup` would answer from memory now (no `compute`, so no I/O), else None."""
        if generation is None:
            return None
        with self._lock:
            known = self._values.get(key)
        return known[1] if known is not None and known[0] == generation else None

    def remembers(self, key: K, generation: Hashable | None) -> bool:
        """Whether `lookup` would answer from memory now (no `compute`, so no I/O)."""
        return self.current(key, generation) is not None

    def lookup(self, key: K, generation: Hashable | None, compute: Callable[[], V]) -> V:
        """`compute()`, or what it gave for `key` at this generation (read before computing)."""
        if generation is None:
            return compute()
        with self._lock:
            known = self._values.get(key)
        if known is not None and known[0] == generation:
            return known[1]
        value = compute()
        with self._lock:
            known = self._values.get(key)
            if known is not None and known[0] == generation:
                return known[1]  # another thread computed it meanwhile: one answer per generation
            if len(self._values) >= self._limit:
                self._values.clear()
            self._values[key] = (generation, value)
        return value
