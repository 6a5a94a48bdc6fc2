"""`vance users ...` manages the users file; tokens are printed once and stored hashed."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from vance_ui.accounts.directory import UserDirectory
from vance_ui.cli.main import main


def run(argv: list[str], monkeypatch: pytest.MonkeyPatch, stdin: str = "") -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    return main(argv)


def test_add_token_list_remove(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                               capsys: pytest.CaptureFixture[str]) -> None:
    users = tmp_path / "users.yaml"
    monkeypatch.setenv("VANCE_USERS_FILE", str(users))
    assert run(["users", "add", "alice", "--tenant", "acme", "--tenant", "research", "--name", "Alice",
                "--password-stdin"], monkeypatch, "a long password\n") == 0
    assert UserDirectory(users).authenticate("alice", "a long password") is not None
    capsys.readouterr()
    assert run(["users", "token", "alice", "--label", "laptop"], monkeypatch) == 0
    token = capsys.readouterr().out.strip()
    assert token.startswith("vance_") and token not in users.read_text()
    assert UserDirectory(users).by_token(token) is not None
    assert run(["users", "list", "--json"], monkeypatch) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed == [{"id": "alice", "name": "Alice", "tenants": ["acme", "research"], "adminOf": [], "tokens": 1}]
    assert run(["users", "remove", "alice"], monkeypatch) == 0
    assert UserDirectory(users).by_token(token) is None


def test_errors_are_one_clear_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("VANCE_USERS_FILE", str(tmp_path / "users.yaml"))
    assert run(["users", "add", "bob", "--tenant", "acme", "--password-stdin"], monkeypatch, "short\n") == 1
    assert "at least 8 characters" in capsys.readouterr().err
    assert run(["users", "token", "nobody"], monkeypatch) == 1
    assert "no user 'nobody'" in capsys.readouterr().err
    monkeypatch.delenv("VANCE_USERS_FILE")
    assert run(["users", "list"], monkeypatch) == 1
    assert "VANCE_USERS_FILE" in capsys.readouterr().err
