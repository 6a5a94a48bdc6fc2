"""The form view's document: an author edits a wizard file as a form; the file keeps its comments
and key order, and what the form view builds loads."""

from __future__ import annotations

import pytest

from vance_ui.wizards.catalog.loader import load_wizard
from vance_ui.wizards.format.schema import RepeatField, SelectField
from vance_ui.wizards.format.yaml_source import SourceProblem
from vance_ui.wizards.source.document import SourceDocument
from vance_ui.wizards.templates.bounded import Templates

HAND_WRITTEN = """\
# Council wizard: keep this header
title: { en: "Council", de: "Gremium" }   # shown in the listing
description:
  en: Make a council
  de: Ein Gremium anlegen
category: teams
fields:
  # what the council is about
  - name: topic   # asked first
    type: string
    label: { en: Topic }
  - name: size
    type: integer
    label: { en: Size }
promptTemplate: |
  Talk about {{ topic }} with {{ size }} people
"""


def loads(templates: Templates, doc: SourceDocument) -> None:
    load_wizard("edited", doc.dump().encode(), "edited.yaml", templates)


def test_an_edit_in_form_view_keeps_comments_and_key_order(templates: Templates) -> None:
    doc = SourceDocument.parse(HAND_WRITTEN)
    doc.set_text("title", "en", "Council of elders")
    doc.set_field((1,), "required", True)
    text = doc.dump()
    for comment in ("# Council wizard: keep this header", "# shown in the listing", "# what the council is about",
                    "# asked first"):
        assert comment in text
    keys = [line.split(":")[0] for line in text.splitlines() if line and line[0].isalpha()]
    assert keys == ["title", "description", "category", "fields", "promptTemplate"]
    assert "Council of elders" in text and "Gremium" in text
    assert "Ein Gremium anlegen" in text
    loads(templates, doc)


def test_untouched_document_dumps_as_it_was_read() -> None:
    assert SourceDocument.parse(HAND_WRITTEN).dump() == HAND_WRITTEN


def test_an_edit_changes_only_its_own_lines() -> None:
    """ruamel.yaml alone would write every `{ en: x }` back as `{en: x}`; those lines are kept."""
    doc = SourceDocument.parse(HAND_WRITTEN)
    doc.set_field((1,), "required", True)
    doc.set_text("title", "de", "Rat")
    before, after = HAND_WRITTEN.splitlines(), doc.dump().splitlines()
    changed = [" ".join(line.split()) for line in after if line not in before]
    assert changed == ['title: {en: "Council", de: "Rat"} # shown in the listing', "required: true"]
    assert "    label: { en: Topic }" in after


def test_a_change_inside_a_flow_map_is_not_undone() -> None:
    """Blanks inside a quoted value are data: the original line does not come back for them."""
    doc = SourceDocument.parse('title: { en: "{ a }" }\ndescription: { en: x }\nfields: []\npromptTemplate: p\n')
    doc.set_text("title", "en", "{a}")
    assert doc.dump().splitlines()[0] == 'title: {en: "{a}"}'
    assert doc.dump().splitlines()[1] == "description: { en: x }"


def test_new_keys_go_where_the_format_lists_them() -> None:
    doc = SourceDocument.parse(HAND_WRITTEN)
    doc.set_value("icon", "users")
    doc.set_value("validatorPrompt", "Check {{ topic }}")
    doc.set_available_in(["alpha"])
    keys = [line.split(":")[0] for line in doc.dump().splitlines() if line and line[0].isalpha()]
    assert keys == ["title", "description", "icon", "category", "availableIn", "fields", "promptTemplate",
                    "validatorPrompt"]
    doc.set_value("icon", "")
    assert "icon:" not in doc.dump()


def test_a_wizard_built_from_nothing_loads_with_pages_show_if_and_nested_items(templates: Templates) -> None:
    doc = SourceDocument.new("en", "Team intro")
    tone = doc.add_field((), "select", "tone", "en", "Tone")
    doc.add_choice(tone, "formal", "en", "Formal")
    doc.set_choice(tone, 0, "en", value="casual", label="Casual")
    people = doc.add_field((), "repeat", "people", "en", "People")
    doc.add_field(people, "integer", "age", "en", "Age")
    doc.set_field((*people, 1), "integerMin", 0)
    doc.set_field(tone, "showIf", "topic != ''")
    doc.add_page("en", "Basics")
    doc.add_page("en", "Details", ["tone", "people"])
    doc.set_value("promptTemplate",
                  "About {{ topic }} in a {{ tone }} tone\n{% for p in people %}{{ p.age }}{% endfor %}")
    wizard = load_wizard("team-intro", doc.dump().encode(), "team-intro.yaml", templates).definition
    assert [f.name for f in wizard.fields] == ["topic", "tone", "people"]
    assert isinstance(wizard.fields[1], SelectField)
    assert [c.value for c in wizard.fields[1].choices] == ["casual", "formal"]
    assert wizard.fields[1].show_if == "topic != ''"
    assert isinstance(wizard.fields[2], RepeatField)
    assert [f.name for f in wizard.fields[2].item] == ["text", "age"]
    assert wizard.pages is not None
    assert [p.fields for p in wizard.pages] == [["topic"], ["tone", "people"]]
    assert "promptTemplate: |" in doc.dump()  # a multi-line template stays a block


def test_renaming_a_field_renames_it_on_its_page_and_removing_takes_it_off() -> None:
    doc = SourceDocument.parse(HAND_WRITTEN)
    doc.add_page("en", "Only page")
    doc.set_field((0,), "name", "subject")
    assert doc.pages()[0]["fields"] == ["subject", "size"]
    doc.remove_field((1,))
    assert doc.pages()[0]["fields"] == ["subject"]
    assert [f["name"] for f in doc.fields()] == ["subject"]


def test_reorder_fields_and_change_a_type(templates: Templates) -> None:
    doc = SourceDocument.parse(HAND_WRITTEN)
    assert doc.move_field((1,), -1) == (0,)
    assert [f["name"] for f in doc.fields()] == ["size", "topic"]
    assert doc.move_field((0,), -1) == (0,)  # nothing above the first
    doc.set_field((0,), "integerMin", 2)
    doc.set_type((0,), "select", "en")
    size = doc.field((0,))
    assert "integerMin" not in size and size["type"] == "select" and doc.choices((0,))
    doc.set_value("promptTemplate", "{{ topic }} {{ size }}")
    loads(templates, doc)


def test_removing_the_last_page_removes_pages_and_fields_stay(templates: Templates) -> None:
    doc = SourceDocument.parse(HAND_WRITTEN)
    doc.add_page("en", "One")
    doc.add_page("en", "Two", ["size"])
    doc.remove_page(1)
    assert doc.pages()[0]["fields"] == ["topic", "size"]
    doc.remove_page(0)
    assert "pages" not in doc.dump()
    loads(templates, doc)


def test_follow_ups_and_help_texts(templates: Templates) -> None:
    doc = SourceDocument.parse(HAND_WRITTEN)
    doc.add_follow_up("other-wizard", "en", "Next step")
    doc.set_follow_up(0, "condition", "size > 2")
    doc.set_follow_up(0, "label", "Nächster Schritt", lang="de")
    doc.set_field_text((0,), "help", "en", "One line")
    loads(templates, doc)
    assert doc.follow_ups()[0]["label"] == {"en": "Next step", "de": "Nächster Schritt"}
    doc.set_field_text((0,), "help", "en", "")
    assert "help" not in doc.field((0,))
    doc.remove_follow_up(0)
    assert "suggestedFollowUps" not in doc.dump()


@pytest.mark.parametrize("text, line", [("title: [unclosed\nfields: []\n", 2), ("- a list\n", 1),
                                         ("title: a\ntitle: b\n", 2)])
def test_text_that_is_no_wizard_mapping_says_where(text: str, line: int) -> None:
    with pytest.raises(SourceProblem) as problem:
        SourceDocument.parse(text)
    assert problem.value.line == line
