"""Where the users YAML lives: the users file (embedded default), or one document of the
PostgreSQL store (`VANCE_DATABASE_URL`), so every instance sees the same accounts.

A source reads the content with a cheap version for reload checks and applies an edit
atomically against every other writer: the file under an flock with an atomic rename, the
document with the store's compare-and-swap (`replace`), retried when someone else saved first.
"""

from __future__ import annotations

import fcntl
import logging
import os
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Protocol

from vance_ui.documents.filesystem import atomic_write
from vance_ui.documents.store import DocumentStore, VersionMismatch
from vance_ui.settings import Settings

log = logging.getLogger("vance_ui.accounts")

#: the accounts document: tenant names of accounts cannot start with `_`, and no request can
#: address an underscore tenant (api/auth.py), so no route reaches it
ACCOUNTS_TENANT = "_system"
ACCOUNTS_PROJECT = "_accounts"
ACCOUNTS_PATH = "users.yaml"
MAX_ATTEMPTS = 50

Edit = Callable[[bytes | None], bytes]


class AccountsConflict(RuntimeError):
    """Other writers kept saving the accounts in between, MAX_ATTEMPTS times in a row."""


class UsersSource(Protocol):
    #: for messages (a file path, or where in the database)
    location: str

    def version(self) -> Hashable | None:
        """The content's current version (None: no accounts yet); cheap, asked on every lookup."""
        ...

    def read(self) -> bytes | None:
        """The content (None: no accounts yet)."""
        ...

    def update(self, edit: Edit) -> None:
        """Replace the content by `edit(current)`, atomically against every other writer
        (`edit` may run more than once and must not have side effects)."""
        ...


class FileUsersSource:
    """The users file (`VANCE_USERS_FILE`); writes are serialised by a lock file beside it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.location = str(path)

    def version(self) -> tuple[int, int, int] | None:
        try:
            stat = self.path.stat()
        except FileNotFoundError:
            return None
        return stat.st_mtime_ns, stat.st_size, stat.st_ino

    def read(self) -> bytes | None:
        try:
            return self.path.read_bytes()
        except FileNotFoundError:
            return None

    def update(self, edit: Edit) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        lock_path = self.path.with_name(f".{self.path.name}.lock")
        with open(lock_path, "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            atomic_write(self.path, edit(self.read()))
            os.chmod(self.path, 0o600)


class StoreUsersSource:
    """The accounts document of a (PostgreSQL) document store.

    While the store watches for changes (LISTEN/NOTIFY), a lookup only asks the database again
    after the store's change count moved; otherwise every lookup asks for the version."""

    def __init__(self, store: DocumentStore) -> None:
        self.store = store
        self.location = f"the database ({ACCOUNTS_TENANT}/{ACCOUNTS_PROJECT}/{ACCOUNTS_PATH})"
        self._seen: tuple[int, str | None] | None = None  # (generation, version) of the last check

    def version(self) -> str | None:
        generation = self.store.generation  # read before the version: a change after it is seen next time
        if generation is not None and self._seen is not None and self._seen[0] == generation:
            return self._seen[1]
        info = self.store.info(ACCOUNTS_TENANT, ACCOUNTS_PROJECT, ACCOUNTS_PATH)
        version = info.version if info else None
        self._seen = (generation, version) if generation is not None else None
        return version

    def read(self) -> bytes | None:
        document = self.store.get(ACCOUNTS_TENANT, ACCOUNTS_PROJECT, ACCOUNTS_PATH)
        return document.content if document else None

    def update(self, edit: Edit) -> None:
        for _ in range(MAX_ATTEMPTS):
            document = self.store.get(ACCOUNTS_TENANT, ACCOUNTS_PROJECT, ACCOUNTS_PATH)
            try:
                self.store.replace(ACCOUNTS_TENANT, ACCOUNTS_PROJECT, ACCOUNTS_PATH,
                                   edit(document.content if document else None),
                                   document.info.version if document else None)
            except VersionMismatch:
                continue  # someone saved in between: apply the edit to what they saved
            self._seen = None
            return
        raise AccountsConflict("the accounts kept changing while being saved; try again")

    def import_file(self, path: Path) -> bool:
        """Copy the users file into the database once, when the database holds no accounts yet
        (the first start with a database); afterwards the database is what counts."""
        try:
            content = path.read_bytes()
        except FileNotFoundError:
            return False
        try:
            self.store.replace(ACCOUNTS_TENANT, ACCOUNTS_PROJECT, ACCOUNTS_PATH, content, None)
        except VersionMismatch:
            return False  # already there (imported before, or by another instance just now)
        self._seen = None
        log.info("accounts imported from %s into %s; from now on the database holds them", path, self.location)
        return True


def users_source(settings: Settings, store: DocumentStore | None) -> UsersSource | None:
    """The accounts of multi-user mode (None: single-user mode): with a database, its accounts
    document (seeded once from VANCE_USERS_FILE while it does not exist); else the users file."""
    if not settings.multi_user:
        return None
    if settings.database_url is not None and store is not None:
        source = StoreUsersSource(store)
        if settings.users_file is not None:
            source.import_file(settings.users_file)
        return source
    if settings.users_file is None:
        raise ValueError("multi-user mode without a database needs VANCE_USERS_FILE")
    return FileUsersSource(settings.users_file)
