"""vance: links and /?wizard= URLs open a wizard prefilled: coerced, unknown keys and repeats ignored."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from nicegui.testing import User
from pydantic import TypeAdapter

from tests.support.web_user import emit, eventually, one, open_dialogs, run_state, use_prompt
from vance_ui.web.shell.links import coerce_prefill, parse_wizard_link, rewrite_vance_links
from vance_ui.wizards.format.schema import FormField

FIELD = TypeAdapter(FormField)


def field(name: str, type_: str, **extra: object) -> FormField:
    return FIELD.validate_python({"name": name, "type": type_, "label": {"en": name}, **extra})


def choice(value: str) -> dict[str, object]:
    return {"value": value, "label": {"en": value.upper()}}


def test_prefill_values_are_coerced_to_the_field_types_and_bad_ones_dropped() -> None:
    fields = [
        field("text", "string"), field("count", "integer", integerMin=1, integerMax=10),
        field("big", "integer", integerMax=5), field("flag", "boolean"), field("off", "boolean"),
        field("odd", "boolean"),
        field("tone", "select", choices=[choice("formal")]),
        field("bad_tone", "select", choices=[choice("formal")]),
        field("tags", "multi_select", choices=[choice("a"), choice("b")]),
        field("people", "repeat", item=[{"name": "name", "type": "string", "label": {"en": "N"}}]),
        field("day", "date", dateMin="2026-01-01"), field("early", "date", dateMin="2026-01-01"),
        field("nonsense", "date"),
    ]
    prefill = {"text": "hi", "count": "7", "big": "99", "flag": "true", "off": "no", "odd": "maybe",
               "tone": "formal", "bad_tone": "shouty", "tags": "b,zzz,a", "people": "[{}]", "unknown": "x",
               "day": "2026-12-03", "early": "2025-12-03", "nonsense": "tomorrow"}

    assert coerce_prefill(fields, prefill) == {
        "text": "hi", "count": 7, "flag": True, "off": False, "tone": "formal", "tags": ["a", "b"],
        "day": "2026-12-03",
    }


def test_only_wizard_links_are_understood() -> None:
    link = parse_wizard_link("#vance:/wizards/essay-mit-recipe?kind=wizard&recipe=my%20recipe")
    assert link is not None and link.name == "essay-mit-recipe" and link.prefill == {"recipe": "my recipe"}
    assert parse_wizard_link("vance:/wizards/x?recipe=1") is None, "kind=wizard is required"
    assert parse_wizard_link("javascript:alert(1)") is None
    assert parse_wizard_link("vance:/wizards/../etc?kind=wizard") is None


def test_vance_link_targets_are_rewritten_outside_code_blocks_only() -> None:
    text = "[go](vance:/wizards/a?kind=wizard) and ```\n[x](vance:/y)\n```"
    assert rewrite_vance_links(text) == "[go](#vance:/wizards/a?kind=wizard) and ```\n[x](vance:/y)\n```"


async def test_a_clicked_vance_link_opens_the_wizard_prefilled(app_user: User) -> None:
    await app_user.open("/")
    app_user.find(marker="tab-progress").click()

    emit(app_user, "vance_link", "#vance:/wizards/essay-mit-recipe?kind=wizard&recipe=abc&targetLength=lots&x=1")

    await app_user.should_see("Write an essay with a recipe")
    assert one(app_user, "field-recipe").value == "abc"
    assert one(app_user, "field-targetLength").value == "", "a non-number is dropped"
    assert one(app_user, "tab-wizards").tabs.value == "wizards"
    assert one(app_user, "chat-input").value in ("", None), "never auto-submitted"


async def test_an_unknown_wizard_gives_a_clear_notice(app_user: User) -> None:
    await app_user.open("/")
    emit(app_user, "vance_link", "#vance:/wizards/no-such-wizard?kind=wizard")
    await app_user.should_see("There is no wizard named 'no-such-wizard' here.")
    assert not open_dialogs(app_user)


async def test_the_page_url_opens_a_wizard_prefilled(app_user: User) -> None:
    await app_user.open("/?wizard=gremium&outputName=shared-link&createNow=false&members=ignored")
    await app_user.should_see("Create a council")
    assert one(app_user, "field-outputName").value == "shared-link"
    assert one(app_user, "field-createNow").value is False


async def test_the_page_url_can_choose_the_project(web_data: Path, app_user: User) -> None:
    (web_data / "default" / "research").mkdir(parents=True)
    await app_user.open("/?project=research")
    assert one(app_user, "project-switch").value == "research"
    await app_user.should_not_see("Create a project")  # create-project is for the user namespace only


@pytest.mark.slow
async def test_without_a_model_an_author_can_click_through_a_wizard_chain(app_user: User) -> None:
    await app_user.open("/?wizard=essay-recipe&recipeName=my-recipe")
    await use_prompt(app_user)
    assert "vance:/wizards/essay-mit-recipe?kind=wizard&recipe=my-recipe" in one(app_user, "chat-input").value

    app_user.find(marker="chat-send").click()
    await eventually(lambda: run_state(app_user) == "Done", what="the echo answer")
    answer = one(app_user, "assistant-markdown").content
    match = re.search(r"\]\((#vance:/wizards/essay-mit-recipe[^)]*)\)", answer.split("```")[-1])
    assert match, "the echo engine lists the follow-up link outside its code block"

    emit(app_user, "vance_link", match.group(1))

    await app_user.should_see("Write an essay with a recipe")
    assert one(app_user, "field-recipe").value == "my-recipe"
