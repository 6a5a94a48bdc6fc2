"""The users file (`VANCE_USERS_FILE`): who may log in, with which tenants and tokens.

Edits to the file apply without a restart: every lookup checks the file's version (a stat)
and reloads when it changed. Writes by `vance users ...` are atomic and serialised with a
lock file, so concurrent edits never lose an update.
"""

from __future__ import annotations

import fcntl
import hmac
import logging
import os
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from pydantic.alias_generators import to_camel

from vance_ui.accounts.secrets import hash_password, new_token, token_hash, verify_password
from vance_ui.documents.filesystem import atomic_write
from vance_ui.wizards.yaml_source import SourceProblem, parse_yaml

log = logging.getLogger("vance_ui.accounts")

USER_ID_PATTERN = r"^[a-z0-9][a-z0-9_.-]{0,63}$"
TENANT_PATTERN = r"^[a-z0-9][a-z0-9_-]{0,63}$"
_DUMMY_HASH = hash_password("timing-equaliser")


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
    def __init__(self, path: Path) -> None:
        self.path = path
        self._version: tuple[int, int, int] | None = None
        self._users: dict[str, User] = {}
        self._by_token: dict[str, str] = {}
        self._lock = threading.Lock()

    # -- reading ----------------------------------------------------------------------------

    def _stat(self) -> tuple[int, int, int] | None:
        try:
            stat = self.path.stat()
        except FileNotFoundError:
            return None
        return stat.st_mtime_ns, stat.st_size, stat.st_ino

    def _read(self) -> UsersFile:
        try:
            content = self.path.read_bytes()
        except FileNotFoundError:
            return UsersFile()
        try:
            data, _ = parse_yaml(content)
            parsed = UsersFile.model_validate(data or {})
        except SourceProblem as problem:
            raise AccountsError(f"{self.path}: {problem}") from None
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise AccountsError(f"{self.path}: {where}: {first['msg']}") from None
        ids = [u.id for u in parsed.users]
        duplicates = {i for i in ids if ids.count(i) > 1}
        if duplicates:
            raise AccountsError(f"{self.path}: user id '{sorted(duplicates)[0]}' appears twice")
        return parsed

    def refresh(self) -> None:
        """Reload when the file changed; a broken edit keeps the last good state (and logs)."""
        version = self._stat()
        if version == self._version and self._version is not None:
            return
        with self._lock:
            try:
                parsed = self._read()
            except AccountsError as error:
                if self._version is None:
                    raise
                log.error("users file not reloaded, keeping the previous one: %s", error)
                self._version = version
                return
            self._users = {u.id: u for u in parsed.users}
            self._by_token = {t.sha256: u.id for u in parsed.users for t in u.tokens}
            self._version = version

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

    @contextmanager
    def _editing(self) -> Iterator[UsersFile]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        lock_path = self.path.with_name(f".{self.path.name}.lock")
        with open(lock_path, "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            current = self._read()
            yield current
            data = current.model_dump(by_alias=True, exclude_none=True)
            for user in data["users"]:
                if not user.get("adminOf"):
                    user.pop("adminOf", None)  # files of users without the role stay as they were
            text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
            atomic_write(self.path, text.encode())
            os.chmod(self.path, 0o600)
        self._version = None

    def add_user(self, user_id: str, password: str, tenants: list[str], name: str = "",
                 admin_of: list[str] | None = None) -> User:
        if not re.fullmatch(USER_ID_PATTERN, user_id):
            raise AccountsError(f"'{user_id}' is not a valid user id (lowercase letters, digits, . _ -)")
        with self._editing() as current:
            if any(u.id == user_id for u in current.users):
                raise AccountsError(f"user '{user_id}' already exists")
            try:
                user = User(id=user_id, name=name, tenants=tenants, password_hash=hash_password(password),
                            admin_of=admin_of or [])
            except ValidationError as exc:
                raise AccountsError(exc.errors()[0]["msg"].removeprefix("Value error, ")) from None
            current.users.append(user)
        return user

    def set_admin(self, user_id: str, tenant: str, admin: bool = True) -> None:
        """Grant (or revoke) the tenant admin role: writing the tenant's `_vance` and project wizards."""
        with self._editing() as current:
            user = self._find(current, user_id)
            if admin and tenant not in user.tenants:
                raise AccountsError(f"'{user_id}' is not a member of tenant '{tenant}'")
            user.admin_of = [t for t in user.admin_of if t != tenant] + ([tenant] if admin else [])

    def set_password(self, user_id: str, password: str) -> None:
        with self._editing() as current:
            self._find(current, user_id).password_hash = hash_password(password)

    def add_token(self, user_id: str, label: str | None = None) -> str:
        """Create a token, store only its hash, return the token (to be shown once)."""
        token, digest = new_token()
        with self._editing() as current:
            self._find(current, user_id).tokens.append(TokenRef(sha256=digest, label=label))
        return token

    def remove_user(self, user_id: str) -> None:
        with self._editing() as current:
            self._find(current, user_id)
            current.users = [u for u in current.users if u.id != user_id]

    @staticmethod
    def _find(current: UsersFile, user_id: str) -> User:
        for user in current.users:
            if user.id == user_id:
                return user
        raise AccountsError(f"no user '{user_id}'")
