"""`vance --help | wizards | render | schema` in-process."""

from __future__ import annotations

import io
import json
import time
from pathlib import Path

import pytest

from tests.support.api_errors import assert_error_body
from tests.support.cli import GREMIUM
from vance_ui.cli.main import main
from vance_ui.wizards.format.schema import wizard_json_schema


def test_help_lists_every_command_with_examples(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    for command in ("wizards", "wizard", "render", "chat", "lint", "schema", "serve"):
        assert f"vance {command} " in out or f"vance {command}\n" in out


def test_wizards_table_and_json(cli_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["wizards"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["NAME", "TITLE", "CATEGORY", "SOURCE"]
    assert any(line.split()[0] == "all-types" and line.split()[-1] == "VANCE" for line in lines[2:])
    assert any(line.startswith("gremium ") and "RESOURCE" in line for line in lines)
    assert main(["wizards", "--project", "research-2026", "--json"]) == 0
    names = [w["name"] for w in json.loads(capsys.readouterr().out)["wizards"]]
    assert "create-project" not in names and "gremium" in names  # availableIn applies


def test_render_from_file_and_stdin(cli_data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    values = tmp_path / "values.json"
    values.write_text(json.dumps(GREMIUM))
    assert main(["render", "gremium", "--values", str(values)]) == 0
    text = capsys.readouterr().out
    assert "Ada" in text and "'board'" in text
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps({"values": GREMIUM})))
    assert main(["render", "gremium", "--values", "-", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["prompt"] == text.rstrip("\n") and data["followUps"] == []


def test_render_validation_errors_exit_2(cli_data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    values = tmp_path / "values.json"
    values.write_text(json.dumps({**GREMIUM, "members": [{"name": "", "description": "x"}] * 2}))
    assert main(["render", "gremium", "--values", str(values)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    body = assert_error_body(json.loads(captured.err), "validation_failed")
    assert [e["field"] for e in body["errors"]] == ["members[0].name", "members[1].name"]


def test_render_unknown_wizard_and_bad_input(cli_data: Path, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    values = tmp_path / "values.json"
    values.write_text("{}")
    assert main(["render", "no-such", "--values", str(values)]) == 1
    assert "no wizard named 'no-such'" in capsys.readouterr().err
    assert main(["render", "Bad Name", "--values", str(values)]) == 1
    assert "invalid wizard name" in capsys.readouterr().err
    values.write_text("[1, 2]")
    assert main(["render", "gremium", "--values", str(values)]) == 1
    assert main(["render", "gremium", "--values", str(tmp_path / "missing.json")]) == 1
    assert "cannot read values" in capsys.readouterr().err


def test_schema_is_the_wizard_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema == wizard_json_schema()
    assert {"title", "fields", "promptTemplate"} <= set(schema["required"])


def test_render_of_a_template_bomb_stops_with_a_clear_error(cli_data: Path, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """The CLI renders in-process through the same render workers: a bomb ends in about a second
    with the template's error (it ran for a minute before issue 14)."""
    (cli_data / "default" / "_vance" / "wizards" / "bomb.yaml").write_text(
        "title: {en: Bomb}\ndescription: {en: D}\nfields: []\n"
        "promptTemplate: \"{{ ([range(2500)|list]*2500)|sum(start=[])|length }}\"\n")
    values = tmp_path / "values.json"
    values.write_text("{}")
    started = time.monotonic()
    assert main(["render", "bomb", "--values", str(values)]) == 1
    assert time.monotonic() - started < 5
    captured = capsys.readouterr()
    assert captured.out == "" and "longer than 1 s" in captured.err
