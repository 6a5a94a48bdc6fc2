"""Counting how wizards are used: what an author later reads as a funnel is exactly what users did,
across threads and instances, after a clean shutdown, and never holds a value or a text."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import threading
from datetime import date, timedelta
from pathlib import Path

import pytest

from vance_ui.documents.filesystem import FileDocumentStore
from vance_ui.documents.postgres import PostgresDocumentStore
from vance_ui.documents.store import DocumentStore
from vance_ui.usage.events import OpenedFrom, Step, opened_key, page_key, use_seconds_key
from vance_ui.usage.recorder import KEEP_DAYS, USAGE_PROJECT, UsageRecorder, day_path
from vance_ui.usage.stats import UsageReader, biggest_drop

TODAY = date(2026, 12, 5)


def recorder(store: DocumentStore, day: date = TODAY) -> UsageRecorder:
    return UsageRecorder(store, interval=3600, today=lambda: day)  # flushed by the test, not the thread


def four_people_fill_a_council(usage: UsageRecorder) -> None:
    for person in range(4):
        usage.count("acme", None, "gremium", Step.OPENED)
        usage.count("acme", None, "gremium", opened_key(OpenedFrom.CARD if person else OpenedFrom.TAB))
        if person < 3:
            usage.count("acme", None, "gremium", page_key(2))
        if person < 1:
            usage.count("acme", None, "gremium", Step.USED)
            usage.count("acme", None, "gremium", use_seconds_key(42))
            usage.count("acme", None, "gremium", Step.SENT)


def test_what_users_did_is_what_the_funnel_says(store: DocumentStore) -> None:
    usage = recorder(store)
    four_people_fill_a_council(usage)
    usage.close()

    council = UsageReader(store, today=lambda: TODAY).wizards("acme", 30)["gremium"]
    assert [(s.key, s.count) for s in council.funnel(pages=2)] == [
        ("opened", 4), ("page.2", 3), ("used", 1), ("sent", 1)]
    assert council.totals["opened.card"] == 3 and council.totals["opened.tab"] == 1
    assert council.median_use_seconds == 45  # the 30-45 s bucket
    assert len(council.daily) == 30 and council.daily[-1] == (TODAY, council.totals)
    drop = biggest_drop(council.funnel(pages=2))
    assert drop is not None and drop.after.key == "page.2" and drop.lost == 2 and drop.share == 0.5


def test_counts_of_several_days_make_the_trend_and_old_ones_are_dropped(store: DocumentStore) -> None:
    for back in (0, 1, 1, 40, KEEP_DAYS + 1):
        usage = recorder(store, TODAY - timedelta(days=back))
        usage.count("acme", "research", "brief", Step.USED)
        usage.close()
    usage = recorder(store)
    usage.count("acme", "research", "brief", Step.OPENED)
    usage.close()  # the first batch of a day deletes what is older than 13 months

    reader = UsageReader(store, today=lambda: TODAY)
    brief = reader.wizards("acme", 30)["brief"]
    assert [counts.get("used", 0) for _, counts in brief.daily[-2:]] == [2, 1]
    assert reader.wizards("acme", 60)["brief"].totals["used"] == 4
    kept = {info.path for info in store.list("acme", USAGE_PROJECT, "days", ".json")}
    assert day_path(TODAY - timedelta(days=KEEP_DAYS + 1)) not in kept
    assert day_path(TODAY - timedelta(days=40)) in kept
    assert reader.wizards("acme", 30, project="research")["brief"].totals["used"] == 3
    assert "brief" not in reader.wizards("acme", 30, project="-")


def test_eight_writers_at_once_lose_no_count(store: DocumentStore, request: pytest.FixtureRequest,
                                            tmp_path: Path) -> None:
    """Eight instances (each its own store connection and recorder) add their batches at once."""
    def own_store() -> DocumentStore:
        if isinstance(store, PostgresDocumentStore):
            return PostgresDocumentStore.open(request.getfixturevalue("pg_url"))  # the same database
        return FileDocumentStore(tmp_path / "data")

    stores = [own_store() for _ in range(8)]
    start = threading.Barrier(8)

    def instance(own: DocumentStore) -> None:
        usage = recorder(own)
        for batch in range(5):
            for _ in range(25):
                usage.count("acme", None, "gremium", Step.OPENED)
            if batch == 0:
                start.wait()
            assert usage.flush()
        usage.close()

    threads = [threading.Thread(target=instance, args=(own,)) for own in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert UsageReader(store, today=lambda: TODAY).wizards("acme", 1)["gremium"].totals == {"opened": 8 * 5 * 25}
    for own in stores:
        if isinstance(own, PostgresDocumentStore):
            own.close()


def test_a_crash_between_batches_keeps_every_stored_batch_whole(tmp_path: Path) -> None:
    """A process counts, stores a batch, counts more and dies before the next: the stored batch is
    there, once; what was only in memory is gone (it was never acknowledged)."""
    data = tmp_path / "data"
    script = textwrap.dedent(f"""
        import os
        from pathlib import Path
        from datetime import date
        from vance_ui.documents.filesystem import FileDocumentStore
        from vance_ui.usage.recorder import UsageRecorder
        usage = UsageRecorder(FileDocumentStore(Path({str(data)!r})), interval=3600, today=lambda: date(2026, 12, 5))
        for _ in range(7):
            usage.count("acme", None, "gremium", "opened")
        assert usage.flush()
        for _ in range(5):
            usage.count("acme", None, "gremium", "opened")
        print("counted", flush=True)
        os.kill(os.getpid(), 9)
    """)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert run.returncode == -9 and "counted" in run.stdout, run.stderr
    store = FileDocumentStore(data)
    assert UsageReader(store, today=lambda: TODAY).wizards("acme", 1)["gremium"].totals == {"opened": 7}

    usage = recorder(store)  # a clean shutdown adds what was counted last
    usage.count("acme", None, "gremium", Step.OPENED)
    usage.close()
    assert UsageReader(store, today=lambda: TODAY).wizards("acme", 1)["gremium"].totals == {"opened": 8}


def test_counting_turned_off_stores_nothing(tmp_path: Path) -> None:
    store = FileDocumentStore(tmp_path / "data")
    usage = UsageRecorder(store, enabled=False)
    usage.count("acme", None, "gremium", Step.OPENED)
    usage.count_user_use("acme", "ann", "gremium")
    usage.close()
    assert list(store.addresses()) == []


def test_a_user_s_own_uses_are_theirs_alone(store: DocumentStore) -> None:
    usage = recorder(store)
    usage.count_user_use("acme", "ann", "gremium")
    usage.count_user_use("acme", "ann", "brief")
    usage.count_user_use("acme", "ann", "brief")
    usage.close()
    reader = UsageReader(store, today=lambda: TODAY)
    assert reader.recent("acme", "ann") == ["brief", "gremium"]
    assert reader.recent("acme", "bob") == []
    assert reader.recent("globex", "ann") == []


def test_only_known_counts_are_accepted_and_read() -> None:
    usage = UsageRecorder(FileDocumentStore(Path(os.devnull).parent / "never-written"), interval=3600)
    with pytest.raises(ValueError):
        usage.count("acme", None, "gremium", "prompt: my secret plan")
    assert not usage.pending()


def test_a_stored_document_with_other_keys_is_read_without_them(store: DocumentStore) -> None:
    store.put("acme", USAGE_PROJECT, day_path(TODAY),
              json.dumps({"counts": {"-": {"gremium": {"opened": 2, "text": 5, "used": "many"}, "x": 3}}}).encode())
    assert UsageReader(store, today=lambda: TODAY).wizards("acme", 1)["gremium"].totals == {"opened": 2}


def test_vance_store_copy_carries_the_counts(tmp_path: Path) -> None:
    from vance_ui.cli.main import main

    source = FileDocumentStore(tmp_path / "source")
    usage = recorder(source)
    usage.count("acme", None, "gremium", Step.USED)
    usage.count_user_use("acme", "ann", "gremium")
    usage.close()
    assert main(["store", "copy", "--from", str(tmp_path / "source"), "--to", str(tmp_path / "target")]) == 0
    copied = UsageReader(FileDocumentStore(tmp_path / "target"), today=lambda: TODAY)
    assert copied.wizards("acme", 1)["gremium"].totals == {"used": 1}
    assert copied.recent("acme", "ann") == ["gremium"]
