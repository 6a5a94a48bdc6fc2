"""Multi-user API: two users, two tenants, same wizard names in both user layers."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from tests.support.api_errors import assert_error
from tests.support.api_server import Team, personal, team
from tests.support.wizard_files import write_wizard

__all__ = ["team"]  # the multi-user server fixture


def get(team: Team, path: str, token: str | None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.get(team.base + path, headers=headers, timeout=30)


def post(team: Team, path: str, token: str | None, body: object) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.post(team.base + path, headers=headers, json=body, timeout=30)


def test_each_user_sees_only_their_own_user_layer(team: Team) -> None:
    for token, owner in ((team.alice, "alice"), (team.bob, "bob")):
        listed = {w["name"]: w for w in get(team, "/brain/acme/wizards", token).json()["wizards"]}
        assert listed["notes"]["title"] == f"{owner} notes" and listed["notes"]["source"] == "USER"
        assert get(team, "/brain/acme/wizards/notes", token).json()["description"] == f"only for {owner}"
        prompt = post(team, "/brain/acme/wizards/notes/render", token, {"values": {}}).json()["prompt"]
        assert prompt == f"secret plan of {owner} for {owner}"
    assert "bobonly" not in {w["name"] for w in get(team, "/brain/acme/wizards", team.alice).json()["wizards"]}


def test_guessing_another_users_wizard_or_namespace_fails(team: Team) -> None:
    assert_error(get(team, "/brain/acme/wizards/bobonly", team.alice), 404, "wizard_not_found")
    assert_error(post(team, "/brain/acme/wizards/bobonly/render", team.alice, {"values": {}}), 404,
                 "wizard_not_found")
    response = get(team, "/brain/acme/wizards?projectId=_user_bob", team.alice)
    assert_error(response, 400, "invalid_name", "invalid projectId: '_user_bob'")
    assert "bob notes" not in response.text
    assert get(team, "/brain/acme/wizards?projectId=_user_alice", team.alice).status_code == 200


def test_a_link_into_alice_s_layer_shows_bob_nothing_of_hers(team: Team, data_dir: Path) -> None:
    """Issue 14: someone with write access to a shared project links Alice's wizard (and folder) in."""
    acme = data_dir / "acme"
    write_wizard(data_dir, "_user_alice", "diary", personal("alice"), tenant="acme")
    (acme / "shared" / "wizards").mkdir(parents=True)
    (acme / "shared" / "wizards" / "stolen.yaml").symlink_to("../../_user_alice/wizards/diary.yaml")
    (acme / "whole").mkdir()
    (acme / "whole" / "wizards").symlink_to(acme / "_user_alice" / "wizards")
    for project in ("shared", "whole"):
        listed = get(team, f"/brain/acme/wizards?projectId={project}", team.bob)
        assert listed.status_code == 200 and "alice" not in listed.text, project
        for name in ("stolen", "diary"):
            shown = get(team, f"/brain/acme/wizards/{name}?projectId={project}", team.bob)
            assert_error(shown, 404, "wizard_not_found")
            rendered = post(team, f"/brain/acme/wizards/{name}/render?projectId={project}", team.bob, {"values": {}})
            assert_error(rendered, 404, "wizard_not_found")
            assert "alice" not in shown.text + rendered.text
    assert "diary" in {w["name"] for w in get(team, "/brain/acme/wizards", team.alice).json()["wizards"]}


@pytest.mark.parametrize("token", [None, "", "wrong", "vance_not-a-real-token"])
def test_missing_or_wrong_tokens_are_401(team: Team, token: str | None) -> None:
    for response in (get(team, "/brain/acme/wizards", token), get(team, "/brain/acme/wizards/gremium", token),
                     post(team, "/brain/acme/wizards/gremium/render", token, {"values": {}})):
        assert_error(response, 401, "unauthorized")
        assert response.headers["www-authenticate"] == "Bearer"


def test_a_foreign_tenant_looks_like_a_missing_one(team: Team) -> None:
    foreign = get(team, "/brain/research/wizards", team.bob)
    missing = get(team, "/brain/nowhere/wizards", team.bob)
    said = assert_error(foreign, 404, "tenant_not_found")["message"]
    assert said.replace("research", "nowhere") == assert_error(missing, 404, "tenant_not_found")["message"]
    assert get(team, "/brain/research/wizards", team.alice).status_code == 200


def test_a_removed_user_loses_access_without_restart(team: Team) -> None:
    assert get(team, "/brain/acme/wizards", team.bob).status_code == 200
    team.users.remove_user("bob")
    assert_error(get(team, "/brain/acme/wizards", team.bob), 401, "unauthorized")


def test_healthz_needs_no_token(team: Team) -> None:
    assert get(team, "/healthz", None).status_code == 200


def test_the_cli_talks_to_a_multi_user_server_with_a_token(
    team: Team, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from vance_ui.cli.main import main

    assert main(["wizards", "--server", team.base, "--tenant", "acme", "--token", team.bob, "--json"]) == 0
    assert "bob notes" in capsys.readouterr().out
    monkeypatch.setenv("VANCE_TOKEN", team.alice)
    assert main(["wizards", "--server", team.base, "--tenant", "acme", "--json"]) == 0
    assert "alice notes" in capsys.readouterr().out
    monkeypatch.delenv("VANCE_TOKEN")
    assert main(["wizards", "--server", team.base, "--tenant", "acme"]) == 1
    assert "--token" in capsys.readouterr().err
