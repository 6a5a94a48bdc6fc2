"""A damaged chat-session file shows as an error entry in the session list; the other chats work."""

from __future__ import annotations

import json
from pathlib import Path

from nicegui import ui
from nicegui.testing import User

from tests.support.web_user import click, eventually, one, open_dialogs, run_state, texts
from vance_ui.chat.sessions import SessionStore, StoredMessage
from vance_ui.documents.filesystem import FileDocumentStore

BROKEN_ID = "1700000000-bad000"


def transcript(user: User) -> list[str]:
    return [str(e.text) for e in one(user, "transcript").descendants() if isinstance(e, ui.label)]


def prepare(data: Path) -> tuple[str, str]:
    """Two readable chats and one truncated file (as after a disk or editor accident)."""
    sessions = SessionStore(FileDocumentStore(data), "default", "local")
    older = sessions.create("Older plan")
    older.messages.append(StoredMessage("user", "hello from the older chat"))
    sessions.save(older)
    newer = sessions.create("Newest topic")
    newer.messages.append(StoredMessage("user", "hello from the newest chat"))
    sessions.save(newer)
    folder = data / "default" / "_user_local" / "chats"
    (folder / f"{BROKEN_ID}.json").write_bytes(b'{"id": "' + BROKEN_ID.encode() + b'", "messages": [')
    return older.id, newer.id


async def test_a_corrupt_session_is_an_error_entry_and_the_others_keep_working(web_data: Path,
                                                                             app_user: User) -> None:
    older_id, _ = prepare(web_data)
    await app_user.open("/")

    await app_user.should_see(marker="session-broken")
    assert texts(app_user, "session-broken-title") == ["Damaged chat"]
    await app_user.should_see(f"{BROKEN_ID}.json")
    assert texts(app_user, "session-title") == ["Newest topic", "Older plan"], "the readable chats are listed"
    assert transcript(app_user) == ["hello from the newest chat"], "the newest readable chat is open"

    click(app_user, one(app_user, "session-broken"))
    await app_user.should_see(marker="session-broken-dialog")
    error = one(app_user, "session-broken-error").text
    assert f"chats/{BROKEN_ID}.json" in error and "not valid JSON" in error
    assert transcript(app_user) == ["hello from the newest chat"], "the open chat stays open"
    click(app_user, one(app_user, "session-broken-close"))
    await eventually(lambda: not open_dialogs(app_user), what="the dialog to close")

    click(app_user, one(app_user, f"session-{older_id}"))
    await eventually(lambda: transcript(app_user) == ["hello from the older chat"], what="the older chat to open")
    one(app_user, "chat-input").value = "and one more"
    app_user.find(marker="chat-send").click()
    await eventually(lambda: run_state(app_user) == "Done", what="the echo reply")
    assert transcript(app_user)[:2] == ["hello from the older chat", "and one more"]

    def stored() -> list[str]:
        chat = json.loads((web_data / "default" / "_user_local" / "chats" / f"{older_id}.json").read_text())
        return [m["content"] for m in chat["messages"]]

    await eventually(lambda: stored()[:2] == ["hello from the older chat", "and one more"], what="the message stored")
    assert texts(app_user, "session-broken-title") == ["Damaged chat"], "still listed after the refresh"
    broken = (web_data / "default" / "_user_local" / "chats" / f"{BROKEN_ID}.json").read_bytes()
    assert broken.endswith(b'"messages": ['), "the damaged file is left as it was"
