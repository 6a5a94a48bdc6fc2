"""Chatting with NiceGUI's simulated `User`: sending a message, the list of chats."""

from __future__ import annotations

from typing import Any

from nicegui.testing import User

from tests.support.web_user import elements, eventually, one, run_state


async def send(user: User, text: str) -> None:
    one(user, "chat-input").value = text
    user.find(marker="chat-send").click()


def session_rows(user: User) -> list[Any]:
    assert user.client is not None
    return sorted((e for e in user.client.elements.values()
                   if any(m.startswith("session-") and m[8:9].isdigit() for m in e._markers)), key=lambda e: e.id)


async def two_chats(user: User) -> None:
    """An "old topic" chat, then a newer "new topic" one on top of the list."""
    await user.open("/")
    await send(user, "old topic")
    await eventually(lambda: run_state(user) == "Done", what="the first run")
    user.find(marker="new-chat").click()
    await user.should_see(marker="quick-start")
    await send(user, "new topic")
    await eventually(lambda: [t.text for t in elements(user, "session-title")] == ["new topic", "old topic"],
                     what="the newest chat on top")
