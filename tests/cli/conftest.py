"""Helpers for the CLI tests: in-process `vance` runs, scripted terminals, the app as a subprocess."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput

from tests.conftest import REPO
from tests.support.app_server import AppServer, start_app

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


def start_served_app(data_dir: Path) -> AppServer:
    """`vance serve` (not app.py) on a free port, so the CLI's own entry point is what serves."""
    return start_app(data_dir, {"VANCE_WATCH": "false"}, timeout=90,
                     command=(VANCE, "serve", "--host", "127.0.0.1", "--port", "{port}"))


def python() -> str:
    return sys.executable
