"""`vance store copy`: a data dir moves into PostgreSQL and back byte for byte; copying into a target
that already holds data updates what changed (running instances see it) and keeps the rest."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.support.cli import FIXTURES
from vance_ui.cli.main import main
from vance_ui.documents.postgres import PostgresDocumentStore
from vance_ui.documents.store import DocumentRef


def documents(root: Path) -> dict[str, bytes]:
    """Every document file under a data dir (not the private cache or dot files), by relative path."""
    return {str(file.relative_to(root)): file.read_bytes() for file in sorted(root.rglob("*"))
            if file.is_file() and not any(part.startswith(".") for part in file.relative_to(root).parts)}


@pytest.fixture
def test_data(tmp_path: Path) -> Path:
    """The CLI tests' wizard files spread over tenants and layers, plus what users leave behind."""
    root = tmp_path / "source"
    for number, wizard in enumerate(sorted(FIXTURES.rglob("*.yaml"))):
        layer = ("default/_vance", "default/research", "acme/_user_ann", "acme/_vance")[number % 4]
        target = root / layer / "wizards" / wizard.name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(wizard.read_bytes())
    files = {
        "default/_vance/tenant.yaml": "defaultLanguage: de\ncategories: {x: {de: 'Ä'}}\n".encode(),
        "default/_user_local/chats/1-abc.json":
            '{"id": "1-abc", "messages": [{"role": "user", "content": "Grüße ✓"}]}'.encode(),
        "default/_user_local/drafts/all-types.json": b'{"values": {"a": 1}, "page": 0}',
        "acme/_user_ann/inputs/1-abc.json": b'{"text": "half typed\\r\\n"}',
        "acme/research/notes/deep/er/file.bin": bytes(range(256)),  # any bytes, any depth
        "acme/research/empty.txt": b"",
    }
    for relative, content in files.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_bytes(content)
    (root / ".cache" / "wizards").mkdir(parents=True)
    (root / ".cache" / "wizards" / "entry").write_bytes(b"derived, never copied")
    return root


def test_a_data_dir_moves_to_postgresql_and_back_byte_for_byte(test_data: Path, tmp_path: Path, pg_url: str,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["store", "copy", "--from", str(test_data), "--to", pg_url]) == 0
    expected = documents(test_data)
    assert capsys.readouterr().out.startswith(f"{len(expected)} written")
    back = tmp_path / "back"
    assert main(["store", "copy", "--from", pg_url, "--to", str(back)]) == 0
    assert documents(back) == expected
    assert main(["store", "copy", "--from", str(test_data), "--to", pg_url]) == 0  # again: nothing to do
    assert capsys.readouterr().out.splitlines()[-1] == f"0 written, {len(expected)} already the same"


def test_copying_into_a_database_in_use_updates_what_changed_and_keeps_the_rest(
        test_data: Path, pg_url: str) -> None:
    assert main(["store", "copy", "--from", str(test_data), "--to", pg_url]) == 0
    instance = PostgresDocumentStore.open(pg_url)  # a running app instance on that database
    seen: list[frozenset[DocumentRef] | None] = []
    instance.subscribe_refs(seen.append)
    instance.start_watching()
    try:
        instance.put("default", "_user_local", "chats/2-new.json", b'{"id": "2-new"}')  # only the database has it
        (test_data / "default/_vance/tenant.yaml").write_bytes(b"defaultLanguage: en\n")
        assert main(["store", "copy", "--from", str(test_data), "--to", pg_url]) == 0
        changed = DocumentRef("default", "_vance", "tenant.yaml")
        deadline = time.monotonic() + 10
        while not any(refs and changed in refs for refs in seen):
            assert time.monotonic() < deadline, f"the instance was not told: {seen}"
            time.sleep(0.05)
        assert instance.get("default", "_vance", "tenant.yaml").content == b"defaultLanguage: en\n"  # type: ignore[union-attr]
        assert instance.get("default", "_user_local", "chats/2-new.json") is not None
    finally:
        instance.close()


def test_an_unreachable_target_is_one_line(test_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["store", "copy", "--from", str(test_data), "--to", "postgresql://x:pw@127.0.0.1:1/none"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("vance store copy: cannot use PostgreSQL at 127.0.0.1:1/none") and "pw" not in err
