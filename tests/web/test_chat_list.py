"""The chat list from a usability review: renaming starts from the shown title and keeps the
chat's place, "New chat" does not pile up empty chats, a closed tab leaves a delete undone."""

from __future__ import annotations

from nicegui.testing import User

from tests.web.conftest import click, eventually, one, open_dialogs, texts
from tests.web.test_chat import send


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
