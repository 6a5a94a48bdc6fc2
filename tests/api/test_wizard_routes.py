"""Spec section 7 over real HTTP: every route, every status code, errors always JSON."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from tests.support.api_errors import assert_error
from tests.support.wizard_files import write_wizard

BASE = "/brain/default/wizards"
GREMIUM = {
    "outputName": "rat", "purpose": "Strategie",
    "members": [{"name": "A", "description": "a"}, {"name": "B", "description": "b"}],
}


def test_listing_has_the_spec_shape(http: httpx.Client) -> None:
    response = http.get(BASE)
    assert response.status_code == 200
    wizards = response.json()["wizards"]
    gremium = next(w for w in wizards if w["name"] == "gremium")
    assert gremium == {"name": "gremium", "title": "Create a council",
                       "description": "Define a reusable advisory group", "icon": "users",
                       "category": "strategie", "categoryLabel": "Strategy", "source": "RESOURCE"}
    assert len(wizards) == 5


def test_listing_follows_project_id(http: httpx.Client) -> None:
    in_project = {w["name"] for w in http.get(BASE, params={"projectId": "research"}).json()["wizards"]}
    assert "create-project" not in in_project and "gremium" in in_project


def test_listing_is_compressed_and_unchanged_listings_answer_304(http: httpx.Client, data_dir: Path) -> None:
    plain = http.get(BASE, headers={"accept-encoding": "identity"})
    zipped = http.get(BASE, headers={"accept-encoding": "gzip"})
    assert zipped.headers["content-encoding"] == "gzip" and "content-encoding" not in plain.headers
    assert zipped.json() == plain.json()  # httpx decodes the gzip body
    etag = plain.headers["etag"]
    assert zipped.headers["etag"] == etag

    again = http.get(BASE, headers={"if-none-match": etag})
    assert again.status_code == 304 and again.content == b""

    write_wizard(data_dir, "_vance", "fresh", "title: {en: Fresh}\ndescription: {en: D}\nfields: []\n"
                 "promptTemplate: 'x'\n")
    changed = http.get(BASE, headers={"if-none-match": etag})
    assert changed.status_code == 200 and changed.headers["etag"] != etag
    assert "fresh" in {w["name"] for w in changed.json()["wizards"]}


def test_get_returns_fields_but_never_templates(http: httpx.Client) -> None:
    body = http.get(f"{BASE}/gremium").json()
    assert [f["name"] for f in body["fields"]] == ["outputName", "purpose", "members", "createNow"]
    members = body["fields"][2]
    assert members["type"] == "repeat" and members["min"] == 2 and members["max"] == 8
    assert [f["name"] for f in members["item"]] == ["name", "description"]
    assert body["hasValidator"] is True
    text = str(body)
    assert "promptTemplate" not in text and "validatorPrompt" not in text and "slart" not in text


def test_get_in_german(http: httpx.Client) -> None:
    body = http.get(f"{BASE}/gremium", params={"lang": "de"}).json()
    assert body["title"] == "Gremium anlegen" and body["language"] == "de"
    assert body["category"] == "strategie" and body["categoryLabel"] == "Strategie" and body["warnings"] == []


def test_a_tenant_names_its_categories(http: httpx.Client, data_dir: Path) -> None:
    (data_dir / "default" / "_vance").mkdir(parents=True, exist_ok=True)
    (data_dir / "default" / "_vance" / "tenant.yaml").write_text(
        "categories:\n  strategie: { en: 'Strategy & planning', de: 'Strategie & Planung' }\n", encoding="utf-8")
    labels = {w["name"]: w["categoryLabel"] for w in http.get(BASE).json()["wizards"]}
    assert labels["gremium"] == "Strategy & planning" and labels["essay-recipe"] == "Writing"
    german = {w["name"]: w["categoryLabel"] for w in http.get(BASE, params={"lang": "de"}).json()["wizards"]}
    assert german["gremium"] == "Strategie & Planung" and german["essay-recipe"] == "Schreiben"


OFFSITE = ("title: {en: Offsite}\ndescription: {en: D}\nicon: calendar-dayz\nfields:\n"
           "  - {name: days, type: integer, label: {en: Days}}\n"
           "promptTemplate: |\n  Plan a {{ days }}-day offsite.\n  Per day: {{ 10 // days }}\n")


def test_the_definition_carries_load_warnings_and_render_errors_name_file_lines(http: httpx.Client,
                                                                                data_dir: Path) -> None:
    write_wizard(data_dir, "_vance", "offsite", OFFSITE)
    body = http.get(f"{BASE}/offsite").json()
    assert body["warnings"] == [
        "offsite.yaml:3:7: icon: 'calendar-dayz' is not a Heroicon name, so the generic icon is shown; "
        "did you mean 'calendar-days'?"]
    assert http.post(f"{BASE}/offsite/render", json={"values": {"days": 2}}).json()["prompt"].startswith(
        "Plan a 2-day offsite.")  # served all the same
    failed = http.post(f"{BASE}/offsite/render", json={"values": {"days": 0}})
    message = assert_error(failed, 422, "template_runtime")["message"]
    assert "offsite.yaml, line 8 (promptTemplate): ZeroDivisionError" in message  # the file's line 8


def test_a_template_that_reads_no_field_does_not_load(http: httpx.Client, data_dir: Path) -> None:
    """It would print as nothing: the wizard is refused at load, as lint and the editor call it."""
    write_wizard(data_dir, "_vance", "offsite", OFFSITE.replace("{{ days }}-day", "{{ dayz }}-day"))
    assert "offsite" not in {w["name"] for w in http.get(BASE).json()["wizards"]}
    assert_error(http.get(f"{BASE}/offsite"), 404, "wizard_not_found")


def test_render_returns_the_prompt(http: httpx.Client) -> None:
    response = http.post(f"{BASE}/gremium/render", json={"values": GREMIUM})
    assert response.status_code == 200
    assert response.json()["prompt"].startswith("Use slart to create a council of the following 2 people")
    german = http.post(f"{BASE}/gremium/render?lang=de", json={"values": GREMIUM})
    assert german.json()["prompt"].startswith("Erstelle mit slart ein Gremium aus folgenden 2 Personen")


def test_render_validation_errors_are_structured(http: httpx.Client) -> None:
    values = {**GREMIUM, "members": [*GREMIUM["members"], {"name": "", "description": "c"}]}
    response = http.post(f"{BASE}/gremium/render", json={"values": values})
    body = assert_error(response, 400, "validation_failed")
    assert [(e["field"], e["error"]) for e in body["errors"]] == [("members[2].name", "required")]


def test_password_values_are_not_echoed_in_errors(http: httpx.Client, data_dir: Path) -> None:
    write_wizard(data_dir, "_vance", "login", "title: {en: L}\ndescription: {en: D}\nfields:\n"
                 "  - {name: pw, type: password, label: {en: P}, required: true}\n"
                 "  - {name: n, type: integer, label: {en: N}}\npromptTemplate: 'x'\n")
    response = http.post(f"{BASE}/login/render", json={"values": {"pw": "hunter2-secret", "n": "hunter2-secret"}})
    assert_error(response, 400, "validation_failed")
    assert "hunter2-secret" not in response.text


@pytest.mark.parametrize("path", [f"{BASE}/nope", f"{BASE}/nope/render"])
def test_unknown_wizard_is_404_json(http: httpx.Client, path: str) -> None:
    response = http.post(path, json={}) if path.endswith("render") else http.get(path)
    assert_error(response, 404, "wizard_not_found")


@pytest.mark.parametrize(("path", "status", "error"), [
    (f"{BASE}/UPPER", 400, "invalid_request"), (f"{BASE}/a%20b", 400, "invalid_request"),
    (f"{BASE}/%2e%2e", 400, "invalid_request"), (f"{BASE}/x%00y", 400, "invalid_request"),
    (f"{BASE}/{'a' * 300}", 400, "invalid_request"), ("/brain/a%00/wizards", 400, "invalid_request"),
    (f"{BASE}?projectId=..%2Fx", 400, "invalid_request"), (f"{BASE}?projectId=_secret", 400, "invalid_request"),
    (f"{BASE}?projectId=a%2Fb", 400, "invalid_request"),
    (f"{BASE}/..%2f..%2fetc", 404, "not_found"), ("/brain/..%2f/wizards", 404, "not_found"),  # no such route
])
def test_path_tricks_answer_4xx_json_never_500(http: httpx.Client, path: str, status: int, error: str) -> None:
    assert_error(http.get(path), status, error)


@pytest.mark.parametrize("body", ["[1]", '{"values": [1]}', '{"values": "x"}', "not json", '{"values": {"a": '])
def test_malformed_bodies_are_400(http: httpx.Client, body: str) -> None:
    response = http.post(f"{BASE}/gremium/render", content=body, headers={"content-type": "application/json"})
    assert_error(response, 400, "invalid_request")


def test_wrong_value_types_are_400_with_paths(http: httpx.Client) -> None:
    values = {**GREMIUM, "createNow": "yes", "members": "everyone"}
    response = http.post(f"{BASE}/gremium/render", json={"values": values})
    assert {(e["field"], e["error"]) for e in assert_error(response, 400, "validation_failed")["errors"]} == {
        ("createNow", "invalid_type"), ("members", "invalid_type")}


def test_oversized_body_is_413(http: httpx.Client) -> None:
    big = {"values": {"purpose": "x" * 2_000_000}}
    assert_error(http.post(f"{BASE}/gremium/render", json=big), 413, "payload_too_large")


def test_unknown_api_paths_and_methods_are_json(http: httpx.Client) -> None:
    assert_error(http.get("/brain/default/nothing"), 404, "not_found")
    assert_error(http.delete(f"{BASE}/gremium"), 405, "method_not_allowed")


def test_template_limits_at_render_are_a_clear_422(http: httpx.Client, data_dir: Path) -> None:
    write_wizard(data_dir, "_vance", "loop", "title: {en: L}\ndescription: {en: D}\nfields:\n"
                 "  - {name: n, type: integer, label: {en: N}}\n"
                 "promptTemplate: '{% for a in range(n) %}{% for b in range(n) %}{% endfor %}{% endfor %}'\n")
    response = http.post(f"{BASE}/loop/render", json={"values": {"n": 100000}})
    assert "iterations" in assert_error(response, 422, "template_limit")["message"]


# 40,000 loop iterations with string work: ~0.1 s, well inside the 1 s render deadline.
LONG_RUNNING = ("{% for i in range(40000) %}{{ ('ab' * 20) | upper | replace('A', '') | length % 2 }}"
                "{% endfor %}")


def topic_wizard(template: str) -> str:
    return (f"title: {{en: 'Topic'}}\ndescription: {{en: 'topic'}}\nfields:\n"
            f"  - {{name: topic, type: string, label: {{en: Topic}}}}\npromptTemplate: \"{template}\"\n")


def test_a_long_but_legal_template_renders_in_full_every_time(http: httpx.Client, data_dir: Path) -> None:
    write_wizard(data_dir, "_vance", "long", topic_wizard(LONG_RUNNING))
    for _ in range(2):
        response = http.post(f"{BASE}/long/render", json={"values": {}})
        assert response.status_code == 200 and len(response.json()["prompt"]) == 40_000


def test_renders_follow_file_changes_and_large_bodies_render_too(http: httpx.Client, data_dir: Path) -> None:
    path = write_wizard(data_dir, "_vance", "topic", topic_wizard("About {{ topic }}"))
    assert http.post(f"{BASE}/topic/render", json={"values": {"topic": "tea"}}).json()["prompt"] == "About tea"
    path.write_text(topic_wizard("Now about {{ topic }}"), encoding="utf-8")
    assert http.post(f"{BASE}/topic/render", json={"values": {"topic": "tea"}}).json()["prompt"] == "Now about tea"
    topic = "t" * 70_000
    response = http.post(f"{BASE}/topic/render", json={"values": {"topic": topic}})
    assert response.status_code == 200 and response.json()["prompt"] == f"Now about {topic}", response.text[:300]


def test_openapi_docs_are_served(http: httpx.Client) -> None:
    spec = http.get("/openapi.json").json()
    assert "/brain/{tenant}/wizards/{name}/render" in spec["paths"]
    assert http.get("/docs").status_code == 200
