"""Password values and the API key never leak: not into responses (beyond the prompt the user asked
for), follow-up links, error messages, the validator prompt sent to the model, log records, or any
file under the data dir. Every flow runs over real HTTP with distinctive secret strings."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from pydantic import SecretStr

from tests.support.api_errors import assert_error
from tests.support.api_server import ApiServer
from tests.support.fake_llm import FakeLLM
from tests.support.wizard_files import write_wizard

PASSWORD = "pw-S3CRET-7f3a9c1e-DO-NOT-LEAK"
NESTED_PASSWORD = "nested-S3CRET-0b8d2f44-DO-NOT-LEAK"
API_KEY = "sk-VANCE-TEST-KEY-5e6f7a8b9c0d-DO-NOT-LEAK"
SECRETS = (PASSWORD, NESTED_PASSWORD, API_KEY)
BASE = "/brain/default/wizards"

LOGIN = """title: {en: Login}
description: {en: D}
fields:
  - {name: login, type: string, label: {en: Login}, required: true}
  - {name: pw, type: password, label: {en: Password}, required: true}
  - {name: count, type: integer, label: {en: Count}, integerMax: 5}
  - name: accounts
    type: repeat
    label: {en: Accounts}
    item:
      - {name: host, type: string, label: {en: Host}}
      - {name: token, type: password, label: {en: Token}}
promptTemplate: |
  Log in as {{ login }} with {{ pw }}.
  {% for a in accounts %}- {{ a.host }} {{ a.token }}
  {% endfor %}
validatorPrompt: |
  Check user {{ login }} (password: {{ pw }}), tokens: {% for a in accounts %}{{ a.token }} {% endfor %}
suggestedFollowUps:
  - wizard: gremium
    label: {en: "Next for {{ login }}"}
    prefill: {purpose: "after {{ login }}"}
    condition: "pw"
"""
# a template whose runtime error message would quote the password (int() of it inside a filter)
CRASH = """title: {en: Crash}
description: {en: D}
fields:
  - {name: pw, type: password, label: {en: P}}
promptTemplate: "{{ 'x'|center(pw) }}"
"""
VALUES = {"login": "arthur", "pw": PASSWORD, "count": 2,
          "accounts": [{"host": "db", "token": NESTED_PASSWORD}]}


@pytest.fixture
def secret_api(api: ApiServer, fake_llm: FakeLLM, data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> ApiServer:
    write_wizard(data_dir, "_vance", "login", LOGIN)
    write_wizard(data_dir, "_vance", "crash", CRASH)
    settings = api.service.settings
    monkeypatch.setattr(settings, "fast_model", "openai/fake-fast")
    monkeypatch.setattr(settings, "llm_api_base", fake_llm.base_url)
    monkeypatch.setattr(settings, "llm_api_key", SecretStr(API_KEY))
    monkeypatch.setattr(settings, "llm_timeout_seconds", 20.0)
    return api


@pytest.fixture
def client(secret_api: ApiServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=secret_api.base_url, timeout=30) as http:
        yield http


def leaks(text: str, allowed: tuple[str, ...] = ()) -> list[str]:
    return [s for s in SECRETS if s not in allowed and (s in text or json.dumps(s)[1:-1] in text)]


def test_no_flow_leaks_a_secret(client: httpx.Client, secret_api: ApiServer, fake_llm: FakeLLM, data_dir: Path,
                                caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    answers: list[tuple[str, httpx.Response, tuple[int, str] | None]] = []  # with the error answer expected
    with caplog.at_level(logging.DEBUG):
        # render: the prompt itself is what the user asked for and may hold the secrets; nothing else may
        rendered = client.post(f"{BASE}/login/render", json={"values": VALUES})
        assert rendered.status_code == 200, rendered.text
        body = rendered.json()
        assert PASSWORD in body["prompt"].split("\n\n")[0]
        follow_ups = body["followUps"]
        assert follow_ups and follow_ups[0]["url"].startswith("vance:/wizards/gremium?")
        assert not leaks(json.dumps(follow_ups)), follow_ups
        assert not leaks(body["prompt"].split("\n\n", 1)[1]), "the follow-up block of the prompt"
        # form errors, with the secrets in every kind of wrong place
        for values in (
            {**VALUES, "login": ""},
            {**VALUES, "count": PASSWORD},
            {**VALUES, "count": 99, "accounts": [{"host": 5, "token": NESTED_PASSWORD}]},
            {**VALUES, "pw": [PASSWORD]},
            {**VALUES, "pw": PASSWORD + "\x00"},
            {**VALUES, "pw": PASSWORD * 5000},
            {**VALUES, "accounts": [PASSWORD]},
        ):
            answers.append(("render invalid", client.post(f"{BASE}/login/render", json={"values": values}),
                            (400, "validation_failed")))
        # a template error whose message quotes the password value
        answers.append(("render crash", client.post(f"{BASE}/crash/render", json={"values": {"pw": PASSWORD}}),
                        (422, "template_runtime")))
        # malformed bodies around the secrets
        answers.append(("bad json", client.post(f"{BASE}/login/render", content='{"values": {"pw": "' + PASSWORD,
                                                headers={"content-type": "application/json"}),
                        (400, "invalid_request")))
        answers.append(("deep", client.post(f"{BASE}/login/render", json={"values": {"pw": [[[[[[[[[[[[[[[[[[[[[[[[
            [[[[[[[[[[[[PASSWORD]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}}), (400, "invalid_request")))
        # the LLM Check, answered, and failing in each way
        fake_llm.reply(json.dumps({"suggestions": [{"field": "login", "suggestion": "Use a real name."}]}))
        answers.append(("validate", client.post(f"{BASE}/login/validate", json={"values": VALUES}), None))
        for status, error in ((401, (502, "model_auth")), (400, (502, "model_bad_request")),
                              (429, (429, "model_rate_limit")), (500, (502, "model_model_error"))):
            fake_llm.replies.clear()
            fake_llm.reply("", status=status)
            answers.append((f"validate {status}", client.post(f"{BASE}/login/validate", json={"values": VALUES}),
                            error))
        monkeypatch.setattr(secret_api.service.settings, "llm_api_base", "http://127.0.0.1:9/v1")  # nothing there
        answers.append(("validate unreachable", client.post(f"{BASE}/login/validate", json={"values": VALUES}),
                        (502, "model_model_error")))
        answers.append(("listing", client.get(BASE), None))
        answers.append(("definition", client.get(f"{BASE}/login"), None))

    for label, response, error in answers:
        if error is None:
            assert response.status_code == 200, (label, response.text[:300])
        else:
            assert_error(response, *error)
        assert not leaks(response.text), (label, response.text[:500])
        assert not leaks(str(response.headers)), label

    # what the model saw: the validator prompt with placeholders, never a secret in the body
    assert fake_llm.requests, "the Check reached the fake model"
    for sent in fake_llm.requests:
        assert not leaks(json.dumps(sent)), sent
    assert "[hidden]" in fake_llm.requests[0]["messages"][-1]["content"]

    records = [f"{r.name}: {r.getMessage()} {r.exc_text or ''} {r.args!r}" for r in caplog.records]
    assert records, "logs were captured"
    leaked_logs = [r for r in records if leaks(r)]
    assert not leaked_logs, leaked_logs[:3]

    for path in data_dir.rglob("*"):
        if path.is_file():
            content = path.read_bytes().decode("utf-8", "replace")
            assert not leaks(content), path


TRANSFORMED = """title: {en: Transformed}
description: {en: D}
fields:
  - {name: pw, type: password, label: {en: P}}
  - {name: which, type: string, label: {en: Which}}
  - name: accounts
    type: repeat
    label: {en: Accounts}
    item:
      - {name: token, type: password, label: {en: Token}}
promptTemplate: |
  {% if which == 'upper' %}{{ (pw|upper)|filesizeformat }}{% endif %}
  {% if which == 'reversed' %}{{ (pw|reverse|join)|filesizeformat }}{% endif %}
  {% if which == 'nested' %}{% for a in accounts %}{{ (a.token|title)|filesizeformat }}{% endfor %}{% endif %}
"""


@pytest.mark.parametrize("which", ["upper", "reversed", "nested"])
def test_a_template_error_quotes_no_password_in_any_transformed_form(client: httpx.Client, data_dir: Path,
                                                                      which: str) -> None:
    """`{{ (pw|upper)|filesizeformat }}` answered 422 quoting the upper-cased password."""
    write_wizard(data_dir, "_vance", "transformed", TRANSFORMED)
    response = client.post(f"{BASE}/transformed/render", json={"values": {
        "pw": PASSWORD, "which": which, "accounts": [{"token": NESTED_PASSWORD}]}})
    message = assert_error(response, 422, "template_runtime")["message"]
    assert "details withheld" in message and "line" in message
    folded = message.casefold()
    for secret in (PASSWORD, NESTED_PASSWORD):
        for form in (secret, secret[::-1], secret[:12], secret[-12:], secret[::-1][:12]):
            assert form.casefold() not in folded, (which, message)
