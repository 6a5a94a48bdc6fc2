"""The unsent chat input, kept per chat across reloads (`InputDraftStore`, vance_ui/chat/drafts.py).

Typing is saved half a second after the last keystroke (and at once when the page goes away), a
prompt from "Use prompt" at once, and an emptied input (sent or cleared) is removed at once, so a
reload never brings back a message that has been sent.

The rule for secrets: a prompt from a wizard that has a password field may hold the password
anywhere in its text, so that input is never written. It stays in this page only (also when the
user switches to another chat and back) until the input is emptied, by sending or clearing it;
from then on the input is kept again. What was kept for that chat before is removed at once.
"""

from __future__ import annotations

import asyncio

from nicegui import background_tasks, run, ui

from vance_ui.chat.drafts import InputDraftStore

SAVE_DELAY = 0.5


class InputKeeper:
    def __init__(self, store: InputDraftStore, field: ui.textarea) -> None:
        self.store, self.field = store, field
        self.session_id: str | None = None
        self.secret = False  # the input holds a prompt from a wizard with a password field
        self._held: dict[str, str] = {}  # such inputs of other chats, in this page only
        self._timer: asyncio.TimerHandle | None = None
        self._writes = asyncio.Lock()  # writes reach the disk in the order they were asked for
        self._quiet = False
        ui.context.client.on_disconnect(self.flush)

    def show(self, session_id: str) -> None:
        """Switch to a chat: keep the input of the one left, put this one's back into the field."""
        if session_id == self.session_id:
            return
        if self.session_id is not None:
            if self.secret and (self.field.value or "").strip():
                self._held[self.session_id] = self.field.value
            else:
                self.flush()
        self.session_id = session_id
        held = self._held.pop(session_id, None)
        self.secret = held is not None
        self._set_quietly(held if held is not None else self.store.load(session_id))

    def changed(self, text: str) -> None:
        """Every change of the field's value (typing, a prompt, sending)."""
        if self._quiet or self.session_id is None:
            return
        if not text.strip():
            self.secret = False
            self._write_now("")
        elif not self.secret:
            self._cancel()
            self._timer = asyncio.get_running_loop().call_later(SAVE_DELAY, self.flush)

    def set_prompt(self, prompt: str, *, secret: bool) -> None:
        """A wizard's prompt replaces the input: kept at once, or, when it may hold a secret, not at all."""
        self.secret = secret
        self._set_quietly(prompt)
        self._write_now("" if secret else prompt)

    def flush(self) -> None:
        """Write what is waiting now (a pending save, or at disconnect)."""
        if self._timer is not None:
            self._cancel()
            if not self.secret:
                self._write_now(self.field.value or "")

    def _write_now(self, text: str) -> None:
        self._cancel()
        if self.session_id is not None:
            background_tasks.create(self._write(self.session_id, text), name="keep chat input")

    async def _write(self, session_id: str, text: str) -> None:
        async with self._writes:
            await run.io_bound(self.store.save, session_id, text)

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _set_quietly(self, text: str) -> None:
        if (self.field.value or "") == text:
            return  # no update for the browser (one queued before the handshake would undo early typing)
        self._quiet = True
        try:
            self.field.value = text
        finally:
            self._quiet = False

