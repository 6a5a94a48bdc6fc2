"""Open pages hear about wizard changes, not about the app's own chat-session and draft writes.

Every chat message and every pause in typing a wizard form writes a file; before, each write
made every open page re-list the wizards.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from vance_ui.chat.drafts import DraftStore
from vance_ui.chat.sessions import SessionStore, StoredMessage
from vance_ui.documents.filesystem import BundledStore, FileDocumentStore
from vance_ui.web.shell.changes import ChangeHub

WIZARD = b"title: {en: 'Fresh'}\nfields: []\npromptTemplate: 'x'\n"


async def deliveries(hub_calls: list[int], action: Any) -> int:
    before = len(hub_calls)
    action()
    await asyncio.sleep(0.3)  # the hub delivers a burst after 50 ms
    return len(hub_calls) - before


async def test_only_wizard_changes_reach_the_pages(tmp_path: Path) -> None:
    store = FileDocumentStore(tmp_path / "data")
    hub = ChangeHub()
    hub.open()
    bundled = BundledStore(tmp_path / "defaults")
    hub.attach(SimpleNamespace(registry=SimpleNamespace(data=store, bundled=bundled)))  # type: ignore[arg-type]
    calls: list[int] = []
    hub.add(lambda: calls.append(1))
    sessions = SessionStore(store, "default", "local")
    drafts = DraftStore(store, "default", "local")

    def chat() -> None:
        session = sessions.create()
        session.messages.append(StoredMessage("user", "hello"))
        sessions.save(session)
        sessions.delete(session.id)

    assert await deliveries(calls, chat) == 0, "a chat message does not re-list the wizards"
    assert await deliveries(calls, lambda: drafts.save("gremium", [], {"topic": "x"})) == 0, "nor a form draft"
    assert await deliveries(calls, lambda: store.put("default", "_user_local", "wizards/fresh.yaml", WIZARD)) == 1
    assert await deliveries(calls, lambda: store.put("default", "team", "wizards/fresh.yaml", WIZARD)) == 1
    assert await deliveries(calls, lambda: store._changed()) == 1, "unknown paths: delivered"
    hub.close()  # the app shuts down: a page task made now would outlive the event loop
    assert await deliveries(calls, lambda: store.put("default", "_user_local", "wizards/late.yaml", WIZARD)) == 0
