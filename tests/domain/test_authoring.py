"""Issue 16, the write side: an author saves, deletes and restores wizards of a layer, validated
exactly as a load, with optimistic concurrency, a bounded history and per-layer permissions."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.support.paths import REPO
from tests.support.wizard_files import write_wizard
from vance_ui.authoring.history import KEEP
from vance_ui.authoring.service import (
    LayerForbidden,
    NothingToRestore,
    SourceInvalid,
    SourceNotFound,
    VersionConflict,
    WizardAuthoring,
)
from vance_ui.documents.filesystem import BundledStore, FileDocumentStore
from vance_ui.documents.store import InvalidDocumentPath, ReadOnlyStore, VersionMismatch
from vance_ui.service import Scope, WizardService
from vance_ui.settings import Settings
from vance_ui.wizards.catalog.model import Source

ADMIN = Scope("default", "local", admin=True)
ALICE = Scope("default", "alice")  # a multi-user member without the admin role


def wizard(title: str, template: str = "Hello {{ topic }}") -> str:
    return (f"# kept as written\ntitle: {{en: \"{title}\"}}\ndescription: {{en: About}}\n"
            "fields:\n  - {name: topic, type: string, label: {en: Topic}}\n"
            f"promptTemplate: '{template}'\n")


BROKEN = ("title: {en: Broken}\ndescription: {en: B}\n"
          "fields:\n  - {name: topic, type: strin, label: {en: T}}\npromptTemplate: '{{ topic '\n")


@pytest.fixture
def authoring(service: WizardService) -> WizardAuthoring:
    return WizardAuthoring(service)


def test_a_save_is_listed_at_once_from_its_layer(authoring: WizardAuthoring, service: WizardService,
                                                 data_dir: Path) -> None:
    service.list_wizards(ADMIN)  # a listing built before the save must not be served after it
    saved = authoring.save(ADMIN, "notes", Source.USER, wizard("Notes"), None)
    assert (data_dir / "default/_user_local/wizards/notes.yaml").read_text() == wizard("Notes")
    listed = {w.name: w for w in service.list_wizards(ADMIN)}
    assert listed["notes"].title == "Notes" and listed["notes"].source == "USER"
    assert authoring.read(ADMIN, "notes", Source.USER) == saved
    authoring.save(ADMIN, "notes", Source.USER, wizard("Notes 2"), saved.version)
    assert service.definition(ADMIN, "notes").title == "Notes 2"


def test_a_watched_data_dir_lists_a_save_before_the_watcher_sees_it(authoring: WizardAuthoring,
                                                                    service: WizardService) -> None:
    service.start_watching()
    try:
        assert "notes" not in {w.name for w in service.list_wizards(ADMIN)}  # cached for this generation
        authoring.save(ADMIN, "notes", Source.VANCE, wizard("Now"), None)
        assert {w.name: w.source for w in service.list_wizards(ADMIN)}["notes"] == "VANCE"
        assert service.definition(ADMIN, "notes").title == "Now"
        authoring.delete(ADMIN, "notes", Source.VANCE, None)
        assert "notes" not in {w.name for w in service.list_wizards(ADMIN)}
    finally:
        service.stop_watching()


def test_an_invalid_wizard_is_refused_with_every_problem_and_nothing_is_written(
        authoring: WizardAuthoring, data_dir: Path) -> None:
    with pytest.raises(SourceInvalid) as refused:
        authoring.save(ADMIN, "notes", Source.USER, BROKEN, None)
    lines = sorted((p.line, p.message) for p in refused.value.problems)
    assert len(lines) >= 1 and all(line for line, _ in lines)
    assert any("unknown field type" in message for _, message in lines)
    assert not (data_dir / "default/_user_local").exists()
    assert sorted((p.line, p.message) for p in authoring.problems("notes", BROKEN)) == lines
    assert authoring.problems("notes", wizard("ok")) == []
    template_problems = authoring.problems("notes", wizard("x", "{{ topic "))
    assert template_problems and template_problems[0].line == 6


def test_a_stale_version_conflicts_and_loses_nothing(authoring: WizardAuthoring, data_dir: Path) -> None:
    first = authoring.save(ADMIN, "notes", Source.VANCE, wizard("One"), None)
    authoring.save(ADMIN, "notes", Source.VANCE, wizard("Two"), first.version)  # another editor saved
    with pytest.raises(VersionConflict) as conflict:
        authoring.save(ADMIN, "notes", Source.VANCE, wizard("Three"), first.version)
    assert conflict.value.current == authoring.read(ADMIN, "notes", Source.VANCE).version
    assert "Two" in (data_dir / "default/_vance/wizards/notes.yaml").read_text()
    with pytest.raises(VersionConflict) as absent:
        authoring.save(ADMIN, "other", Source.VANCE, wizard("x"), first.version)
    assert absent.value.current is None
    with pytest.raises(VersionConflict):
        authoring.delete(ADMIN, "notes", Source.VANCE, first.version)
    assert (data_dir / "default/_vance/wizards/notes.yaml").exists()


def test_history_keeps_the_original_every_change_and_only_the_last_fifty(
        authoring: WizardAuthoring, data_dir: Path) -> None:
    write_wizard(data_dir, "_vance", "notes", wizard("Hand written"))
    authoring.save(ADMIN, "notes", Source.VANCE, wizard("Edited"), None)
    entries = authoring.history(ADMIN, "notes", Source.VANCE)
    assert [(e.action, e.author) for e in entries] == [("save", "local"), ("original", "")]
    assert "Hand written" in authoring.version_text(ADMIN, "notes", Source.VANCE, entries[1].id)
    assert entries[0].time > entries[1].time and entries[0].time.tzinfo is not None
    for i in range(KEEP + 3):
        authoring.save(ADMIN, "notes", Source.VANCE, wizard(f"v{i}"), None)
    entries = authoring.history(ADMIN, "notes", Source.VANCE)
    assert len(entries) == KEEP
    assert "v52" in authoring.version_text(ADMIN, "notes", Source.VANCE, entries[0].id)
    assert entries[0].version == authoring.read(ADMIN, "notes", Source.VANCE).version


def test_restore_writes_a_new_version_and_a_delete_keeps_the_one_before(
        authoring: WizardAuthoring, service: WizardService) -> None:
    one = authoring.save(ADMIN, "notes", Source.USER, wizard("One"), None)
    two = authoring.save(ADMIN, "notes", Source.USER, wizard("Two"), one.version)
    authoring.delete(ADMIN, "notes", Source.USER, two.version)
    assert "notes" not in {w.name for w in service.list_wizards(ADMIN)}
    with pytest.raises(SourceNotFound):
        authoring.read(ADMIN, "notes", Source.USER)
    deleted, _second, first = authoring.history(ADMIN, "notes", Source.USER)
    assert (deleted.action, deleted.version, deleted.size) == ("delete", None, 0)
    with pytest.raises(NothingToRestore):
        authoring.restore(ADMIN, "notes", Source.USER, deleted.id, None)
    with pytest.raises(VersionConflict):  # it is absent now: a version to match cannot be right
        authoring.restore(ADMIN, "notes", Source.USER, first.id, two.version)
    restored = authoring.restore(ADMIN, "notes", Source.USER, first.id, None)
    assert restored.version == one.version and service.definition(ADMIN, "notes").title == "One"
    assert [e.action for e in authoring.history(ADMIN, "notes", Source.USER)] == ["restore", "delete", "save", "save"]
    with pytest.raises(SourceNotFound):
        authoring.restore(ADMIN, "notes", Source.USER, "00000000000000000001-abcd", None)
    with pytest.raises(SourceNotFound):
        authoring.delete(ADMIN, "absent", Source.USER, None)


def test_single_user_admin_writes_project_user_and_tenant_layers(authoring: WizardAuthoring, data_dir: Path) -> None:
    in_project = Scope("default", "local", "research", admin=True)
    assert authoring.writable_layers(in_project) == [Source.PROJECT, Source.USER, Source.VANCE]
    assert authoring.writable_layers(ADMIN) == [Source.USER, Source.VANCE]
    authoring.save(in_project, "notes", Source.PROJECT, wizard("P"), None)
    assert (data_dir / "default/research/wizards/notes.yaml").exists()
    with pytest.raises(LayerForbidden):
        authoring.save(in_project, "notes", Source.RESOURCE, wizard("R"), None)
    with pytest.raises(LayerForbidden):
        authoring.save(ADMIN, "notes", Source.PROJECT, wizard("no project"), None)


def test_a_member_writes_only_their_own_layer(authoring: WizardAuthoring, data_dir: Path) -> None:
    in_project = Scope("default", "alice", "research")
    assert authoring.writable_layers(in_project) == [Source.USER]
    for layer in (Source.VANCE, Source.PROJECT, Source.RESOURCE):
        with pytest.raises(LayerForbidden):
            authoring.save(in_project, "notes", layer, wizard("x"), None)
        with pytest.raises(LayerForbidden):
            authoring.history(in_project, "notes", layer)
    authoring.save(ALICE, "notes", Source.USER, wizard("Alice's"), None)
    assert (data_dir / "default/_user_alice/wizards/notes.yaml").exists()
    assert not (data_dir / "default/_vance").exists() and not (data_dir / "default/research").exists()
    # a lower layer's source can be read (to customize it), never changed
    assert "gremium" in authoring.read(ALICE, "gremium", Source.RESOURCE).name


def test_another_users_layer_is_never_reached(authoring: WizardAuthoring, data_dir: Path) -> None:
    write_wizard(data_dir, "_user_bob", "secret", wizard("Bob's"))
    with pytest.raises(SourceNotFound):  # USER is always the caller's own layer
        authoring.read(ALICE, "secret", Source.USER)
    as_bob_namespace = Scope("default", "alice", "_user_bob", admin=True)
    assert Source.PROJECT not in authoring.writable_layers(as_bob_namespace)
    with pytest.raises(LayerForbidden):
        authoring.save(as_bob_namespace, "secret", Source.PROJECT, wizard("x"), None)
    with pytest.raises(InvalidDocumentPath):
        authoring.history(ALICE, "../_user_bob/wizards/secret", Source.USER)
    assert "Bob's" in (data_dir / "default/_user_bob/wizards/secret.yaml").read_text()


def test_two_racing_writers_exactly_one_wins(data_dir: Path) -> None:
    store = FileDocumentStore(data_dir)
    base = store.put("default", "_vance", "wizards/notes.yaml", b"title: base\n")
    barrier = threading.Barrier(8)
    outcomes: list[str] = []

    def write(i: int) -> None:
        other = FileDocumentStore(data_dir)  # another instance, as another process would have
        barrier.wait()
        try:
            other.replace("default", "_vance", "wizards/notes.yaml", f"title: w{i}\n".encode(), base.version)
            outcomes.append(f"won {i}")
        except VersionMismatch as mismatch:
            assert mismatch.current is not None and mismatch.current.version != base.version
            outcomes.append("lost")

    threads = [threading.Thread(target=write, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    winners = [o for o in outcomes if o.startswith("won")]
    assert len(winners) == 1 and outcomes.count("lost") == 7
    assert (data_dir / "default/_vance/wizards/notes.yaml").read_text() == f"title: w{winners[0].split()[1]}\n"


RACER = """
import sys
from pathlib import Path
from vance_ui.documents.filesystem import FileDocumentStore
from vance_ui.documents.store import VersionMismatch
store = FileDocumentStore(Path(sys.argv[1]))
print("ready", flush=True)
sys.stdin.readline()  # all start together
try:
    store.replace("default", "_vance", "wizards/notes.yaml", f"title: {sys.argv[2]}\\n".encode(), sys.argv[3])
    print("won")
except VersionMismatch:
    print("lost")
"""


def test_racing_processes_exactly_one_wins(data_dir: Path) -> None:
    base = FileDocumentStore(data_dir).put("default", "_vance", "wizards/notes.yaml", b"title: base\n")
    racers = [subprocess.Popen([sys.executable, "-c", RACER, str(data_dir), f"p{i}", base.version], cwd=REPO,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) for i in range(4)]
    for racer in racers:  # once every racer has imported, release them at once
        assert racer.stdout is not None
        assert racer.stdout.readline() == "ready\n"
    for racer in racers:
        assert racer.stdin is not None
        racer.stdin.write("go\n")
        racer.stdin.flush()
    results = [racer.communicate(timeout=60)[0].strip() for racer in racers]
    assert sorted(results) == ["lost", "lost", "lost", "won"]
    winner = results.index("won")
    assert (data_dir / "default/_vance/wizards/notes.yaml").read_text() == f"title: p{winner}\n"


def test_replace_creates_deletes_and_refuses_on_a_read_only_store(data_dir: Path, tmp_path: Path) -> None:
    store = FileDocumentStore(data_dir)
    created = store.replace("default", "_vance", "wizards/a.yaml", b"x", None)
    assert created is not None
    with pytest.raises(VersionMismatch) as exists:
        store.replace("default", "_vance", "wizards/a.yaml", b"y", None)
    assert exists.value.current == created
    assert store.replace("default", "_vance", "wizards/a.yaml", None, created.version) is None
    assert store.get("default", "_vance", "wizards/a.yaml") is None
    with pytest.raises(VersionMismatch) as gone:
        store.replace("default", "_vance", "wizards/a.yaml", None, created.version)
    assert gone.value.current is None
    with pytest.raises(ReadOnlyStore):
        BundledStore(tmp_path).replace("default", "_vance", "wizards/a.yaml", b"x", None)


def test_the_write_side_works_the_same_on_postgresql(settings: Settings, pg_url: str) -> None:
    """Issue 18 x 16: saves, conflicts, history and restore live in the database store too."""
    from vance_ui.documents.postgres import PostgresDocumentStore
    from vance_ui.settings import BUNDLED_DEFAULTS_DIR

    store = PostgresDocumentStore.open(pg_url)
    try:
        service = WizardService(settings, store, BundledStore(BUNDLED_DEFAULTS_DIR))
        authoring = WizardAuthoring(service)
        first = authoring.save(ADMIN, "notes", Source.VANCE, wizard("Notes"), None)
        second = authoring.save(ADMIN, "notes", Source.VANCE, wizard("Notes 2"), first.version)
        with pytest.raises(VersionConflict) as conflict:
            authoring.save(ADMIN, "notes", Source.VANCE, wizard("Lost?"), first.version)
        assert conflict.value.current == second.version
        with pytest.raises(SourceInvalid):
            authoring.save(ADMIN, "notes", Source.VANCE, BROKEN, None)
        stored = store.get("default", "_vance", "wizards/notes.yaml")
        assert stored is not None and stored.content == wizard("Notes 2").encode()
        history = authoring.history(ADMIN, "notes", Source.VANCE)
        assert [entry.action for entry in history] == ["save", "save"]
        restored = authoring.restore(ADMIN, "notes", Source.VANCE, history[-1].id, second.version)
        assert restored.text == wizard("Notes")
        assert {w.name: w.title for w in service.list_wizards(ADMIN)}["notes"] == "Notes"
        assert authoring.history(ADMIN, "notes", Source.VANCE)[0].action == "restore"
    finally:
        store.close()
