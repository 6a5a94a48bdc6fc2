"""What a model suggests for a pasted prompt is checked against it before the author sees it: a
part whose text is not in the prompt is dropped, and what does not fit is replaced by the proposal."""

from __future__ import annotations

import pytest

from vance_ui.authoring.prompt_fields import propose_field
from vance_ui.authoring.suggested_fields import checked_suggestions
from vance_ui.llm.client import LlmError
from vance_ui.llm.field_suggestions import SuggestedField, parse_fields

PROMPT = "Plan a trip to Berlin on 2026-12-03 for 4 people.\nTone: formal\n- Ada\n- Bo\n"


def said(text: str, name: str = "", label: str = "", type_: str = "string", options: tuple[str, ...] = ()) \
        -> SuggestedField:
    return SuggestedField(text, name, label, type_, options)


def test_a_suggestion_whose_text_is_not_in_the_prompt_is_dropped() -> None:
    kept = checked_suggestions(PROMPT, [said("Paris", "city"), said("Berlin", "city", "City"), said("  ", "x"),
                                        said("berlin", "lower")])
    assert [(p.name, PROMPT[p.start:p.end]) for p in kept] == [("city", "Berlin")]
    assert kept[0].labels == {"en": "City"}


def test_names_labels_and_types_that_do_not_fit_are_replaced_by_the_proposal() -> None:
    kept = checked_suggestions(PROMPT, [
        said("2026-12-03", "class", "x" * 200, "calendar"),  # reserved name, overlong label, unknown type
        said("4", "people", "People", "integer"),
        said("formal", "tone", "Tone", "select", ("casual", "formal")),
        said("Ada\n- Bo", "members", "Members", "repeat"),
        said("Plan", "people", "Verb", "string"),  # the name is taken by then
    ], lang="de")
    by_text = {PROMPT[p.start:p.end]: p for p in kept}
    date = by_text["2026-12-03"]
    assert (date.name, date.type, date.labels) == ("date", "date", {"en": "Date", "de": "Datum"})
    assert by_text["4"].name == "people" and by_text["4"].labels["de"] == "People"
    assert by_text["formal"].type == "select" and by_text["formal"].options == ("formal", "casual")
    assert by_text["- Ada\n- Bo\n"].type == "repeat"
    assert by_text["Plan"].name == "plan"


def test_a_suggestion_over_a_field_already_made_takes_the_next_free_place_or_none() -> None:
    prompt = "Berlin and Berlin"
    made = [propose_field(prompt, 0, 6)]
    kept = checked_suggestions(prompt, [said("Berlin", "second"), said("Berlin", "third"), said("and Ber", "x")], made)
    assert [(p.name, p.start) for p in kept] == [("second", 11)]


def test_the_model_s_answer_is_read_leniently_and_refused_when_it_holds_no_fields() -> None:
    fields = parse_fields('```json\n{"fields": [{"text": "Berlin", "name": "city", "label": "City", "type": "string",'
                          ' "options": [1, "x"]}, {"text": ""}, "junk", {"name": "no text"}]}\n```')
    assert fields == [SuggestedField("Berlin", "city", "City", "string", ("x",))]
    with pytest.raises(LlmError) as refused:
        parse_fields('{"suggestions": []}')
    assert refused.value.kind == "bad_response"
