"""Half-filled wizard forms per user and wizard: `<tenant>/_user_<user>/drafts/<wizard>.json`,
and the unsent chat input per chat: `<tenant>/_user_<user>/inputs/<chat id>.json`.

Password values are never written: `strip_secrets` blanks them (inside repeat items too)
before anything reaches the store. A chat input cannot be cleaned that way (a prompt is text, the
value may be anywhere in it), so the web chat never saves one that came from a wizard with a
password field (`form_paths.has_password`) until it has been emptied or sent (vance_ui/web/chat/input_draft.py).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vance_ui.documents.store import DocumentStore, InvalidDocumentPath, check_segment
from vance_ui.wizards.format.schema import FormField
from vance_ui.wizards.rules.secrets import without_secrets

FOLDER = "drafts"
MAX_PAGE = 1000
INPUT_FOLDER = "inputs"
MAX_INPUT_CHARS = 200_000  # a rendered prompt's own limit; anything longer is not kept


def strip_secrets(fields: Sequence[FormField], values: Mapping[str, Any]) -> dict[str, Any]:
    """Declared keys only, password values left out."""
    return without_secrets(fields, values)


@dataclass(frozen=True)
class Draft:
    """A form's values and the page of a multi-step wizard the user was on."""

    values: dict[str, Any]
    page: int = 0

    @classmethod
    def from_json(cls, data: Any) -> Draft | None:
        """`{"values": {...}, "page": n}` as stored; None when `values` is no object, page 0 when
        `page` is not a page number."""
        values = data.get("values") if isinstance(data, dict) else None
        if not isinstance(values, dict):
            return None
        page = data.get("page")
        return cls(values, page if isinstance(page, int) and 0 <= page <= MAX_PAGE else 0)


class DraftStore:
    def __init__(self, data: DocumentStore, tenant: str, user: str) -> None:
        self.data = data
        self.tenant = tenant
        self.project = check_segment(f"_user_{user}", "user project")

    def _path(self, wizard: str) -> str:
        return f"{FOLDER}/{check_segment(wizard, 'wizard name')}.json"

    def load(self, wizard: str) -> Draft | None:
        try:
            document = self.data.get(self.tenant, self.project, self._path(wizard))
        except InvalidDocumentPath:
            return None
        if document is None:
            return None
        try:
            return Draft.from_json(json.loads(document.content))
        except ValueError:
            return None

    def save(self, wizard: str, fields: Sequence[FormField], values: Mapping[str, Any], page: int = 0) -> None:
        payload = {"wizard": wizard, "values": strip_secrets(fields, values), "page": page}
        with contextlib.suppress(InvalidDocumentPath):
            self.data.put(self.tenant, self.project, self._path(wizard),
                          json.dumps(payload, ensure_ascii=False).encode())

    def delete(self, wizard: str) -> None:
        with contextlib.suppress(InvalidDocumentPath):
            self.data.delete(self.tenant, self.project, self._path(wizard))


class InputDraftStore:
    """The chat input a user typed (or a wizard filled in) but has not sent, per chat."""

    def __init__(self, data: DocumentStore, tenant: str, user: str) -> None:
        self.data = data
        self.tenant = tenant
        self.project = check_segment(f"_user_{user}", "user project")

    def _path(self, session_id: str) -> str:
        return f"{INPUT_FOLDER}/{check_segment(session_id, 'session id')}.json"

    def load(self, session_id: str) -> str:
        try:
            document = self.data.get(self.tenant, self.project, self._path(session_id))
        except InvalidDocumentPath:
            return ""
        if document is None:
            return ""
        try:
            data = json.loads(document.content)
        except ValueError:
            return ""
        text = data.get("text") if isinstance(data, dict) else None
        return text if isinstance(text, str) else ""

    def save(self, session_id: str, text: str) -> None:
        """Keeps `text`; an empty (or overlong) text removes what was kept."""
        if not text.strip() or len(text) > MAX_INPUT_CHARS:
            self.delete(session_id)
            return
        with contextlib.suppress(InvalidDocumentPath):
            self.data.put(self.tenant, self.project, self._path(session_id),
                          json.dumps({"text": text}, ensure_ascii=False).encode())

    def delete(self, session_id: str) -> None:
        with contextlib.suppress(InvalidDocumentPath):
            self.data.delete(self.tenant, self.project, self._path(session_id))
