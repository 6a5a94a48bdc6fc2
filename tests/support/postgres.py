"""A throwaway PostgreSQL cluster for tests: initdb + pg_ctl in a temp dir, a unix socket there and a
free port, run as the `postgres` user when the tests run as root (initdb refuses root). Each test
gets a fresh database of its own (`create_database`); the cluster is dropped at the end."""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import psycopg

from tests.support.app_server import free_port

PG_LIB = Path("/usr/lib/postgresql")  # Debian keeps the server tools per major version, off PATH


class PostgresMissing(RuntimeError):
    pass


def _tool(name: str) -> str:
    versions = sorted(PG_LIB.glob(f"*/bin/{name}"), key=lambda p: int(p.parts[-3]) if p.parts[-3].isdigit() else 0)
    found = shutil.which(name) or (str(versions[-1]) if versions else None)
    if found is None:
        raise PostgresMissing(f"{name} not found: install Debian's postgresql (make test does)")
    return found


@dataclass
class PgCluster:
    base: Path
    port: int
    _databases: int = field(default=0)

    @property
    def socket_dir(self) -> str:
        return str(self.base)

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://vance@/{dbname}?host={self.base}&port={self.port}"

    def _as_owner(self, *command: str) -> list[str]:
        return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else list(command)

    def pg_ctl(self, *args: str) -> None:
        subprocess.run(self._as_owner(_tool("pg_ctl"), "-D", str(self.base / "data"), *args),
                       check=True, capture_output=True, timeout=60)

    def start(self) -> None:
        self.pg_ctl("-o", f"-p {self.port} -k {self.base} -c listen_addresses='' -c fsync=off",
                    "-l", str(self.base / "log"), "-w", "start")

    def stop(self, mode: str = "fast") -> None:
        self.pg_ctl("-m", mode, "-w", "stop")

    def create_database(self) -> str:
        """A fresh, empty database; its URL."""
        self._databases += 1
        name = f"t{self._databases}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)


def start_cluster() -> PgCluster:
    initdb = _tool("initdb")
    base = Path(tempfile.mkdtemp(prefix="vpg-"))
    if os.geteuid() == 0:
        owner = pwd.getpwnam("postgres")
        os.chown(base, owner.pw_uid, owner.pw_gid)
    cluster = PgCluster(base, free_port())
    subprocess.run(cluster._as_owner(initdb, "-D", str(base / "data"), "-A", "trust", "-U", "vance",
                                     "--no-sync", "-E", "UTF8"), check=True, capture_output=True, timeout=120)
    cluster.start()
    return cluster


def drop_cluster(cluster: PgCluster) -> None:
    try:
        cluster.stop("immediate")
    finally:
        shutil.rmtree(cluster.base, ignore_errors=True)
