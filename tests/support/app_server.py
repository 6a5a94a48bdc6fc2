"""Start `app.py` as a real server process on a free port with its own data dir (for e2e tests)."""

from __future__ import annotations

import itertools
import os
import socket
import subprocess
import sys
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
#: outgoing connection and no `bind(0)` ever takes one; each test process of `make test` has its own
#: block (`VANCE_TEST_PORTS`: 0, 1, ...), so two processes side by side never get the same port
PORT_BASE, PORTS_PER_PROCESS = 20_000, 3_000
#: where in its block a process starts: one after another, a port of a last run's process (maybe
#: still in TIME_WAIT) is not the first one tried
_next_port = itertools.count(os.getpid() % PORTS_PER_PROCESS)


def free_port() -> int:
    """A loopback port nothing listens on, from this process's block, not handed out before."""
    low = PORT_BASE + int(os.environ.get("VANCE_TEST_PORTS", "0")) * PORTS_PER_PROCESS
    for _ in range(PORTS_PER_PROCESS):
        port = low + next(_next_port) % PORTS_PER_PROCESS
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:  # in use, or a closed connection's TIME_WAIT
                continue
        return port
    raise RuntimeError(f"no free port in {low}-{low + PORTS_PER_PROCESS - 1}")


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
