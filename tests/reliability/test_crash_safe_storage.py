"""Crash-safe storage (issue 6, item 5).

- A writer process appends chat messages and saves drafts exactly as the app does
  (`SessionStore` / `DraftStore` on a `FileDocumentStore`) and prints an ack line after each
  completed save. It is SIGKILLed in the middle of the burst; afterwards every JSON file is
  valid (old or new, never partial), every acknowledged message is there, and the app starts
  on that data dir and answers.
- Concurrent writers (threads and processes) appending to the same session lose nothing.
- A corrupted session file is left out of the readable sessions (with a WARN naming the file) and
  listed as an error entry; the rest work.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import httpx
import pytest

from tests.support.app_server import start_app
from tests.support.paths import REPO
from vance_ui.chat.drafts import DraftStore
from vance_ui.chat.sessions import BrokenSession, SessionStore, StoredMessage
from vance_ui.documents.filesystem import FileDocumentStore

WRITER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from vance_ui.chat.drafts import DraftStore
    from vance_ui.chat.sessions import SessionStore, StoredMessage
    from vance_ui.documents.filesystem import FileDocumentStore
    from vance_ui.wizards.format.schema import StringField

    data, session_id, start, count = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    store = FileDocumentStore(data)
    sessions, drafts = SessionStore(store, "default", "local"), DraftStore(store, "default", "local")
    session = sessions.get(session_id) if session_id != "-" else sessions.create("crash test")
    print("session", session.id, flush=True)
    pad = "x" * 4000  # bigger files make a torn write more likely, were writes not atomic
    for i in range(start, start + count):
        fresh = sessions.get(session.id) or session   # like the app: read, append, save
        fresh.messages.append(StoredMessage("user", f"msg-{i} {pad}"))
        sessions.save(fresh)
        drafts.save("gremium", [StringField(name="purpose", type="string", label={"en": "p"})],
                    {"purpose": f"d-{i}"})
        print("ack", i, flush=True)
""")


def writer(data: Path, session_id: str, start: int, count: int) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", WRITER, str(data), session_id, str(start), str(count)],
                            cwd=REPO, stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(REPO)})


def all_json_files_are_whole(data: Path) -> int:
    checked = 0
    for file in data.rglob("*.json"):
        if file.name.startswith("."):
            continue  # an orphaned temp file (`.<name>.<random>.tmp`) is never read: listings skip dot files
        json.loads(file.read_bytes())  # raises on a partial file
        checked += 1
    return checked


@pytest.mark.slow
def test_sigkill_mid_burst_keeps_every_acknowledged_message(tmp_path: Path) -> None:
    data = tmp_path / "data"
    process = writer(data, "-", 0, 100_000)
    assert process.stdout is not None
    session_id = process.stdout.readline().split()[1]
    acked: list[int] = []
    while len(acked) < 60:
        line = process.stdout.readline()
        assert line, "the writer ended early"
        acked.append(int(line.split()[1]))
    os.kill(process.pid, signal.SIGKILL)  # mid-burst: the writer is inside its next save
    process.wait(timeout=10)
    acked += [int(line.split()[1]) for line in process.stdout.read().splitlines() if line.startswith("ack")]

    assert all_json_files_are_whole(data) >= 2
    session = SessionStore(FileDocumentStore(data), "default", "local").get(session_id)
    assert session is not None
    kept = [int(m.content.split()[0].removeprefix("msg-")) for m in session.messages]
    assert kept[:len(acked)] == acked  # every acknowledged message, in order (one unacked may follow)
    assert len(kept) - len(acked) in (0, 1)
    assert DraftStore(FileDocumentStore(data), "default", "local").load("gremium") is not None

    app = start_app(data)  # and the app comes back on that data dir
    try:
        assert httpx.get(f"{app.base_url}/healthz", timeout=10).status_code == 200
        assert httpx.get(f"{app.base_url}/", timeout=30).status_code == 200
    finally:
        app.stop()


def test_concurrent_threads_appending_to_one_session_lose_nothing(tmp_path: Path) -> None:
    store = FileDocumentStore(tmp_path / "data")
    sessions = SessionStore(store, "default", "local")
    session_id = sessions.create("shared").id
    threads, per_thread = 8, 25

    def append(worker: int) -> None:
        own = SessionStore(store, "default", "local")  # like two browser tabs on the same chat
        for i in range(per_thread):
            session = own.get(session_id)
            assert session is not None
            session.messages.append(StoredMessage("user", f"{worker}-{i}"))
            time.sleep(0)  # let another thread read the same version
            own.save(session)

    workers = [threading.Thread(target=append, args=(n,)) for n in range(threads)]
    for thread in workers:
        thread.start()
    for thread in workers:
        thread.join()
    final = sessions.get(session_id)
    assert final is not None
    assert sorted(m.content for m in final.messages) == sorted(f"{w}-{i}" for w in range(threads)
                                                                for i in range(per_thread))


def test_a_stale_copy_saved_late_keeps_what_others_appended(tmp_path: Path) -> None:
    """The web chat's case: a tab holds its session while the model answers; another tab appends."""
    sessions = SessionStore(FileDocumentStore(tmp_path / "data"), "default", "local")
    tab_a = sessions.create("shared")
    tab_b = sessions.get(tab_a.id)
    assert tab_b is not None
    tab_b.messages.append(StoredMessage("user", "from b"))
    sessions.save(tab_b)
    tab_a.messages.append(StoredMessage("user", "from a"))
    sessions.save(tab_a)
    final = sessions.get(tab_a.id)
    assert final is not None and [m.content for m in final.messages] == ["from b", "from a"]


def test_concurrent_processes_appending_to_one_session_lose_nothing(tmp_path: Path) -> None:
    data = tmp_path / "data"
    session_id = SessionStore(FileDocumentStore(data), "default", "local").create("shared").id
    procs = [writer(data, session_id, n * 1000, 15) for n in range(4)]
    acked = 0
    for process in procs:
        out, _ = process.communicate(timeout=120)
        assert process.returncode == 0
        acked += sum(line.startswith("ack") for line in out.splitlines())
    final = SessionStore(FileDocumentStore(data), "default", "local").get(session_id)
    assert final is not None and acked == 60 and len(final.messages) == 60


def test_a_corrupt_session_file_hides_only_that_session(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    data = tmp_path / "data"
    sessions = SessionStore(FileDocumentStore(data), "default", "local")
    good = sessions.create("good")
    good.messages.append(StoredMessage("user", "hello"))
    sessions.save(good)
    bad = sessions.create("bad")
    (data / "default" / "_user_local" / "chats" / f"{bad.id}.json").write_bytes(b'{"id": "x", "messages": [')
    with caplog.at_level(logging.WARNING, logger="vance_ui.chat"):
        listed = sessions.list()
        assert sessions.get(bad.id) is None
    assert [s.id for s in listed] == [good.id]
    assert f"{bad.id}.json" in caplog.text
    entries = sessions.listing()  # what the session list shows: the readable one, then an error entry
    assert [e.id for e in entries] == [good.id, bad.id]
    broken = entries[1]
    assert isinstance(broken, BrokenSession) and "not valid JSON" in broken.error
    again = sessions.get(good.id)
    assert again is not None and again.messages[0].content == "hello"
