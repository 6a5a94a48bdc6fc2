"""Start `app.py` as a real server process on a free port with its own data dir (for e2e tests)."""

from __future__ import annotations

import fcntl
import itertools
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import httpx

from tests.support.paths import REPO


@dataclass
class AppServer:
    process: subprocess.Popen[bytes]
    base_url: str
    data_dir: Path
    log_path: Path

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)


#: the loopback ports the tests hand out: below the kernel's ephemeral range (32768-60999), so no
#: outgoing connection and no `bind(0)` takes one
TEST_PORTS = range(20_000, 32_000)
#: a lock file per port handed out, held until the process ends: test processes side by side (`make
#: test` and `make test-fast` run two, an engineer may run more) never hand out the same port
PORT_LOCKS = Path(tempfile.gettempdir()) / "vance-test-ports"
_held_locks: list[int] = []  # the locks' file descriptors
_next_port = itertools.count(random.randrange(len(TEST_PORTS)))  # processes start apart


def free_port() -> int:
    """A loopback port nothing listens on and no other test process was given, for this process."""
    PORT_LOCKS.mkdir(exist_ok=True)
    for _ in range(len(TEST_PORTS)):
        port = TEST_PORTS[next(_next_port) % len(TEST_PORTS)]
        lock = os.open(PORT_LOCKS / str(port), os.O_CREAT | os.O_RDWR, 0o600)
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            with socket.socket() as sock:
                # as the servers bind: a copy of this socket that a child forked meanwhile by another
                # thread holds until it execs then does not stand in the server's way
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                sock.bind(("127.0.0.1", port))
        except OSError:  # another process's port, or in use
            os.close(lock)  # and with it the lock
            continue
        _held_locks.append(lock)
        return port
    raise RuntimeError(f"no free port in {TEST_PORTS}")


def child_env(data_dir: Path, port: int, extra: Mapping[str, str] | None) -> dict[str, str]:
    """The child must not believe it runs under pytest or inherit NiceGUI's internal variables."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTEST_", "NICEGUI_", "VANCE_"))}
    env.update({
        "VANCE_DATA_DIR": str(data_dir), "VANCE_PORT": str(port), "VANCE_HOST": "127.0.0.1",
        "VANCE_LOG_LEVEL": "WARNING", "LITELLM_LOCAL_MODEL_COST_MAP": "True", "PYTHONUNBUFFERED": "1",
    })
    env.update(extra or {})
    return env


def start_app(data_dir: Path, env: Mapping[str, str] | None = None, timeout: float = 30.0,
              command: Sequence[str] = (sys.executable, "app.py"), port: int | None = None,
              own_group: bool = False) -> AppServer:
    """`command` (app.py, or e.g. `vance serve --port {port}`) on `port` (default: a free one);
    returns once /healthz answers. `own_group`: the process and its children (render workers) are a
    process group of their own, which `os.killpg` ends at once, like a machine that goes away."""
    port = port or free_port()
    data_dir.mkdir(parents=True, exist_ok=True)
    log_path = data_dir.parent / f"app-{port}.log"
    with log_path.open("ab") as log:
        process = subprocess.Popen([part.format(port=port) for part in command], cwd=REPO,
                                   env=child_env(data_dir, port, env), stdout=log, stderr=subprocess.STDOUT,
                                   start_new_session=own_group)
    server = AppServer(process, f"http://127.0.0.1:{port}", data_dir, log_path)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"app.py exited with {process.returncode}:\n{server.log()}")
        try:
            if httpx.get(f"{server.base_url}/healthz", timeout=1).status_code == 200:
                return server
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    server.stop()
    raise RuntimeError(f"app.py did not answer /healthz within {timeout} s:\n{server.log()}")
