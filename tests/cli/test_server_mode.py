"""`--server` against the app started with `vance serve` as a subprocess: same results as in-process."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.app_server import AppServer
from tests.support.cli import CLEAR, FINISH, FIXTURES, GREMIUM, start_served_app, typed
from tests.support.trip_story import BY_TRAIN_FOR_A_DAY, check_trip_stories
from vance_ui.cli.backend import RemoteBackend
from vance_ui.cli.main import main
from vance_ui.cli.prompter import FormPrompter, run_wizard
from vance_ui.cli.terminal import Terminal

pytestmark = pytest.mark.slow  # `vance serve` as a process


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    root = tmp_path_factory.mktemp("served")
    data = root / "data"
    layer = data / "default" / "_vance" / "wizards"
    layer.mkdir(parents=True)
    shutil.copy(FIXTURES / "wizards" / "all-types.yaml", layer)
    shutil.copy(FIXTURES / "wizards" / "trip-steps.yaml", layer)
    server = start_served_app(data)
    yield server
    server.stop()


@pytest.fixture
def same_data(app: AppServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> AppServer:
    """In-process commands read the very data dir the server serves."""
    monkeypatch.setenv("VANCE_DATA_DIR", str(app.data_dir))
    monkeypatch.setenv("VANCE_WATCH", "false")
    monkeypatch.chdir(tmp_path)
    return app


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_render_same_prompt(same_data: AppServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    values = tmp_path / "v.json"
    for name, data in [("gremium", GREMIUM), ("essay-recipe", {"recipeName": "essay-blog"})]:
        values.write_text(json.dumps(data))
        local = run(capsys, "render", name, "--values", str(values), "--json")
        remote = run(capsys, "render", name, "--values", str(values), "--json", "--server", same_data.base_url)
        assert local[0] == remote[0] == 0
        assert json.loads(local[1]) == json.loads(remote[1])
    assert "vance:/wizards/essay-mit-recipe" in json.loads(remote[1])["prompt"]


def test_errors_same_over_http(same_data: AppServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    values = tmp_path / "v.json"
    values.write_text(json.dumps({"outputName": "x"}))
    local = run(capsys, "render", "gremium", "--values", str(values))
    remote = run(capsys, "render", "gremium", "--values", str(values), "--server", same_data.base_url)
    assert local[0] == remote[0] == 2 and json.loads(local[2]) == json.loads(remote[2])
    missing = run(capsys, "render", "nope", "--values", str(values), "--server", same_data.base_url)
    assert missing[0] == 1 and "no wizard named 'nope'" in missing[2]
    down = run(capsys, "wizards", "--server", "http://127.0.0.1:9")
    assert down[0] == 1 and "cannot reach" in down[2]


def test_listing_same(same_data: AppServer, capsys: pytest.CaptureFixture[str]) -> None:
    for project in ([], ["--project", "research-2026"]):
        local = run(capsys, "wizards", "--json", *project)
        remote = run(capsys, "wizards", "--json", "--server", same_data.base_url, *project)
        assert json.loads(local[1]) == json.loads(remote[1])


def test_interactive_over_http_reasks_server_errors(same_data: AppServer, capsys: pytest.CaptureFixture[str]) -> None:
    keys = ["\r", "n1" + FINISH, "pw\r", CLEAR + "8\r", "\r", "\r", "\r", "\r", "\r", "n\r",
            CLEAR + "3\r", "Dee\r", "\r"]
    with typed(*keys):
        remote = run_wizard(RemoteBackend(same_data.base_url, "default", None), "all-types",
                            FormPrompter(Terminal(None)))
    assert "count=3" in remote.prompt and "person=Dee/" in remote.prompt
    with typed(*keys):
        assert main(["wizard", "all-types", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["prompt"] == remote.prompt


def test_a_multi_step_wizard_over_http_asks_only_what_the_server_shows(same_data: AppServer,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """The client never sees a showIf: it asks POST .../state after each answer and follows it."""
    check_trip_stories(RemoteBackend(same_data.base_url, "default", None))
    with typed(*BY_TRAIN_FOR_A_DAY):
        assert main(["wizard", "trip-steps", "--json", "--server", same_data.base_url]) == 0
    assert json.loads(capsys.readouterr().out)["prompt"] == "Rome by train, 0 nights. quick"
