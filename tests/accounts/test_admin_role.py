"""The tenant admin role (issue 16): who may write a tenant's `_vance` and project wizards."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from vance_ui.accounts.directory import AccountsError, UserDirectory
from vance_ui.api.auth import identity_from_token, scope_for
from vance_ui.cli.main import main
from vance_ui.web.shell.auth import WebIdentity
from vance_ui.web.shell.context import PageContext


def run(argv: list[str], monkeypatch: pytest.MonkeyPatch, stdin: str = "") -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    return main(argv)


def test_an_admin_is_added_listed_granted_and_revoked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    users = tmp_path / "users.yaml"
    monkeypatch.setenv("VANCE_USERS_FILE", str(users))
    assert run(["users", "add", "alice", "--tenant", "acme", "--tenant", "lab", "--admin", "acme",
                "--password-stdin"], monkeypatch, "a long password\n") == 0
    assert "admin of acme" in capsys.readouterr().out
    assert "adminOf:\n  - acme" in users.read_text()
    assert run(["users", "add", "bob", "--tenant", "acme", "--password-stdin"], monkeypatch, "a long password\n") == 0
    assert "adminOf" not in users.read_text().split("id: bob", 1)[1]  # no role, no key
    capsys.readouterr()
    assert run(["users", "list"], monkeypatch) == 0
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()}
    assert "admin: acme" in lines["alice"] and "admin" not in lines["bob"]
    assert run(["users", "admin", "bob", "acme"], monkeypatch) == 0
    assert run(["users", "admin", "alice", "acme", "--remove"], monkeypatch) == 0
    capsys.readouterr()
    assert run(["users", "list", "--json"], monkeypatch) == 0
    listed = {u["id"]: u["adminOf"] for u in json.loads(capsys.readouterr().out)}
    assert listed == {"alice": [], "bob": ["acme"]}


def test_admin_of_a_tenant_one_is_not_in_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    users = tmp_path / "users.yaml"
    monkeypatch.setenv("VANCE_USERS_FILE", str(users))
    assert run(["users", "add", "eve", "--tenant", "lab", "--admin", "acme", "--password-stdin"],
               monkeypatch, "a long password\n") == 1
    assert "adminOf names 'acme'" in capsys.readouterr().err and not users.exists()
    UserDirectory(users).add_user("eve", "a long password", ["lab"])
    assert run(["users", "admin", "eve", "acme"], monkeypatch) == 1
    assert "not a member of tenant 'acme'" in capsys.readouterr().err
    users.write_text(users.read_text().replace("tenants:", "adminOf: [acme]\n  tenants:"))
    with pytest.raises(AccountsError, match="adminOf"):
        UserDirectory(users).users()


def test_token_and_web_identities_carry_the_role_into_the_scope(tmp_path: Path) -> None:
    directory = UserDirectory(tmp_path / "users.yaml")
    directory.add_user("alice", "a long password", ["acme", "lab"], admin_of=["acme"])
    identity = identity_from_token(directory, f"Bearer {directory.add_token('alice')}")
    assert scope_for(identity, "acme", None).admin and not scope_for(identity, "lab", None).admin
    alice = directory.get("alice")
    assert alice is not None
    web = WebIdentity("alice", "acme", ("acme", "lab"), multi_user=True, admin_of=tuple(alice.admin_of))
    assert web.admin and not WebIdentity("alice", "lab", ("acme", "lab"), multi_user=True, admin_of=("acme",)).admin
    assert WebIdentity("local", "default", ("default",)).admin  # single-user mode: the local user


def test_a_page_scope_carries_the_role(service: object) -> None:
    from vance_ui.service import WizardService
    from vance_ui.web.shell.i18n import Texts

    assert isinstance(service, WizardService)
    assert PageContext(service, Texts("en"), "acme", "alice", admin=True).scope.admin
    assert not PageContext(service, Texts("en"), "acme", "bob").scope.admin
