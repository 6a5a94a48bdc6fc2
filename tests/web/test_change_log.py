"""The app's log at INFO during normal use: chat messages and form drafts (files the app writes all
the time) leave no line; a changed wizard file leaves one line that names it."""

from __future__ import annotations

import time
from pathlib import Path

from tests.support.app_server import AppServer, start_app
from tests.support.wizard_files import write_wizard
from vance_ui.chat.drafts import DraftStore
from vance_ui.chat.sessions import SessionStore, StoredMessage
from vance_ui.documents.filesystem import FileDocumentStore

WIZARD = "title: {en: 'Fresh'}\ndescription: {en: 'New'}\nfields: []\npromptTemplate: 'x'\n"


def wait_for_line(app: AppServer, text: str, timeout: float = 10.0) -> None:
    """Until the app's log holds `text` (the watcher has seen the file), failing after `timeout` s."""
    deadline = time.monotonic() + timeout
    while text not in app.log():
        assert time.monotonic() < deadline, f"the log never said {text!r}:\n{app.log()}"
        time.sleep(0.05)


def test_chat_and_draft_writes_leave_no_line_and_a_wizard_change_one(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "default" / "_user_local" / "wizards").mkdir(parents=True)  # a new folder's files are not named
    app = start_app(data, {"VANCE_LOG_LEVEL": "INFO"})
    try:
        store = FileDocumentStore(data)
        sessions, drafts = SessionStore(store, "default", "local"), DraftStore(store, "default", "local")
        for number in range(5):  # a few messages and pauses in typing, as in normal use
            session = sessions.create(f"chat {number}")
            session.messages.append(StoredMessage("user", "hello"))
            sessions.save(session)
            drafts.save("gremium", [], {"purpose": f"draft {number}"})
        write_wizard(data, "_user_local", "fresh", WIZARD)  # seen after the writes before it

        wait_for_line(app, "wizard files changed: default/_user_local/wizards/fresh.yaml")
        log = app.log()
        assert "changes detected" not in log, f"the watcher logs every file it sees:\n{log}"
        assert log.count("wizard files changed") == 1, log
    finally:
        app.stop()
