"""Document-change notifications for open pages.

The store calls its listeners from a watcher thread (or inline after our own writes). One
listener per service marshals the news onto NiceGUI's event loop and tells every registered
page callback; pages unregister when their client goes away.

Pages only care about wizards. A change that cannot touch a wizard listing (the registry's own
rule, `touches_wizards`: e.g. the chat sessions and form drafts written on every message and while
typing) is not delivered; when the store cannot say which files changed, it is.

What an operator wants to read in the log is which wizard files changed: one INFO line per change,
naming them (the watcher's own "N changes detected" lines, one per chat message or draft written,
are left out by `runtime.configure_logging`). The app's own write is reported twice, at once and
when the watcher sees it; the second report is not logged again.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Collection

from vance_ui.documents.store import DocumentRef, StoreUnavailable
from vance_ui.service import WizardService
from vance_ui.wizards.catalog.cascade import touches_wizards

log = logging.getLogger("vance_ui.web")
Callback = Callable[[], None]
ECHO_S = 3.0  # s: the watcher reports a write the app made itself within its debounce (0.4 s) and a scan


class ChangeHub:
    def __init__(self) -> None:
        self._callbacks: dict[int, Callback] = {}
        self._next = 0
        self._pending = False
        self._closed = False
        self._loop: asyncio.AbstractEventLoop | None = None  # the app's, from `open` on
        self._logged: tuple[frozenset[str], float] = (frozenset(), 0.0)  # the files last logged, and when

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
        self._log(refs)
        self._from_any_thread()

    def _log(self, refs: Collection[DocumentRef] | None) -> None:
        """One INFO line naming the wizard files (YAML, not a write's temporary file) that changed."""
        files = frozenset(f"{r.tenant}/{r.project}/{r.path}" for r in refs or ()
                          if r.path.endswith(".yaml") and not r.path.rsplit("/", 1)[-1].startswith("."))
        now = time.monotonic()
        last, when = self._logged
        if not files or (files == last and now - when < ECHO_S):
            return
        self._logged = (files, now)
        log.info("wizard files changed: %s", ", ".join(sorted(files)))

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
