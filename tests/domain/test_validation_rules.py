"""A wizard's own validation rules: minLength, maxLength and pattern (with the author's message per
language) for text fields, minSelected and maxSelected for multi_select, and rules across fields
(`rules: [{if, field, message}]`, run like showIf in the render workers). Patterns are RE2: a
catastrophic pattern cannot make a check hang."""

from __future__ import annotations

import concurrent.futures
from typing import Any

import pytest

from vance_ui.wizards.catalog.loader import WizardLoadError, load_wizard
from vance_ui.wizards.catalog.model import LoadedWizard
from vance_ui.wizards.filling.state import FormState, RenderContext, form_steps
from vance_ui.wizards.rules.steps import run_steps
from vance_ui.wizards.rules.validation import validate_values
from vance_ui.wizards.templates.bounded import Templates

RULES = """\
title: { en: "Trip" }
description: { en: "Plan a trip" }
fields:
  - name: code
    type: string
    label: { en: "Code" }
    minLength: 3
    maxLength: 8
    pattern: '[A-Z]+-[0-9]+'
    patternMessage: { en: "Like ABC-12", de: "Wie ABC-12" }
  - name: note
    type: textarea
    label: { en: "Note" }
    pattern: '[a-z ]*'
  - name: stops
    type: multi_select
    label: { en: "Stops" }
    minSelected: 2
    maxSelected: 3
    choices:
      - { value: a, label: { en: A } }
      - { value: b, label: { en: B } }
      - { value: c, label: { en: C } }
      - { value: d, label: { en: D } }
  - name: nights
    type: integer
    label: { en: "Nights" }
  - name: days
    type: integer
    label: { en: "Days" }
rules:
  - if: "days and nights and nights >= days"
    field: nights
    message: { en: "Fewer nights than days, please.", de: "Weniger Nächte als Tage, bitte." }
promptTemplate: "{{ code }} {{ note }} {{ stops }} {{ nights }} {{ days }}"
"""


def loaded(templates: Templates, text: str = RULES) -> LoadedWizard:
    return load_wizard("trip", text.encode(), "trip.yaml", templates)


def errors(templates: Templates, values: dict[str, Any], lang: str = "en") -> list[tuple[str, str, str]]:
    wizard = loaded(templates)
    state: FormState = run_steps(form_steps(wizard, values, RenderContext(lang, "u"), lenient=False), templates)
    return [(e.field, e.error, e.message(lang)) for e in state.errors]


def test_a_text_s_length_and_pattern_with_the_author_s_message_in_the_reader_s_language(
        templates: Templates) -> None:
    assert errors(templates, {"code": "AB"}) == [("code", "min_length", "Use at least 3 characters.")]
    assert errors(templates, {"code": "ABCD-1234"}, "de") == [("code", "max_length", "Höchstens 8 Zeichen.")]
    assert errors(templates, {"code": "abc-12"}) == [("code", "pattern", "Like ABC-12")]
    assert errors(templates, {"code": "abc-12"}, "de") == [("code", "pattern", "Wie ABC-12")]
    assert errors(templates, {"code": "ABC-12x"}, "fr") == [("code", "pattern", "Like ABC-12")]
    assert errors(templates, {"code": "ABC-12"}) == []  # the whole text must match
    assert errors(templates, {"code": ""}) == []  # an empty optional text is not checked
    assert errors(templates, {"note": "Hi"}, "de") == [  # no patternMessage: the catalog's words
        ("note", "pattern", "Dieser Text hat nicht die Form, die das Feld verlangt.")]


def test_how_many_choices(templates: Templates) -> None:
    assert errors(templates, {"stops": ["a"]}) == [("stops", "min_selected", "Choose at least 2.")]
    assert errors(templates, {"stops": ["a", "b", "c", "d"]}, "de") == [
        ("stops", "max_selected", "Höchstens 3 auswählen.")]
    assert errors(templates, {"stops": ["a", "b"]}) == [] and errors(templates, {"stops": []}) == []


def test_a_rule_across_fields_runs_in_the_render_workers_and_says_the_author_s_message(
        templates: Templates) -> None:
    assert errors(templates, {"nights": 5, "days": 3}) == [("nights", "rule", "Fewer nights than days, please.")]
    assert errors(templates, {"nights": 5, "days": 3}, "de") == [("nights", "rule", "Weniger Nächte als Tage, bitte.")]
    assert errors(templates, {"nights": 2, "days": 3}) == []
    assert errors(templates, {"days": 3}) == []  # nights empty: the expression is false
    # a field with its own error is not checked again by a rule
    assert [e[1] for e in errors(templates, {"nights": "many", "days": 3})] == ["invalid_type"]


def test_the_preview_ignores_the_rules_but_a_submit_does_not(templates: Templates) -> None:
    wizard = loaded(templates)
    loose = run_steps(form_steps(wizard, {"code": "x", "nights": 5, "days": 1}, RenderContext("en", "u"),
                                 lenient=True), templates)
    assert loose.errors == [] and loose.values["code"] == "x"


def test_a_catastrophic_pattern_cannot_hang_a_check(templates: Templates) -> None:
    """`(a+)+$` backtracks exponentially in Python's `re`; RE2 matches in linear time."""
    wizard = RULES.replace("pattern: '[a-z ]*'", "pattern: '(a+)+$'")
    fields = loaded(templates, wizard).definition.fields
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        checked = pool.submit(validate_values, fields, {"note": "a" * 99_000 + "!"})
        result = checked.result(timeout=10)  # Python's re would still be running after years
    assert [(e.field, e.error) for e in result.errors] == [("note", "pattern")]


@pytest.mark.parametrize(("change", "said"), [
    (("pattern: '[a-z ]*'", "pattern: '(a)\\1'"), "invalid escape sequence"),  # RE2 has no backreferences
    (("pattern: '[a-z ]*'", "pattern: '(?=a)b'"), "invalid perl operator"),
    (("minLength: 3", "minLength: 9"), "minLength (9) is greater than maxLength (8)"),
    (("minSelected: 2\n    maxSelected: 3", "minSelected: 5"), "minSelected (5) is more than the 4 choices"),
    (("field: nights", "field: sleeps"), "'sleeps' is not a top-level field"),
    (('if: "days and', 'if: "dayz and'), "reads 'dayz', which is not a field here"),
])
def test_a_rule_that_cannot_work_is_refused_at_its_line(templates: Templates, change: tuple[str, str],
                                                        said: str) -> None:
    text = RULES.replace(*change)
    with pytest.raises(WizardLoadError) as refused:
        loaded(templates, text)
    problem = refused.value.problems[0]
    assert said in problem.message and problem.line is not None
