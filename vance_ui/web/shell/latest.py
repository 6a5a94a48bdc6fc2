"""One run in flight, the latest wish next: how the form's report, the editor's check and its
preview follow what the user types without queueing a run per keystroke."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from nicegui import background_tasks


class LatestRun:
    """Runs `work` in one background task at a time. `ask()` while it runs makes it run once more
    afterwards, however often it was asked (the owner keeps the latest wish, `work` reads it).
    `alive()` False (the page or dialog is gone) stops it before the next run."""

    def __init__(self, work: Callable[[], Awaitable[None]], alive: Callable[[], bool], name: str) -> None:
        self._work, self._alive, self._name = work, alive, name
        self._idle = asyncio.Event()
        self._idle.set()
        self._again = False

    def ask(self) -> None:
        self._again = True
        if self._idle.is_set():
            self._idle.clear()
            background_tasks.create(self._run(), name=self._name)

    @property
    def superseded(self) -> bool:
        """Asked again since the current run started: what it computes is already out of date."""
        return self._again

    @property
    def running(self) -> bool:
        return not self._idle.is_set()

    async def idle(self) -> None:
        """Until no run is in flight or wanted."""
        await self._idle.wait()

    async def _run(self) -> None:
        try:
            while self._again and self._alive():
                self._again = False
                await self._work()
        finally:
            self._again = False
            self._idle.set()
