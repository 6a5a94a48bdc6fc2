"""`vance wizards stats`: an author reads in the terminal how their wizards are used, from the data
dir or a server, as a table, a funnel with where users stop, or the API's JSON."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.api_server import running_api
from vance_ui.cli.main import main
from vance_ui.service import Scope, WizardService
from vance_ui.usage.events import OpenedFrom, Step, opened_key


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture(params=["in-process", "server"])
def where(request: pytest.FixtureRequest, cli_data: Path, service: WizardService) -> Iterator[list[str]]:
    scope = Scope("default", "local")
    for person in range(5):
        service.count(scope, "all-types", Step.OPENED)
        service.count(scope, "all-types", opened_key(OpenedFrom.SLASH))
        if person < 2:
            service.count_used(scope, "all-types", seconds=20)
    service.usage.flush()
    if request.param == "in-process":
        yield []
        return
    with running_api(service) as server:
        yield ["--server", server.base_url]


def test_the_table_the_funnel_and_the_json_say_the_same(where: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "wizards", "stats", *where)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["NAME", "TITLE", "OPENED", "USED", "SENT", "MEDIAN", "TIME", "TO", "USE"]
    assert lines[2].split()[0] == "all-types" and lines[2].split()[-6:] == ["5", "2", "0", "<=", "20", "s"]

    code, out, _ = run(capsys, "wizards", "stats", "all-types", "--days", "7", *where)
    assert code == 0
    assert "Opened" in out and "Prompt used" in out and "40 %" in out
    assert "60 % close the form without using the prompt" in out
    assert "opened from: slash 5" in out

    code, out, _ = run(capsys, "wizards", "stats", "all-types", "--json", "--lang", "de", *where)
    data = json.loads(out)
    assert [(s["label"], s["count"]) for s in data["funnel"]] == [("Geöffnet", 5), ("Prompt übernommen", 2),
                                                                  ("Gesendet", 0)]


def test_an_unknown_wizard_or_window_is_a_clear_error(where: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "wizards", "stats", "nosuch", *where)
    assert code == 1 and "nosuch" in err and "Traceback" not in err
    code, _, err = run(capsys, "wizards", "stats", "--days", "0", *where)
    assert code == 1 and "days" in err
