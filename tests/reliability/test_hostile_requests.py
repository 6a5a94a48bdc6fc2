"""Hostile request bodies over real HTTP: 413 over the cap, 400 with a structured error for every
malformed, too-deep or too-large body and every wrong JSON type, never a 500, never a hang."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.support.api_errors import assert_error
from tests.support.api_server import ApiServer, running_api
from tests.support.fake_llm import FakeLLM
from tests.support.wizard_files import write_wizard
from vance_ui.documents.filesystem import BundledStore, FileDocumentStore
from vance_ui.service import WizardService
from vance_ui.settings import BUNDLED_DEFAULTS_DIR, Settings

BASE = "/brain/default/wizards"
GOOD = {"outputName": "rat", "purpose": "Strategie",
        "members": [{"name": "A", "description": "a"}, {"name": "B", "description": "b"}]}
DEEP = 10_000


def deep_array(depth: int) -> str:
    return "[" * depth + "]" * depth


def deep_object(depth: int) -> str:
    return '{"a":' * depth + "1" + "}" * depth


def values(raw_json: str) -> str:
    """A body whose `values.purpose` is the given JSON text."""
    return '{"values": {"purpose": ' + raw_json + ', "outputName": "x"}}'


# (label, raw body, expected status, expected top-level `error`, expected errors[].error or None)
CASES: list[tuple[str, str | bytes, int, str, str | None]] = [
    ("10k-deep arrays in values", values(deep_array(DEEP)), 400, "invalid_request", "too_deep"),
    ("10k-deep arrays in an unknown key", '{"values": {"zzz": ' + deep_array(DEEP) + "}}", 400, "invalid_request",
     "too_deep"),
    ("10k-deep arrays as the body", deep_array(DEEP), 400, "invalid_request", "too_deep"),
    ("5k-deep objects in a repeat", '{"values": {"members": [' + deep_object(5000) + "]}}", 400, "invalid_request",
     "too_deep"),
    ("40-deep arrays (parses, over the value bound)", values(deep_array(40)), 400, "invalid_request", "too_deep"),
    ("300-deep arrays (pydantic's own limit is 255)", values(deep_array(300)), 400, "invalid_request", "too_deep"),
    ("100k-item list", json.dumps({"values": {"members": list(range(100_000))}}), 400, "invalid_request",
     "too_large"),
    ("60k keys", json.dumps({"values": {f"k{i}": 1 for i in range(60_000)}}), 400, "invalid_request", "too_large"),
    ("5000-digit integer", values("9" * 5000), 400, "invalid_request", "too_large"),
    ("4301-digit integer", values("9" * 4301), 400, "invalid_request", "too_large"),
    ("NaN", values("NaN"), 400, "invalid_request", "invalid_number"),
    ("Infinity", values("Infinity"), 400, "invalid_request", "invalid_number"),
    ("-Infinity", values("-Infinity"), 400, "invalid_request", "invalid_number"),
    ("1e999 (overflows to inf)", values("1e999"), 400, "invalid_request", "invalid_number"),
    ("lone high surrogate", values('"\\ud800"'), 400, "invalid_request", "invalid_text"),
    ("lone low surrogate in a repeat item", '{"values": {"members": [{"name": "\\udfff"}]}}', 400,
     "invalid_request", "invalid_text"),
    ("lone surrogate in a key", '{"values": {"\\ud800": 1}}', 400, "invalid_request", "invalid_text"),
    ("NUL in a text field", values('"a\\u0000b"'), 400, "validation_failed", "invalid_type"),
    ("invalid UTF-8", b'{"values": {"purpose": "\xff\xfe"}}', 400, "invalid_request", "invalid_json"),
    ("truncated JSON", '{"values": {"a": ', 400, "invalid_request", "invalid_json"),
    ("not JSON at all", "values=1", 400, "invalid_request", "invalid_json"),
    ("empty body", "", 400, "invalid_request", "invalid_type"),
    ("body is null", "null", 400, "invalid_request", "invalid_type"),
    ("body is a list", "[1, 2]", 400, "invalid_request", "invalid_type"),
    ("body is a string", '"values"', 400, "invalid_request", "invalid_type"),
    ("body is a number", "42", 400, "invalid_request", "invalid_type"),
    ("values is null", '{"values": null}', 400, "invalid_request", "invalid_type"),
    ("values is a list", '{"values": [1]}', 400, "invalid_request", "invalid_type"),
    ("values is a string", '{"values": "x"}', 400, "invalid_request", "invalid_type"),
    ("values is a number", '{"values": 1.5}', 400, "invalid_request", "invalid_type"),
    ("values is a boolean", '{"values": true}', 400, "invalid_request", "invalid_type"),
    ("text field gets a list", values("[1]"), 400, "validation_failed", "invalid_type"),
    ("text field gets an object", values('{"a": 1}'), 400, "validation_failed", "invalid_type"),
    ("text field gets a number", values("3"), 400, "validation_failed", "invalid_type"),
    ("repeat gets a string", '{"values": {"members": "everyone"}}', 400, "validation_failed", "invalid_type"),
    ("boolean gets a string", json.dumps({"values": {**GOOD, "createNow": "yes"}}), 400, "validation_failed",
     "invalid_type"),
    ("repeat items are numbers", json.dumps({"values": {**GOOD, "members": [1, 2]}}), 400, "validation_failed",
     "invalid_type"),
    ("text over 100k characters", json.dumps({"values": {**GOOD, "purpose": "x" * 100_001}}), 400,
     "validation_failed", "too_long"),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ApiServer]:
    """One server for the whole module (these requests must not change its state)."""
    data_dir = tmp_path_factory.mktemp("data")
    settings = Settings(_env_file=None, data_dir=data_dir, watch=False)  # type: ignore[call-arg]
    with running_api(WizardService(settings, FileDocumentStore(data_dir), BundledStore(BUNDLED_DEFAULTS_DIR))) as api:
        yield api


@pytest.fixture
def client(server: ApiServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.base_url, timeout=30) as http:
        yield http


def assert_structured(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    """The error answer `status` / `code` as the README promises it, and every entry of its `errors`."""
    body = assert_error(response, status, code)
    for error in body.get("errors") or []:
        assert all(isinstance(error[key], str) for key in ("field", "error", "message")), error
        # as the README documents them: a form rule's error also says what its message quotes
        assert set(error) - {"field", "error", "message"} == ({"params"} if code == "validation_failed" else set())
        assert isinstance(error.get("params", {}), dict), error
    return body


# every case against /render; against /validate (the Check) only those that are not about form rules: the
# Check is lenient by design, rules are for render, not for suggestions
ENDPOINT_CASES = [pytest.param(endpoint, *case, id=f"{case[0]}-{endpoint}")
                  for case in CASES for endpoint in ("render", "validate")
                  if endpoint == "render" or case[3] != "validation_failed"]


@pytest.mark.parametrize(("endpoint", "label", "raw", "status", "code", "detail"), ENDPOINT_CASES)
def test_hostile_bodies_get_a_structured_4xx(client: httpx.Client, endpoint: str, label: str, raw: str | bytes,
                                             status: int, code: str, detail: str | None) -> None:
    started = time.monotonic()
    response = client.post(f"{BASE}/gremium/{endpoint}", content=raw, headers={"content-type": "application/json"})
    elapsed = time.monotonic() - started
    body = assert_structured(response, status, code)
    if detail is not None:
        assert detail in {e["error"] for e in body.get("errors") or []}, response.text[:300]
    assert len(response.content) < 100_000, "error answers stay small"
    assert elapsed < 5, f"{label} took {elapsed:.1f} s"


def test_the_check_drops_nul_text_before_the_model_sees_it(client: httpx.Client, fake_llm: FakeLLM,
                                                            monkeypatch: pytest.MonkeyPatch, server: ApiServer) -> None:
    """/validate is lenient: a NUL value is dropped like any invalid value, never sent on."""
    monkeypatch.setattr(server.service.settings, "fast_model", "openai/fake-fast")
    monkeypatch.setattr(server.service.settings, "llm_api_base", fake_llm.base_url)
    fake_llm.reply('{"suggestions": []}')
    response = client.post(f"{BASE}/gremium/validate", json={"values": {**GOOD, "purpose": "a\x00b"}})
    assert response.status_code == 200, response.text
    assert "\x00" not in json.dumps(fake_llm.requests[-1]) and "\\u0000" not in json.dumps(fake_llm.requests[-1])


def test_errors_for_a_huge_list_are_capped(client: httpx.Client, server: ApiServer) -> None:
    write_wizard(server.service.settings.data_dir, "_vance", "pick", "title: {en: P}\ndescription: {en: D}\nfields:\n"
                 "  - {name: tags, type: multi_select, label: {en: T}, choices: [{value: a, label: {en: A}}]}\n"
                 "promptTemplate: '{{ tags }}'\n")
    response = client.post(f"{BASE}/pick/render", json={"values": {"tags": ["nope"] * 40_000}})
    body = assert_structured(response, 400, "validation_failed")
    assert len(body["errors"]) == 200 and body["errors"][0]["field"] == "tags[0]"


def test_body_over_the_cap_is_413(client: httpx.Client) -> None:
    response = client.post(f"{BASE}/gremium/render", json={"values": {"purpose": "x" * 2_000_000}})
    assert_structured(response, 413, "payload_too_large")


def test_streamed_body_over_the_cap_is_413_not_400(client: httpx.Client) -> None:
    """Without content-length the cap trips while reading; FastAPI used to turn that into a bare 400."""

    def chunks() -> Iterator[bytes]:
        yield b'{"values": {"purpose": "'
        for _ in range(200):
            yield b"x" * 10_000
        yield b'"}}'

    response = client.post(f"{BASE}/gremium/render", content=chunks(), headers={"content-type": "application/json"})
    assert_structured(response, 413, "payload_too_large")


def test_other_non_json_content_types_are_400(client: httpx.Client) -> None:
    response = client.post(f"{BASE}/gremium/render", content=json.dumps({"values": GOOD}),
                           headers={"content-type": "application/xml"})
    body = assert_structured(response, 400, "invalid_request")
    assert [(e["field"], e["error"]) for e in body["errors"]] == [("body", "invalid_type")]


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"])
def test_bodies_another_site_could_send_are_415(client: httpx.Client, content_type: str) -> None:
    """The types a page of another site can send without a preflight are refused before any route runs."""
    response = client.post(f"{BASE}/gremium/render", content=json.dumps({"values": GOOD}),
                           headers={"content-type": content_type})
    assert_structured(response, 415, "unsupported_media_type")


@pytest.mark.parametrize("query", [
    "lang=" + "x" * 100, "lang=de%00", "projectId=" + "a" * 200, "projectId=a%0A", "projectId=..", "lang=%ED%A0%80",
    "projectId=%FF", "lang=de&lang=en&lang=" + "%00" * 10,
])
def test_hostile_query_parameters_are_400(client: httpx.Client, query: str) -> None:
    for response in (client.get(f"{BASE}?{query}"), client.get(f"{BASE}/gremium?{query}"),
                     client.post(f"{BASE}/gremium/render?{query}", json={"values": GOOD})):
        assert_structured(response, 400, "invalid_request")


@pytest.mark.parametrize("path", [
    f"{BASE}/gremium%0A", "/brain/default%0A/wizards", f"{BASE}/%ED%A0%80", f"{BASE}/%FF%FE",
    "/brain/%C0%AE%C0%AE/wizards",
    f"{BASE}/{'a' * 65}", f"{BASE}/gremium.yaml", f"{BASE}/-x", "/brain/a..b/wizards",
])
def test_hostile_paths_are_4xx_json(client: httpx.Client, path: str) -> None:
    assert_structured(client.get(path), 400, "invalid_request")


def test_the_server_still_answers_after_all_that(client: httpx.Client) -> None:
    for _label, raw, *_ in CASES[:8]:
        client.post(f"{BASE}/gremium/render", content=raw, headers={"content-type": "application/json"})
    response = client.post(f"{BASE}/gremium/render", json={"values": GOOD})
    assert response.status_code == 200 and response.json()["prompt"].startswith("Use slart")
