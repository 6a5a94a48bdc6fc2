"""What a browser keeps between page loads, read by every instance: who is logged in, the chosen
tenant, project and chat, the UI language.

One small JSON document per browser in the document store, `_system/_browsers/<key>.json`, so
that with `VANCE_DATABASE_URL` any instance serves the browser as the last one left it (hosting
several instances: docs/hosting.md). `<key>` is the SHA-256 of the browser id that NiceGUI keeps
in its signed session cookie (`VANCE_STORAGE_SECRET` signs it, the same on every instance); the id
itself is never stored, so the document store holds nothing a cookie could be made from. Like the
accounts, it lives under an underscore tenant, which no request can address (api/auth.py).

A change is a compare-and-swap merge of the keys that changed into what the store holds now, so
two tabs (on two instances) that change different keys at once both land.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping

from vance_ui.documents.store import DocumentStore, VersionMismatch

BROWSERS_TENANT = "_system"  # the accounts' tenant (sources.ACCOUNTS_TENANT): no request reaches it
BROWSERS_PROJECT = "_browsers"
#: what a browser may keep; each value a short string
KEYS = frozenset({"auth_user", "tenant", "project", "session", "lang"})
MAX_VALUE = 256
MAX_ATTEMPTS = 20

State = dict[str, str]


class BrowserStateConflict(RuntimeError):
    """Other tabs kept changing this browser's state in between, MAX_ATTEMPTS times in a row."""


def _clean(data: object) -> State:
    """The known keys with string values of bounded length; anything else is dropped."""
    if not isinstance(data, dict):
        return {}
    return {key: value for key, value in data.items()
            if key in KEYS and isinstance(value, str) and 0 < len(value) <= MAX_VALUE}


class BrowserStates:
    def __init__(self, store: DocumentStore) -> None:
        self.store = store

    @staticmethod
    def path(browser_id: str) -> str:
        return hashlib.sha256(browser_id.encode()).hexdigest() + ".json"

    def _read(self, browser_id: str) -> tuple[State, str | None]:
        document = self.store.get(BROWSERS_TENANT, BROWSERS_PROJECT, self.path(browser_id))
        if document is None:
            return {}, None
        try:
            data = json.loads(document.content)
        except ValueError:
            data = None
        return _clean(data), document.info.version

    def load(self, browser_id: str) -> State:
        return self._read(browser_id)[0]

    def update(self, browser_id: str, changes: Mapping[str, str | None]) -> State:
        """Apply `changes` (None removes a key) to what the store holds now; returns the new state.
        Unknown keys and values that are no short strings are refused with a ValueError."""
        for key, value in changes.items():
            if key not in KEYS or (value is not None and (not isinstance(value, str) or len(value) > MAX_VALUE)):
                raise ValueError(f"not a browser setting: {key}={str(value)[:40]!r}")
        path = self.path(browser_id)
        for _ in range(MAX_ATTEMPTS):
            current, version = self._read(browser_id)
            merged = {key: value for key, value in {**current, **changes}.items() if value}
            if merged == current:
                return current
            content = json.dumps(merged, sort_keys=True).encode() if merged else None
            try:
                self.store.replace(BROWSERS_TENANT, BROWSERS_PROJECT, path, content, version)
            except VersionMismatch:
                continue  # another tab saved in between: merge into what it saved
            return merged
        raise BrowserStateConflict("this browser's settings kept changing while being saved")
