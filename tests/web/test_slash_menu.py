"""The `/` menu of the chat input, on the server: what it offers, what choosing and Enter do, and
that a text which only looks like a command is never sent. Keys and ARIA: tests/e2e/test_chat_input.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from nicegui.testing import User
from nicegui.testing.user_interaction import UserInteraction

from tests.support.web_user import elements, eventually, one, open_dialogs, run_state


def menu(user: User) -> Any:
    return one(user, "slash-menu")


def offered(user: User) -> list[str]:
    return [option["name"] for option in menu(user).options]


def type_in(user: User, text: str) -> None:
    one(user, "chat-input").value = text


def press_enter(user: User) -> None:
    """Enter in the input with the menu closed (the browser sends it to the send action then)."""
    UserInteraction(user, {one(user, "chat-input")}, None).trigger("keydown.enter.exact.prevent")


def choose(user: User, name: str) -> None:
    """What the browser part sends when an option is clicked, or picked with Enter or Tab."""
    UserInteraction(user, {menu(user)}, None).trigger("choose", {"name": name})


def hint(user: User) -> str:
    return str(one(user, "slash-hint").text)


async def test_a_slash_offers_this_contexts_wizards_filtered_by_name_and_title(app_user: User) -> None:
    await app_user.open("/")
    assert offered(app_user) == []

    type_in(app_user, "/")
    assert offered(app_user) == ["create-project", "gremium", "vogon-strategie", "essay-recipe",
                                "essay-mit-recipe"], \
        "the Wizards tab's listing, in its order"
    assert menu(app_user).props["query"] == ""

    type_in(app_user, "/gre")
    assert offered(app_user) == ["gremium"]
    type_in(app_user, "/coun")  # "Create a council"
    assert offered(app_user) == ["gremium"]
    type_in(app_user, "/essay")
    assert offered(app_user) == ["essay-recipe", "essay-mit-recipe"]
    assert [o["title"] for o in menu(app_user).options] == ["Create an essay recipe", "Write an essay with a recipe"]

    type_in(app_user, "/gremium and more")  # the command word is done: no menu
    assert offered(app_user) == [] and menu(app_user).props["query"] is None
    type_in(app_user, "hello /gre")
    assert offered(app_user) == []


async def test_choosing_an_option_opens_its_form_and_clears_the_command(app_user: User) -> None:
    await app_user.open("/")
    type_in(app_user, "/coun")
    choose(app_user, "gremium")

    await app_user.should_see("Create a council")
    assert len(open_dialogs(app_user)) == 1
    assert one(app_user, "chat-input").value == ""
    assert not elements(app_user, "message-user")


async def test_slash_name_and_enter_opens_the_form_and_sends_nothing(app_user: User) -> None:
    await app_user.open("/")
    type_in(app_user, "/gremium")
    press_enter(app_user)

    await eventually(lambda: len(open_dialogs(app_user)) == 1, what="the gremium form")
    await app_user.should_see("Create a council")
    assert not elements(app_user, "message-user")
    assert one(app_user, "chat-input").value == ""


async def test_slash_wizard_name_works_as_in_the_cli(app_user: User) -> None:
    await app_user.open("/")
    type_in(app_user, "/wizard vogon-strategie")
    assert offered(app_user) == ["vogon-strategie"]
    press_enter(app_user)
    await eventually(lambda: len(open_dialogs(app_user)) == 1, what="the vogon form")
    await app_user.should_see("Plan Vogon strategy")


@pytest.mark.slow
async def test_a_text_that_only_looks_like_a_command_is_not_sent_and_the_hint_says_why(app_user: User) -> None:
    await app_user.open("/")
    for text, why in [("/nosuchwizard foo", "no wizard '/nosuchwizard'"), ("/gre", "no wizard '/gre'"),
                      ("/gremium please", "'/gremium' opens its wizard only on its own"),
                      ("/wizard nope", "no wizard '/nope'"), ("/", "type a wizard's name after /")]:
        type_in(app_user, text)
        press_enter(app_user)
        await eventually(lambda: bool(hint(app_user)), timeout=5, what=f"the hint for {text!r}")
        assert why in hint(app_user) and "//" in hint(app_user)
        assert one(app_user, "chat-input").value == text, "the text stays to be corrected"
        assert not open_dialogs(app_user)

        type_in(app_user, "")
        assert hint(app_user) == "", "the hint goes with the next change"
    assert not elements(app_user, "message-user")
    assert run_state(app_user) == "Idle: no run yet"


async def test_a_double_slash_sends_the_text_with_one_slash(web_data: Path, app_user: User) -> None:
    await app_user.open("/")
    type_in(app_user, "//etc/hosts is a file")
    assert offered(app_user) == []
    press_enter(app_user)

    await eventually(lambda: run_state(app_user) == "Done", what="the echo to finish")
    assert len(elements(app_user, "message-user")) == 1
    await app_user.should_see("/etc/hosts is a file")
    await eventually(lambda: bool(list((web_data / "default" / "_user_local" / "chats").glob("*.json"))))
    stored = json.loads(next((web_data / "default" / "_user_local" / "chats").glob("*.json")).read_text())
    assert stored["messages"][0]["content"] == "/etc/hosts is a file"


async def test_a_chosen_name_must_be_one_of_the_listing(app_user: User) -> None:
    """A forged event with another name opens nothing (names in a page are the listing's)."""
    await app_user.open("/")
    type_in(app_user, "/")
    choose(app_user, "../../etc/passwd")
    choose(app_user, "no-such-wizard")
    await app_user.should_not_see("There is no wizard")
    assert not open_dialogs(app_user)
