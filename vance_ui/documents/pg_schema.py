"""The PostgreSQL store's schema: versioned SQL migrations (`migrations/NNNN_name.sql`), applied in
order at start-up under an advisory lock (two instances starting together migrate once), recorded
in `schema_version`. A database migrated by newer code is refused, never written to."""

from __future__ import annotations

import re
from pathlib import Path

import psycopg

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
_LOCK = 0x76616E6365  # "vance": the advisory lock id migrations run under


class SchemaTooNew(RuntimeError):
    """The database was migrated by a newer version of the app than this one."""


def migrations() -> list[tuple[int, Path]]:
    found = sorted((int(match.group(1)), path) for path in MIGRATIONS.iterdir()
                   if (match := _NAME.fullmatch(path.name)))
    numbers = [number for number, _ in found]
    assert numbers == list(range(1, len(numbers) + 1)), f"migrations must be numbered 1..n: {numbers}"
    return found


def latest() -> int:
    return len(migrations())


def migrate(conn: psycopg.Connection[tuple[object, ...]]) -> int:
    """Bring the schema up to date; returns the version it is at. Raises `SchemaTooNew`."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK,))
        conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version integer PRIMARY KEY, "
                     "applied timestamptz NOT NULL DEFAULT now())")
        row = conn.execute("SELECT coalesce(max(version), 0) FROM schema_version").fetchone()
        current = int(row[0]) if row else 0  # type: ignore[call-overload]
        steps = migrations()
        if current > len(steps):
            raise SchemaTooNew(f"the database's schema is version {current}, newer than this app knows "
                               f"({len(steps)}): upgrade the app, or point VANCE_DATABASE_URL elsewhere")
        for number, path in steps[current:]:
            conn.execute(path.read_text(encoding="utf-8").encode())
            conn.execute("INSERT INTO schema_version (version) VALUES (%s)", (number,))
            current = number
    return current
