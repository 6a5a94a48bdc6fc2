"""Chat sessions stored as JSON documents: `<tenant>/_user_<user>/chats/<id>.json`.

The web chat keeps one `ChatSession` per conversation. Messages with `error` set are shown in
the transcript but never sent to the model again.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import asdict, dataclass, field
from typing import Any

from vance_ui.chat.engine import ChatMessage
from vance_ui.documents.store import DocumentStore, InvalidDocumentPath, check_segment

FOLDER = "chats"
MAX_TITLE = 80


@dataclass
class StoredMessage:
    role: str
    content: str
    error: bool = False
    engine: str | None = None


@dataclass
class ChatSession:
    id: str
    title: str = ""
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)
    messages: list[StoredMessage] = field(default_factory=list)

    def conversation(self) -> list[ChatMessage]:
        """What the model sees: user and assistant turns, errors left out."""
        return [
            ChatMessage(m.role, m.content)  # type: ignore[arg-type]
            for m in self.messages
            if not m.error and m.role in ("user", "assistant") and m.content
        ]

    def to_json(self) -> bytes:
        return json.dumps(asdict(self), ensure_ascii=False, indent=1).encode()

    @classmethod
    def from_json(cls, data: Any) -> ChatSession:
        messages = [
            StoredMessage(str(m.get("role", "user")), str(m.get("content", "")), bool(m.get("error", False)),
                          m.get("engine") if isinstance(m.get("engine"), str) else None)
            for m in data.get("messages", []) if isinstance(m, dict)
        ]
        return cls(id=str(data["id"]), title=str(data.get("title", ""))[:MAX_TITLE],
                   created=float(data.get("created", 0)), updated=float(data.get("updated", 0)), messages=messages)


def title_from(text: str) -> str:
    line = " ".join(text.split())
    return line if len(line) <= 48 else line[:47].rstrip() + "…"


class SessionStore:
    """Create, list, load, save, rename and delete one user's chat sessions."""

    def __init__(self, data: DocumentStore, tenant: str, user: str) -> None:
        self.data = data
        self.tenant = tenant
        self.project = check_segment(f"_user_{user}", "user project")

    def _path(self, session_id: str) -> str:
        return f"{FOLDER}/{check_segment(session_id, 'session id')}.json"

    def create(self, title: str = "") -> ChatSession:
        session = ChatSession(id=f"{int(time.time())}-{secrets.token_hex(3)}", title=title)
        self.save(session)
        return session

    def list(self) -> list[ChatSession]:
        """Newest first; unreadable files are skipped."""
        found = []
        for info in self.data.list(self.tenant, self.project, FOLDER, ".json"):
            session = self.get(info.path.rsplit("/", 1)[-1].removesuffix(".json"))
            if session is not None:
                found.append(session)
        found.sort(key=lambda s: s.updated, reverse=True)
        return found

    def get(self, session_id: str) -> ChatSession | None:
        try:
            document = self.data.get(self.tenant, self.project, self._path(session_id))
        except InvalidDocumentPath:
            return None
        if document is None:
            return None
        try:
            return ChatSession.from_json(json.loads(document.content))
        except (ValueError, KeyError, TypeError, AttributeError):
            return None

    def save(self, session: ChatSession) -> None:
        session.updated = time.time()
        self.data.put(self.tenant, self.project, self._path(session.id), session.to_json())

    def rename(self, session: ChatSession, title: str) -> None:
        session.title = " ".join(title.split())[:MAX_TITLE]
        self.save(session)

    def delete(self, session_id: str) -> bool:
        try:
            return self.data.delete(self.tenant, self.project, self._path(session_id))
        except InvalidDocumentPath:
            return False
