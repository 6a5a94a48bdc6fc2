"""The chat list from a usability review: renaming starts from the shown title and keeps the
chat's place, "New chat" does not pile up empty chats, a closed tab leaves a delete or rename undone."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest
from nicegui.testing import User

from tests.support.web_chat import send, session_rows, two_chats
from tests.support.web_user import click, elements, eventually, one, open_dialogs, run_state, texts


def chat_files(web_data: Path) -> list[Path]:
    return sorted((web_data / "default" / "_user_local" / "chats").glob("*.json"))


async def new_chat(user: User) -> None:
    """Click "New chat" and wait for the list to show what it did (it is redrawn once that is done)."""
    shown = one(user, "session-list")
    user.find(marker="new-chat").click()
    await eventually(lambda: shown.is_deleted, what="the list after New chat")


async def test_rename_of_an_untitled_chat_starts_from_the_title_the_list_shows(app_user: User) -> None:
    await app_user.open("/")
    await eventually(lambda: texts(app_user, "session-title") == ["New chat"], what="the untitled chat")

    click(app_user, one(app_user, "session-rename"))
    await app_user.should_see(marker="rename-input")
    assert one(app_user, "rename-input").value == "New chat"

    app_user.find(marker="rename-save").click()  # saved unchanged: the chat is still untitled
    await eventually(lambda: not open_dialogs(app_user), what="the dialog to close")
    await send(app_user, "Plan the offsite")
    await eventually(lambda: texts(app_user, "session-title") == ["Plan the offsite"],
                     what="the first message to name the chat")


async def test_renaming_a_chat_keeps_its_place_and_a_message_still_moves_it_up(app_user: User) -> None:
    await two_chats(app_user)

    click(app_user, elements(app_user, "session-rename")[1])
    await app_user.should_see(marker="rename-input")
    assert one(app_user, "rename-input").value == "old topic"
    one(app_user, "rename-input").value = "Offsite"
    app_user.find(marker="rename-save").click()
    await eventually(lambda: "Offsite" in texts(app_user, "session-title"), what="the new title")
    assert texts(app_user, "session-title") == ["new topic", "Offsite"], "renaming is no activity"

    click(app_user, session_rows(app_user)[1])
    await eventually(lambda: len(elements(app_user, "message-user")) == 1, what="the renamed chat to open")
    await send(app_user, "back to the offsite")
    await eventually(lambda: texts(app_user, "session-title") == ["Offsite", "new topic"],
                     what="a new message to move the chat to the top")


async def test_new_chat_switches_to_the_empty_chat_instead_of_piling_up_more(web_data: Path,
                                                                             app_user: User) -> None:
    await app_user.open("/")
    await eventually(lambda: texts(app_user, "session-title") == ["New chat"], what="the first, empty chat")
    for _ in range(2):
        await new_chat(app_user)
        assert texts(app_user, "session-title") == ["New chat"]
    assert len(chat_files(web_data)) == 1

    await send(app_user, "a topic")
    await eventually(lambda: run_state(app_user) == "Done", what="the run to finish")
    app_user.find(marker="new-chat").click()
    await eventually(lambda: texts(app_user, "session-title") == ["New chat", "a topic"], what="a new empty chat")
    click(app_user, session_rows(app_user)[1])
    await eventually(lambda: len(elements(app_user, "message-user")) == 1, what="the chat with the topic to open")

    app_user.find(marker="new-chat").click()  # back to the empty chat, not a third one
    await app_user.should_see(marker="quick-start")
    assert not elements(app_user, "message-user")
    assert texts(app_user, "session-title") == ["New chat", "a topic"]
    assert "active" in session_rows(app_user)[0].classes
    assert len(chat_files(web_data)) == 2


@pytest.mark.parametrize(("action", "button"), [("session-delete", "delete-confirm"),
                                                ("session-rename", "rename-save")])
async def test_a_tab_closed_while_a_chat_dialog_is_open_changes_nothing_and_logs_no_error(
        action: str, button: str, web_data: Path, app_user: User, caplog: pytest.LogCaptureFixture) -> None:
    await app_user.open("/")
    await send(app_user, "keep me")
    await eventually(lambda: run_state(app_user) == "Done", what="the run to finish")
    await eventually(lambda: b'"assistant"' in chat_files(web_data)[0].read_bytes(), what="the answer stored")
    stored = chat_files(web_data)[0].read_bytes()
    click(app_user, one(app_user, action))
    await app_user.should_see(marker=button)
    assert app_user.client is not None
    [dialog] = open_dialogs(app_user)
    # a waiter on the dialog's answer, queued behind the chat's own task (waiting since it opened the dialog)
    behind = asyncio.ensure_future(dialog.submitted.wait())
    await asyncio.sleep(0)  # it starts waiting

    with caplog.at_level(logging.WARNING):
        app_user.client.delete()  # the tab closed and NiceGUI gave up waiting for it to reconnect
        await behind  # the deleted dialog answered: the chat's task has gone on and finished before this

    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert [f.read_bytes() for f in chat_files(web_data)] == [stored]
