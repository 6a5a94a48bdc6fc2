"""Several app instances on one PostgreSQL database (issue 18): what one saves, the others show;
chat writes from two processes lose nothing, not even when one is killed mid-burst; a database
restart makes both answer 503 while it is down, and both recover by themselves."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import psycopg
import pytest

from tests.support.api_errors import assert_error
from tests.support.app_server import AppServer, start_app
from tests.support.paths import REPO
from tests.support.postgres import PgCluster
from vance_ui.chat.sessions import SessionStore, StoredMessage
from vance_ui.documents.pg_listen import APPLICATION
from vance_ui.documents.postgres import PostgresDocumentStore

WIZARD = b"title: {en: 'Shared'}\ndescription: {en: 'saved elsewhere'}\nfields: []\npromptTemplate: 'hi'\n"
LISTING = "/brain/default/wizards"


def names(app: AppServer) -> set[str]:
    response = httpx.get(app.base_url + LISTING, timeout=10)
    assert response.status_code == 200, response.text
    return {wizard["name"] for wizard in response.json()["wizards"]}


def lists(app: AppServer, name: str) -> bool:
    """Whether the app lists the wizard now (an error answer, e.g. while recovering, is a no)."""
    response = httpx.get(app.base_url + LISTING, timeout=15)
    return response.status_code == 200 and name in {wizard["name"] for wizard in response.json()["wizards"]}


def eventually(check: object, what: str, seconds: float = 10.0) -> None:
    """Polls `check` (a callable) until it is true; the deadline only ends a broken run."""
    deadline = time.monotonic() + seconds
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


@pytest.fixture
def two_apps(pg_url: str, tmp_path: Path) -> Iterator[tuple[AppServer, AppServer]]:
    first = start_app(tmp_path / "a" / "data", {"VANCE_DATABASE_URL": pg_url})
    try:
        second = start_app(tmp_path / "b" / "data", {"VANCE_DATABASE_URL": pg_url})
    except BaseException:
        first.stop()
        raise
    yield first, second
    first.stop()
    second.stop()


def test_a_wizard_saved_on_one_instance_is_listed_by_the_others(two_apps: tuple[AppServer, AppServer],
                                                                 pg_url: str) -> None:
    first, second = two_apps
    assert "shared" not in names(first) | names(second)  # both have listed (and cached) before the save
    writer = PostgresDocumentStore.open(pg_url)  # a third instance saves it
    try:
        writer.put("default", "_vance", "wizards/shared.yaml", WIZARD)
        eventually(lambda: "shared" in names(first) and "shared" in names(second), "not listed by both")
        writer.delete("default", "_vance", "wizards/shared.yaml")
        eventually(lambda: "shared" not in names(first) | names(second), "deletion not seen by both")
    finally:
        writer.close()


def test_a_change_missed_while_an_instance_was_disconnected_is_listed_soon(
        two_apps: tuple[AppServer, AppServer], pg_url: str) -> None:
    first, second = two_apps
    assert "shared" not in names(first) | names(second)
    writer = PostgresDocumentStore.open(pg_url)
    try:
        with psycopg.connect(pg_url, autocommit=True) as admin:  # both instances lose their change feed ...
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s",
                          (APPLICATION,))
        writer.put("default", "_vance", "wizards/shared.yaml", WIZARD)  # ... and miss this notification
        eventually(lambda: lists(first, "shared") and lists(second, "shared"), "a missed change stayed unseen")
    finally:
        writer.close()


def test_a_chat_message_written_by_one_instance_is_read_by_another(pg_url: str) -> None:
    one, other = PostgresDocumentStore.open(pg_url), PostgresDocumentStore.open(pg_url)
    try:
        mine = SessionStore(one, "default", "ann")
        session = mine.create("planning")
        session.messages.append(StoredMessage("user", "hello from instance one"))
        mine.save(session)
        seen = SessionStore(other, "default", "ann").get(session.id)
        assert seen is not None and [m.content for m in seen.messages] == ["hello from instance one"]
        seen.messages.append(StoredMessage("user", "and from instance two"))  # the other tab answers
        SessionStore(other, "default", "ann").save(seen)
        session.messages.append(StoredMessage("user", "one more from instance one"))  # from a stale copy
        mine.save(session)
        final = SessionStore(one, "default", "ann").get(session.id)
        assert final is not None and sorted(m.content for m in final.messages) == sorted(
            ["hello from instance one", "and from instance two", "one more from instance one"])
    finally:
        one.close()
        other.close()


WRITER = textwrap.dedent("""
    import sys
    from vance_ui.chat.sessions import SessionStore, StoredMessage
    from vance_ui.documents.postgres import PostgresDocumentStore

    url, session_id, prefix = sys.argv[1], sys.argv[2], sys.argv[3]
    sessions = SessionStore(PostgresDocumentStore.open(url), "default", "local")
    for i in range(100_000):
        fresh = sessions.get(session_id)   # like the app: read, append, save
        fresh.messages.append(StoredMessage("user", f"{prefix}-{i}"))
        sessions.save(fresh)
        print("ack", f"{prefix}-{i}", flush=True)
""")


def test_killing_an_instance_mid_burst_loses_no_acknowledged_chat_message(pg_url: str) -> None:
    store = PostgresDocumentStore.open(pg_url)
    try:
        session_id = SessionStore(store, "default", "local").create("two writers").id
        writers = {prefix: subprocess.Popen([sys.executable, "-c", WRITER, pg_url, session_id, prefix], cwd=REPO,
                                            stdout=subprocess.PIPE, text=True,
                                            env={**os.environ, "PYTHONPATH": str(REPO)})
                   for prefix in ("a", "b")}
        acked: list[str] = []
        victim, survivor = writers["a"], writers["b"]
        assert victim.stdout is not None and survivor.stdout is not None
        while len(acked) < 40:  # both are writing to the same session now
            acked.append(victim.stdout.readline().split()[1])
        os.kill(victim.pid, signal.SIGKILL)  # inside its next save, most likely
        victim.wait(timeout=10)
        acked += [line.split()[1] for line in victim.stdout.read().splitlines() if line.startswith("ack")]
        survivor_acks = [survivor.stdout.readline().split()[1] for _ in range(20)]  # it goes on after the kill
        survivor.terminate()
        survivor.wait(timeout=10)
        acked += survivor_acks + [line.split()[1] for line in survivor.stdout.read().splitlines()
                                  if line.startswith("ack")]
        session = SessionStore(store, "default", "local").get(session_id)
        assert session is not None
        kept = {m.content for m in session.messages}
        assert not set(acked) - kept, f"acknowledged but lost: {sorted(set(acked) - kept)[:5]}"
        assert any(m.startswith("b-") for m in kept) and any(m.startswith("a-") for m in kept)
    finally:
        store.close()


def test_a_database_restart_makes_both_answer_503_and_both_recover(two_apps: tuple[AppServer, AppServer],
                                                                 pg_cluster: PgCluster, pg_url: str) -> None:
    first, second = two_apps
    assert names(first) and names(second)
    pg_cluster.stop()
    try:
        for app in (first, second):
            def unavailable(app: AppServer = app) -> bool:
                response = httpx.get(app.base_url + LISTING, timeout=15)
                return response.status_code == 503 and response.json()["error"] == "store_unavailable"
            eventually(unavailable, "no 503 store_unavailable while the database is down")
            assert_error(httpx.get(app.base_url + LISTING, timeout=15), 503, "store_unavailable")
            assert httpx.get(app.base_url + "/healthz", timeout=10).status_code == 200  # the process lives on
            not_ready = httpx.get(app.base_url + "/readyz", timeout=15)  # a proxy sends new browsers elsewhere
            assert set(assert_error(not_ready, 503, "not_ready")["checks"]) == {"store"}
            page = httpx.get(app.base_url + "/", timeout=15)
            assert "Temporarily unavailable" in page.text, page.text[-2000:]  # a notice, not a stack trace
    finally:
        pg_cluster.start()
    writer = PostgresDocumentStore.open(pg_url)
    try:  # recovered by themselves, and changes reach them again
        writer.put("default", "_vance", "wizards/shared.yaml", WIZARD)
        eventually(lambda: lists(first, "shared") and lists(second, "shared"), "not recovered", 30)
        for app in (first, second):
            assert httpx.get(app.base_url + "/readyz", timeout=15).json() == {"status": "ready"}
    finally:
        writer.close()
    for app in (first, second):
        log = app.log()
        assert "Traceback" not in log, log[-3000:]
        assert log.count("cannot be reached") <= 3, log[-3000:]  # one line per outage, not per request
