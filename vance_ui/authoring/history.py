"""The version history of wizard files: one JSON document per change, beside the layer's wizards.

Kept through the same `DocumentStore` as the wizards (so every store backend keeps it too), at
`<tenant>/<layer folder>/wizard-history/<name>/<id>.json`, outside `wizards/` so no listing ever
reads it. Ids sort by time, so a folder listing is the history in order; only the newest
`KEEP` entries of a wizard are kept. A history holds YAML source only, never form values.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal

from vance_ui.documents.store import DocumentStore, check_segment

FOLDER = "wizard-history"
KEEP = 50
#: save: written by an editor; delete: removed (keeps no text); restore: an older version written
#: again; original: content found in the file that no editor save made (the file as it was before its
#: first edit, or a hand edit in between), recorded just before the change that replaces it
Action = Literal["original", "save", "delete", "restore"]
ACTIONS: tuple[Action, ...] = ("original", "save", "delete", "restore")


def content_version(content: bytes) -> str:
    """The strong version of a wizard's bytes (the API's ETag value)."""
    return hashlib.sha256(content).hexdigest()[:32]


@dataclass(frozen=True)
class HistoryEntry:
    """One change of one layer's file: who, when, what; `version` is None for a delete."""

    id: str
    time: datetime
    author: str
    action: Action
    size: int
    version: str | None


@dataclass(frozen=True)
class StoredEntry:
    entry: HistoryEntry
    text: str | None


_last_id = 0
_id_lock = threading.Lock()


def _new_id() -> str:
    """Nanoseconds since the epoch (strictly increasing within the process) plus a random tail."""
    global _last_id
    with _id_lock:
        _last_id = max(_last_id + 1, time.time_ns())
        stamp = _last_id
    return f"{stamp:020d}-{secrets.token_hex(4)}"


def _time_of(entry_id: str) -> datetime:
    return datetime.fromtimestamp(int(entry_id.split("-", 1)[0]) / 1e9, tz=UTC)


class WizardHistory:
    """The history of the wizards of one layer folder."""

    def __init__(self, store: DocumentStore, tenant: str, folder: str) -> None:
        self.store, self.tenant, self.folder = store, tenant, folder

    def _dir(self, name: str) -> str:
        return f"{FOLDER}/{check_segment(name, 'wizard name')}"

    def lock_address(self, name: str) -> str:
        """What a change of wizard `name` and its history entries is serialized on (`DocumentStore.locked`):
        not the wizard's own address, which the store's compare-and-swap may lock itself."""
        return f"{self._dir(name)}/_writing"

    def add(self, name: str, author: str, action: Action, text: str | None) -> HistoryEntry:
        entry_id = _new_id()
        content = text.encode() if text is not None else None
        version = content_version(content) if content is not None else None
        record = {"time": _time_of(entry_id).isoformat(), "author": author, "action": action,
                  "version": version, "text": text}
        self.store.put(self.tenant, self.folder, f"{self._dir(name)}/{entry_id}.json",
                       json.dumps(record, ensure_ascii=False).encode())
        self._prune(name)
        return HistoryEntry(entry_id, _time_of(entry_id), author, action, len(content or b""), version)

    def _prune(self, name: str) -> None:
        infos = self.store.list(self.tenant, self.folder, self._dir(name), ".json")
        for info in infos[:-KEEP] if len(infos) > KEEP else []:
            self.store.delete(self.tenant, self.folder, info.path)

    def get(self, name: str, entry_id: str) -> StoredEntry | None:
        check_segment(entry_id, "history entry id")
        document = self.store.get(self.tenant, self.folder, f"{self._dir(name)}/{entry_id}.json")
        if document is None:
            return None
        return _parse(entry_id, document.content)

    def entries(self, name: str) -> list[StoredEntry]:
        """Oldest first; unreadable entries (hand-made, corrupted) are left out."""
        found: list[StoredEntry] = []
        for info in self.store.list(self.tenant, self.folder, self._dir(name), ".json"):
            document = self.store.get(self.tenant, self.folder, info.path)
            parsed = _parse(info.path.rsplit("/", 1)[-1].removesuffix(".json"), document.content) if document else None
            if parsed is not None:
                found.append(parsed)
        return found

    def latest(self, name: str) -> StoredEntry | None:
        infos = self.store.list(self.tenant, self.folder, self._dir(name), ".json")
        for info in reversed(infos):
            document = self.store.get(self.tenant, self.folder, info.path)
            parsed = _parse(info.path.rsplit("/", 1)[-1].removesuffix(".json"), document.content) if document else None
            if parsed is not None:
                return parsed
        return None


def _parse(entry_id: str, content: bytes) -> StoredEntry | None:
    try:
        record = json.loads(content)
        action = record["action"]
        text = record.get("text")
        author = record.get("author", "")
        if action not in ACTIONS or not (text is None or isinstance(text, str)) or not isinstance(author, str):
            return None
        size = len(text.encode()) if text is not None else 0
        version = content_version(text.encode()) if text is not None else None
        return StoredEntry(HistoryEntry(entry_id, _time_of(entry_id), author, action, size, version), text)
    except (ValueError, KeyError, TypeError, AttributeError, IndexError, OverflowError):
        return None
