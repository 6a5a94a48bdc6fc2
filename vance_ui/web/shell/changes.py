"""Document-change notifications for open pages.

The store calls its listeners from a watcher thread (or inline after our own writes). One
listener per service marshals the news onto NiceGUI's event loop and tells every registered
page callback; pages unregister when their client goes away.

Pages only care about wizards. A change that cannot touch a wizard listing (the registry's own
rule, `touches_wizards`: e.g. the chat sessions and form drafts written on every message and while
typing) is not delivered; when the store cannot say which files changed, it is.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from vance_ui.documents.store import DocumentRef, StoreUnavailable
from vance_ui.service import WizardService
from vance_ui.wizards.catalog.cascade import touches_wizards

log = logging.getLogger("vance_ui.web")
Callback = Callable[[], None]


class ChangeHub:
    def __init__(self) -> None:
        self._callbacks: dict[int, Callback] = {}
        self._next = 0
        self._pending = False
        self._closed = False
        self._loop: asyncio.AbstractEventLoop | None = None  # the app's, from `open` on

    def open(self) -> None:
        """At the app's start-up, on its event loop: changes are delivered there from now on."""
        self._loop = asyncio.get_running_loop()

    def attach(self, service: WizardService) -> None:
        for store in (service.registry.data, service.registry.bundled):
            store.subscribe_refs(self._refs_changed)

    def close(self) -> None:
        """At the app's shutdown, before NiceGUI cancels its tasks: nothing is delivered after it."""
        self._closed = True

    def add(self, callback: Callback) -> int:
        self._next += 1
        self._callbacks[self._next] = callback
        return self._next

    def remove(self, key: int) -> None:
        self._callbacks.pop(key, None)

    def _refs_changed(self, refs: frozenset[DocumentRef] | None) -> None:
        if not touches_wizards(refs):
            return
        self._from_any_thread()

    def _from_any_thread(self) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            if asyncio.get_running_loop() is loop:
                self._schedule()
                return
        except RuntimeError:
            pass
        loop.call_soon_threadsafe(self._schedule)

    def _schedule(self) -> None:
        if self._pending:
            return  # a burst of changes is delivered once
        self._pending = True
        asyncio.get_running_loop().call_later(0.05, self._deliver)

    def _deliver(self) -> None:
        self._pending = False
        if self._closed:  # shutting down: a page task made now would outlive its event loop
            return  # (NiceGUI's task teardown has run; a test's next app then never stopped)
        for callback in list(self._callbacks.values()):
            try:
                callback()
            except StoreUnavailable as error:  # gone again: the page refreshes with the next change
                log.info("page not refreshed: %s", error)
            except Exception:
                log.exception("change callback failed")
