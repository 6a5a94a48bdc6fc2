"""The `vance` command in tests: scripted keyboard input, a clean environment for child processes,
`vance serve` as the server, and answers that several CLI tests send."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput

from tests.support.app_server import AppServer, start_app
from tests.support.paths import REPO

FIXTURES = REPO / "tests" / "cli" / "fixtures"
VANCE = str(REPO / ".venv" / "bin" / "vance")
CLEAR = "\x15"  # Ctrl-U: empty the pre-filled answer before typing a new one
FINISH = "\x1b\r"  # Esc, Enter: finish a multi-line answer

# the values of the bundled "gremium" wizard
GREMIUM = {
    "outputName": "board", "purpose": "Advise on strategy",
    "members": [{"name": "Ada", "description": "Engineer"}, {"name": "Ben", "description": "Banker"}],
}


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
