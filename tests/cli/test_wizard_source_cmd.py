"""`vance wizards pull | push | history` (issue 16): an author round-trips a wizard file through a
layer, in-process on the data dir and through a running server's write API, with the same results."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.api_server import ApiServer, running_api
from vance_ui.cli.main import main
from vance_ui.service import WizardService


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture(params=["in-process", "server"])
def where(request: pytest.FixtureRequest, cli_data: Path, service: WizardService) -> Iterator[list[str]]:
    """The extra arguments that pick the backend: none (the data dir), or `--server URL`."""
    if request.param == "in-process":
        yield []
        return
    with running_api(service) as server:  # the same data dir, served over real HTTP
        assert isinstance(server, ApiServer)
        yield ["--server", server.base_url]


def test_pull_edit_push_and_history(where: list[str], cli_data: Path, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "all-types.yaml"
    code, _, err = run(capsys, "wizards", "pull", "all-types", "-o", str(file), *where)
    assert code == 0 and "VANCE layer, version" in err
    version = err.rsplit("version ", 1)[1].strip()
    stored = cli_data / "default/_vance/wizards/all-types.yaml"
    origin, original = file.read_text().split("\n", 1)
    assert origin.startswith(f"# vance-pulled: wizard=all-types layer=VANCE version={version} ")  # a YAML comment
    assert original == stored.read_text()

    file.write_text(file.read_text().replace("Every field type", "All the field types", 1))
    code, out, _ = run(capsys, "wizards", "push", str(file), *where)  # the layer and version it was pulled at
    assert code == 0 and "saved all-types to the VANCE layer" in out
    assert "All the field types" in stored.read_text() and "vance-pulled" not in stored.read_text()

    code, _, err = run(capsys, "wizards", "push", str(file), *where)
    assert code == 1 and "changed since your pull" in err  # the version pulled is stale now
    code, _, err = run(capsys, "wizards", "push", str(file), "--layer", "VANCE", "--if-match", version, *where)
    assert code == 1 and "changed since your pull" in err
    plain = tmp_path / "plain" / "all-types.yaml"  # a file that remembers nothing
    plain.parent.mkdir()
    plain.write_text(file.read_text().split("\n", 1)[1].replace("All the field types", "Types", 1))
    code, _, err = run(capsys, "wizards", "push", str(plain), "--layer", "VANCE", *where)
    current = err.rsplit("--if-match ", 1)[-1].split()[0]
    assert code == 1 and current != version and "Types" not in stored.read_text()  # never a silent overwrite
    code, _, _ = run(capsys, "wizards", *where)
    code, out, _ = run(capsys, "wizards", *where, "history", "all-types", "--layer", "VANCE")
    rows = out.splitlines()[2:]
    assert "local" in rows[0] and " save " in rows[0] and "(found in the file)" in rows[1] and " original " in rows[1]
    code, out, _ = run(capsys, "wizards", "history", "all-types", "--layer", "VANCE", "--json", *where)
    entries = json.loads(out)
    assert [(e["action"], e["author"]) for e in entries] == [("save", "local"), ("original", "")]
    code, out, _ = run(capsys, "wizards", "pull", "all-types", "--layer", "VANCE", "--entry", entries[1]["id"], *where)
    origin, text = out.split("\n", 1)
    assert code == 0 and text == original
    assert origin.startswith("# vance-pulled: wizard=all-types layer=VANCE (")  # an old version: no version to match


def test_a_pulled_file_under_another_name_is_refused_with_the_reason(where: list[str], cli_data: Path,
                                                                     tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "g.yaml"
    code, _, _ = run(capsys, "wizards", "pull", "gremium", "-o", str(file), *where)
    assert code == 0
    code, _, err = run(capsys, "wizards", "push", str(file), *where)
    assert code == 1
    assert f"{file} was pulled from 'gremium' (RESOURCE layer, version " in err
    assert "--name gremium to push it back there, or --name g for a new wizard" in err
    assert not (cli_data / "default/_user_local/wizards/g.yaml").exists()

    code, out, _ = run(capsys, "wizards", "push", str(file), "--name", "gremium", *where)
    assert code == 0 and "saved gremium to the USER layer" in out  # the bundled layer is read-only: a Customize
    code, out, _ = run(capsys, "wizards", *where)
    listed = [line.split() for line in out.splitlines()[2:]]
    assert [row[-1] for row in listed if row[0] == "gremium"] == ["USER"] and not any(row[0] == "g" for row in listed)

    broken = tmp_path / "gremium.yaml"  # a problem is reported at its line in the file, origin line counted
    broken.write_text(file.read_text().replace("type: textarea", "type: textbox", 1))
    line = next(n for n, text in enumerate(broken.read_text().splitlines(), 1) if "- name: purpose" in text)
    code, _, err = run(capsys, "wizards", "push", str(broken), "--force", *where)
    assert code == 2 and f"{broken}:{line}:5: error: fields[1]: unknown field type" in err  # the field's line


def test_a_broken_file_is_refused_at_line_and_column(where: list[str], cli_data: Path, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "mine.yaml"
    broken.write_text("title: {en: Mine}\ndescription: {en: x}\nfields:\n  - {name: a, type: strin}\n"
                      "promptTemplate: 'x'\n")
    code, _, err = run(capsys, "wizards", "push", str(broken), *where)
    assert code == 2 and f"{broken}:4:5: error: fields[0]: unknown field type" in err
    assert not (cli_data / "default/_user_local/wizards/mine.yaml").exists()
    broken.write_text(broken.read_text().replace("strin}", "string, label: {en: A}}"))
    code, out, _ = run(capsys, "wizards", "push", str(broken), *where)
    assert code == 0 and (cli_data / "default/_user_local/wizards/mine.yaml").exists()
    code, out, _ = run(capsys, "wizards", *where)
    assert any(line.split()[0] == "mine" and line.split()[-1] == "USER" for line in out.splitlines()[2:])


def test_pull_of_a_missing_wizard_and_a_push_to_the_bundled_layer_fail_clearly(
        where: list[str], cli_data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "wizards", "pull", "nope", *where)
    assert code == 1 and "nope" in err
    with pytest.raises(SystemExit):  # RESOURCE is no choice for push
        main(["wizards", "push", str(tmp_path / "x.yaml"), "--layer", "RESOURCE"])
    code, out, _ = run(capsys, "wizards", "pull", "gremium", *where)
    assert code == 0 and out.startswith("# vance-pulled: wizard=gremium layer=RESOURCE version=")
    (tmp_path / "gremium.yaml").write_text(out)
    code, _, err = run(capsys, "wizards", "push", str(tmp_path / "gremium.yaml"), "--layer", "PROJECT", "--force",
                       *where)
    assert code == 1 and "PROJECT" in err  # no project chosen: there is no project layer to write
    assert not (cli_data / "default" / "_tenant").exists()
