"""Fill from chat in the domain: the fields asked and their JSON Schema, the merge of an answer, and the
end of a conversation the model reads."""

from __future__ import annotations

from typing import Any

from vance_ui.chat.engine import ChatMessage
from vance_ui.chat.excerpt import excerpt
from vance_ui.wizards.filling.fill import FillRequest, fill_request, hide_again, merge_answer
from vance_ui.wizards.format.schema import FormField, Wizard

WIZARD = Wizard.model_validate({
    "title": {"en": "T"}, "description": {"en": "D"}, "promptTemplate": "x",
    "fields": [
        {"name": "title", "type": "string", "defaultValue": "Draft", "label": {"en": "Title", "de": "Titel"}},
        {"name": "secret", "type": "password", "label": {"en": "Secret"}},
        {"name": "when", "type": "date", "dateMin": "2030-01-01", "dateMax": "2030-12-31", "label": {"en": "When"}},
        {"name": "tags", "type": "multi_select", "maxSelected": 2, "label": {"en": "Tags"},
         "choices": [{"value": "red", "label": {"en": "Red", "de": "Rot"}},
                     {"value": "blue", "label": {"en": "Blue"}}]},
        {"name": "loud", "type": "boolean", "label": {"en": "Loud"}},
        {"name": "people", "type": "repeat", "max": 3, "label": {"en": "People"}, "item": [
            {"name": "name", "type": "string", "required": True, "label": {"en": "Name"}},
            {"name": "pin", "type": "password", "label": {"en": "PIN"}}]},
    ],
})
FIELDS: list[FormField] = list(WIZARD.fields)


def request(values: dict[str, Any] | None = None, hidden: frozenset[tuple[str | int, ...]] = frozenset(),
            lang: str = "en") -> FillRequest:
    return fill_request(FIELDS, values or {}, hidden, lang)


def test_the_schema_asks_for_shown_empty_fields_with_their_rules() -> None:
    schema = request({"loud": True}, frozenset({("when",)}), lang="de").schema
    properties = schema["properties"]
    assert list(properties) == ["title", "tags", "people"]  # no password, hidden date, typed boolean
    assert properties["tags"] == {
        "description": "Tags; choices: red = Rot, blue = Blue", "type": "array",
        "items": {"type": "string", "enum": ["red", "blue"]}, "uniqueItems": True, "maxItems": 2}
    assert properties["title"]["description"] == "Titel"
    people = properties["people"]
    assert people["maxItems"] == 3 and people["items"]["required"] == ["name"]
    assert list(people["items"]["properties"]) == ["name"]
    assert schema["additionalProperties"] is False and "required" not in schema  # never invent a value


def test_date_bounds_are_in_the_schema() -> None:
    when = request().schema["properties"]["when"]
    assert when["format"] == "date" and "on or after 2030-01-01, on or before 2030-12-31" in when["description"]


def test_a_default_is_not_a_typed_value_but_a_changed_one_is() -> None:
    assert "title" in request({"title": "Draft"}).schema["properties"]
    assert "title" not in request({"title": "Mine"}).schema["properties"]


def test_merge_keeps_valid_values_and_says_why_the_rest_was_left_out() -> None:
    asked = request()
    answer = {"title": "Trip", "when": "2031-01-01", "tags": ["red", "red", "green"], "loud": None,
              "people": [{"name": "Ada", "pin": "1234"}], "secret": "x", "nope": 1}
    result = merge_answer(FIELDS, asked, answer, {}, frozenset(), "de")
    assert result.filled == ("title", "people")
    assert result.values == {"title": "Trip", "people": [{"name": "Ada", "pin": ""}]}
    assert [d.as_dict("de") for d in result.dropped] == [
        {"field": "when", "reason": "invalid",
         "message": "Der Wert passt nicht zum Feld: Muss am oder vor dem 2030-12-31 liegen."},
        {"field": "tags", "reason": "invalid",
         "message": "Der Wert passt nicht zum Feld: 'green' ist keine der Auswahlmöglichkeiten."},
        {"field": "secret", "reason": "password", "message": "Passwortfelder werden nie ausgefüllt."},
        {"field": "nope", "reason": "unknown_field", "message": "Das Formular hat kein solches Feld."},
    ]


def test_a_filled_field_hidden_by_the_fill_goes_back() -> None:
    result = merge_answer(FIELDS, request(), {"title": "Trip", "loud": True}, {"title": "Draft"}, frozenset(), "en")
    again = hide_again(result, frozenset({("title",)}), {"title": "Draft"})
    assert again.values == {"title": "Draft", "loud": True} and again.filled == ("loud",)
    assert [(d.field, d.reason) for d in again.dropped] == [("title", "hidden")]


def test_the_excerpt_keeps_the_end_within_the_budget() -> None:
    messages = [ChatMessage("user", "a" * 500), ChatMessage("assistant", "Where to?"), ChatMessage("user", "Oslo")]
    text = excerpt(messages, "three nights", 120)
    assert len(text) <= 120
    assert text.endswith("Assistant: Where to?\n\nUser: Oslo\n\nDraft message (not sent yet):\nthree nights")
    assert text.startswith("...a")
    assert excerpt([], "", 100) == ""
    assert excerpt(messages, "x" * 500, 50) == ("Draft message (not sent yet):\n" + "x" * 500)[:50]
