"""The editor's form view and preview with the User fixture: what a new author reads there (field
types by name, fields named after their label, what "Available in" takes, renamed pages in every
page picker) and how the preview steps through pages and says an empty prompt."""

from __future__ import annotations

from pathlib import Path

from nicegui import ui
from nicegui.testing import User

from tests.support.web_user import click, elements, eventually, marked, one
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
