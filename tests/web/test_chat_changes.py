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


class Clock:
    """A second hub on a store of its own. A change there, made after an action, is delivered after
    any delivery the action caused: both wait out the same burst delay, and the action's began first."""

    def __init__(self, root: Path) -> None:
        self.store = FileDocumentStore(root / "data")
        self.hub = ChangeHub()
        self.hub.open()  # delivers on the test's event loop, as the action's hub does
        self.hub.attach(SimpleNamespace(registry=SimpleNamespace(  # type: ignore[arg-type]
            data=self.store, bundled=BundledStore(root / "defaults"))))
        self.ticked = asyncio.Event()
        self.hub.add(self.ticked.set)

    async def tick(self) -> None:
        self.ticked.clear()
        self.store.put("default", "_vance", "wizards/tick.yaml", WIZARD)
        await asyncio.wait_for(self.ticked.wait(), timeout=10)


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
    clock = Clock(tmp_path / "clock")

    async def deliveries(action: Any) -> int:
        """How often the pages were told of what `action` changed."""
        before = len(calls)
        action()
        await clock.tick()
        return len(calls) - before

    def chat() -> None:
        session = sessions.create()
        session.messages.append(StoredMessage("user", "hello"))
        sessions.save(session)
        sessions.delete(session.id)

    assert await deliveries(chat) == 0, "a chat message does not re-list the wizards"
    assert await deliveries(lambda: drafts.save("gremium", [], {"topic": "x"})) == 0, "nor a form draft"
    assert await deliveries(lambda: store.put("default", "_user_local", "wizards/fresh.yaml", WIZARD)) == 1
    assert await deliveries(lambda: store.put("default", "team", "wizards/fresh.yaml", WIZARD)) == 1
    assert await deliveries(lambda: store._changed()) == 1, "unknown paths: delivered"
    hub.close()  # the app shuts down: a page task made now would outlive the event loop
    assert await deliveries(lambda: store.put("default", "_user_local", "wizards/late.yaml", WIZARD)) == 0
