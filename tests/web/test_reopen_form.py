"""A chat message whose text came from a wizard remembers the form behind it: "Edit in form" opens the
wizard with those values (never a password), "Use prompt" puts the new prompt into the input as a
new message, and a wizard that changed or vanished meanwhile is said so."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from nicegui.testing import User

from tests.support.usage_counts import counted
from tests.support.web_chat import send
from tests.support.web_login import logged_in
from tests.support.web_user import click, elements, eventually, one, open_dialogs, run_state, use_prompt
from tests.support.wizard_files import TRIP, TWO_PAGES, write_wizard
from vance_ui.web.shell.i18n import Texts

PASSWORD = "pw-Reopen-4471-Heron"
T = Texts("en")


def chat_files(web_data: Path) -> list[Path]:
    return sorted((web_data / "default" / "_user_local" / "chats").glob("*.json"))


def stored_messages(web_data: Path) -> list[dict[str, Any]]:
    [chat] = [json.loads(path.read_text()) for path in chat_files(web_data)
              if json.loads(path.read_text())["messages"]]
    messages: list[dict[str, Any]] = chat["messages"]
    return messages


async def send_from_trip(user: User, destination: str, budget: int) -> None:
    """Fill the trip wizard (with a password), use its prompt, send it, and wait for the answer."""
    user.find(marker="wizard-trip").click()
    await user.should_see("Trip note")
    one(user, "field-destination").value = destination
    one(user, "field-token").value = PASSWORD
    one(user, "field-budget").value = budget
    await use_prompt(user)
    await eventually(lambda: destination in (one(user, "chat-input").value or ""), what="the prompt in the input")
    user.find(marker="chat-send").click()
    await eventually(lambda: run_state(user) == "Done", what="the answer")


async def test_edit_in_form_opens_the_values_and_use_prompt_sends_a_new_message(web_data: Path,
                                                                                app_user: User) -> None:
    write_wizard(web_data, "_vance", "trip", TRIP)
    await app_user.open("/")
    await send_from_trip(app_user, "Oslo", 900)
    await send(app_user, "typed by hand")  # no wizard: no button
    await eventually(lambda: len(stored_messages(web_data)) == 4, what="both turns saved")

    [origin] = [m["origin"] for m in stored_messages(web_data) if m.get("origin")]
    assert origin["wizard"] == "trip" and origin["layer"] == "VANCE" and origin["version"]
    assert origin["form"] == {"values": {"destination": "Oslo", "budget": 900, "mode": "train"}, "page": 0}
    assert not [path for path in chat_files(web_data) if PASSWORD.encode() in path.read_bytes()]

    await app_user.open("/")  # the button comes back with the stored chat
    [button] = elements(app_user, "edit-in-form")
    assert button.props["aria-label"] == T("edit_in_form_named", wizard="Trip note")
    click(app_user, button)
    await eventually(lambda: len(open_dialogs(app_user)) == 1, what="the form")
    assert one(app_user, "field-destination").value == "Oslo"
    assert one(app_user, "field-budget").value == "900"
    assert one(app_user, "field-token").value == ""  # a password is never kept
    assert not elements(app_user, "wizard-status")  # the wizard is as it was: nothing to say
    assert counted("trip")["opened.message"] == 1

    one(app_user, "field-destination").value = "Bergen"
    await use_prompt(app_user)
    assert one(app_user, "chat-input").value == "Plan a trip to Bergen by train for 900 EUR."
    app_user.find(marker="chat-send").click()
    await eventually(lambda: len(stored_messages(web_data)) == 6, what="the new message saved")
    sent = stored_messages(web_data)[4]
    assert sent["content"] == "Plan a trip to Bergen by train for 900 EUR."
    assert sent["origin"]["form"]["values"]["destination"] == "Bergen"
    assert stored_messages(web_data)[0]["origin"]["form"]["values"]["destination"] == "Oslo"  # the old one stays
    assert len(elements(app_user, "edit-in-form")) == 2


async def test_a_changed_wizard_opens_what_still_fits_and_names_what_was_left_out(web_data: Path,
                                                                                  app_user: User) -> None:
    path = write_wizard(web_data, "_vance", "trip", TRIP)
    await app_user.open("/")
    await send_from_trip(app_user, "Oslo", 900)
    path.write_text(TRIP.replace('  - { name: budget, type: integer, label: { en: "Budget", de: "Budget" } }\n', "")
                    .replace("{% if budget %} for {{ budget }} EUR{% endif %}", "")
                    .replace("train", "bus"), encoding="utf-8")  # the chosen "train" is no choice any more
    await app_user.open("/")
    click(app_user, one(app_user, "edit-in-form"))
    await eventually(lambda: len(open_dialogs(app_user)) == 1, what="the form")
    assert one(app_user, "field-destination").value == "Oslo"
    assert not elements(app_user, "field-budget")
    status = " ".join(str(label.text) for label in one(app_user, "wizard-status").descendants()
                      if hasattr(label, "text"))
    assert T("reopen_changed") in status and T("reopen_dropped", fields="budget") in status
    assert T("reopen_unfit", fields="mode") in status
    await use_prompt(app_user)
    assert one(app_user, "chat-input").value == "Plan a trip to Oslo by bus."  # the field's default now


async def test_a_vanished_wizard_is_said_so_and_nothing_opens(web_data: Path, app_user: User) -> None:
    path = write_wizard(web_data, "_vance", "trip", TRIP)
    await app_user.open("/")
    await send_from_trip(app_user, "Oslo", 900)
    path.unlink()
    await app_user.open("/")
    click(app_user, one(app_user, "edit-in-form"))
    await app_user.should_see(T("reopen_gone", name="trip"))
    assert open_dialogs(app_user) == []


async def test_a_chat_stored_before_origins_loads_without_the_button(web_data: Path, app_user: User) -> None:
    chats = web_data / "default" / "_user_local" / "chats"
    chats.mkdir(parents=True)
    (chats / "1-old000.json").write_text(json.dumps({
        "id": "1-old000", "title": "old", "created": 1, "updated": 2,
        "messages": [{"role": "user", "content": "from before", "error": False, "engine": None},
                     {"role": "user", "content": "odd origin", "origin": {"wizard": 7}},
                     {"role": "assistant", "content": "an answer", "engine": "echo"}]}))
    await app_user.open("/")
    await app_user.should_see("from before")
    await app_user.should_see("odd origin")
    assert elements(app_user, "edit-in-form") == []


async def test_the_form_opens_again_on_the_page_it_was_used_from(web_data: Path, app_user: User) -> None:
    write_wizard(web_data, "_vance", "two-steps", TWO_PAGES)
    await app_user.open("/?wizard=two-steps&first=alpha")
    app_user.find(marker="wizard-next").click()
    await app_user.should_see("Second")
    one(app_user, "field-second").value = "beta"
    await use_prompt(app_user)
    app_user.find(marker="chat-send").click()
    await eventually(lambda: run_state(app_user) == "Done", what="the answer")
    await app_user.open("/")
    click(app_user, one(app_user, "edit-in-form"))
    await eventually(lambda: len(open_dialogs(app_user)) == 1, what="the form")
    assert one(app_user, "field-second").value == "beta"
    assert elements(app_user, "wizard-submit") and not elements(app_user, "wizard-next")  # the last page
    app_user.find(marker="wizard-back").click()
    await eventually(lambda: bool(elements(app_user, "field-first")), what="page one")
    assert one(app_user, "field-first").value == "alpha"


async def test_only_the_chat_s_owner_sees_the_message_and_its_form(visitor: User) -> None:
    await logged_in(visitor, "alice", "pw-alice", "/?wizard=notes&topic=Heron-Alice-5512")
    await eventually(lambda: len(open_dialogs(visitor)) == 1, what="Alice's form")
    await use_prompt(visitor)
    visitor.find(marker="chat-send").click()
    await eventually(lambda: len(elements(visitor, "edit-in-form")) == 1, what="Alice's message with its button")
    click(visitor, one(visitor, "logout"))
    await logged_in(visitor, "bob", "pw-bob")
    await visitor.should_see("Bob Builder")
    await visitor.should_not_see("Heron-Alice-5512")
    assert elements(visitor, "edit-in-form") == []
