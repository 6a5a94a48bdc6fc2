"""POST .../prefill ("Fill from chat") through litellm's real HTTP path to a local fake model server."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.support.api_errors import assert_error
from tests.support.api_server import ApiServer
from tests.support.fake_llm import FakeLLM, use_fake_model
from tests.support.wizard_files import write_wizard
from vance_ui.chat.sessions import SessionStore, StoredMessage
from vance_ui.usage.events import Step

URL = "/brain/default/wizards/trip/prefill"
TRIP = """
title: { en: "Book a trip", de: "Reise buchen" }
description: { en: "A business trip", de: "Eine Dienstreise" }
fields:
  - { name: destination, type: string, required: true, maxLength: 80, label: { en: "Destination", de: "Ziel" } }
  - { name: notes, type: textarea, label: { en: "Notes", de: "Notizen" } }
  - { name: token, type: password, label: { en: "Booking token", de: "Buchungscode" } }
  - { name: nights, type: integer, integerMin: 1, integerMax: 30, label: { en: "Nights", de: "Nächte" } }
  - { name: departure, type: date, dateMin: "2020-01-01", label: { en: "Departure", de: "Abreise" } }
  - name: travel
    type: select
    label: { en: "Travel by", de: "Reise mit" }
    choices:
      - { value: train, label: { en: "Train", de: "Bahn" } }
      - { value: plane, label: { en: "Plane", de: "Flugzeug" } }
  - { name: seat, type: string, showIf: "travel == 'plane'", label: { en: "Seat", de: "Sitz" } }
  - name: travellers
    type: repeat
    label: { en: "Travellers", de: "Reisende" }
    item:
      - { name: name, type: string, required: true, label: { en: "Name", de: "Name" } }
      - { name: pin, type: password, label: { en: "PIN", de: "PIN" } }
promptTemplate: "Trip to {{ destination }}"
"""
CHAT = [{"role": "user", "content": "I fly to Oslo on 2030-05-04 for 3 nights with Ada and Bo."}]


@pytest.fixture
def model_http(api: ApiServer, fake_llm: FakeLLM, data_dir: Path,
               monkeypatch: pytest.MonkeyPatch) -> Iterator[httpx.Client]:
    write_wizard(data_dir, "_vance", "trip", TRIP)
    use_fake_model(api.service.settings, fake_llm, monkeypatch)
    with api.client() as client:
        yield client


def _sent_schema(fake_llm: FakeLLM) -> dict[str, object]:
    system = fake_llm.requests[-1]["messages"][0]["content"]
    start = system.index("{")
    decoder = json.JSONDecoder()
    schema, _ = decoder.raw_decode(system[start:])
    assert isinstance(schema, dict)
    return schema


def test_a_good_fill(model_http: httpx.Client, fake_llm: FakeLLM, api: ApiServer) -> None:
    fake_llm.reply(json.dumps({"destination": "Oslo", "nights": 3, "departure": "2030-05-04", "travel": "plane",
                               "travellers": [{"name": "Ada"}, {"name": "Bo"}]}))
    response = model_http.post(URL, json={"values": {}, "messages": CHAT, "draft": "window seat please"})
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["filled"] == ["destination", "nights", "departure", "travel", "travellers"]
    assert body["values"]["travellers"] == [{"name": "Ada", "pin": ""}, {"name": "Bo", "pin": ""}]
    assert body["dropped"] == []
    sent = fake_llm.requests[-1]
    assert sent["model"] == "fake-fast"
    assert "Oslo" in sent["messages"][-1]["content"] and "window seat please" in sent["messages"][-1]["content"]
    schema = _sent_schema(fake_llm)
    properties = schema["properties"]
    assert isinstance(properties, dict)
    # what is asked: the shown, non-password fields; choices as an enum, bounds as the form's
    assert set(properties) == {"destination", "notes", "nights", "departure", "travel", "travellers"}
    assert properties["travel"]["enum"] == ["train", "plane"]
    assert (properties["nights"]["minimum"], properties["nights"]["maximum"]) == (1, 30)
    assert properties["destination"]["maxLength"] == 80
    assert set(properties["travellers"]["items"]["properties"]) == {"name"}
    assert "token" not in json.dumps(sent["messages"]) and "PIN" not in json.dumps(sent["messages"])
    api.service.usage.flush()
    assert api.service.usage_reader.wizards("default", 1, ["trip"])["trip"].totals.get(Step.FILLED) == 1


def test_a_model_that_knows_structured_output_gets_the_schema_as_response_format(
        model_http: httpx.Client, fake_llm: FakeLLM, api: ApiServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(api.service.settings, "fast_model", "openai/gpt-4o-mini")
    fake_llm.reply(json.dumps({"destination": "Oslo"}))
    assert model_http.post(URL, json={"messages": CHAT}).json()["filled"] == ["destination"]
    sent_format = fake_llm.requests[-1]["response_format"]
    assert sent_format["type"] == "json_schema"
    assert sent_format["json_schema"]["schema"]["properties"]["travel"]["enum"] == ["train", "plane"]


def test_a_model_without_it_gets_json_mode(model_http: httpx.Client, fake_llm: FakeLLM) -> None:
    fake_llm.reply(json.dumps({"destination": "Oslo"}))
    model_http.post(URL, json={"messages": CHAT})
    assert fake_llm.requests[-1]["response_format"] == {"type": "json_object"}


def test_wrong_types_are_dropped_with_the_forms_reason(model_http: httpx.Client, fake_llm: FakeLLM) -> None:
    fake_llm.reply(json.dumps({"destination": 42, "nights": "three", "departure": "2030-02-30",
                               "travellers": "Ada and Bo", "notes": "ok"}))
    body = model_http.post(URL, json={"messages": CHAT}).json()
    assert body["filled"] == ["notes"]
    reasons = {d["field"]: (d["reason"], d["message"]) for d in body["dropped"]}
    assert reasons == {
        "destination": ("invalid", "The value does not fit the field: Expected text."),
        "nights": ("invalid", "The value does not fit the field: Expected a whole number."),
        "departure": ("invalid", "The value does not fit the field: February 2030 has no 30th day, only 28."),
        "travellers": ("invalid", "The value does not fit the field: Expected a list of entries."),
    }
    assert "destination" not in body["values"] and "nights" not in body["values"]


def test_bounds_and_unknown_fields_and_choices_not_in_the_list(model_http: httpx.Client, fake_llm: FakeLLM) -> None:
    fake_llm.reply(json.dumps({"nights": 99, "travel": "bicycle", "budget": 500, "destination": "Oslo"}))
    body = model_http.post(URL, json={"messages": CHAT, "values": {}}, params={"lang": "de"}).json()
    assert body["filled"] == ["destination"]
    assert body["dropped"] == [
        {"field": "nights", "reason": "invalid", "message": "Der Wert passt nicht zum Feld: Darf höchstens 30 sein."},
        {"field": "travel", "reason": "invalid",
         "message": "Der Wert passt nicht zum Feld: 'bicycle' ist keine der Auswahlmöglichkeiten."},
        {"field": "budget", "reason": "unknown_field", "message": "Das Formular hat kein solches Feld."},
    ]


def test_typed_values_passwords_and_hidden_fields_are_never_filled(model_http: httpx.Client,
                                                                   fake_llm: FakeLLM) -> None:
    fake_llm.reply(json.dumps({"destination": "Oslo", "token": "hunter2", "seat": "12A", "nights": 3,
                               "travellers": [{"name": "Ada", "pin": "1234"}]}))
    typed = {"destination": "Bergen", "travel": "train"}
    body = model_http.post(URL, json={"messages": CHAT, "values": typed}).json()
    assert body["values"]["destination"] == "Bergen"
    assert "token" not in body["values"] and body["values"]["travellers"] == [{"name": "Ada", "pin": ""}]
    assert body["filled"] == ["nights", "travellers"]
    assert {d["field"]: d["reason"] for d in body["dropped"]} == {
        "destination": "typed", "token": "password", "seat": "hidden"}
    properties = _sent_schema(fake_llm)["properties"]
    assert isinstance(properties, dict)
    assert "destination" not in properties and "seat" not in properties and "token" not in properties


def test_a_filled_value_that_a_fill_hides_is_taken_back(model_http: httpx.Client, fake_llm: FakeLLM) -> None:
    # seat is shown while travel is plane; the model answers train: seat is not filled
    fake_llm.reply(json.dumps({"travel": "train", "seat": "12A"}))
    body = model_http.post(URL, json={"messages": CHAT, "values": {"travel": "plane"}}).json()
    assert body["filled"] == ["seat"] and body["values"]["seat"] == "12A"
    assert {d["field"]: d["reason"] for d in body["dropped"]} == {"travel": "typed"}


def test_huge_strings_are_dropped(model_http: httpx.Client, fake_llm: FakeLLM) -> None:
    fake_llm.reply(json.dumps({"destination": "O" * 200, "notes": "n" * 30_000,
                               "travellers": [{"name": "x" * 25_000}]}))
    body = model_http.post(URL, json={"messages": CHAT}).json()
    assert body["filled"] == []
    assert {d["field"]: d["reason"] for d in body["dropped"]} == {
        "destination": "invalid", "notes": "too_long", "travellers": "too_long"}
    assert "80" in body["dropped"][0]["message"]
    assert len(json.dumps(body)) < 2000


def test_markup_and_script_stay_plain_text(model_http: httpx.Client, fake_llm: FakeLLM) -> None:
    script = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    fake_llm.reply(json.dumps({"notes": script, "destination": "{{ 7*7 }}"}))
    response = model_http.post(URL, json={"messages": CHAT})
    body = response.json()
    assert response.headers["content-type"] == "application/json"
    assert body["values"] == {"notes": script, "destination": "{{ 7*7 }}"}


def test_prose_around_the_json(model_http: httpx.Client, fake_llm: FakeLLM) -> None:
    fake_llm.reply('Here are the values I found:\n{"destination": "Oslo", "nights": 3}\nHope that helps!')
    fake_llm.reply('```json\n{"travel": "plane"}\n```')
    assert model_http.post(URL, json={"messages": CHAT}).json()["filled"] == ["destination", "nights"]
    assert model_http.post(URL, json={"messages": CHAT}).json()["filled"] == ["travel"]


def test_an_answer_without_json_is_a_clear_error(model_http: httpx.Client, fake_llm: FakeLLM) -> None:
    fake_llm.reply("I could not find anything useful.")
    response = model_http.post(URL, json={"messages": CHAT, "values": {"destination": "Bergen"}})
    assert "form's values" in assert_error(response, 502, "model_bad_response")["message"]


@pytest.mark.parametrize(("status", "code", "expected"), [
    (500, "model_model_error", 502), (429, "model_rate_limit", 429), (401, "model_auth", 502)])
def test_a_model_that_errors(model_http: httpx.Client, fake_llm: FakeLLM, status: int, code: str,
                             expected: int) -> None:
    fake_llm.reply("", status=status)
    response = model_http.post(URL, json={"messages": CHAT})
    assert_error(response, expected, code)
    assert "Traceback" not in response.text


def test_a_model_that_times_out(model_http: httpx.Client, fake_llm: FakeLLM, api: ApiServer,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(api.service.settings, "llm_timeout_seconds", 0.5)
    fake_llm.reply(json.dumps({"destination": "Oslo"}), first_token_delay=3)
    response = model_http.post(URL, json={"messages": CHAT})
    assert assert_error(response, 504, "model_timeout")["message"] == "The model did not answer in time."


def test_no_model_configured_is_503(http: httpx.Client, data_dir: Path) -> None:
    write_wizard(data_dir, "_vance", "trip", TRIP)
    response = http.post(URL, json={"messages": CHAT})
    assert "VANCE_FAST_MODEL" in assert_error(response, 503, "model_not_configured")["message"]


def test_reads_the_callers_own_chat_within_the_budget(model_http: httpx.Client, fake_llm: FakeLLM,
                                                      api: ApiServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(api.service.settings, "fill_context_chars", 300)
    sessions = SessionStore(api.service.data, "default", "local")
    chat = sessions.create("trip")
    chat.messages = [StoredMessage("user", "OLD " + "x" * 1000), StoredMessage("assistant", "Where to?"),
                     StoredMessage("user", "To Oslo, please.")]
    sessions.save(chat)
    SessionStore(api.service.data, "default", "someone").create("theirs")
    fake_llm.reply(json.dumps({"destination": "Oslo"}))
    assert model_http.post(URL, json={"chatId": chat.id}).json()["filled"] == ["destination"]
    conversation = fake_llm.requests[-1]["messages"][-1]["content"]
    assert "To Oslo, please." in conversation and "Where to?" in conversation and "OLD" not in conversation
    assert len(conversation) <= 300
    assert_error(model_http.post(URL, json={"chatId": "no-such-chat"}), 404, "chat_not_found")
    assert_error(model_http.post(URL, json={"chatId": "../../etc"}), 404, "chat_not_found")


def test_a_body_with_both_chat_id_and_messages_is_refused(model_http: httpx.Client) -> None:
    assert_error(model_http.post(URL, json={"chatId": "a", "messages": CHAT}), 400, "invalid_request")
    assert_error(model_http.post(URL, json={"messages": [{"role": "tool", "content": "x"}]}), 400,
                 "invalid_request")


def test_a_form_with_nothing_left_to_fill_asks_no_model(model_http: httpx.Client, fake_llm: FakeLLM) -> None:
    typed = {"destination": "Oslo", "notes": "n", "nights": 2, "departure": "2030-05-04", "travel": "train",
             "travellers": [{"name": "Ada"}]}
    body = model_http.post(URL, json={"messages": CHAT, "values": typed}).json()
    assert body == {"values": typed, "filled": [], "dropped": []}
    assert fake_llm.requests == []
