"""The write API of issue 16 on a real server: read, save, delete, history, restore, check; every
status an author's client can meet (validation, conflicts, content types, layer permissions)."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
import yaml

from tests.support.api_errors import assert_error
from tests.support.api_server import Team, team
from tests.support.wizard_files import write_wizard

BASE = "/brain/default/wizards"
YAML = {"Content-Type": "application/yaml"}
JSON = "application/json"

__all__ = ["team"]  # the multi-user server fixture


def wizard(title: str, extra: str = "") -> str:
    return (f"# my notes wizard\ntitle: {{en: {title}}}\ndescription: {{en: About {title}}}\n"
            "fields:\n  - {name: topic, type: string, label: {en: Topic}}\n"
            f"promptTemplate: |\n  Notes on {{{{ topic }}}}{extra}\n")


def put(http: httpx.Client, name: str, text: str, layer: str = "USER", **headers: str) -> httpx.Response:
    return http.put(f"{BASE}/{name}/source", params={"layer": layer}, content=text.encode(),
                    headers={**YAML, **headers})


def test_create_read_update_and_list_from_the_layer(http: httpx.Client, data_dir: Path) -> None:
    created = put(http, "notes", wizard("Notes"))
    assert created.status_code == 201, created.text
    body = created.json()
    assert body["layer"] == "USER" and body["writable"] and body["yaml"] == wizard("Notes")
    assert created.headers["etag"] == f'"{body["version"]}"'
    assert (data_dir / "default/_user_local/wizards/notes.yaml").read_text() == wizard("Notes")
    listed = {w["name"]: w for w in http.get(BASE).json()["wizards"]}
    assert listed["notes"]["source"] == "USER" and listed["notes"]["title"] == "Notes"
    read = http.get(f"{BASE}/notes/source")
    assert read.status_code == 200 and read.json() == body
    updated = put(http, "notes", wizard("Notes 2"), **{"If-Match": created.headers["etag"]})
    assert updated.status_code == 200 and updated.json()["version"] != body["version"]
    assert http.get(f"{BASE}/notes").json()["title"] == "Notes 2"


def test_a_json_wizard_is_stored_as_yaml(http: httpx.Client, data_dir: Path) -> None:
    as_object = yaml.safe_load(wizard("From JSON"))
    saved = http.put(f"{BASE}/fromjson/source", params={"layer": "VANCE"}, json=as_object)
    assert saved.status_code == 201, saved.text
    stored = (data_dir / "default/_vance/wizards/fromjson.yaml").read_text()
    assert yaml.safe_load(stored) == as_object and "promptTemplate: |" in stored
    assert {w["name"]: w["source"] for w in http.get(BASE).json()["wizards"]}["fromjson"] == "VANCE"


def test_an_invalid_wizard_is_400_with_every_problem_and_writes_nothing(http: httpx.Client, data_dir: Path) -> None:
    broken = wizard("Broken").replace("type: string", "type: strin").replace("{{ topic }}", "{{ topic ")
    body = assert_error(put(http, "notes", broken), 400, "invalid_wizard")
    assert {(p["line"], p["column"]) for p in body["problems"]} >= {(5, 5)}
    assert any("unknown field type" in p["message"] for p in body["problems"])
    assert not (data_dir / "default/_user_local").exists()
    checked = http.post(f"{BASE}/notes/source/check", content=broken.encode(), headers={"Content-Type": "text/yaml"})
    assert checked.status_code == 200 and checked.json()["problems"] == body["problems"]
    assert http.post(f"{BASE}/notes/source/check", content=wizard("ok").encode(), headers=YAML).json() == {
        "problems": [], "warnings": []}
    typo = http.post(f"{BASE}/notes/source/check", content=wizard("ok", " {{ topc }}").encode(), headers=YAML)
    assert typo.json()["warnings"] == [] and "'topc' is neither a field" in typo.json()["problems"][0]["message"]
    assert_error(put(http, "notes", wizard("ok", " {{ topc }}")), 400, "invalid_wizard")  # one severity
    unclosed = assert_error(put(http, "notes", "title: [unclosed\n"), 400, "invalid_wizard")
    assert unclosed["problems"][0]["line"] == 2  # where the input ends
    bad_bytes = http.put(f"{BASE}/notes/source", content=b"title: \xff\n", headers=YAML)
    assert "UTF-8" in assert_error(bad_bytes, 400, "invalid_wizard")["problems"][0]["message"]


def test_a_stale_if_match_is_412_and_loses_nothing(http: httpx.Client, data_dir: Path) -> None:
    first = put(http, "notes", wizard("One")).headers["etag"]
    second = put(http, "notes", wizard("Two"), **{"If-Match": first})
    assert second.status_code == 200
    late = put(http, "notes", wizard("Three"), **{"If-Match": first})
    assert f'"{assert_error(late, 412, "version_conflict")["current"]}"' == second.headers["etag"]
    assert "Two" in (data_dir / "default/_user_local/wizards/notes.yaml").read_text()
    stale_delete = http.delete(f"{BASE}/notes/source", headers={"If-Match": first})
    assert f'"{assert_error(stale_delete, 412, "version_conflict")["current"]}"' == second.headers["etag"]
    assert assert_error(put(http, "other", wizard("x"), **{"If-Match": first}), 412, "version_conflict")[
        "current"] is None
    assert assert_error(put(http, "other", wizard("x"), **{"If-Match": "*"}), 412, "version_conflict")[
        "current"] is None  # "*": it must exist
    assert put(http, "notes", wizard("Four"), **{"If-Match": "*"}).status_code == 200


def test_other_content_types_are_415_and_oversized_bodies_413(http: httpx.Client) -> None:
    for content_type in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data", ""):
        refused = http.put(f"{BASE}/notes/source", content=wizard("x").encode(), headers={"Content-Type": content_type})
        assert_error(refused, 415, "unsupported_media_type")
    huge = wizard("x") + "#" * (600 * 1024) + "\n"
    assert_error(put(http, "notes", huge), 413, "payload_too_large")
    assert_error(http.put(f"{BASE}/notes/source", content=b"[1, 2]", headers={"Content-Type": JSON}), 400,
                 "invalid_request", "the JSON body must be an object: the wizard")
    assert_error(http.get(f"{BASE}/notes/source"), 404, "source_not_found")


def test_delete_history_and_restore(http: httpx.Client, data_dir: Path) -> None:
    write_wizard(data_dir, "_vance", "notes", wizard("Hand made"))
    saved = put(http, "notes", wizard("Edited"), "VANCE")
    assert saved.status_code == 200
    deleted = http.delete(f"{BASE}/notes/source", params={"layer": "VANCE"},
                          headers={"If-Match": saved.headers["etag"]})
    assert deleted.status_code == 204 and not (data_dir / "default/_vance/wizards/notes.yaml").exists()
    assert_error(http.delete(f"{BASE}/notes/source", params={"layer": "VANCE"}), 404, "source_not_found")
    assert "notes" not in {w["name"] for w in http.get(BASE).json()["wizards"]}
    entries = http.get(f"{BASE}/notes/history", params={"layer": "VANCE"}).json()["entries"]
    assert [(e["action"], e["author"]) for e in entries] == [("delete", "local"), ("save", "local"), ("original", "")]
    original = http.get(f"{BASE}/notes/history/{entries[2]['id']}", params={"layer": "VANCE"})
    assert original.status_code == 200 and original.json()["yaml"] == wizard("Hand made")
    gone = http.post(f"{BASE}/notes/history/{entries[0]['id']}/restore", params={"layer": "VANCE"})
    assert_error(gone, 409, "nothing_to_restore")
    restored = http.post(f"{BASE}/notes/history/{entries[2]['id']}/restore", params={"layer": "VANCE"})
    assert restored.status_code == 200 and restored.json()["yaml"] == wizard("Hand made")
    assert http.get(f"{BASE}/notes").json()["title"] == "Hand made"
    assert http.get(f"{BASE}/notes/history", params={"layer": "VANCE"}).json()["entries"][0]["action"] == "restore"
    missing = http.get(f"{BASE}/notes/history/00000000000000000001-abcdef01", params={"layer": "VANCE"})
    assert_error(missing, 404, "source_not_found")


def test_single_user_may_write_project_layers_but_never_the_bundled_one(http: httpx.Client, data_dir: Path) -> None:
    in_project = http.put(f"{BASE}/notes/source", params={"layer": "PROJECT", "projectId": "research"},
                          content=wizard("P").encode(), headers=YAML)
    assert in_project.status_code == 201 and (data_dir / "default/research/wizards/notes.yaml").exists()
    no_project = put(http, "notes", wizard("P"), "PROJECT")
    assert_error(no_project, 403, "forbidden_layer")
    assert_error(put(http, "gremium", wizard("G"), "RESOURCE"), 403, "forbidden_layer")
    bundled = http.get(f"{BASE}/gremium/source")
    assert bundled.status_code == 200 and bundled.json()["layer"] == "RESOURCE" and not bundled.json()["writable"]
    assert_error(http.delete(f"{BASE}/gremium/source", params={"layer": "RESOURCE"}), 403, "forbidden_layer")
    assert_error(http.get(f"{BASE}/bad..name/source"), 400, "invalid_request")


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_members_write_only_their_own_layer_and_admins_the_tenant_s(team: Team, data_dir: Path) -> None:
    acme = f"{team.base}/brain/acme/wizards"
    body = wizard("Team").encode()

    def send(token: str, layer: str, project: str | None = None) -> httpx.Response:
        params = {"layer": layer, **({"projectId": project} if project else {})}
        return httpx.put(f"{acme}/shared/source", params=params, content=body, headers={**YAML, **auth(token)})

    assert send(team.bob, "USER").status_code == 201
    assert (data_dir / "acme/_user_bob/wizards/shared.yaml").exists()
    for layer, project in (("VANCE", None), ("PROJECT", "research")):
        refused = send(team.bob, layer, project)
        assert_error(refused, 403, "forbidden_layer")
    history = httpx.get(f"{acme}/shared/history", params={"layer": "VANCE"}, headers=auth(team.bob))
    assert_error(history, 403, "forbidden_layer")
    assert not (data_dir / "acme/_vance/wizards/shared.yaml").exists()
    assert_error(httpx.put(f"{acme}/shared/source", content=body, headers=YAML), 401, "unauthorized")
    team.users.set_admin("alice", "acme")
    assert send(team.alice, "VANCE").status_code == 201
    assert send(team.alice, "PROJECT", "research").status_code == 201
    assert (data_dir / "acme/research/wizards/shared.yaml").exists()
    research = f"{team.base}/brain/research/wizards/x/source"
    elsewhere = httpx.put(research, params={"layer": "VANCE"}, content=body, headers={**YAML, **auth(team.alice)})
    assert_error(elsewhere, 403, "forbidden_layer")  # admin of acme only


def test_another_users_layer_is_out_of_reach(team: Team, data_dir: Path) -> None:
    acme = f"{team.base}/brain/acme/wizards"
    mine = httpx.get(f"{acme}/bobonly/source", params={"layer": "USER"}, headers=auth(team.alice))
    assert_error(mine, 404, "source_not_found")  # USER is always the caller's own layer: bob's file is not in it
    via_namespace = httpx.get(f"{acme}/bobonly/source", params={"projectId": "_user_bob"}, headers=auth(team.alice))
    assert_error(via_namespace, 400, "invalid_name", "invalid projectId: '_user_bob'")
    overwrite = httpx.put(f"{acme}/notes/source", params={"layer": "PROJECT", "projectId": "_user_bob"},
                          content=wizard("x").encode(), headers={**YAML, **auth(team.alice)})
    assert_error(overwrite, 400, "invalid_name", "invalid projectId: '_user_bob'")
    assert "bob" in (data_dir / "acme/_user_bob/wizards/notes.yaml").read_text()
    own = httpx.get(f"{acme}/notes/source", headers=auth(team.alice))
    assert own.status_code == 200 and "alice" in own.json()["yaml"]


@pytest.mark.parametrize("path", ["/source", "/history", "/history/00000000000000000001-abcdef01"])
def test_reads_of_an_unknown_tenant_look_like_a_missing_one(team: Team, path: str) -> None:
    answer = httpx.get(f"{team.base}/brain/globex/wizards/notes{path}", headers=auth(team.bob))
    assert_error(answer, 404, "tenant_not_found")
