"""Chat sessions stored as JSON documents: `<tenant>/_user_<user>/chats/<id>.json`.

The web chat keeps one `ChatSession` per conversation. Messages with `error` set are shown in
the transcript but never sent to the model again. A user message whose text came from a wizard
keeps its `origin` (chat/origin.py), so the form behind it can be opened again; a chat is in its
owner's own project (`_user_<user>`), so only the owner sees it.
"""

from __future__ import annotations

import builtins
import json
import logging
import secrets
import time
from dataclasses import asdict, dataclass, field
from typing import Any

from vance_ui.chat.engine import ChatMessage
from vance_ui.chat.origin import PromptOrigin
from vance_ui.documents.store import DocumentStore, InvalidDocumentPath, check_segment

log = logging.getLogger(__name__)

FOLDER = "chats"
MAX_TITLE = 80
_ON_DISK = "_on_disk"  # attribute on a ChatSession: how many of its messages the file had when read/written


@dataclass
class StoredMessage:
    role: str
    content: str
    error: bool = False
    engine: str | None = None
    origin: PromptOrigin | None = None  # the wizard form the text came from


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
                          m.get("engine") if isinstance(m.get("engine"), str) else None,
                          PromptOrigin.from_json(m.get("origin")))
            for m in data.get("messages", []) if isinstance(m, dict)
        ]
        return cls(id=str(data["id"]), title=str(data.get("title", ""))[:MAX_TITLE],
                   created=float(data.get("created", 0)), updated=float(data.get("updated", 0)), messages=messages)


@dataclass(frozen=True)
class BrokenSession:
    """A session file that cannot be read; listed so the user sees it, never opened or written."""

    id: str
    location: str  # the file, for the message
    error: str


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
        setattr(session, _ON_DISK, 0)
        self.save(session)
        return session

    def list(self) -> list[ChatSession]:
        """Newest first; unreadable files are skipped (`listing` names them)."""
        return [entry for entry in self.listing() if isinstance(entry, ChatSession)]

    def listing(self) -> builtins.list[ChatSession | BrokenSession]:
        """Every session file: the readable ones newest first, then the unreadable ones."""
        found: builtins.list[ChatSession] = []
        broken: builtins.list[BrokenSession] = []
        for info in self.data.list(self.tenant, self.project, FOLDER, ".json"):
            entry = self.read(info.path.rsplit("/", 1)[-1].removesuffix(".json"))
            if isinstance(entry, ChatSession):
                found.append(entry)
            elif entry is not None:
                broken.append(entry)
        found.sort(key=lambda s: s.updated, reverse=True)
        return [*found, *sorted(broken, key=lambda b: b.id)]

    def get(self, session_id: str) -> ChatSession | None:
        """The session, or None when it does not exist or its file is unreadable."""
        entry = self.read(session_id)
        return entry if isinstance(entry, ChatSession) else None

    def read(self, session_id: str) -> ChatSession | BrokenSession | None:
        """The session; a `BrokenSession` (and a WARN naming the file) when its file is unreadable."""
        try:
            document = self.data.get(self.tenant, self.project, self._path(session_id))
        except InvalidDocumentPath:
            return None
        if document is None:
            return None
        try:
            session = ChatSession.from_json(json.loads(document.content))
            if session.id != session_id:
                raise ValueError(f"the file's id {session.id[:40]!r} does not match its name")
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as error:
            log.warning("chat session %s is unreadable and skipped: %s", document.info.location, error)
            return BrokenSession(session_id, document.info.location, _describe(error))
        setattr(session, _ON_DISK, len(session.messages))
        return session

    def save(self, session: ChatSession, *, activity: bool = True) -> None:
        """Write the session; messages another writer appended meanwhile are kept (not overwritten).

        Under the store's lock on the session (`DocumentStore.locked`, across processes and
        instances) it is read again: if it has more messages than this copy knew of, those come
        first and this copy's new messages follow (messages are only appended).
        `updated` (the list's order) moves only with `activity`; otherwise the file's stays.
        """
        path = self._path(session.id)
        with self.data.locked(self.tenant, self.project, path):
            known = getattr(session, _ON_DISK, None)
            current = self.get(session.id) if known is not None or not activity else None
            if current is not None and known is not None and len(current.messages) > known:
                session.messages[:] = current.messages + session.messages[known:]
            if activity:
                session.updated = time.time()
            elif current is not None:
                session.updated = max(session.updated, current.updated)
            self.data.put(self.tenant, self.project, path, session.to_json())
            setattr(session, _ON_DISK, len(session.messages))

    def rename(self, session: ChatSession, title: str) -> None:
        """Renaming is no activity: the chat keeps its place and shown time in the list."""
        session.title = " ".join(title.split())[:MAX_TITLE]
        self.save(session, activity=False)

    def delete(self, session_id: str) -> bool:
        try:
            return self.data.delete(self.tenant, self.project, self._path(session_id))
        except InvalidDocumentPath:
            return False


def _describe(error: BaseException) -> str:
    if isinstance(error, UnicodeDecodeError):
        return "not UTF-8 text"
    if isinstance(error, json.JSONDecodeError):
        return f"not valid JSON ({error.msg}, line {error.lineno}, column {error.colno})"
    if isinstance(error, KeyError):
        return f"the field {error} is missing"
    if isinstance(error, RecursionError):
        return "nested too deeply"
    if isinstance(error, (TypeError, AttributeError)):
        return "not a chat session (unexpected structure)"
    return str(error)[:200]
