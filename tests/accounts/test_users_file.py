"""The users file: passwords and tokens are only ever stored hashed; edits apply without restart."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from vance_ui.accounts.directory import AccountsError, UserDirectory
from vance_ui.accounts.secrets import hash_password, token_hash, verify_password
from vance_ui.accounts.throttle import LoginThrottle


@pytest.fixture
def directory(tmp_path: Path) -> UserDirectory:
    return UserDirectory(tmp_path / "users.yaml")


def test_add_user_stores_a_salted_slow_hash_never_the_password(directory: UserDirectory) -> None:
    directory.add_user("alice", "correct horse", ["acme", "research"], name="Alice Example")
    text = directory.path.read_text()
    assert "correct horse" not in text and "passwordHash: scrypt$" in text
    assert directory.authenticate("alice", "correct horse") is not None
    assert directory.authenticate("alice", "wrong") is None
    assert directory.authenticate("nobody", "correct horse") is None
    assert directory.path.stat().st_mode & 0o077 == 0


def test_same_password_gives_different_hashes() -> None:
    first, second = hash_password("pw"), hash_password("pw")
    assert first != second and verify_password("pw", first) and verify_password("pw", second)
    for broken in ("", "plain", "scrypt$1$2$3$@@$@@", "md5$x$y$z$a$b", "scrypt$99999999999$8$1$AA==$AA=="):
        assert not verify_password("pw", broken)


def test_tokens_are_shown_once_and_stored_as_sha256(directory: UserDirectory) -> None:
    directory.add_user("alice", "pw", ["acme"])
    token = directory.add_token("alice", label="laptop")
    assert token not in directory.path.read_text()
    assert token_hash(token) in directory.path.read_text()
    user = directory.by_token(token)
    assert user is not None and user.id == "alice"
    assert directory.by_token(token + "x") is None


def test_removed_user_loses_access(directory: UserDirectory) -> None:
    directory.add_user("alice", "pw", ["acme"])
    token = directory.add_token("alice")
    directory.remove_user("alice")
    assert directory.by_token(token) is None and directory.authenticate("alice", "pw") is None
    with pytest.raises(AccountsError, match="no user"):
        directory.remove_user("alice")


def test_hand_edits_apply_without_restart(directory: UserDirectory) -> None:
    directory.add_user("alice", "pw", ["acme"])
    assert directory.get("alice") is not None
    time.sleep(0.01)
    text = directory.path.read_text().replace("id: alice", "id: alicia")
    directory.path.write_text(text)
    assert directory.get("alice") is None and directory.get("alicia") is not None


def test_a_broken_edit_keeps_the_last_good_state(directory: UserDirectory) -> None:
    directory.add_user("alice", "pw", ["acme"])
    assert directory.get("alice") is not None
    directory.path.write_text("users: [ {id: BAD ID")
    assert directory.get("alice") is not None


def test_invalid_files_are_refused_with_a_clear_message(tmp_path: Path) -> None:
    path = tmp_path / "users.yaml"
    for text, message in [
        ("users:\n  - {id: Alice, tenants: [acme]}\n", "users.0.id"),
        ("users:\n  - {id: a, tenants: []}\n", "users.0.tenants"),
        ("users:\n  - {id: a, tenants: [x]}\n  - {id: a, tenants: [y]}\n", "appears twice"),
        ("users:\n  - {id: a, tenants: [x], role: admin}\n", "role"),
        ("users: [\n", "invalid YAML"),
    ]:
        path.write_text(text)
        with pytest.raises(AccountsError, match=message):
            UserDirectory(path).users()


def test_invalid_user_ids_and_duplicates_are_refused(directory: UserDirectory) -> None:
    with pytest.raises(AccountsError, match="not a valid user id"):
        directory.add_user("../bob", "pw", ["acme"])
    directory.add_user("bob", "pw", ["acme"])
    with pytest.raises(AccountsError, match="already exists"):
        directory.add_user("bob", "pw", ["acme"])


def test_concurrent_writers_lose_no_update(directory: UserDirectory) -> None:
    directory.add_user("alice", "pw", ["acme"])
    tokens: list[str] = []

    def add() -> None:
        tokens.append(UserDirectory(directory.path).add_token("alice"))

    threads = [threading.Thread(target=add) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    fresh = UserDirectory(directory.path)
    assert all(fresh.by_token(t) is not None for t in tokens) and len(tokens) == 8


def test_throttle_blocks_after_repeated_failures_and_resets_on_success() -> None:
    throttle = LoginThrottle(max_failures=3, window_seconds=60)
    for _ in range(3):
        assert throttle.retry_after("user:alice", "ip:1.2.3.4") == 0
        throttle.failed("user:alice", "ip:1.2.3.4")
    assert throttle.retry_after("user:alice") > 0
    assert throttle.retry_after("ip:1.2.3.4") > 0
    assert throttle.retry_after("user:bob", "ip:5.6.7.8") == 0
    throttle.succeeded("user:alice")
    assert throttle.retry_after("user:alice") == 0


def test_throttle_window_expires() -> None:
    throttle = LoginThrottle(max_failures=1, window_seconds=0.05)
    throttle.failed("k")
    assert throttle.retry_after("k") > 0
    time.sleep(0.06)
    assert throttle.retry_after("k") == 0


def test_spraying_user_ids_cannot_grow_the_throttle_without_bound() -> None:
    throttle = LoginThrottle(max_failures=3, window_seconds=60, max_keys=100)
    for attempt in range(5_000):
        throttle.failed(f"user:sprayed-{attempt}", "ip:6.6.6.6")
        throttle.retry_after(f"user:never-failed-{attempt}")  # checking a key must not store it
    assert len(throttle) <= 100
    assert throttle.retry_after("ip:6.6.6.6") > 0  # the flooding address stays blocked


def test_expired_keys_are_forgotten() -> None:
    throttle = LoginThrottle(max_failures=1, window_seconds=0.05)
    throttle.failed("user:alice")
    time.sleep(0.06)
    assert throttle.retry_after("user:alice") == 0
    assert len(throttle) == 0
