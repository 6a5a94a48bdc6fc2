"""The shared store: every document in one PostgreSQL table, for several app instances at once.

Selected by VANCE_DATABASE_URL (`factory.open_stores`). Connections come from a pool; each write
runs in one transaction that also NOTIFYs the other instances (`pg_listen`), so their caches follow
within a second. A database that cannot be reached is `StoreUnavailable` (the API answers 503),
logged once when it goes and once when it comes back, never as a traceback per request.
"""

from __future__ import annotations

import builtins
import contextlib
import logging
import secrets
import threading
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

import psycopg
from psycopg import conninfo as pg_conninfo
from psycopg_pool import ConnectionPool, PoolClosed, PoolTimeout

from vance_ui.documents import pg_listen, pg_schema
from vance_ui.documents.store import (
    ChangeListener,
    Document,
    DocumentInfo,
    DocumentRef,
    InvalidDocumentPath,
    RefListener,
    StoreUnavailable,
    VersionMismatch,
    check_path,
    check_segment,
)

log = logging.getLogger(__name__)
# the pool warns (with the driver's two-line message) on every failed reconnect attempt; an outage is
# logged here once when it starts and once when it ends instead
logging.getLogger("psycopg.pool").setLevel(logging.ERROR)
Conn = psycopg.Connection[tuple[Any, ...]]
_TROUBLE = (psycopg.OperationalError, psycopg.InterfaceError, PoolTimeout, PoolClosed)


def describe(conninfo: str) -> str:
    """Where the database is, for messages: host, port and name, never the password."""
    try:
        parts = pg_conninfo.conninfo_to_dict(conninfo)
    except psycopg.ProgrammingError:
        return "the database VANCE_DATABASE_URL names"
    host = str(parts.get("host") or "localhost")
    return f"PostgreSQL at {host}:{parts.get('port') or 5432}/{parts.get('dbname') or ''}"


class PostgresDocumentStore:
    """`DocumentStore` on PostgreSQL; `open` connects, migrates and starts the pool."""

    def __init__(self, conninfo: str, pool: ConnectionPool[Conn]) -> None:
        self._conninfo, self._pool = conninfo, pool
        self.where = describe(conninfo)
        self._origin = secrets.token_hex(8)  # this instance, so it can skip its own notifications
        self._count = 0  # changes seen; never goes back, so no cache keyed by it is ever current again
        self._watching = False
        self._in_touch = False  # the listener is connected: no change can go unseen
        self._listeners: list[ChangeListener] = []
        self._ref_listeners: list[RefListener] = []
        self._lock = threading.Lock()
        self._held: ContextVar[Conn | None] = ContextVar(f"held-{self._origin}", default=None)
        self._down = False
        self._listener = pg_listen.Listener(conninfo, self._origin, self._changed, self._reached, self._lost)

    @classmethod
    def open(cls, conninfo: str, *, max_size: int = 16) -> PostgresDocumentStore:
        """Connect, migrate the schema, start the pool. `StoreUnavailable` (the database cannot be
        reached) and `pg_schema.SchemaTooNew` carry a message fit for the user, no traceback."""
        where = describe(conninfo)
        try:
            with psycopg.connect(conninfo, autocommit=True, connect_timeout=5) as conn:
                pg_schema.migrate(conn)
        except psycopg.Error as error:
            raise StoreUnavailable(f"cannot use {where}: {pg_listen.short_error(error)}") from None
        pool: ConnectionPool[Conn] = ConnectionPool(
            conninfo, min_size=2, max_size=max_size, timeout=3, open=False, name="vance",
            check=ConnectionPool.check_connection, kwargs={"autocommit": True, "connect_timeout": 3,
                                                             "application_name": "vance"})
        pool.open(wait=False)
        return cls(conninfo, pool)

    def close(self) -> None:
        self.stop_watching()
        self._pool.close()

    # -- connections ------------------------------------------------------------------------

    @contextlib.contextmanager
    def _conn(self) -> Iterator[Conn]:
        """A pooled connection (or the one `locked` holds); trouble reaching the database becomes
        `StoreUnavailable`, logged once per outage."""
        held = self._held.get()
        if held is not None:
            yield held
            return
        try:
            with self._pool.connection(timeout=0.5 if self._down else None) as conn:  # known down: say so fast
                yield conn
        except _TROUBLE as error:
            raise self._unavailable(error) from None
        if self._down:
            self._down = False
            log.warning("%s answers again", self.where)

    def _unavailable(self, error: BaseException) -> StoreUnavailable:
        if not self._down:
            self._down = True
            log.warning("%s cannot be reached (%s); requests answer 503 until it is back",
                        self.where, pg_listen.short_error(error))
        return StoreUnavailable(f"the document store ({self.where}) cannot be reached right now")

    def _notify(self, conn: Conn, ref: DocumentRef) -> None:
        conn.execute("SELECT pg_notify(%s, %s)", (pg_listen.CHANNEL, pg_listen.payload(self._origin, ref)))

    def _info(self, tenant: str, project: str, path: str, version: object) -> DocumentInfo:
        return DocumentInfo(tenant, project, path, str(version), f"postgresql:{tenant}/{project}/{path}")

    @staticmethod
    def _address(tenant: str, project: str, path: str) -> tuple[str, str, str]:
        return check_segment(tenant, "tenant"), check_segment(project, "project"), check_path(path)

    # -- reading ----------------------------------------------------------------------------

    def info(self, tenant: str, project: str, path: str) -> DocumentInfo | None:
        address = self._address(tenant, project, path)
        with self._conn() as conn:
            row = conn.execute("SELECT version FROM documents WHERE tenant = %s AND project = %s AND path = %s",
                               address).fetchone()
        return None if row is None else self._info(*address, row[0])

    def get(self, tenant: str, project: str, path: str) -> Document | None:
        address = self._address(tenant, project, path)
        with self._conn() as conn:
            row = conn.execute("SELECT version, content FROM documents WHERE tenant = %s AND project = %s "
                               "AND path = %s", address).fetchone()
        return None if row is None else Document(self._info(*address, row[0]), bytes(row[1]))

    def get_many(self, tenant: str, project: str, paths: builtins.list[str]) -> dict[str, Document]:
        tenant, project = check_segment(tenant, "tenant"), check_segment(project, "project")
        wanted = [check_path(path) for path in paths]
        with self._conn() as conn:
            rows = conn.execute("SELECT path, version, content FROM documents WHERE tenant = %s AND project = %s "
                                "AND path = ANY(%s)", (tenant, project, wanted)).fetchall()
        return {path: Document(self._info(tenant, project, path, version), bytes(content))
                for path, version, content in rows}

    def list(self, tenant: str, project: str, folder: str, suffix: str = "") -> builtins.list[DocumentInfo]:
        tenant, project, folder = self._address(tenant, project, folder)
        with self._conn() as conn:
            rows = conn.execute("SELECT path, version FROM documents WHERE tenant = %s AND project = %s "
                                "AND folder = %s", (tenant, project, folder)).fetchall()
        found = [self._info(tenant, project, path, version) for path, version in rows if path.endswith(suffix)]
        found.sort(key=lambda info: info.path)
        return found

    def projects(self, tenant: str) -> builtins.list[str]:
        check_segment(tenant, "tenant")
        with self._conn() as conn:
            rows = conn.execute("SELECT DISTINCT project FROM documents WHERE tenant = %s", (tenant,)).fetchall()
        return sorted(str(row[0]) for row in rows)

    def addresses(self) -> Iterator[DocumentRef]:
        with self._conn() as conn:
            rows = conn.execute("SELECT tenant, project, path FROM documents ORDER BY 1, 2, 3").fetchall()
        return iter([DocumentRef(*row) for row in rows])

    # -- writing ----------------------------------------------------------------------------

    def put(self, tenant: str, project: str, path: str, content: bytes) -> DocumentInfo:
        address = self._address(tenant, project, path)
        with self._conn() as conn, conn.transaction():
            row = conn.execute(
                "INSERT INTO documents (tenant, project, path, folder, content, version) "
                "VALUES (%s, %s, %s, %s, %s, nextval('document_changes')) ON CONFLICT (tenant, project, path) "
                "DO UPDATE SET content = EXCLUDED.content, version = EXCLUDED.version RETURNING version",
                (*address, _folder(path), content)).fetchone()
            self._notify(conn, DocumentRef(*address))
        assert row is not None
        self._changed(frozenset([DocumentRef(*address)]))
        return self._info(*address, row[0])

    def delete(self, tenant: str, project: str, path: str) -> bool:
        try:
            address = self._address(tenant, project, path)
        except InvalidDocumentPath:
            check_path(path)
            return False
        with self._conn() as conn, conn.transaction():
            row = conn.execute("DELETE FROM documents WHERE tenant = %s AND project = %s AND path = %s "
                               "RETURNING version", address).fetchone()
            if row is not None:
                conn.execute("SELECT nextval('document_changes')")
                self._notify(conn, DocumentRef(*address))
        if row is not None:
            self._changed(frozenset([DocumentRef(*address)]))
        return row is not None

    def replace(self, tenant: str, project: str, path: str, content: bytes | None,
                expected: str | None) -> DocumentInfo | None:
        """Compare-and-swap in one transaction: the row is locked (`FOR UPDATE`) while compared;
        a document created meanwhile makes the insert find a conflict, which is a mismatch too."""
        address = self._address(tenant, project, path)
        where = "tenant = %s AND project = %s AND path = %s"
        with self._conn() as conn, conn.transaction():
            row = conn.execute(f"SELECT version FROM documents WHERE {where} FOR UPDATE", address).fetchone()
            current = None if row is None else self._info(*address, row[0])
            if (current.version if current else None) != expected:
                raise VersionMismatch(current)
            result: DocumentInfo | None = None
            if content is None:
                if current is None:
                    return None
                conn.execute(f"DELETE FROM documents WHERE {where}", address)
                conn.execute("SELECT nextval('document_changes')")
            elif current is not None:
                row = conn.execute(f"UPDATE documents SET content = %s, version = nextval('document_changes') "
                                   f"WHERE {where} RETURNING version", (content, *address)).fetchone()
                assert row is not None
                result = self._info(*address, row[0])
            else:
                row = conn.execute(
                    "INSERT INTO documents (tenant, project, path, folder, content, version) VALUES "
                    "(%s, %s, %s, %s, %s, nextval('document_changes')) ON CONFLICT DO NOTHING RETURNING version",
                    (*address, _folder(path), content)).fetchone()
                if row is None:
                    raise VersionMismatch(self.info(tenant, project, path))
                result = self._info(*address, row[0])
            self._notify(conn, DocumentRef(*address))
        self._changed(frozenset([DocumentRef(*address)]))
        return result

    @contextlib.contextmanager
    def locked(self, tenant: str, project: str, path: str) -> Iterator[None]:
        """A transaction-scoped advisory lock on the address, held on one connection that the
        body's reads and writes use as well (so a body never waits for a second connection). The
        body's writes commit when it ends, all or none: one that raises leaves nothing written."""
        if self._held.get() is not None:
            raise RuntimeError("locked() does not nest")
        key = "/".join(self._address(tenant, project, path))
        with self._conn() as conn:
            try:
                with conn.transaction():
                    conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (key,))
                    token = self._held.set(conn)
                    try:
                        yield
                    finally:
                        self._held.reset(token)
            except _TROUBLE as error:
                raise self._unavailable(error) from None

    # -- changes ----------------------------------------------------------------------------

    @property
    def generation(self) -> int | None:
        """The change count while watching and connected; None otherwise (then nothing is cached)."""
        return self._count if self._watching and self._in_touch else None

    def subscribe(self, listener: ChangeListener) -> None:
        self._listeners.append(listener)

    def subscribe_refs(self, listener: RefListener) -> None:
        self._ref_listeners.append(listener)

    def start_watching(self) -> None:
        """Listen for the other instances' writes; `generation` counts changes while connected."""
        self._watching = True
        self._listener.start()

    def stop_watching(self) -> None:
        self._listener.stop()
        self._watching = self._in_touch = False

    def _lost(self) -> None:
        """No news while disconnected: answer nothing from caches until the listener is back."""
        self._in_touch = False

    def _reached(self) -> None:
        self._in_touch = True
        self._changed(None)  # whatever happened meanwhile is re-read

    def _changed(self, refs: frozenset[DocumentRef] | None) -> None:
        with self._lock:
            self._count += 1
        for listener in builtins.list(self._listeners):
            try:
                listener()
            except Exception:
                log.exception("document change listener failed")
        for ref_listener in builtins.list(self._ref_listeners):
            try:
                ref_listener(refs)
            except Exception:
                log.exception("document change listener failed")


def _folder(path: str) -> str:
    return path.rsplit("/", 1)[0] if "/" in path else ""
