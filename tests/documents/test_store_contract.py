"""One contract, both stores: what the app relies on from any `DocumentStore` (files under the data
dir, or PostgreSQL shared by several instances). Each test runs against both."""

from __future__ import annotations

import threading
import time

import pytest

from vance_ui.documents.store import DocumentRef, DocumentStore, InvalidDocumentPath, VersionMismatch


def test_a_saved_document_reads_back_byte_for_byte(store: DocumentStore) -> None:
    content = "Grüße\r\n\x00 binary ✓".encode()
    info = store.put("acme", "research", "wizards/brief.yaml", content)
    document = store.get("acme", "research", "wizards/brief.yaml")
    assert document is not None and document.content == content
    assert document.info.version == info.version == store.info("acme", "research", "wizards/brief.yaml").version  # type: ignore[union-attr]
    assert (info.tenant, info.project, info.path) == ("acme", "research", "wizards/brief.yaml")
    assert store.get("acme", "research", "wizards/other.yaml") is None
    assert store.info("acme", "elsewhere", "wizards/brief.yaml") is None


def test_saving_again_gives_a_new_version(store: DocumentStore) -> None:
    first = store.put("acme", "_vance", "tenant.yaml", b"defaultLanguage: de\n")
    second = store.put("acme", "_vance", "tenant.yaml", b"defaultLanguage: en\n")
    assert first.version != second.version
    assert store.get("acme", "_vance", "tenant.yaml").content == b"defaultLanguage: en\n"  # type: ignore[union-attr]


def test_a_listing_holds_one_folder_of_one_layer_sorted(store: DocumentStore) -> None:
    for path in ("wizards/b.yaml", "wizards/a.yaml", "wizards/notes.txt", "wizards/sub/deep.yaml", "chats/1.json"):
        store.put("acme", "research", path, b"x")
    store.put("acme", "other", "wizards/c.yaml", b"x")
    store.put("globex", "research", "wizards/d.yaml", b"x")
    assert [i.path for i in store.list("acme", "research", "wizards", ".yaml")] == ["wizards/a.yaml", "wizards/b.yaml"]
    assert len(store.list("acme", "research", "wizards")) == 3
    assert store.list("acme", "research", "drafts") == []
    assert store.list("nobody", "research", "wizards") == []


def test_deleting_removes_it_once(store: DocumentStore) -> None:
    store.put("acme", "_user_ann", "drafts/brief.json", b"{}")
    assert store.delete("acme", "_user_ann", "drafts/brief.json") is True
    assert store.get("acme", "_user_ann", "drafts/brief.json") is None
    assert store.delete("acme", "_user_ann", "drafts/brief.json") is False


def test_a_tenant_s_layers_are_its_projects(store: DocumentStore) -> None:
    store.put("acme", "research", "wizards/a.yaml", b"x")
    store.put("acme", "_vance", "tenant.yaml", b"x")
    store.put("globex", "sales", "wizards/a.yaml", b"x")
    assert store.projects("acme") == ["_vance", "research"]
    assert store.projects("nobody") == []


def test_addresses_that_could_escape_are_refused(store: DocumentStore) -> None:
    for path in ("../x.yaml", "wizards/../../x", "/etc/passwd", "a//b", ""):
        with pytest.raises(InvalidDocumentPath):
            store.put("acme", "research", path, b"x")
    with pytest.raises(InvalidDocumentPath):
        store.put("..", "research", "wizards/a.yaml", b"x")


def test_replace_writes_only_over_the_version_it_was_based_on(store: DocumentStore) -> None:
    created = store.replace("acme", "research", "wizards/a.yaml", b"one", None)
    assert created is not None and store.get("acme", "research", "wizards/a.yaml").content == b"one"  # type: ignore[union-attr]
    with pytest.raises(VersionMismatch) as exists:  # someone else created it first
        store.replace("acme", "research", "wizards/a.yaml", b"mine", None)
    assert exists.value.current is not None and exists.value.current.version == created.version
    updated = store.replace("acme", "research", "wizards/a.yaml", b"two", created.version)
    assert updated is not None and updated.version != created.version
    with pytest.raises(VersionMismatch) as stale:  # a save based on the old version
        store.replace("acme", "research", "wizards/a.yaml", b"three", created.version)
    assert stale.value.current is not None and stale.value.current.version == updated.version
    assert store.get("acme", "research", "wizards/a.yaml").content == b"two"  # type: ignore[union-attr]
    assert store.replace("acme", "research", "wizards/a.yaml", None, updated.version) is None
    assert store.get("acme", "research", "wizards/a.yaml") is None
    with pytest.raises(VersionMismatch) as gone:
        store.replace("acme", "research", "wizards/a.yaml", b"four", updated.version)
    assert gone.value.current is None


def test_concurrent_replaces_from_one_version_let_exactly_one_win(store: DocumentStore) -> None:
    base = store.put("acme", "research", "wizards/a.yaml", b"base")
    outcomes: list[str] = []

    def save(content: bytes) -> None:
        try:
            store.replace("acme", "research", "wizards/a.yaml", content, base.version)
            outcomes.append("saved")
        except VersionMismatch:
            outcomes.append("mismatch")

    threads = [threading.Thread(target=save, args=(f"edit {n}".encode(),)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["mismatch"] * 7 + ["saved"]


def test_a_lock_makes_read_modify_write_lose_nothing(store: DocumentStore) -> None:
    store.put("acme", "_user_ann", "chats/c.json", b"")

    def append(mark: bytes) -> None:
        for _ in range(10):
            with store.locked("acme", "_user_ann", "chats/c.json"):
                current = store.get("acme", "_user_ann", "chats/c.json")
                assert current is not None
                store.put("acme", "_user_ann", "chats/c.json", current.content + mark)

    threads = [threading.Thread(target=append, args=(mark,)) for mark in (b"a", b"b", b"c", b"d")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    content = store.get("acme", "_user_ann", "chats/c.json").content  # type: ignore[union-attr]
    assert sorted(content) == sorted(b"a" * 10 + b"b" * 10 + b"c" * 10 + b"d" * 10)


def test_writes_are_announced_as_document_refs(store: DocumentStore) -> None:
    seen: list[frozenset[DocumentRef] | None] = []
    store.subscribe_refs(seen.append)
    store.start_watching()
    try:
        before = store.generation
        assert before is not None
        store.put("acme", "research", "wizards/a.yaml", b"x")
        store.delete("acme", "research", "wizards/a.yaml")
        assert store.generation is not None and store.generation > before
        deadline = time.monotonic() + 5
        while sum(1 for refs in seen if refs and DocumentRef("acme", "research", "wizards/a.yaml") in refs) < 2:
            assert time.monotonic() < deadline, f"writes not announced: {seen}"
            time.sleep(0.05)
    finally:
        store.stop_watching()
    assert store.generation is None


def test_every_document_can_be_enumerated(store: DocumentStore) -> None:
    store.put("acme", "research", "wizards/a.yaml", b"x")
    store.put("acme", "_user_ann", "chats/deep/1.json", b"x")
    store.put("globex", "_vance", "tenant.yaml", b"x")
    assert sorted(store.addresses(), key=lambda r: (r.tenant, r.project, r.path)) == [
        DocumentRef("acme", "_user_ann", "chats/deep/1.json"), DocumentRef("acme", "research", "wizards/a.yaml"),
        DocumentRef("globex", "_vance", "tenant.yaml")]


def test_many_documents_of_a_layer_are_read_at_once(store: DocumentStore) -> None:
    infos = [store.put("acme", "research", f"wizards/w{n}.yaml", f"wizard {n}".encode()) for n in range(5)]
    read = store.get_many("acme", "research", ["wizards/w1.yaml", "wizards/w3.yaml", "wizards/missing.yaml"])
    assert sorted(read) == ["wizards/w1.yaml", "wizards/w3.yaml"]
    assert read["wizards/w3.yaml"].content == b"wizard 3" and read["wizards/w3.yaml"].info == infos[3]
