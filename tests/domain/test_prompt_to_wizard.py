"""From a prompt to a wizard: the author selects the parts of a pasted prompt that change, each
becomes a field with a proposed name, label and type, and the wizard made of them loads and gives
back the pasted prompt (its example renders it), whatever the prompt holds."""

from __future__ import annotations

import pytest

from vance_ui.authoring.from_prompt import wizard_from_prompt, wizard_name_for
from vance_ui.authoring.prompt_fields import FieldProposal, PromptRefused, propose_field
from vance_ui.wizards.catalog.loader import load_wizard
from vance_ui.wizards.catalog.model import LoadedWizard
from vance_ui.wizards.filling.examples import run_examples
from vance_ui.wizards.format.schema import RepeatField, SelectField, TextareaField
from vance_ui.wizards.templates.bounded import Templates
from vance_ui.wizards.templates.limits import DEFAULT_LIMITS

TRIP = ("Plan a trip to Berlin on 2026-12-03 for 4 people.\n"
        "Tone: formal\n"
        "Who comes:\n"
        "- Ada, the CTO\n"
        "- Bo from sales\n"
        "Keep it short.\n")


def select(prompt: str, text: str, made: list[FieldProposal], lang: str = "en",
           options: list[str] | None = None, occurrence: int = 1) -> FieldProposal:
    """The author selects the `occurrence`th `text` and makes it a field."""
    start = -1
    for _ in range(occurrence):
        start = prompt.index(text, start + 1)
    proposal = propose_field(prompt, start, start + len(text), taken=[p.name for p in made], lang=lang,
                             options=options)
    made.append(proposal)
    return proposal


def loads_and_gives_back(prompt: str, made: list[FieldProposal], templates: Templates,
                         lang: str = "en") -> LoadedWizard:
    text = wizard_from_prompt(prompt, made, lang)
    wizard = load_wizard("from-prompt", text.encode(), "from-prompt.yaml", templates)
    results = run_examples(wizard, templates)
    assert len(results) == (1 if made else 0)
    assert all(result.ok for result in results), [result.failures for result in results]
    return wizard


def test_each_selection_becomes_a_field_of_the_type_its_text_looks_like(templates: Templates) -> None:
    made: list[FieldProposal] = []
    city, date, people = select(TRIP, "Berlin", made), select(TRIP, "2026-12-03", made), select(TRIP, "4", made)
    tone = select(TRIP, "formal", made, options=["casual", "formal", " ", "friendly"])
    members = select(TRIP, "Ada, the CTO\n- Bo", made)  # part of two list lines: the whole lines
    assert [(p.name, p.type) for p in made] == [
        ("berlin", "string"), ("date", "date"), ("number", "integer"), ("formal", "select"), ("items", "repeat")]
    assert city.labels == {"en": "Berlin"} and date.labels == {"en": "Date"} and people.labels == {"en": "Number"}
    assert tone.options == ("formal", "casual", "friendly")  # the selected text first, each once, none blank
    assert TRIP[members.start:members.end] == "- Ada, the CTO\n- Bo from sales\n"

    wizard = loads_and_gives_back(TRIP, made, templates)
    assert [f.name for f in wizard.body.definition.fields] == ["berlin", "date", "number", "formal", "items"]
    assert all(f.required for f in wizard.body.definition.fields)
    choice = wizard.body.definition.fields[3]
    assert isinstance(choice, SelectField) and [c.value for c in choice.choices] == ["formal", "casual", "friendly"]
    listed = wizard.body.definition.fields[4]
    assert isinstance(listed, RepeatField) and [f.name for f in listed.item] == ["text"]
    example = wizard.body.definition.examples[0]
    assert example.values["items"] == [{"text": "Ada, the CTO"}, {"text": "Bo from sales"}]
    assert example.values["date"] == "2026-12-03" and example.values["number"] == 4
    assert example.prompt == TRIP  # what the wizard gives for the pasted values is the pasted prompt


@pytest.mark.parametrize(("text", "expected"), [
    ("2026-12-03", "date"), ("03.12.2026", "date"), ("3. Dezember 2026", "date"), ("December 3, 2026", "date"),
    ("3 Dec 2026", "date"), ("31.02.2026", "string"), ("1200", "integer"), ("-3", "integer"), ("007", "string"),
    ("12.5", "string"), ("a product strategy", "string"), ("first line\nsecond line", "textarea"),
    ("1. Ada\n2. Bo\n3. Cy", "repeat"), ("* Ada\n- Bo", "textarea"), ("1. Ada\n3. Bo", "textarea"),
])
def test_the_type_is_guessed_from_the_selected_text(text: str, expected: str) -> None:
    prompt = f"Before\n{text}\nafter"
    start = prompt.index(text)
    assert propose_field(prompt, start, start + len(text)).type == expected


def test_a_date_in_any_written_form_comes_back_as_an_iso_date(templates: Templates) -> None:
    prompt = "Meet on 3. Dezember 2026 at the office."
    made: list[FieldProposal] = []
    select(prompt, "3. Dezember 2026", made, lang="de")
    wizard = loads_and_gives_back(prompt, made, templates, lang="de")
    assert wizard.body.definition.examples[0].prompt == "Meet on 2026-12-03 at the office."
    assert made[0].labels == {"en": "Date", "de": "Datum"}  # English always, and the editor's language


def test_a_numbered_list_keeps_its_numbers_and_plain_lines_make_a_list_when_asked(templates: Templates) -> None:
    prompt = "Steps:\n  1) Open the door\n  2) Walk in\nThen:\nfirst\nsecond\n"
    made: list[FieldProposal] = []
    steps = select(prompt, "Open the door\n  2) Walk", made)
    assert steps.type == "repeat"
    plain = select(prompt, "first\nsecond", made)
    assert plain.type == "textarea"
    made[-1] = FieldProposal(plain.start, plain.end, "lines", "repeat", {"en": "Lines"})  # the author's choice
    wizard = loads_and_gives_back(prompt, made, templates)
    assert "{{ loop.index }}) {{ item.text }}" in wizard.body.definition.prompt_template
    assert wizard.body.definition.examples[0].values["lines"] == [{"text": "first"}, {"text": "second"}]


def test_several_lines_without_markers_become_a_text_area_with_as_many_rows(templates: Templates) -> None:
    prompt = "Context:\nWe sell bikes.\nMostly online.\nSince 2019.\nWrite a slogan."
    made: list[FieldProposal] = []
    select(prompt, "We sell bikes.\nMostly online.\nSince 2019.", made)
    wizard = loads_and_gives_back(prompt, made, templates)
    area = wizard.body.definition.fields[0]
    assert isinstance(area, TextareaField) and area.rows == 3 and area.name == "weSellBikesMostlyOnline"


def test_names_are_unique_and_valid_and_labels_are_the_first_words() -> None:
    prompt = "Ask Berlin, then Berlin again, then for (the) class: and 'if'."
    made: list[FieldProposal] = []
    assert select(prompt, "Berlin", made).name == "berlin"
    assert select(prompt, "Berlin", made, occurrence=2).name == "berlin2"
    assert select(prompt, "class", made).name == "text"  # a name Jinja or the format reserves is not proposed
    assert select(prompt, "if", made).name == "text2"
    long = "a very long selected sentence that goes on and on about nothing in particular"
    proposal = propose_field(long, 0, len(long))
    assert proposal.labels["en"] == "A very long selected sentence that"
    assert proposal.name == "aVeryLongSelectedSentence"


def test_blanks_around_a_selection_are_not_part_of_the_field() -> None:
    prompt = "Topic:   AI safety   \nEnd"
    start = prompt.index(" ")
    proposal = propose_field(prompt, start, prompt.index("\n"))
    assert prompt[proposal.start:proposal.end] == "AI safety"


HOSTILE = [
    "Write {{ name }} and {% if x %}{{ y }}{% endif %} literally, {# not a comment #}.",
    "{%- raw %} {{ a }} {% endraw -%} {% endverbatim %} {{{{ nested }}}} {%% }}} %}",
    "A brace just before the field: {X} and {{ '{' }} and {{'}}'}}",
    "Trailing opener {",
    "{% for i in range(10**9) %}boom{% endfor %} {{ ''.__class__.__mro__ }} {{ lipsum.__globals__ }}",
    "Line breaks\r\nin Windows style\rand old Mac\n\n\n",
    "  indented first line, tabs\tand trailing blanks   \n  next   ",
    "YAML: |\n  - [a, b]\n  key: {c: d}\n--- \n... # comment & anchor *x !!python/object",
    "Unicode: Grüße 🎉 \u202e reversed \u0007 bell \ufeff bom",
]


@pytest.mark.parametrize("prompt", HOSTILE, ids=range(len(HOSTILE)))
def test_a_prompt_that_looks_like_jinja_or_yaml_survives_literally(prompt: str, templates: Templates) -> None:
    made: list[FieldProposal] = []
    select(prompt, prompt.strip().split()[1], made)  # its second word is a field; the rest must stay as it is
    wizard = loads_and_gives_back(prompt, made, templates)
    template = wizard.body.definition.prompt_template
    assert "{{ " + made[0].name + " }}" in template
    expected = prompt.replace("\r\n", "\n").replace("\r", "\n")
    assert wizard.body.definition.examples[0].prompt is not None
    assert wizard.body.definition.examples[0].prompt.rstrip() == expected.rstrip()


def test_a_field_next_to_braces_prints_its_value_and_the_braces(templates: Templates) -> None:
    prompt = "{x}{{y}}"
    made = [propose_field(prompt, 1, 2), propose_field(prompt, 5, 6, taken=["x"])]
    loads_and_gives_back(prompt, made, templates)


def test_a_long_prompt_within_the_template_limit_makes_a_wizard(templates: Templates) -> None:
    paragraph = "Explain the {{ budget }} of the project in plain words, step by step.\n"
    prompt = "Project: Apollo\n" + paragraph * ((DEFAULT_LIMITS.max_source_chars - 1_000) // (len(paragraph) + 10))
    made: list[FieldProposal] = []
    select(prompt, "Apollo", made)
    wizard = loads_and_gives_back(prompt, made, templates)
    assert len(wizard.body.definition.prompt_template) <= DEFAULT_LIMITS.max_source_chars


@pytest.mark.parametrize("prompt", [
    "x" * (DEFAULT_LIMITS.max_source_chars + 1),
    "{%" * (DEFAULT_LIMITS.max_source_chars // 4),  # short enough as text, too long once each brace is escaped
])
def test_a_prompt_too_long_for_a_template_is_refused_with_the_reason(prompt: str) -> None:
    with pytest.raises(PromptRefused) as refused:
        wizard_from_prompt(prompt, [propose_field(prompt, 0, 1)])
    assert refused.value.code == "too_long" and "too long" in str(refused.value)


@pytest.mark.parametrize(("change", "code"), [
    (lambda made: [*made, made[0]], "duplicate_name"),
    (lambda made: [FieldProposal(0, 4, "class", "string", {"en": "C"})], "name"),
    (lambda made: [FieldProposal(0, 4, "x", "password", {"en": "C"})], "type"),
    (lambda made: [FieldProposal(0, 400, "x", "string", {"en": "C"})], "selection_outside"),
    (lambda made: [*made, FieldProposal(made[0].start + 2, made[0].end + 3, "x", "string", {"en": "C"})], "overlap"),
    (lambda made: [FieldProposal(0, 4, "x", "repeat", {"en": "C"})], "type"),  # one line is no list
])
def test_what_cannot_become_a_wizard_is_refused_with_a_code(change: object, code: str) -> None:
    made: list[FieldProposal] = []
    select(TRIP, "Berlin", made)
    assert callable(change)
    with pytest.raises(PromptRefused) as refused:
        wizard_from_prompt(TRIP, change(made))
    assert refused.value.code == code


@pytest.mark.parametrize(("start", "end", "code"), [(5, 5, "selection_outside"), (-1, 3, "selection_outside"),
                                                    (0, 10_000, "selection_outside"), (5, 7, "selection_empty")])
def test_a_selection_outside_the_prompt_or_of_blanks_is_refused(start: int, end: int, code: str) -> None:
    with pytest.raises(PromptRefused) as refused:
        propose_field("Write    about AI", start, end)
    assert refused.value.code == code


def test_a_prompt_with_a_nul_character_is_refused() -> None:
    with pytest.raises(PromptRefused) as refused:
        wizard_from_prompt("Write \x00 about AI", [])
    assert refused.value.code == "characters"


def test_an_empty_prompt_is_refused_and_a_prompt_without_fields_still_loads(templates: Templates) -> None:
    with pytest.raises(PromptRefused) as refused:
        wizard_from_prompt(" \n ", [])
    assert refused.value.code == "empty_prompt"
    wizard = loads_and_gives_back("Just a fixed prompt.", [], templates)
    assert wizard.body.definition.fields == [] and wizard.body.definition.title == {"en": "Just a fixed prompt."}


def test_a_type_the_text_does_not_fit_still_loads_without_an_example(templates: Templates) -> None:
    prompt = "Write twelve lines."
    start = prompt.index("twelve")
    made = [FieldProposal(start, start + 6, "lines", "integer", {"en": "Lines"})]
    wizard = load_wizard("w", wizard_from_prompt(prompt, made).encode(), "w.yaml", templates)
    definition = wizard.body.definition
    assert definition.examples == [] and definition.prompt_template.startswith("Write {{ lines }} lines.")


@pytest.mark.parametrize(("prompt", "name"), [
    (TRIP, "plan-a-trip-to-berlin-on-2026-12-03-for"), ("Größe {{ x }} prüfen", "groesse-x-pruefen"),
    ("Plane eine Reise nach Berlin am 03.12.2026 für 4 Personen.", "plane-eine-reise-nach-berlin-am-03-12"),
    ("Supercalifragilisticexpialidocious-and-then-some more", "supercalifragilisticexpialidocious-and"),
    ("A" * 50, "a" * 40),
    ("🎉 !!!", "from-prompt"), ("", "from-prompt"),
])
def test_the_wizard_s_name_is_proposed_from_the_prompt_s_first_words(prompt: str, name: str) -> None:
    assert wizard_name_for(prompt) == name
