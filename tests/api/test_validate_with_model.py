"""POST .../validate through litellm's real HTTP path to a local fake model server."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest

from tests.support.api_errors import assert_error
from tests.support.api_server import ApiServer
from tests.support.fake_llm import FakeLLM, use_fake_model

URL = "/brain/default/wizards/gremium/validate"
VALUES = {"outputName": "rat", "purpose": "vague", "members": [{"name": "A", "description": "a"}]}


@pytest.fixture
def model_http(api: ApiServer, fake_llm: FakeLLM, monkeypatch: pytest.MonkeyPatch) -> Iterator[httpx.Client]:
    use_fake_model(api.service.settings, fake_llm, monkeypatch)
    with api.client() as client:
        yield client


def test_good_json_becomes_suggestions(model_http: httpx.Client, fake_llm: FakeLLM) -> None:
    fake_llm.reply(json.dumps({"suggestions": [
        {"field": "purpose", "suggestion": "Say which decisions the council should help with."},
        {"field": "", "suggestion": "Two members give little diversity."},
    ]}))
    response = model_http.post(URL, json={"values": VALUES})
    assert response.status_code == 200
    assert response.json() == {"suggestions": [
        {"field": "purpose", "suggestion": "Say which decisions the council should help with."},
        {"field": "", "suggestion": "Two members give little diversity."},
    ]}
    sent = fake_llm.requests[-1]
    assert sent["model"] == "fake-fast"
    assert "vague" in sent["messages"][-1]["content"]
    assert "outputName, purpose, members, createNow" in sent["messages"][0]["content"]


def test_json_in_a_code_fence_is_accepted(model_http: httpx.Client, fake_llm: FakeLLM) -> None:
    fake_llm.reply('Sure!\n```json\n{"suggestions": [{"field": "members", "suggestion": "Add a third."}]}\n```')
    assert model_http.post(URL, json={"values": VALUES}).json()["suggestions"][0]["field"] == "members"


def test_garbage_is_a_clear_error_not_a_500(model_http: httpx.Client, fake_llm: FakeLLM) -> None:
    fake_llm.reply("I think the form looks lovely.")
    assert_error(model_http.post(URL, json={"values": VALUES}), 502, "model_bad_response")


def test_malformed_entries_are_dropped(model_http: httpx.Client, fake_llm: FakeLLM) -> None:
    fake_llm.reply(json.dumps({"suggestions": [{"field": 3}, "x", {"suggestion": "  "}, {"suggestion": "ok"}]}))
    assert model_http.post(URL, json={"values": VALUES}).json() == {"suggestions": [{"field": "", "suggestion": "ok"}]}


@pytest.mark.parametrize(("status", "code", "expected"), [
    (401, "model_auth", 502), (429, "model_rate_limit", 429), (500, "model_model_error", 502),
    (400, "model_bad_request", 502),
])
def test_model_errors_are_readable(model_http: httpx.Client, fake_llm: FakeLLM, status: int, code: str,
                                   expected: int) -> None:
    fake_llm.reply("", status=status)
    response = model_http.post(URL, json={"values": VALUES})
    assert_error(response, expected, code)
    assert "Traceback" not in response.text


def test_no_model_configured_is_503(http: httpx.Client) -> None:
    response = http.post(URL, json={"values": VALUES})
    assert "VANCE_FAST_MODEL" in assert_error(response, 503, "model_not_configured")["message"]


def test_a_wizard_without_validator_prompt_has_no_check(http: httpx.Client) -> None:
    assert http.get("/brain/default/wizards/create-project").json()["hasValidator"] in (True, False)
    names = [w["name"] for w in http.get("/brain/default/wizards").json()["wizards"]]
    without = [n for n in names if not http.get(f"/brain/default/wizards/{n}").json()["hasValidator"]]
    assert without, "a bundled wizard without a validatorPrompt"
    for name in without:
        response = http.post(f"/brain/default/wizards/{name}/validate", json={"values": {}})
        assert "no validatorPrompt" in assert_error(response, 404, "wizard_not_found")["message"]
