"""The open form kept as a draft, with its page: written once typing pauses, forgotten when the
prompt is used or the form is reset. An untouched form writes no draft."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from nicegui import background_tasks, run

from vance_ui.chat.drafts import DraftStore
from vance_ui.web.form.pane import FormPane

DRAFT_DELAY = 0.5  # s: a draft is written once typing pauses


class FormDraft:
    """The draft of wizard `name`, read from `pane`. Once `used` (the prompt went to the chat
    input), nothing is written any more."""

    def __init__(self, store: DraftStore, name: str, pane: FormPane) -> None:
        self.store, self.name, self.pane = store, name, pane
        self.used = False
        self._lock = threading.Lock()  # a draft write in a thread vs. forgetting the draft
        self._epoch = 0  # a write asked for before the draft was forgotten is dropped
        self._timer: asyncio.TimerHandle | None = None

    def changed(self) -> None:
        """After every change: written DRAFT_DELAY after the last one."""
        if self._timer is not None:
            self._timer.cancel()
        self._timer = asyncio.get_running_loop().call_later(DRAFT_DELAY, self.save)

    def save(self) -> None:
        """Written in a thread: a crash-safe write (fsync) takes tens of ms this loop must not wait."""
        self._timer = None
        if not self.used:
            background_tasks.create(run.io_bound(self._write, self._epoch, self.pane.values(),
                                                 self.pane.pages.current), name="save draft")

    def save_pending(self) -> None:
        """The form closes: a write still waiting for typing to pause happens now."""
        if self._timer is not None:
            self._timer.cancel()
            self.save()

    def drop_pending(self) -> None:
        """A write still waiting for typing to pause does not happen."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _write(self, epoch: int, values: dict[str, Any], page: int) -> None:
        with self._lock:
            if epoch == self._epoch and not self.used:
                self.store.save(self.name, self.pane.wizard.fields, values, page)

    def forget(self, *, used: bool = False) -> None:
        """No draft any more (the prompt was `used`, or the form reset); a write on its way is dropped."""
        with self._lock:
            self._epoch += 1
            self.used = self.used or used
            self.store.delete(self.name)
