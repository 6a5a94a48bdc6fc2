"""The editor's form view and preview with the User fixture: what a new author reads there (field
types by name, fields named after their label, what "Available in" takes, renamed pages in every
page picker) and how the preview steps through pages and says an empty prompt."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from nicegui import ui
from nicegui.testing import User

from tests.support.web_user import click, elements, eventually, marked, one, use_prompt
from tests.support.wizard_files import write_wizard

TWO_PAGES = """\
title: { en: "Workshop" }
description: { en: "Plan a workshop" }
fields:
  - { name: topic, type: string, label: { en: Topic } }
  - { name: tags, type: multi_select, label: { en: Tags }, choices: [{ value: a, label: { en: A } }] }
  - { name: days, type: integer, label: { en: Days } }
pages:
  - { title: { en: Basics }, fields: [topic, tags] }
  - { title: { en: Details }, fields: [days] }
promptTemplate: |
  {% if topic %}Workshop on {{ topic }}{% endif %}
"""


async def opened(user: User, web_data: Path, name: str) -> None:
    write_wizard(web_data, "_user_local", name, TWO_PAGES)
    await user.open(f"/editor?wizard={name}&layer=USER")
    await eventually(lambda: one(user, "editor-status").text == "The wizard loads.", what="the check")


def yaml_text(user: User) -> str:
    return str(one(user, "editor-yaml").value)


async def test_field_types_are_shown_by_name_and_a_new_field_is_named_after_its_label(web_data: Path,
                                                                                    user: User) -> None:
    await opened(user, web_data, "offsite-types")
    shown = [select.options[select.value] for select in elements(user, "editor-field-type")]
    assert shown == ["Text (one line)", "Several choices", "Whole number"]  # not string, multi_select
    kinds = one(user, "editor-new-field-type")
    assert kinds.options["repeat"] == "List of entries"
    one(user, "editor-new-field-label").set_value("Team size")
    kinds.set_value("integer")
    click(user, one(user, "editor-add-field"))
    await eventually(lambda: "name: teamSize" in yaml_text(user), what="the new field named after its label")
    assert "field4" not in yaml_text(user)
    names = [name.value for name in elements(user, "editor-field-name")]
    assert names == ["topic", "tags", "days", "teamSize"]


async def test_available_in_says_what_it_takes(web_data: Path, user: User) -> None:
    await opened(user, web_data, "offsite-where")
    chips = one(user, "editor-available-in")
    assert chips.props["label"] == "Available in projects"
    assert "research-*" in chips.props["hint"]  # a project id or a pattern, one per chip
    chips.set_value(["alpha", "research-*"])
    await eventually(lambda: "availableIn:" in yaml_text(user) and "research-*" in yaml_text(user),
                     what="availableIn in the file")


async def test_every_page_picker_shows_a_renamed_page(web_data: Path, user: User) -> None:
    await opened(user, web_data, "offsite-pages")
    elements(user, "editor-page-title")[1].set_value("Agenda")
    pickers = elements(user, "editor-field-page")
    assert len(pickers) == 3
    await eventually(lambda: all(p.options == {0: "Basics", 1: "Agenda"} for p in pickers), what="the new title")
    assert [p.value for p in pickers] == [0, 0, 1]  # each field stays on its page


async def test_the_preview_steps_back_only_where_there_is_a_page_before(web_data: Path, user: User) -> None:
    await opened(user, web_data, "offsite-steps")
    await eventually(lambda: bool(elements(user, "editor-preview-next")), what="the preview's steps")
    [back], [step] = marked(user, "editor-preview-back"), marked(user, "editor-preview-next")
    assert not back.visible and step.visible  # page 1: nothing to go back to
    click(user, step)
    await eventually(lambda: back.visible and not step.visible, what="page 2: Back, no Next")


async def test_a_prompt_that_renders_as_nothing_says_so(web_data: Path, user: User) -> None:
    await opened(user, web_data, "offsite-empty")
    prompt = one(user, "editor-prompt")
    await eventually(lambda: prompt.text == "(The prompt is empty for these values.)", what="the note")
    assert "vance-preview-empty" in prompt.classes


EXAMPLES = TWO_PAGES + """\
examples:
  - { name: by topic, values: { topic: Tea }, contains: ["Workshop on Tea"] }
  - { name: wrong, values: { topic: Tea }, prompt: "Seminar on Tea" }
"""


async def test_the_examples_say_whether_they_pass_and_the_preview_saves_a_new_one(web_data: Path,
                                                                                user: User) -> None:
    write_wizard(web_data, "_user_local", "workshop-examples", EXAMPLES)
    await user.open("/editor?wizard=workshop-examples&layer=USER")
    await eventually(lambda: len(elements(user, "editor-example")) == 2, what="the examples' results")
    assert [e.text for e in elements(user, "editor-example")] == [
        "Example 1 'by topic' passes.", "Example 2 'wrong' fails: the prompt differs:"]
    preview = one(user, "editor-preview")
    topic = next(e for e in preview.descendants() if isinstance(e, ui.input) and e.props.get("label") == "Topic")
    topic.set_value("Cake")
    await eventually(lambda: str(one(user, "editor-prompt").text).strip() == "Workshop on Cake", what="the prompt")
    click(user, one(user, "editor-save-example"))
    await eventually(lambda: "name: Example 3" in yaml_text(user), what="the new example in the file")
    text = yaml_text(user)
    assert "  - name: Example 3\n    lang: en\n    values:\n      topic: Cake\n    prompt: Workshop on Cake\n" in text
    await eventually(lambda: [e.text for e in elements(user, "editor-example")][2:] == [
        "Example 3 'Example 3' passes."], what="its result")
    assert one(user, "editor-save").enabled  # not saved yet: Save keeps it


OFFSITE = """\
title: { en: "Offsite" }
description: { en: "Plan an offsite" }
fields:
  - { name: venue, type: string, label: { en: Venue } }
  - { name: starts, type: integer, label: { en: First day } }
  - { name: ends, type: integer, label: { en: Last day } }
  - name: tags
    type: multi_select
    label: { en: Tags }
    choices: [{ value: a, label: { en: A } }, { value: b, label: { en: B } }, { value: c, label: { en: C } }]
promptTemplate: |
  Offsite at {{ venue }}, days {{ starts }} to {{ ends }}
"""


def settings(user: User, names: tuple[str, ...]) -> list[dict[str, Any]]:
    """The validation settings of the fields `names` in the YAML view's text."""
    keys = ("minLength", "maxLength", "pattern", "patternMessage", "minSelected", "maxSelected")
    fields = {f["name"]: f for f in yaml.safe_load(yaml_text(user))["fields"]}
    return [{k: v for k, v in fields[name].items() if k in keys} for name in names]


async def saved_and_opened_in_the_chat(user: User, path: Path, needle: str) -> None:
    await eventually(lambda: bool(one(user, "editor-save").enabled), what="Save enabled")
    click(user, one(user, "editor-save"))
    await eventually(lambda: needle in path.read_text(encoding="utf-8"), what="the file saved")
    await user.open("/")
    user.find(marker=f"wizard-{path.stem}").click()
    await user.should_see("Venue")


async def test_a_text_field_gets_its_lengths_and_pattern_in_the_form_and_a_user_meets_them(
        web_data: Path, user: User) -> None:
    path = write_wizard(web_data, "_user_local", "offsite-texts", OFFSITE)
    await user.open("/editor?wizard=offsite-texts&layer=USER")
    await eventually(lambda: one(user, "editor-status").text == "The wizard loads.", what="the check")
    assert one(user, "editor-field-minLength").props["label"] == "Min. characters"
    one(user, "editor-field-minLength").set_value(3)
    one(user, "editor-field-pattern").set_value(r"[^\s/]+")
    one(user, "editor-field-patternMessage").set_value("One word, no spaces")
    one(user, "editor-field-minSelected").set_value(1)
    one(user, "editor-field-maxSelected").set_value(2)
    wanted = [{"minLength": 3, "pattern": r"[^\s/]+", "patternMessage": {"en": "One word, no spaces"}},
              {"minSelected": 1, "maxSelected": 2}]
    await eventually(lambda: settings(user, ("venue", "tags")) == wanted, what="the rules in the file")
    await eventually(lambda: one(user, "editor-status").text == "The wizard loads.", what="the check")

    one(user, "editor-field-minSelected").set_value(3)  # more than the most it allows
    await eventually(lambda: "problem" in str(one(user, "editor-status").text), what="the problem")
    card = one(user, "editor-field-tags")
    assert any("minSelected (3) is greater than maxSelected (2)" in str(e.text)
               for e in card.descendants() if isinstance(e, ui.label)), "the problem shows at the field"
    one(user, "editor-field-minSelected").set_value(None)

    await saved_and_opened_in_the_chat(user, path, "patternMessage")
    venue = one(user, "field-venue")
    venue.value = "Lake house"
    await use_prompt(user)
    assert venue.error == "One word, no spaces"
    venue.value = "Lh"
    await use_prompt(user)
    assert venue.error == "Use at least 3 characters."
    venue.value = "Lakehouse"
    one(user, "field-starts").value = 1
    one(user, "field-ends").value = 2
    await use_prompt(user)
    assert venue.error is None
    assert str(one(user, "chat-input").value).startswith("Offsite at Lakehouse, days 1 to 2")


async def test_a_rule_across_fields_is_made_in_the_form_and_refuses_a_wrong_pair(web_data: Path, user: User) -> None:
    path = write_wizard(web_data, "_user_local", "offsite-rules", OFFSITE)
    await user.open("/editor?wizard=offsite-rules&layer=USER")
    await eventually(lambda: one(user, "editor-status").text == "The wizard loads.", what="the check")
    assert not elements(user, "editor-rule")
    click(user, one(user, "editor-add-rule"))
    await eventually(lambda: bool(elements(user, "editor-rule-if")), what="the new rule")
    await eventually(lambda: "problem" in str(one(user, "editor-status").text), what="its empty condition")
    rule = one(user, "editor-rule")
    shown = [str(e.text) for e in rule.descendants() if isinstance(e, ui.label)]
    assert shown == ["Refuse while (condition) is empty: fill it in."], "the problem, in words, at the rule"
    one(user, "editor-rule-if").set_value("ends < starts")
    one(user, "editor-rule-field").set_value("ends")
    one(user, "editor-rule-message").set_value("The last day comes before the first")
    wanted = [{"if": "ends < starts", "field": "ends", "message": {"en": "The last day comes before the first"}}]
    await eventually(lambda: yaml.safe_load(yaml_text(user)).get("rules") == wanted, what="the rule in the file")
    await eventually(lambda: one(user, "editor-status").text == "The wizard loads.", what="the check")

    await saved_and_opened_in_the_chat(user, path, "rules:")
    one(user, "field-venue").value = "Lakehouse"
    one(user, "field-starts").value = 5
    one(user, "field-ends").value = 3
    await use_prompt(user)
    assert one(user, "field-ends").error == "The last day comes before the first"
    one(user, "field-ends").value = 6
    await use_prompt(user)
    assert str(one(user, "chat-input").value).startswith("Offsite at Lakehouse, days 5 to 6")
