"""Completion in the YAML view: the keys the JSON Schema allows where the author types, found
from indentation alone (the text rarely parses while it is being typed)."""

from __future__ import annotations

import pytest

from vance_ui.wizards.format.schema import FIELD_TYPES
from vance_ui.wizards.format.schema_keys import keys_at


def at(marked: str) -> list[str]:
    """`|` marks the cursor."""
    return keys_at(marked.replace("|", ""), marked.index("|"))


def test_top_level_keys_not_yet_written() -> None:
    keys = at("title: {en: x}\nfields: []\n|")
    assert keys[:3] == ["description", "icon", "category"]
    assert "title" not in keys and "fields" not in keys and "pages" in keys


def test_a_select_field_gets_its_own_keys_only() -> None:
    keys = at("fields:\n  - name: a\n    type: select\n    |\npromptTemplate: x\n")
    assert keys == ["label", "help", "required", "showIf", "choices", "defaultValue"]


@pytest.mark.parametrize("line", ["    type: |", "    type: sel|", "  - type: |"])
def test_after_type_the_field_types(line: str) -> None:
    assert at(f"fields:\n  - name: a\n{line}\n") == list(FIELD_TYPES)


def test_an_item_field_of_a_repeat_and_a_new_list_item() -> None:
    nested = at("fields:\n  - name: a\n    type: repeat\n    item:\n      - name: b\n        |\n")
    assert "name" not in nested and "integerMin" in nested and "rows" in nested  # any type yet
    new_item = at("fields:\n  - name: a\n    type: string\n  - |\n")
    assert new_item[0] == "name"


def test_pages_follow_ups_and_choices() -> None:
    assert at("pages:\n  - title: {en: a}\n    |\n") == ["description", "fields", "showIf"]
    assert at("suggestedFollowUps:\n  - wizard: x\n    |\n") == ["label", "prefill", "condition"]
    assert at("fields:\n  - name: t\n    type: select\n    choices:\n      - value: a\n        |\n") == ["label"]


def test_inside_a_localized_text_nothing_is_suggested() -> None:
    assert at("title:\n  |\n") == []
