"""Spec section 6: every rule, every error code, exact paths, all errors at once."""

from __future__ import annotations

from typing import Any

import pytest

from vance_ui.wizards.format.schema import Wizard
from vance_ui.wizards.rules.validation import validate_values

FORM = Wizard.model_validate({
    "title": {"en": "T"}, "description": {"en": "D"}, "promptTemplate": "x",
    "fields": [
        {"name": "title", "type": "string", "required": True, "label": {"en": "Title"}},
        {"name": "notes", "type": "textarea", "label": {"en": "Notes"}, "defaultValue": "none"},
        {"name": "secret", "type": "password", "label": {"en": "Secret"}},
        {"name": "count", "type": "integer", "integerMin": 1, "integerMax": 5, "label": {"en": "Count"}},
        {"name": "agree", "type": "boolean", "label": {"en": "Agree"}},
        {"name": "tone", "type": "select", "label": {"en": "Tone"},
         "choices": [{"value": "formal", "label": {"en": "Formal"}}, {"value": "casual", "label": {"en": "Casual"}}]},
        {"name": "tags", "type": "multi_select", "label": {"en": "Tags"},
         "choices": [{"value": "a", "label": {"en": "A"}}, {"value": "b", "label": {"en": "B"}}]},
        {"name": "members", "type": "repeat", "min": 2, "max": 3, "label": {"en": "Members"},
         "item": [{"name": "name", "type": "string", "required": True, "label": {"en": "Name"}},
                  {"name": "age", "type": "integer", "integerMin": 0, "label": {"en": "Age"}}]},
    ],
}).fields

GOOD: dict[str, Any] = {"title": "Plan", "members": [{"name": "A"}, {"name": "B"}]}


def errors(values: dict[str, Any]) -> set[tuple[str, str]]:
    return {(e.field, e.error) for e in validate_values(FORM, values).errors}


def test_good_values_pass_and_defaults_fill_in() -> None:
    result = validate_values(FORM, GOOD)
    assert result.ok
    assert result.values == {
        "title": "Plan", "notes": "none", "secret": "", "count": None, "agree": False, "tone": "",
        "tags": [], "members": [{"name": "A", "age": None}, {"name": "B", "age": None}],
    }


@pytest.mark.parametrize("title", [None, "", "   \n\t"])
def test_required_means_present_and_not_blank(title: Any) -> None:
    values = {**GOOD, "title": title}
    if title is None:
        del values["title"]
    assert errors(values) == {("title", "required")}


def test_repeat_bounds_and_nested_paths_are_zero_based() -> None:
    assert errors({**GOOD, "members": [{"name": "A"}]}) == {("members", "min_items")}
    four = [{"name": str(i)} for i in range(4)]
    assert errors({**GOOD, "members": four}) == {("members", "max_items")}
    nested = [{"name": "A"}, {"name": "B"}, {"name": " ", "age": -1}]
    assert errors({**GOOD, "members": nested}) == {("members[2].name", "required"), ("members[2].age", "integer_min")}


def test_missing_repeat_with_min_reports_min_items() -> None:
    assert errors({"title": "x"}) == {("members", "min_items")}


def test_integer_bounds_and_type() -> None:
    assert errors({**GOOD, "count": 0}) == {("count", "integer_min")}
    assert errors({**GOOD, "count": 6}) == {("count", "integer_max")}
    assert errors({**GOOD, "count": 5.0}) == set()
    for wrong in ("3", 2.5, True, [3], 2**60):
        assert errors({**GOOD, "count": wrong}) == {("count", "invalid_type")}, wrong


def test_select_and_multi_select_whitelist() -> None:
    assert errors({**GOOD, "tone": "rude"}) == {("tone", "not_a_choice")}
    assert errors({**GOOD, "tags": ["a", "zzz"]}) == {("tags[1]", "not_a_choice")}
    assert validate_values(FORM, {**GOOD, "tags": ["b", "a", "b"]}).values["tags"] == ["b", "a"]


@pytest.mark.parametrize(("field", "wrong"), [
    ("title", 42), ("notes", ["x"]), ("secret", {"x": 1}), ("agree", "yes"), ("tone", 1), ("tags", "a"),
    ("members", {"name": "x"}),
])
def test_wrong_json_types_are_invalid_type(field: str, wrong: Any) -> None:
    assert (field, "invalid_type") in errors({**GOOD, field: wrong})


def test_repeat_item_that_is_not_an_object() -> None:
    assert errors({**GOOD, "members": [{"name": "A"}, "B"]}) == {("members[1]", "invalid_type")}


def test_too_long_text() -> None:
    assert errors({**GOOD, "notes": "x" * 100_001}) == {("notes", "too_long")}


def test_all_errors_are_reported_at_once() -> None:
    found = errors({"title": "", "count": 9, "tone": "x", "members": [{}]})
    assert found == {("title", "required"), ("count", "integer_max"), ("tone", "not_a_choice"),
                     ("members[0].name", "required"), ("members", "min_items")}


def test_undeclared_keys_never_reach_the_template() -> None:
    result = validate_values(FORM, {**GOOD, "__class__": "x", "lang": "xx", "other": 1})
    assert "other" not in result.values and "__class__" not in result.values and "lang" not in result.values


def test_required_boolean_must_be_checked() -> None:
    form = Wizard.model_validate({"title": {"en": "T"}, "description": {"en": "D"}, "promptTemplate": "x",
                                  "fields": [{"name": "ok", "type": "boolean", "required": True,
                                              "label": {"en": "I agree"}}]}).fields
    assert [e.error for e in validate_values(form, {"ok": False}).errors] == ["required"]
    assert validate_values(form, {"ok": True}).ok


def test_lenient_mode_for_the_live_preview_reports_nothing_and_drops_bad_values() -> None:
    result = validate_values(FORM, {"count": 99, "tone": "rude", "members": []}, lenient=True)
    assert result.ok
    assert result.values["count"] is None and result.values["tone"] == ""


def test_error_messages_are_readable() -> None:
    result = validate_values(FORM, {**GOOD, "count": 0})
    assert result.errors[0].as_dict("en") == {
        "field": "count", "error": "integer_min", "message": "Must be at least 1.", "params": {"min": 1}}
    assert result.errors[0].message("de") == "Muss mindestens 1 sein."
