"""Form engine v2 over real HTTP: definitions carry pages and `dependsOn` (never a showIf), `POST
.../state` tells any client what the form shows, `/render` applies the same visibility."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.api_errors import assert_error
from tests.support.api_server import ApiServer
from tests.support.paths import README
from tests.support.readme import freeze_today, readme_trip_request
from tests.support.wizard_files import write_wizard

BASE = "/brain/default/wizards"

# The showIf sources hold markers that must never reach a client.
ORDER = """\
title: { en: "Order lunch", de: "Mittagessen bestellen" }
description: { en: "Three steps", de: "Drei Schritte" }
fields:
  - name: dish
    type: select
    required: true
    label: { en: "Dish", de: "Gericht" }
    choices:
      - { value: pizza, label: { en: "Pizza" } }
      - { value: salad, label: { en: "Salad" } }
  - name: topping
    type: string
    required: true
    showIf: "dish == 'pizza' and 'SECRET-MARKER-1' != dish"
    label: { en: "Topping", de: "Belag" }
  - name: deliver
    type: boolean
    label: { en: "Deliver?", de: "Liefern?" }
  - name: address
    type: textarea
    required: true
    label: { en: "Address", de: "Adresse" }
  - name: when
    type: date
    dateMin: 2026-01-01
    label: { en: "When", de: "Wann" }
  - name: guests
    type: repeat
    label: { en: "Guests", de: "Gäste" }
    item:
      - { name: name, type: string, required: true, label: { en: "Name" } }
      - { name: allergic, type: boolean, label: { en: "Allergies?" } }
      - name: allergy
        type: string
        required: true
        showIf: "allergic and deliver"
        label: { en: "Which?" }
pages:
  - title: { en: "Food", de: "Essen" }
    fields: [dish, topping]
  - title: { en: "Delivery", de: "Lieferung" }
    description: { en: "Only when delivered", de: "Nur bei Lieferung" }
    showIf: "deliver or 'SECRET-MARKER-2' == dish"
    fields: [address, when]
  - title: { en: "Who", de: "Wer" }
    fields: [deliver, guests]
promptTemplate: >-
  {{ dish }}{% if topping %} with {{ topping }}{% endif %}{% if address %} to {{ address }}{% endif %}
  {%- for g in guests %} [{{ g.name }}{% if g.allergy %}: {{ g.allergy }}{% endif %}]{% endfor %}
"""


@pytest.fixture
def order(http: httpx.Client, data_dir: Path) -> httpx.Client:
    write_wizard(data_dir, "_vance", "order", ORDER)
    return http


def state(http: httpx.Client, values: dict[str, Any], name: str = "order") -> dict[str, Any]:
    response = http.post(f"{BASE}/{name}/state", json={"values": values})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def test_the_definition_has_pages_and_depends_on_but_never_a_show_if(order: httpx.Client) -> None:
    response = order.get(f"{BASE}/order", params={"lang": "de"})
    assert response.status_code == 200
    body = response.json()
    assert body["pages"] == [
        {"title": "Essen", "description": None, "fields": ["dish", "topping"], "dependsOn": None},
        {"title": "Lieferung", "description": "Nur bei Lieferung", "fields": ["address", "when"],
         "dependsOn": ["deliver", "dish"]},
        {"title": "Wer", "description": None, "fields": ["deliver", "guests"], "dependsOn": None},
    ]
    fields = {f["name"]: f for f in body["fields"]}
    assert fields["topping"]["dependsOn"] == ["dish"] and fields["dish"]["dependsOn"] is None
    assert [f["dependsOn"] for f in fields["guests"]["item"]] == [None, None, ["allergic", "deliver"]]
    when = fields["when"]
    assert (when["type"], when["dateMin"], when["dateMax"]) == ("date", "2026-01-01", None)
    assert "SECRET-MARKER" not in response.text and "showIf" not in response.text
    assert "show_if" not in response.text and "promptTemplate" not in response.text


def test_a_single_page_wizard_has_no_pages(http: httpx.Client) -> None:
    body = http.get(f"{BASE}/gremium").json()
    assert body["pages"] is None and all(f["dependsOn"] is None for f in body["fields"])


def test_state_answers_what_the_form_shows(order: httpx.Client) -> None:
    body = state(order, {"dish": "salad", "topping": "ham", "guests": [{"name": "Ann", "allergic": True}]})
    assert body == {
        "hidden": ["address", "guests[0].allergy", "topping", "when"],
        "pages": [True, False, True],
        "errors": [],
        "prompt": "salad [Ann]",
        "followUps": [],
        "previewError": None,
    }
    body = state(order, {"dish": "pizza", "deliver": True, "guests": [{"name": "Ann", "allergic": True}]})
    assert body["hidden"] == [] and body["pages"] == [True, True, True]
    assert body["errors"] == [
        {"field": "topping", "error": "required", "message": "This field is required.", "params": {}, "page": 0},
        {"field": "address", "error": "required", "message": "This field is required.", "params": {}, "page": 1},
        {"field": "guests[0].allergy", "error": "required", "message": "This field is required.", "params": {},
         "page": 2},
    ]
    assert body["prompt"] == "pizza [Ann]", "the preview renders an incomplete form"


def test_state_in_an_empty_form_and_errors_of_a_single_page_wizard(order: httpx.Client) -> None:
    assert state(order, {})["errors"] == [
        {"field": "dish", "error": "required", "message": "This field is required.", "params": {}, "page": 0}]
    gremium = state(order, {"outputName": "x"}, "gremium")
    assert gremium["pages"] == [] and gremium["hidden"] == []
    assert [(e["field"], e["page"]) for e in gremium["errors"]] == [("purpose", None), ("members", None)]


def test_render_applies_visibility(order: httpx.Client) -> None:
    """A hidden required field does not block, and what it holds does not reach the prompt."""
    values = {"dish": "salad", "topping": "LEFTOVER-HAM", "address": "LEFTOVER-STREET",
              "guests": [{"name": "Ann", "allergic": True, "allergy": "LEFTOVER-NUTS"}]}
    response = order.post(f"{BASE}/order/render", json={"values": values})
    assert response.status_code == 200, response.text
    assert response.json()["prompt"] == "salad [Ann]"
    assert "LEFTOVER" not in response.text
    shown = order.post(f"{BASE}/order/render", json={"values": {**values, "dish": "pizza", "deliver": True}})
    assert shown.json()["prompt"] == "pizza with LEFTOVER-HAM to LEFTOVER-STREET [Ann: LEFTOVER-NUTS]"


def test_render_errors_name_their_page(order: httpx.Client) -> None:
    response = order.post(f"{BASE}/order/render", json={"values": {"dish": "pizza", "deliver": True,
                                                                    "when": "2025-12-31"}})
    body = assert_error(response, 400, "validation_failed")
    assert [(e["field"], e["error"], e["page"]) for e in body["errors"]] == [
        ("topping", "required", 0), ("address", "required", 1), ("when", "date_min", 1)]


@pytest.mark.parametrize("values", [
    {"dish": "x" * 200_000},
    {"dish": ["pizza"] * 10_000},
    {"dish": {"nested": {"deeper": "pizza"}}},
    {"deliver": "yes", "when": "tomorrow", "guests": "everyone"},
    {"when": 20260105, "guests": [1, "two", None, {"name": 3}]},
    {"guests": [{"name": "n", "allergic": True}] * 5_000, "deliver": True},
    {"topping": "\x00", "dish": "pizza"},
    {"dish": "pizza", "topping": "{{ 7*7 }}{% for x in range(10**9) %}{% endfor %}"},
    {"__class__": "x", "dish": "pizza", "lang": "xx", "today": "1999-01-01"},
    {"dish": 1e308, "deliver": 10**30},
], ids=["huge text", "long list", "object", "wrong types", "more wrong types", "many entries", "NUL",
        "template syntax as data", "odd keys", "huge numbers"])
def test_hostile_values_get_structured_answers_never_a_500(order: httpx.Client, values: dict[str, Any]) -> None:
    for route in ("state", "render"):
        response = order.post(f"{BASE}/order/{route}", json={"values": values})
        assert response.status_code in (200, 400), (route, response.status_code, response.text[:300])
        body = response.json()
        if response.status_code == 400:
            assert assert_error(response, 400, "validation_failed")["errors"], body
        elif route == "state":
            assert set(body) == {"hidden", "pages", "errors", "prompt", "followUps", "previewError"}
            assert all({"field", "error", "message"} <= set(e) for e in body["errors"])
        assert "49" not in (body.get("prompt") or "")


@pytest.mark.parametrize(("body", "code"), [
    ('{"values": ' + "[" * 100 + "]" * 100 + "}", "invalid_request"),
    ('{"values": {"dish": NaN}}', "invalid_request"),
    ('{"values": "pizza"}', "invalid_request"),
    ("not json", "invalid_request"),
])
def test_malformed_state_bodies_are_400(order: httpx.Client, body: str, code: str) -> None:
    response = order.post(f"{BASE}/order/state", content=body, headers={"content-type": "application/json"})
    assert_error(response, 400, code)


def test_state_bodies_over_the_cap_are_413_and_unknown_wizards_404(order: httpx.Client) -> None:
    response = order.post(f"{BASE}/order/state", json={"values": {"address": "x" * 2_000_000}})
    assert_error(response, 413, "payload_too_large")
    assert_error(order.post(f"{BASE}/nope/state", json={"values": {}}), 404, "wizard_not_found")


def test_a_preview_that_fails_is_reported_in_the_state(http: httpx.Client, data_dir: Path) -> None:
    """The form still learns what it shows and what is missing when only the preview cannot render."""
    write_wizard(data_dir, "_vance", "fragile", """
title: { en: "Fragile" }
description: { en: "x" }
fields:
  - { name: n, type: integer, label: { en: N } }
  - { name: why, type: string, required: true, label: { en: Why }, showIf: "n and n > 3" }
promptTemplate: "{{ 10 // n }}"
""")
    body = state(http, {"n": 0}, "fragile")
    assert body["prompt"] is None and "ZeroDivisionError" in body["previewError"]
    assert body["hidden"] == ["why"] and body["errors"] == []
    body = state(http, {"n": 5}, "fragile")
    assert body["prompt"] == "2" and body["previewError"] is None
    assert [e["field"] for e in body["errors"]] == ["why"]


def test_a_show_if_that_fails_for_the_values_hides_its_field(http: httpx.Client, data_dir: Path) -> None:
    """`nights > 0` while the number is still empty, `10 // n` for 0: the condition counts as false
    (as in SurveyJS), so the user can go on filling the form; a required hidden field does not block."""
    write_wizard(data_dir, "_vance", "broken-if", """
title: { en: "Broken condition" }
description: { en: "x" }
fields:
  - { name: n, type: integer, label: { en: N } }
  - { name: m, type: string, required: true, label: { en: M }, showIf: "10 // n" }
  - { name: k, type: string, required: true, label: { en: K }, showIf: "n > 2" }
promptTemplate: "{{ n }}/{{ m }}/{{ k }}"
""")
    for values, hidden in (({"n": 0, "m": "x"}, ["k", "m"]), ({"m": "x"}, ["k", "m"]), ({"n": 5}, [])):
        body = state(http, values, "broken-if")
        assert body["hidden"] == hidden, (values, body)
    rendered = http.post(f"{BASE}/broken-if/render", json={"values": {"n": 0, "m": "typed", "k": "typed"}})
    assert rendered.status_code == 200 and rendered.json()["prompt"] == "0//", rendered.text


def test_the_state_route_is_in_the_openapi_schema(http: httpx.Client) -> None:
    spec = http.get("/openapi.json").json()
    assert "/brain/{tenant}/wizards/{name}/state" in spec["paths"]
    assert {"hidden", "pages", "errors", "prompt"} <= set(spec["components"]["schemas"]["StateOut"]["properties"])


def test_the_readme_state_example_answers_what_the_readme_says(api: ApiServer, http: httpx.Client, data_dir: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    write_wizard(data_dir, "_vance", "trip-request", readme_trip_request())
    freeze_today(api.service, monkeypatch)
    example = re.search(r"curl -s -X POST localhost:8080/brain/default/wizards/trip-request/state \\\n"
                        r".*?-d '(.*?)'\n# -> (.*?)\n```", README.read_text(), re.S)
    assert example, "the /state example is missing from the README"
    posted = json.loads(example.group(1))
    documented = json.loads(re.sub(r"\n#\s*", " ", example.group(2)))
    response = http.post(f"{BASE}/trip-request/state", json=posted)
    assert response.status_code == 200 and response.json() == documented
