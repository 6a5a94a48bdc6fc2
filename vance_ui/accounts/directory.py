"""The accounts (the users YAML): who may log in, with which tenants and tokens.

They live in the users file (`VANCE_USERS_FILE`) or, with `VANCE_DATABASE_URL`, in one document
of the database (sources.py). Edits apply without a restart: every lookup checks the source's
version (a stat, or the store's version) and reloads when it changed. Writes by `vance users ...`
are atomic against every other writer, so concurrent edits never lose an update.
"""

from __future__ import annotations

import hmac
import logging
import re
import threading
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Annotated, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from pydantic.alias_generators import to_camel

from vance_ui.accounts.secrets import hash_password, new_token, token_hash, verify_password
from vance_ui.accounts.sources import FileUsersSource, UsersSource, users_source
from vance_ui.documents.store import DocumentStore, StoreUnavailable
from vance_ui.settings import Settings
from vance_ui.wizards.format.yaml_source import SourceProblem, parse_yaml

log = logging.getLogger("vance_ui.accounts")

USER_ID_PATTERN = r"^[a-z0-9][a-z0-9_.-]{0,63}$"
TENANT_PATTERN = r"^[a-z0-9][a-z0-9_-]{0,63}$"
_DUMMY_HASH = hash_password("timing-equaliser")
T = TypeVar("T")


class AccountsError(ValueError):
    """A users file that cannot be used, or a change that is not allowed."""


class TokenRef(BaseModel):
    model_config = ConfigDict(extra="forbid", alias_generator=to_camel, populate_by_name=True)
    sha256: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
    label: str | None = None


class User(BaseModel):
    model_config = ConfigDict(extra="forbid", alias_generator=to_camel, populate_by_name=True)
    id: Annotated[str, Field(pattern=USER_ID_PATTERN)]
    name: str = ""
    tenants: list[Annotated[str, Field(pattern=TENANT_PATTERN)]] = Field(min_length=1)
    password_hash: str | None = None
    tokens: list[TokenRef] = Field(default_factory=list)
    #: tenants whose `_vance` and project wizard layers this user may write (YAML `adminOf`)
    admin_of: list[Annotated[str, Field(pattern=TENANT_PATTERN)]] = Field(default_factory=list)

    @model_validator(mode="after")
    def _admin_of_member_tenants(self) -> User:
        outside = [tenant for tenant in self.admin_of if tenant not in self.tenants]
        if outside:
            raise ValueError(f"adminOf names '{outside[0]}', which is not one of the user's tenants")
        return self


class UsersFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    users: list[User] = Field(default_factory=list)


class UserDirectory:
    def __init__(self, source: UsersSource | Path) -> None:
        self.source: UsersSource = FileUsersSource(source) if isinstance(source, Path) else source
        self._version: Hashable | None = None
        self._loaded = False
        self._users: dict[str, User] = {}
        self._by_token: dict[str, str] = {}
        self._lock = threading.Lock()

    @property
    def path(self) -> Path:
        """The users file (file-backed directories only)."""
        if not isinstance(self.source, FileUsersSource):
            raise AttributeError("the accounts are not in a file")
        return self.source.path

    # -- reading ----------------------------------------------------------------------------

    def _parse(self, content: bytes | None) -> UsersFile:
        where = self.source.location
        if content is None:
            return UsersFile()
        try:
            data, _ = parse_yaml(content)
            parsed = UsersFile.model_validate(data or {})
        except SourceProblem as problem:
            raise AccountsError(f"{where}: {problem}") from None
        except ValidationError as exc:
            first = exc.errors()[0]
            loc = ".".join(str(p) for p in first["loc"])
            raise AccountsError(f"{where}: {loc}: {first['msg']}") from None
        ids = [u.id for u in parsed.users]
        duplicates = {i for i in ids if ids.count(i) > 1}
        if duplicates:
            raise AccountsError(f"{where}: user id '{sorted(duplicates)[0]}' appears twice")
        return parsed

    def refresh(self) -> None:
        """Reload when the accounts changed; a broken edit keeps the last good state (and logs),
        and so does a database that cannot be reached (nothing can be changed meanwhile either)."""
        try:
            version = self.source.version()
        except StoreUnavailable:
            if not self._loaded:
                raise
            return
        if self._loaded and version == self._version:
            return
        with self._lock:
            try:
                parsed = self._parse(self.source.read())
            except AccountsError as error:
                if not self._loaded:
                    raise
                log.error("accounts not reloaded, keeping the previous ones: %s", error)
                self._version = version
                return
            except StoreUnavailable:
                if not self._loaded:
                    raise
                return
            self._users = {u.id: u for u in parsed.users}
            self._by_token = {t.sha256: u.id for u in parsed.users for t in u.tokens}
            self._version = version
            self._loaded = True

    def users(self) -> list[User]:
        self.refresh()
        return sorted(self._users.values(), key=lambda u: u.id)

    def get(self, user_id: str) -> User | None:
        self.refresh()
        return self._users.get(user_id)

    def by_token(self, token: str) -> User | None:
        self.refresh()
        digest = token_hash(token)
        for known, user_id in self._by_token.items():
            if hmac.compare_digest(known, digest):
                return self._users.get(user_id)
        return None

    def authenticate(self, user_id: str, password: str) -> User | None:
        """The user when the password matches; the same work is done for unknown users."""
        user = self.get(user_id)
        stored = user.password_hash if user else None
        ok = verify_password(password, stored or _DUMMY_HASH)
        return user if (ok and user is not None and stored) else None

    # -- writing (the `vance users` commands) -------------------------------------------------

    def _edit(self, change: Callable[[UsersFile], T]) -> T:
        """Apply `change` to the current accounts and save them (again on what another writer
        saved meanwhile, when the source retries)."""
        results: list[T] = []

        def edit(content: bytes | None) -> bytes:
            current = self._parse(content)
            results[:] = [change(current)]
            data = current.model_dump(by_alias=True, exclude_none=True)
            for user in data["users"]:
                if not user.get("adminOf"):
                    user.pop("adminOf", None)  # files of users without the role stay as they were
            return yaml.safe_dump(data, sort_keys=False, allow_unicode=True).encode()

        self.source.update(edit)
        self._loaded = False
        return results[0]

    def add_user(self, user_id: str, password: str, tenants: list[str], name: str = "",
                 admin_of: list[str] | None = None) -> User:
        if not re.fullmatch(USER_ID_PATTERN, user_id):
            raise AccountsError(f"'{user_id}' is not a valid user id (lowercase letters, digits, . _ -)")
        try:
            user = User(id=user_id, name=name, tenants=tenants, password_hash=hash_password(password),
                        admin_of=admin_of or [])
        except ValidationError as exc:
            raise AccountsError(exc.errors()[0]["msg"].removeprefix("Value error, ")) from None

        def add(current: UsersFile) -> None:
            if any(u.id == user_id for u in current.users):
                raise AccountsError(f"user '{user_id}' already exists")
            current.users.append(user)

        self._edit(add)
        return user

    def set_admin(self, user_id: str, tenant: str, admin: bool = True) -> None:
        """Grant (or revoke) the tenant admin role: writing the tenant's `_vance` and project wizards."""
        def change(current: UsersFile) -> None:
            user = self._find(current, user_id)
            if admin and tenant not in user.tenants:
                raise AccountsError(f"'{user_id}' is not a member of tenant '{tenant}'")
            user.admin_of = [t for t in user.admin_of if t != tenant] + ([tenant] if admin else [])

        self._edit(change)

    def set_password(self, user_id: str, password: str) -> None:
        password_hash = hash_password(password)

        def change(current: UsersFile) -> None:
            self._find(current, user_id).password_hash = password_hash

        self._edit(change)

    def add_token(self, user_id: str, label: str | None = None) -> str:
        """Create a token, store only its hash, return the token (to be shown once)."""
        token, digest = new_token()

        def change(current: UsersFile) -> None:
            self._find(current, user_id).tokens.append(TokenRef(sha256=digest, label=label))

        self._edit(change)
        return token

    def revoke_tokens(self, user_id: str, label: str | None = None) -> int:
        """Remove the user's tokens with this label (None: all of them); returns how many."""
        def change(current: UsersFile) -> int:
            user = self._find(current, user_id)
            kept = [t for t in user.tokens if label is not None and t.label != label]
            removed = len(user.tokens) - len(kept)
            if not removed:
                raise AccountsError(f"'{user_id}' has no token" + (f" labelled '{label}'" if label else "s"))
            user.tokens = kept
            return removed

        return self._edit(change)

    def remove_user(self, user_id: str) -> None:
        def change(current: UsersFile) -> None:
            self._find(current, user_id)
            current.users = [u for u in current.users if u.id != user_id]

        self._edit(change)

    @staticmethod
    def _find(current: UsersFile, user_id: str) -> User:
        for user in current.users:
            if user.id == user_id:
                return user
        raise AccountsError(f"no user '{user_id}'")


def open_user_directory(settings: Settings, store: DocumentStore | None) -> UserDirectory | None:
    """Multi-user mode's directory on the configured accounts (None: single-user mode); `store`
    is the app's data store, which holds the accounts when it is the database."""
    source = users_source(settings, store)
    return UserDirectory(source) if source is not None else None
