"""The app (app.py) as a real subprocess on a free loopback port, with its own data directory."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType

import httpx

REPO = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"  # loopback only


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def child_env(data_dir: Path, port: int) -> dict[str, str]:
    """The parent's environment without test/NiceGUI/model settings, pointed at `data_dir`."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTEST_", "NICEGUI_", "VANCE_"))}
    env.update(VANCE_DATA_DIR=str(data_dir), VANCE_HOST=HOST, VANCE_PORT=str(port), VANCE_WATCH="true",
               VANCE_LOG_LEVEL="WARNING", LITELLM_LOCAL_MODEL_COST_MAP="True", PYTHONUNBUFFERED="1")
    return env


class AppProcess:
    """`with AppProcess(data) as app:` starts app.py (or `script`); `app.started` is the monotonic start time."""

    def __init__(self, data_dir: Path, *, python_flags: tuple[str, ...] = (),
                 extra_env: dict[str, str] | None = None, script: str = "app.py") -> None:
        self.data_dir = data_dir
        self.script = script  # another NiceGUI app of the repository (e.g. bench/nicegui_floor.py)
        self.extra_env = dict(extra_env or {})
        self.port = free_port()
        self.base_url = f"http://{HOST}:{self.port}"
        self.python_flags = python_flags
        self.log_path = data_dir.parent / f"app-{self.port}.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.started = 0.0

    def __enter__(self) -> AppProcess:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        log = self.log_path.open("wb")
        self.started = time.monotonic()
        self.proc = subprocess.Popen(
            [sys.executable, *self.python_flags, self.script], cwd=REPO,
            env={**child_env(self.data_dir, self.port), **self.extra_env},
            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        )
        log.close()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.stop()

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=5)

    def log_tail(self, chars: int = 2000) -> str:
        with contextlib.suppress(OSError):
            return self.log_path.read_text(errors="replace")[-chars:]
        return ""

    def wait_for(self, path: str, *, timeout: float = 120, ok: object = None) -> float:
        """Poll `path` every 10 ms until 200 (and `ok(response)` if given); seconds since start."""
        deadline = time.monotonic() + timeout
        with httpx.Client(base_url=self.base_url, timeout=30) as client:
            while time.monotonic() < deadline:
                assert self.proc is not None
                if self.proc.poll() is not None:
                    raise RuntimeError(f"app exited with {self.proc.returncode}:\n{self.log_tail()}")
                try:
                    response = client.get(path)
                    if response.status_code == 200 and (ok is None or ok(response)):  # type: ignore[operator]
                        return time.monotonic() - self.started
                except httpx.TransportError:
                    pass
                time.sleep(0.01)
        raise TimeoutError(f"{path} not ready after {timeout} s:\n{self.log_tail()}")

    def rss_mb(self) -> float:
        """VmRSS of the server process from /proc, in MiB."""
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        raise RuntimeError("no VmRSS")
