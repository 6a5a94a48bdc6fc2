"""Helpers for the CLI tests: in-process `vance` runs, scripted terminals, the app as a subprocess."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput

from tests.conftest import REPO

FIXTURES = Path(__file__).resolve().parent / "fixtures"
VANCE = str(REPO / ".venv" / "bin" / "vance")
CLEAR = "\x15"  # Ctrl-U: empty the pre-filled answer before typing a new one
FINISH = "\x1b\r"  # Esc, Enter: finish a multi-line answer


@pytest.fixture
def cli_data(data_dir: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A data dir (with the all-types wizard in the tenant layer) that `Settings()` picks up."""
    layer = data_dir / "default" / "_vance" / "wizards"
    layer.mkdir(parents=True)
    shutil.copy(FIXTURES / "wizards" / "all-types.yaml", layer)
    monkeypatch.setenv("VANCE_DATA_DIR", str(data_dir))
    monkeypatch.setenv("VANCE_WATCH", "false")
    monkeypatch.delenv("EDITOR", raising=False)
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.chdir(tmp_path)  # no developer .env file
    return data_dir


@contextmanager
def typed(*keys: str) -> Iterator[PipeInput]:
    """A prompt_toolkit session whose keyboard input is `keys`."""
    with create_pipe_input() as pipe:
        pipe.send_text("".join(keys))
        with create_app_session(input=pipe, output=DummyOutput()):
            yield pipe


def child_env(**extra: str) -> dict[str, str]:
    """The test process's environment without pytest's and NiceGUI's own variables."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTEST_", "NICEGUI_", "VANCE_", "COV_"))}
    env.update(extra)
    return env


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class AppProcess:
    process: subprocess.Popen[bytes]
    base_url: str
    data_dir: Path


def start_app(data_dir: Path, log: Path) -> AppProcess:
    """`vance serve` on a free port; returns once GET /healthz answers."""
    port = free_port()
    env = child_env(VANCE_DATA_DIR=str(data_dir), VANCE_WATCH="false", VANCE_LOG_LEVEL="WARNING")
    with log.open("wb") as out:
        process = subprocess.Popen([VANCE, "serve", "--host", "127.0.0.1", "--port", str(port)],
                                   env=env, stdout=out, stderr=subprocess.STDOUT, cwd=data_dir.parent)
    base_url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90  # generous: a loaded machine starts NiceGUI slowly
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the app exited with {process.returncode}:\n{log.read_text()}")
        try:
            if httpx.get(f"{base_url}/healthz", timeout=1).status_code == 200:
                return AppProcess(process, base_url, data_dir)
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    process.kill()
    raise AssertionError(f"the app did not answer /healthz:\n{log.read_text()}")


def stop_app(app: AppProcess) -> None:
    app.process.terminate()
    try:
        app.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        app.process.kill()
        app.process.wait(timeout=5)


def python() -> str:
    return sys.executable
