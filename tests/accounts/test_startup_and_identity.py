"""Exposed without accounts, or with accounts but no secret: the app refuses to start."""

from __future__ import annotations

from pathlib import Path

import pytest

from vance_ui.accounts.directory import UserDirectory
from vance_ui.accounts.startup import UnsafeConfiguration, check_startup
from vance_ui.api.auth import Identity, TenantNotFound, Unauthorized, identity_from_token, scope_for
from vance_ui.documents.store import InvalidDocumentPath
from vance_ui.settings import Settings


def settings(**values: object) -> Settings:
    return Settings(_env_file=None, **values)  # type: ignore[arg-type]


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1", "127.0.0.2"])
def test_loopback_single_user_starts(host: str) -> None:
    check_startup(settings(host=host))


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.5", "::", "example.org"])
def test_exposed_single_user_refuses_unless_explicitly_allowed(host: str) -> None:
    with pytest.raises(UnsafeConfiguration, match="no accounts are configured"):
        check_startup(settings(host=host))
    check_startup(settings(host=host, allow_unauthenticated=True))


@pytest.mark.parametrize("secret", [None, "changeme", "short"])
def test_multi_user_needs_a_real_storage_secret(tmp_path: Path, secret: str | None) -> None:
    with pytest.raises(UnsafeConfiguration, match="VANCE_STORAGE_SECRET"):
        check_startup(settings(host="0.0.0.0", users_file=tmp_path / "u.yaml", storage_secret=secret))
    check_startup(settings(host="0.0.0.0", users_file=tmp_path / "u.yaml", storage_secret="x" * 32))


def test_bearer_tokens_identify_users(tmp_path: Path) -> None:
    directory = UserDirectory(tmp_path / "users.yaml")
    directory.add_user("alice", "pw", ["acme"])
    token = directory.add_token("alice")
    assert identity_from_token(directory, f"Bearer {token}") == Identity("alice", frozenset({"acme"}))
    for header in (None, "", "Bearer", "Bearer ", f"Basic {token}", "Bearer wrong", token):
        with pytest.raises(Unauthorized):
            identity_from_token(directory, header)


def test_foreign_tenants_look_like_missing_ones_and_reserved_projects_are_guarded() -> None:
    alice = Identity("alice", frozenset({"acme"}))
    assert scope_for(alice, "acme", "_user_alice").user == "alice"
    assert scope_for(alice, "acme", "_tenant").project_id == "_tenant"
    with pytest.raises(TenantNotFound):
        scope_for(alice, "research", None)
    for project in ("_user_bob", "_vance", "_secret"):
        with pytest.raises(InvalidDocumentPath):
            scope_for(alice, "acme", project)
