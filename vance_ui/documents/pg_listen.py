"""How one instance learns of the others' writes: LISTEN on a channel the store's writes NOTIFY
(in their own transaction, so a notification means a commit).

One daemon thread holds its own connection. While connected, every notification arrives (that is
PostgreSQL's promise to a listening session). When the connection is lost, the thread says so
(`on_down`: the store stops answering from caches), reconnects with growing pauses, and on
(re)connecting says so (`on_up`): the store then re-reads whatever may have been missed meanwhile.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable

import psycopg

from vance_ui.documents.store import DocumentRef

log = logging.getLogger("vance_ui.documents.postgres")
CHANNEL = "vance_documents"
PING_SECONDS = 5.0  # a connection that went silent (a dead peer) is found out this fast
MAX_BACKOFF = 5.0
APPLICATION = "vance-listen"  # how this connection shows in pg_stat_activity


def payload(origin: str, ref: DocumentRef) -> str:
    return json.dumps([origin, ref.tenant, ref.project, ref.path], separators=(",", ":"))


def parse(text: str) -> tuple[str, DocumentRef] | None:
    try:
        origin, tenant, project, path = json.loads(text)
        return str(origin), DocumentRef(str(tenant), str(project), str(path))
    except (ValueError, TypeError):
        return None


class Listener:
    def __init__(self, conninfo: str, origin: str, on_refs: Callable[[frozenset[DocumentRef] | None], None],
                 on_up: Callable[[], None], on_down: Callable[[], None]) -> None:
        self._conninfo, self._origin = conninfo, origin
        self._on_refs, self._on_up, self._on_down = on_refs, on_up, on_down
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.connected = threading.Event()

    def start(self) -> None:
        if self._thread is None:
            self._stop.clear()
            self._thread = threading.Thread(target=self._run, name="vance-pg-listen", daemon=True)
            self._thread.start()
            self.connected.wait(timeout=5)

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._thread = None

    def _run(self) -> None:
        backoff, first, lost_at = 0.1, True, 0.0
        while not self._stop.is_set():
            try:
                with psycopg.connect(self._conninfo, autocommit=True, connect_timeout=3,
                                     application_name=APPLICATION) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    if not first and not self.connected.is_set():
                        log.warning("listening for changes again after %.1f s: re-reading what may have changed",
                                    time.monotonic() - lost_at)
                    self.connected.set()
                    self._on_up()
                    first, backoff = False, 0.1
                    self._listen(conn)
            except psycopg.Error as error:
                if self.connected.is_set():
                    lost_at = time.monotonic()
                    log.warning("lost the PostgreSQL connection that carries changes (%s); reconnecting",
                                short_error(error))
                self.connected.clear()
                self._on_down()
            if self._stop.wait(backoff):
                break
            backoff = min(backoff * 2, MAX_BACKOFF)

    def _listen(self, conn: psycopg.Connection[tuple[object, ...]]) -> None:
        last_ping = time.monotonic()
        while not self._stop.is_set():
            for notify in conn.notifies(timeout=0.5):  # each as it arrives; the timeout only paces stop and ping
                parsed = parse(notify.payload)
                if parsed is None:
                    self._on_refs(None)
                elif parsed[0] != self._origin:  # our own writes were announced when made
                    self._on_refs(frozenset([parsed[1]]))
                if self._stop.is_set():
                    break
            if time.monotonic() - last_ping > PING_SECONDS:
                conn.execute("SELECT 1")
                last_ping = time.monotonic()


def short_error(error: BaseException) -> str:
    """The first line of a driver message: enough to tell refused from reset, no traceback."""
    return (str(error).strip().splitlines() or [type(error).__name__])[0][:200]
