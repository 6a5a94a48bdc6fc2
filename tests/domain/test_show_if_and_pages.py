"""Form engine v2 as authors and users meet it: `showIf`, pages, the `date` field and `today`.

Each test is a small story: a wizard file, what a user types, what the form shows and what the
prompt says. What decides visibility is the service, for every client alike (web form, API, CLI).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.paths import REPO
from tests.support.wizard_files import write_wizard
from vance_ui.service import FormInvalid, Scope, WizardService
from vance_ui.wizards.catalog.loader import WizardLoadError, load_wizard
from vance_ui.wizards.filling.report import FormReport, report_steps
from vance_ui.wizards.filling.state import RenderContext
from vance_ui.wizards.rules.steps import run_steps
from vance_ui.wizards.rules.validation import validate_values
from vance_ui.wizards.templates.bounded import Templates

SCOPE = Scope("default", "local")

# A trip request: how you travel decides what else the form asks.
TRIP = """\
title: { en: "Trip request", de: "Reiseantrag" }
description: { en: "Ask for a business trip", de: "Eine Dienstreise beantragen" }
fields:
  - name: travel
    type: select
    required: true
    label: { en: "How do you travel?" }
    choices:
      - { value: train, label: { en: "Train" } }
      - { value: plane, label: { en: "Plane" } }
  - name: seat
    type: select
    required: true
    showIf: "travel == 'plane'"
    label: { en: "Seat" }
    choices:
      - { value: window, label: { en: "Window" } }
      - { value: aisle, label: { en: "Aisle" } }
  - name: frequentFlyer
    type: boolean
    showIf: "seat"
    label: { en: "Frequent flyer?" }
  - name: flyerNumber
    type: string
    required: true
    showIf: "frequentFlyer"
    label: { en: "Frequent flyer number" }
  - name: bahnCard
    type: integer
    showIf: "travel == 'train'"
    label: { en: "BahnCard (25 or 50)" }
promptTemplate: >-
  travel={{ travel }} seat={{ seat }} ff={{ frequentFlyer }} number={{ flyerNumber }}
  bahncard={{ bahnCard }}
"""


@pytest.fixture
def trip(service: WizardService, data_dir: Path) -> WizardService:
    write_wizard(data_dir, "_vance", "trip", TRIP)
    return service


def hidden(service: WizardService, name: str, values: dict[str, Any]) -> set[str]:
    from vance_ui.wizards.format.paths import path_text

    return {path_text(p) for p in service.form_report_sync(SCOPE, name, values).state.visibility.hidden}


def errors(error: pytest.ExceptionInfo[FormInvalid]) -> list[tuple[str, str, int | None]]:
    return [(e.field, e.error, e.page) for e in error.value.errors]


# -- showIf: what appears when a choice changes ------------------------------------------------


def test_a_field_appears_when_a_choice_changes(trip: WizardService) -> None:
    assert hidden(trip, "trip", {"travel": "train"}) == {"seat", "frequentFlyer", "flyerNumber"}
    assert hidden(trip, "trip", {"travel": "plane"}) == {"frequentFlyer", "flyerNumber", "bahnCard"}
    assert hidden(trip, "trip", {"travel": "plane", "seat": "aisle"}) == {"flyerNumber", "bahnCard"}
    assert hidden(trip, "trip", {}) == {"seat", "frequentFlyer", "flyerNumber", "bahnCard"}


def test_a_hidden_required_field_blocks_nothing_and_reaches_the_template_empty(trip: WizardService) -> None:
    """The user chose the plane, filled everything in, then switched to the train: the browser still
    holds (and posts) the plane answers, and they are neither checked nor used."""
    values = {"travel": "train", "seat": "window", "frequentFlyer": True, "flyerNumber": "LH-123", "bahnCard": 50}
    prompt = trip.render(SCOPE, "trip", values).prompt
    assert prompt == "travel=train seat= ff=False number= bahncard=50"
    # even a value that would be invalid is not looked at while its field is hidden
    values = {"travel": "train", "seat": "middle", "frequentFlyer": "very", "flyerNumber": 7}
    assert trip.render(SCOPE, "trip", values).prompt == "travel=train seat= ff=False number= bahncard="


def test_a_hidden_value_comes_back_when_its_field_is_shown_again(trip: WizardService) -> None:
    """Hiding does not erase: the client keeps what was typed, and the service uses it again once the
    field is visible (the service never tells the client to drop a value)."""
    typed = {"travel": "train", "seat": "window", "frequentFlyer": True, "flyerNumber": "LH-123"}
    report = trip.form_report_sync(SCOPE, "trip", typed)
    assert report.state.values["flyerNumber"] == "" and report.preview is not None
    assert "number= " in report.preview.prompt
    assert typed["flyerNumber"] == "LH-123", "the posted values are not changed"
    again = trip.render(SCOPE, "trip", {**typed, "travel": "plane"}).prompt
    assert again == "travel=plane seat=window ff=True number=LH-123 bahncard="


def test_a_shown_required_field_is_required(trip: WizardService) -> None:
    with pytest.raises(FormInvalid) as invalid:
        trip.render(SCOPE, "trip", {"travel": "plane"})
    assert errors(invalid) == [("seat", "required", None)]
    with pytest.raises(FormInvalid) as invalid:
        trip.render(SCOPE, "trip", {"travel": "plane", "seat": "aisle", "frequentFlyer": True})
    assert errors(invalid) == [("flyerNumber", "required", None)]


def test_a_chain_hides_everything_behind_the_first_hidden_link(trip: WizardService) -> None:
    """flyerNumber shows if frequentFlyer, which shows if seat, which shows if the plane: switching
    to the train hides all three although frequentFlyer is still true in the posted values."""
    values = {"travel": "plane", "seat": "aisle", "frequentFlyer": True, "flyerNumber": "X"}
    assert hidden(trip, "trip", values) == {"bahnCard"}
    assert hidden(trip, "trip", {**values, "travel": "train"}) == {"seat", "frequentFlyer", "flyerNumber"}


def test_the_order_in_the_file_does_not_matter(service: WizardService, data_dir: Path) -> None:
    """A field may depend on one further down: conditions run in dependency order, not file order."""
    write_wizard(data_dir, "_vance", "upside", """
title: { en: "Upside down" }
description: { en: "x" }
fields:
  - { name: c, type: string, label: { en: C }, showIf: "b" }
  - { name: b, type: boolean, label: { en: B }, showIf: "a == 'yes'" }
  - { name: a, type: string, label: { en: A } }
promptTemplate: "{{ a }}/{{ b }}/{{ c }}"
""")
    assert service.render(SCOPE, "upside", {"a": "yes", "b": True, "c": "shown"}).prompt == "yes/True/shown"
    assert service.render(SCOPE, "upside", {"a": "no", "b": True, "c": "shown"}).prompt == "no/False/"
    assert hidden(service, "upside", {"a": "no", "b": True}) == {"b", "c"}


# -- repeat items ------------------------------------------------------------------------------

TEAM = """\
title: { en: "Team trip" }
description: { en: "x" }
fields:
  - name: abroad
    type: boolean
    label: { en: "Abroad?" }
  - name: note
    type: string
    label: { en: "A note for everyone" }
  - name: people
    type: repeat
    label: { en: "People" }
    item:
      - { name: name, type: string, required: true, label: { en: "Name" } }
      - { name: note, type: boolean, label: { en: "Has a special request" } }
      - name: request
        type: string
        required: true
        showIf: "note"
        label: { en: "Special request" }
      - name: passport
        type: string
        required: true
        showIf: "abroad and name != 'Ann'"
        label: { en: "Passport number" }
  - name: summary
    type: textarea
    showIf: "people | length > 1"
    label: { en: "Summary" }
promptTemplate: >-
  {% for p in people %}[{{ p.name }}|{{ p.request }}|{{ p.passport }}]{% endfor %}
  note={{ note }} summary={{ summary }}
"""


def test_an_item_condition_sees_its_own_fields_first_and_then_the_form(service: WizardService,
                                                                      data_dir: Path) -> None:
    """`note` inside an item is the item's checkbox, not the top-level text of the same name; `abroad`
    is the top-level field. Each entry decides for itself."""
    write_wizard(data_dir, "_vance", "team", TEAM)
    people = [{"name": "Ann", "note": True, "request": "vegan"},
              {"name": "Bo", "note": False, "request": "aisle", "passport": "P-2"}]
    values = {"abroad": True, "note": "top-level text is truthy", "people": people}
    assert hidden(service, "team", values) == {"people[0].passport", "people[1].request"}
    prompt = service.render(SCOPE, "team", {**values, "summary": "two"}).prompt
    assert prompt == "[Ann|vegan|][Bo||P-2] note=top-level text is truthy summary=two"
    assert hidden(service, "team", {**values, "abroad": False}) == {
        "people[0].passport", "people[1].passport", "people[1].request"}


def test_an_item_error_names_the_entry_and_hidden_entries_fields_are_not_checked(service: WizardService,
                                                                                data_dir: Path) -> None:
    write_wizard(data_dir, "_vance", "team", TEAM)
    people = [{"name": "Ann", "note": True}, {"name": "Bo", "note": False}]
    with pytest.raises(FormInvalid) as invalid:
        service.render(SCOPE, "team", {"abroad": True, "people": people})
    assert errors(invalid) == [("people[0].request", "required", None), ("people[1].passport", "required", None)]


def test_a_condition_reading_a_repeat_sees_its_entries(service: WizardService, data_dir: Path) -> None:
    write_wizard(data_dir, "_vance", "team", TEAM)
    one = [{"name": "Ann"}]
    assert "summary" in hidden(service, "team", {"people": one, "summary": "x"})
    assert "summary" not in hidden(service, "team", {"people": [*one, {"name": "Bo"}]})


# -- pages -------------------------------------------------------------------------------------

STEPS = """\
title: { en: "Book a stay", de: "Aufenthalt buchen" }
description: { en: "Two steps", de: "Zwei Schritte" }
fields:
  - { name: destination, type: string, required: true, label: { en: "Where?" } }
  - { name: nights, type: integer, integerMin: 0, defaultValue: 0, label: { en: "Nights" } }
  - { name: hotel, type: string, required: true, label: { en: "Hotel" } }
  - { name: breakfast, type: boolean, label: { en: "Breakfast" } }
  - { name: remarks, type: textarea, label: { en: "Remarks" } }
pages:
  - title: { en: "Where", de: "Wohin" }
    fields: [destination, nights]
  - title: { en: "Hotel", de: "Hotel" }
    description: { en: "Only for overnight stays", de: "Nur mit Übernachtung" }
    showIf: "nights and nights > 0"
    fields: [hotel, breakfast]
  - title: { en: "Anything else", de: "Sonst noch etwas" }
    fields: [remarks]
promptTemplate: "{{ destination }}: {{ nights }} nights{% if hotel %} at {{ hotel }}{% endif %}"
"""


@pytest.fixture
def stay(service: WizardService, data_dir: Path) -> WizardService:
    write_wizard(data_dir, "_vance", "stay", STEPS)
    return service


def test_a_page_whose_condition_is_false_hides_its_fields(stay: WizardService) -> None:
    day_trip = stay.form_report_sync(SCOPE, "stay", {"destination": "Bonn", "hotel": "Kaiser"})
    assert day_trip.state.visibility.pages == (True, False, True)
    assert hidden(stay, "stay", {"destination": "Bonn"}) == {"hotel", "breakfast"}
    assert stay.render(SCOPE, "stay", {"destination": "Bonn", "hotel": "Kaiser"}).prompt == "Bonn: 0 nights"
    overnight = stay.form_report_sync(SCOPE, "stay", {"destination": "Bonn", "nights": 2})
    assert overnight.state.visibility.pages == (True, True, True) and not overnight.state.visibility.hidden


def test_errors_carry_their_page(stay: WizardService) -> None:
    with pytest.raises(FormInvalid) as invalid:
        stay.render(SCOPE, "stay", {"nights": 2})
    assert errors(invalid) == [("destination", "required", 0), ("hotel", "required", 1)]
    assert [e.as_dict("en") for e in invalid.value.errors][1] == {
        "field": "hotel", "error": "required", "message": "This field is required.", "params": {}, "page": 1}
    assert invalid.value.errors[1].as_dict("de")["message"] == "Dieses Feld ist erforderlich."
    report = stay.form_report_sync(SCOPE, "stay", {"nights": 2})
    assert [e.field for e in report.state.errors_on(1)] == ["hotel"]
    assert report.state.errors_on(2) == []


def test_a_single_page_wizard_has_no_pages_and_errors_without_one(trip: WizardService) -> None:
    report = trip.form_report_sync(SCOPE, "trip", {})
    assert report.state.visibility.pages == ()
    assert [e.as_dict("en") for e in report.state.errors] == [
        {"field": "travel", "error": "required", "message": "This field is required.", "params": {}}]


def test_the_definition_lists_the_pages_and_what_each_condition_reads(stay: WizardService) -> None:
    definition = stay.definition(SCOPE, "stay", "de")
    assert [(p.title, p.fields, p.depends_on) for p in definition.pages or []] == [
        ("Wohin", ["destination", "nights"], None), ("Hotel", ["hotel", "breakfast"], ["nights"]),
        ("Sonst noch etwas", ["remarks"], None)]
    assert definition.pages and definition.pages[1].description == "Nur mit Übernachtung"


def test_a_preview_that_cannot_render_still_tells_what_is_shown(service: WizardService, data_dir: Path) -> None:
    """The template fails for these values (a runtime error, in a render worker): the form state
    still has its visibility and errors, and says why the preview is missing."""
    write_wizard(data_dir, "_vance", "fragile", """
title: { en: "Fragile" }
description: { en: "x" }
fields:
  - { name: n, type: integer, label: { en: N } }
  - { name: why, type: string, required: true, label: { en: Why }, showIf: "n and n > 3" }
promptTemplate: "{{ 10 // n }}"
""")
    broken = service.form_report_sync(SCOPE, "fragile", {"n": 0})
    assert broken.preview is None and broken.preview_problem is not None
    assert broken.preview_problem.kind == "runtime" and "ZeroDivisionError" in str(broken.preview_problem)
    assert broken.state.visibility.hidden == {("why",)} and broken.state.errors == []
    fine = service.form_report_sync(SCOPE, "fragile", {"n": 5})
    assert fine.preview is not None and fine.preview.prompt == "2" and fine.preview_problem is None
    assert [e.field for e in fine.state.errors] == ["why"]


# -- today and dates ---------------------------------------------------------------------------

DEADLINE = """\
title: { en: "Deadline" }
description: { en: "x" }
fields:
  - name: due
    type: date
    required: true
    dateMin: 2026-01-01
    dateMax: '2027-12-31'
    label: { en: "Due" }
  - name: approvedBy
    type: string
    required: true
    showIf: "due and due <= today"
    label: { en: "Who approved a deadline that has already come?" }
  - name: start
    type: date
    defaultValue: 2026-06-01
    label: { en: "Start" }
promptTemplate: >-
  due {{ due }} (today {{ today }}), start {{ start }}{% if approvedBy %}, ok by {{ approvedBy }}{% endif %}
"""


def report(templates: Templates, name: str, text: str, values: dict[str, Any], today: str) -> FormReport:
    wizard = load_wizard(name, text.encode(), f"{name}.yaml", templates)
    return run_steps(report_steps(wizard, values, RenderContext("en", "local", "", today)), templates)


def test_today_is_the_servers_date_for_conditions_and_templates(templates: Templates) -> None:
    late = report(templates, "deadline", DEADLINE, {"due": "2026-12-03"}, today="2026-12-03")
    assert [e.field for e in late.state.errors] == ["approvedBy"]
    early = report(templates, "deadline", DEADLINE, {"due": "2026-12-04"}, today="2026-12-03")
    assert early.state.visibility.hidden == {("approvedBy",)} and early.state.errors == []
    assert early.preview is not None
    assert early.preview.prompt == "due 2026-12-04 (today 2026-12-03), start 2026-06-01"


def test_the_service_fills_in_today(service: WizardService, data_dir: Path) -> None:
    import datetime

    write_wizard(data_dir, "_vance", "deadline", DEADLINE)
    prompt = service.render(SCOPE, "deadline", {"due": "2027-12-31"}).prompt
    assert f"(today {datetime.date.today().isoformat()})" in prompt


def test_a_field_named_today_wins_over_the_date(templates: Templates) -> None:
    """`today` was a legal field name before it became a variable: such a wizard keeps working."""
    text = """\
title: { en: "Old" }
description: { en: "x" }
fields:
  - { name: today, type: string, label: { en: "What happened today?" } }
  - { name: more, type: string, label: { en: "More" }, showIf: "today == 'rain'" }
promptTemplate: "Today: {{ today }} {{ more }}"
"""
    rainy = report(templates, "old", text, {"today": "rain", "more": "umbrella"}, today="2026-12-03")
    assert rainy.preview is not None and rainy.preview.prompt == "Today: rain umbrella"
    sunny = report(templates, "old", text, {"today": "sun", "more": "umbrella"}, today="2026-12-03")
    assert sunny.preview is not None and sunny.preview.prompt == "Today: sun"


@pytest.mark.parametrize("typed", ["2026-1-5", "05.01.2026", "tomorrow", "2026-01-05T10:00",
                                   "20260105", 20260105, ["2026-01-05"], True,
                                   " 2026-01-05", "2026-01-05 ", "2026-01-05\n", "\t2026-01-05", " 2026-01-05 "])
def test_a_date_is_yyyy_mm_dd_and_a_real_day(typed: Any, templates: Templates) -> None:
    wizard = load_wizard("deadline", DEADLINE.encode(), "deadline.yaml", templates)
    result = validate_values(wizard.definition.fields[:1], {"due": typed})
    assert [(e.field, e.error) for e in result.errors] == [("due", "invalid_type")], typed
    assert "YYYY-MM-DD" in result.errors[0].message("en")
    assert "JJJJ-MM-TT" in result.errors[0].message("de")


def test_a_well_formed_day_the_month_lacks_is_named_not_the_format(templates: Templates) -> None:
    wizard = load_wizard("deadline", DEADLINE.encode(), "deadline.yaml", templates)
    [error] = validate_values(wizard.definition.fields[:1], {"due": "2026-02-30"}).errors
    assert (error.field, error.error) == ("due", "no_such_date")
    assert error.message("en") == "February 2026 has no 30th day, only 28."
    assert error.message("de") == "Der Februar 2026 hat keinen 30. Tag, nur 28."


def test_date_bounds_and_an_empty_date(templates: Templates) -> None:
    fields = load_wizard("deadline", DEADLINE.encode(), "deadline.yaml", templates).definition.fields[:1]

    def codes(value: Any) -> list[tuple[str, str, str]]:
        return [(e.field, e.error, e.message("en")) for e in validate_values(fields, {"due": value}).errors]

    assert codes("2025-12-31") == [("due", "date_min", "Must be on or after 2026-01-01.")]
    assert codes("2028-01-01") == [("due", "date_max", "Must be on or before 2027-12-31.")]
    assert codes("2026-01-01") == codes("2027-12-31") == []
    assert codes("") == [("due", "required", "This field is required.")]
    lenient = validate_values(fields, {"due": "2030-01-01"}, lenient=True)
    assert lenient.values["due"] is None and lenient.errors == []


def test_unquoted_dates_in_the_file_mean_their_iso_text(service: WizardService, data_dir: Path) -> None:
    """YAML reads `dateMin: 2026-01-01` as a date; the file means the text, and the client gets it."""
    write_wizard(data_dir, "_vance", "deadline", DEADLINE)
    due = service.definition(SCOPE, "deadline").fields[0]
    assert (due.type, due.date_min, due.date_max) == ("date", "2026-01-01", "2027-12-31")
    assert service.definition(SCOPE, "deadline").fields[2].default_value == "2026-06-01"
    assert service.render(SCOPE, "deadline", {"due": "2027-01-01"}).prompt.endswith("start 2026-06-01")


@pytest.mark.parametrize(("spec", "message"), [
    ("dateMin: 2026-02-01, dateMax: 2026-01-01", "dateMin (2026-02-01) is after dateMax (2026-01-01)"),
    ("dateMax: 2026-01-01, defaultValue: 2026-01-02", "defaultValue 2026-01-02 is outside dateMin/dateMax"),
    ("defaultValue: '2026-02-30'", "'2026-02-30' is not a date (use YYYY-MM-DD"),
    ("dateMin: 'soon'", "'soon' is not a date"),
    ("defaultValue: 2026-01-01T10:00:00", "Input should be a valid string"),
    ("integerMin: 1", "unknown key 'integerMin' (not allowed for type 'date')"),
])
def test_date_keys_in_the_file_are_checked(spec: str, message: str, templates: Templates) -> None:
    text = f"title: {{en: T}}\ndescription: {{en: D}}\npromptTemplate: x\nfields:\n" \
           f"  - {{name: d, type: date, label: {{en: D}}, {spec}}}\n"
    with pytest.raises(WizardLoadError) as refused:
        load_wizard("w", text.encode(), "w.yaml", templates)
    assert any(message in str(p) for p in refused.value.problems), refused.value.problems


# -- load refusals: where exactly --------------------------------------------------------------

HEAD = "title: {en: T}\ndescription: {en: D}\npromptTemplate: 'x'\nfields:\n"
A = "  - {name: a, type: boolean, label: {en: A}}\n"
B = "  - {name: b, type: boolean, label: {en: B}}\n"


def refusal(templates: Templates, text: str) -> list[tuple[int | None, int | None, str]]:
    with pytest.raises(WizardLoadError) as refused:
        load_wizard("w", text.encode(), "w.yaml", templates)
    return [(p.line, p.column, p.message) for p in refused.value.problems]


@pytest.mark.parametrize(("body", "expected"), [
    pytest.param(A + "  - {name: b, type: string, label: {en: B}, showIf: 'a or c'}\n",
                 [(6, 53, "fields[1].showIf: reads 'c', which is not a field here (nor lang, user, project, today)")],
                 id="unknown name"),
    pytest.param("  - {name: a, type: boolean, label: {en: A}, showIf: b}\n"
                 "  - {name: b, type: boolean, label: {en: B}, showIf: a}\n",
                 [(5, 54, "fields[0].showIf: the showIf conditions form a cycle: a -> b -> a")], id="cycle"),
    pytest.param("  - {name: a, type: boolean, label: {en: A}, showIf: 'not a'}\n",
                 [(5, 54, "fields[0].showIf: the showIf conditions form a cycle: a -> a")], id="self-reference"),
    pytest.param(A + "pages:\n  - {title: {en: P}, fields: [a], showIf: a}\n",
                 [(7, 43, "pages[0].showIf: the showIf conditions form a cycle: page 1 -> a -> page 1")],
                 id="a page reading its own field"),
    pytest.param("  - name: m\n    type: repeat\n    label: {en: M}\n    item:\n"
                 "      - {name: x, type: boolean, label: {en: X}, showIf: 'm | length > 1'}\n",
                 [(9, 58, "fields[0].item[0].showIf: the showIf conditions form a cycle: m -> m "
                          "(an item's showIf cannot read 'm', the list the item is in)")],
                 id="an item reading its own list"),
    pytest.param("  - name: m\n    type: repeat\n    label: {en: M}\n    item:\n"
                 "      - {name: x, type: boolean, label: {en: X}}\n"
                 "  - {name: y, type: string, label: {en: Y}, showIf: x}\n",
                 [(10, 53, "fields[1].showIf: reads 'x', which is not a field here (nor lang, user, project, today)")],
                 id="item fields are not visible outside the item"),
    pytest.param(A + "pages:\n  - {title: {en: P}, fields: [a, nope]}\n",
                 [(7, 34, "pages[0].fields[1]: 'nope' is not a top-level field")], id="a page naming an unknown field"),
    pytest.param(A + "pages:\n  - {title: {en: P}, fields: [a]}\n  - {title: {en: Q}, fields: [a]}\n",
                 [(8, 31, "pages[1].fields[0]: field 'a' is already on page 1")], id="a field on two pages"),
    pytest.param(A + B + "pages:\n  - {title: {en: P}, fields: [a]}\n",
                 [(6, 5, "fields[1]: field 'b' is on no page (with pages, every top-level field is on one)")],
                 id="a field on no page"),
    pytest.param(A + "pages:\n  - {title: {en: P}, fields: [a]}\n  - {title: {en: Q}, fields: []}\n",
                 [(8, 30, "pages[1].fields: List should have at least 1 item after validation, not 0")],
                 id="an empty page"),
    pytest.param(A + "pages: []\n", [(6, 8, "pages: List should have at least 1 item after validation, not 0")],
                 id="no pages at all"),
    pytest.param(A + "  - {name: b, type: string, label: {en: B}, showIf: 'a =='}\n",
                 [(6, 53, "fields[1].showIf: unexpected 'end of template'")], id="does not compile"),
    pytest.param(A + "  - {name: b, type: string, label: {en: B}, showIf: 'a }}{{ a'}\n",
                 [(6, 53, "fields[1].showIf: unexpected text after the expression")], id="not one expression"),
    pytest.param(A + "  - {name: b, type: string, label: {en: B}, showIf: 'a.__class__'}\n",
                 [(6, 53, "fields[1].showIf: attributes starting with '_' are not allowed")], id="sandbox"),
    pytest.param(A + "  - {name: b, type: string, label: {en: B}, showIf: ''}\n",
                 [(6, 53, "fields[1].showIf: String should have at least 1 character")], id="empty"),
    pytest.param(A + "pages:\n  - {title: {en: P}, fields: [a], showIf: 'zz'}\n",
                 [(7, 43, "pages[0].showIf: reads 'zz', which is not a field here (nor lang, user, project, today)")],
                 id="a page reading an unknown name"),
])
def test_a_broken_show_if_or_page_is_refused_at_its_place(body: str, expected: list[Any], templates: Templates) -> None:
    found = refusal(templates, HEAD + body)
    assert [(line, column, message[:len(expected[i][2])]) for i, (line, column, message) in enumerate(found)] \
        == expected, found


def test_every_problem_is_reported_at_once(templates: Templates) -> None:
    body = ("  - {name: a, type: boolean, label: {en: A}, showIf: b}\n"
            "  - {name: b, type: boolean, label: {en: B}, showIf: a}\n"
            "  - {name: c, type: boolean, label: {en: C}, showIf: ghost}\n"
            "pages:\n  - {title: {en: P}, fields: [a, b, d]}\n")
    messages = [message for _, _, message in refusal(templates, HEAD + body)]
    assert len(messages) == 4, messages
    assert any("'d' is not a top-level field" in m for m in messages)
    assert any("field 'c' is on no page" in m for m in messages)
    assert any("reads 'ghost'" in m for m in messages)
    assert any("cycle: a -> b -> a" in m for m in messages)


# -- what was valid stays valid ----------------------------------------------------------------

VALID_BEFORE = sorted([
    *(REPO / "vance-defaults" / "wizards").glob("*.yaml"),
    *(REPO / "tests" / "cli" / "fixtures" / "wizards").glob("*.yaml"),
    *(REPO / "tests" / "cli" / "fixtures" / "lint" / "good").glob("*.yaml"),
    REPO / "tests" / "reliability" / "corpus" / "bom-valid.yaml",
])


@pytest.mark.parametrize("path", VALID_BEFORE, ids=[p.name for p in VALID_BEFORE])
def test_every_wizard_valid_before_still_loads(path: Path, templates: Templates) -> None:
    wizard = load_wizard(path.stem, path.read_bytes(), str(path), templates)
    assert wizard.definition.fields is not None
    validate_values(wizard.definition.fields, {}, lenient=True)


def test_a_v1_wizard_shows_everything(service: WizardService) -> None:
    report = service.form_report_sync(SCOPE, "gremium", {})
    assert report.state.visibility.hidden == frozenset() and report.state.visibility.pages == ()
    assert service.definition(SCOPE, "gremium").pages is None
    assert all(f.depends_on is None for f in service.definition(SCOPE, "gremium").fields)


def test_the_json_schema_explains_show_if_pages_and_dates() -> None:
    """Editors show these descriptions while an author types (yaml-language-server)."""
    from vance_ui.wizards.format.schema import wizard_json_schema

    schema = wizard_json_schema()
    defs = schema["$defs"]
    assert "multi-step" in schema["properties"]["pages"]["description"]
    for kind in ("StringField", "DateField", "RepeatField"):
        assert "today" in defs[kind]["properties"]["showIf"]["description"], kind
    assert "skipped" in defs["Page"]["properties"]["showIf"]["description"]
    assert "exactly one page" in defs["Page"]["properties"]["fields"]["description"]
    assert "YYYY-MM-DD" in defs["DateField"]["description"]
    for key in ("dateMin", "dateMax", "defaultValue"):
        prop = defs["DateField"]["properties"][key]
        assert "YYYY-MM-DD" in prop["description"] and prop["anyOf"][0]["pattern"] == "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"


def test_after_a_restart_the_load_cache_gives_the_same_form(settings: Any, data_dir: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A restart builds the rules from the cached data (no YAML, no compile): same pages, same
    visibility, same errors."""
    from vance_ui.documents.filesystem import BundledStore, FileDocumentStore
    from vance_ui.settings import BUNDLED_DEFAULTS_DIR

    write_wizard(data_dir, "_vance", "stay", STEPS)
    write_wizard(data_dir, "_vance", "team", TEAM)
    values = {"stay": {"nights": 2}, "team": {"abroad": True, "people": [{"name": "Bo", "note": True}]}}

    def observed() -> list[Any]:
        service = WizardService(settings, FileDocumentStore(data_dir), BundledStore(BUNDLED_DEFAULTS_DIR))
        out: list[Any] = []
        for name, posted in values.items():
            state = service.form_report_sync(SCOPE, name, posted).state
            out += [state.visibility, state.errors, service.definition(SCOPE, name).model_dump()]
        return out

    first = observed()
    assert any((data_dir / ".cache").rglob("*")), "the first start left cache entries"

    def no_yaml(content: bytes) -> Any:
        raise AssertionError("a restart should not parse YAML")

    # the globals the loader in use reads (a string target could resolve to a re-imported copy)
    monkeypatch.setitem(load_wizard.__globals__, "parse_yaml", no_yaml)
    assert observed() == first
