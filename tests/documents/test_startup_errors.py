"""Starting on a database that cannot be used ends with one clear line, not a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import psycopg
import pytest

from tests.support.app_server import child_env, free_port
from tests.support.paths import REPO
from vance_ui.documents.postgres import PostgresDocumentStore


def start(data: Path, url: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "app.py"], cwd=REPO, capture_output=True, text=True, timeout=60,
                          env=child_env(data, free_port(), {"VANCE_DATABASE_URL": url}))


@pytest.mark.slow
def test_an_unreachable_database_is_named_in_one_line(tmp_path: Path) -> None:
    url = f"postgresql://vance:s3cret-pw@127.0.0.1:{free_port()}/vance"  # nothing listens there
    result = start(tmp_path / "data", url)
    assert result.returncode != 0
    assert "cannot use PostgreSQL at 127.0.0.1" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert "s3cret-pw" not in result.stderr + result.stdout  # the password never appears


def test_a_schema_newer_than_the_code_is_refused(tmp_path: Path, pg_url: str) -> None:
    PostgresDocumentStore.open(pg_url).close()  # migrated to this code's version
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("INSERT INTO schema_version (version) VALUES (999)")  # as a newer release would
    result = start(tmp_path / "data", pg_url)
    assert result.returncode != 0
    assert "newer than this app knows" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_starting_again_migrates_nothing(pg_url: str) -> None:
    stores = [PostgresDocumentStore.open(pg_url) for _ in range(2)]
    for store in stores:
        store.close()
    with psycopg.connect(pg_url) as conn:
        assert conn.execute("SELECT count(*) FROM schema_version").fetchone() == (1,)


def test_the_cli_names_an_unreachable_database_in_one_line(tmp_path: Path) -> None:
    url = f"postgresql://vance:s3cret-pw@127.0.0.1:{free_port()}/vance"
    env = child_env(tmp_path / "data", free_port(), {"VANCE_DATABASE_URL": url, "PYTHONPATH": str(REPO)})
    result = subprocess.run([sys.executable, "-m", "vance_ui.cli.main", "wizards"], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert result.stderr.startswith("vance: cannot use PostgreSQL at 127.0.0.1")
    assert "Traceback" not in result.stderr and "s3cret-pw" not in result.stderr
