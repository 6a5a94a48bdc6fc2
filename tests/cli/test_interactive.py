"""`vance wizard` driven through prompt_toolkit pipe input: every field type, repeat bounds, re-asking."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from tests.support.cli import CLEAR, FINISH, typed
from tests.support.trip_story import BY_TRAIN_FOR_A_DAY, TRIP_STEPS, check_trip_stories
from tests.support.wizard_files import write_wizard
from vance_ui.cli.backend import LocalBackend, Rendered
from vance_ui.cli.main import main
from vance_ui.cli.prompter import FormPrompter, run_wizard
from vance_ui.cli.terminal import Terminal
from vance_ui.service import Scope, WizardService
from vance_ui.wizards.format.paths import parse_path, path_text

# all-types answers, in field order
TITLE_DEFAULT = "\r"
NOTES = "first line\rsecond line" + FINISH
SECRET = "s3cret\r"
URGENT_YES = "y\r"
TONE_FIRST = "1\r"
TAGS = "1, blue\r"
PERSON = "Ann\r" "30\r"


def backend(service: WizardService, project: str | None = None) -> LocalBackend:
    return LocalBackend(service, Scope("default", "local", project))


def prompter(editor: str | None = None) -> FormPrompter:
    return FormPrompter(Terminal(editor))


def test_every_field_type(cli_data: Path, service: WizardService) -> None:
    keys = [TITLE_DEFAULT, NOTES, SECRET, CLEAR + "4\r", URGENT_YES, TONE_FIRST, TAGS, PERSON, "n\r"]
    with typed(*keys):
        rendered = run_wizard(backend(service), "all-types", prompter())
    assert rendered.prompt.splitlines() == [
        "title=Draft", "notes=first line", "second line", "secret=s3cret", "count=4", "urgent=True",
        "tone=formal", "tags=red,blue", "person=Ann/30",
    ]


def test_defaults_and_empty_answers(cli_data: Path, service: WizardService) -> None:
    """Enter keeps the shown defaults; optional fields may stay empty."""
    keys = ["\r", FINISH, "\r", "\r", "\r", "\r", "\r", "Bo\r", "\r", "\r"]
    with typed(*keys):
        rendered = run_wizard(backend(service), "all-types", prompter())
    assert "count=2" in rendered.prompt and "tone=casual" in rendered.prompt
    assert "urgent=False" in rendered.prompt and "tags=\n" in rendered.prompt
    assert "person=Bo/" in rendered.prompt


def test_typed_text_is_coerced_and_reasked(cli_data: Path, service: WizardService) -> None:
    """Not a number, not a choice, not y/n: asked again at once (coercion, not validation)."""
    keys = ["\r", FINISH, "\r", CLEAR + "many\r", "4\r", "maybe\r", "y\r", "9\r", "casual\r",
            "red,purple\r", "2\r", PERSON, "n\r"]
    with typed(*keys):
        rendered = run_wizard(backend(service), "all-types", prompter())
    assert "count=4" in rendered.prompt and "urgent=True" in rendered.prompt
    assert "tone=casual" in rendered.prompt and "tags=green" in rendered.prompt


def test_repeat_respects_min_and_max(cli_data: Path, service: WizardService) -> None:
    """min 1: the first entry is asked without a question; max 2: no question after the second."""
    keys = [TITLE_DEFAULT, FINISH, "\r", "\r", "\r", "\r", "\r", "Ann\r", "1\r", "y\r", "Bo\r", "2\r"]
    with typed(*keys):
        rendered = run_wizard(backend(service), "all-types", prompter())
    assert rendered.prompt.endswith("person=Ann/1\nperson=Bo/2")


def test_service_errors_reask_only_those_fields(cli_data: Path, service: WizardService) -> None:
    """count out of bounds and people[0].name empty: the service says so, only these two come again."""
    keys = [TITLE_DEFAULT, FINISH, "\r", CLEAR + "7\r", "\r", "\r", "\r", "\r", "-3\r", "n\r",
            # re-asked: count (bounds from the service), people[0].name (required), people[0].age (min 0)
            CLEAR + "5\r", "Cy\r", CLEAR + "3\r"]
    with typed(*keys):
        rendered = run_wizard(backend(service), "all-types", prompter())
    assert "count=5" in rendered.prompt and "person=Cy/3" in rendered.prompt


def test_repeat_min_error_reasks_the_whole_repeat(data_dir: Path, cli_data: Path, service: WizardService) -> None:
    """A required repeat with min 0 left empty: the service's `required` brings the entry loop back."""
    write_wizard(data_dir, "_vance", "needs-one", """
title: { en: "Needs one" }
description: { en: "x" }
fields:
  - name: rows
    type: repeat
    required: true
    label: { en: "Rows" }
    item: [{ name: v, type: string, label: { en: "V" } }]
promptTemplate: "{% for r in rows %}[{{ r.v }}]{% endfor %}"
""")
    with typed("n\r", "y\r", "one\r", "n\r"):
        rendered = run_wizard(backend(service), "needs-one", prompter())
    assert rendered.prompt == "[one]"


def test_textarea_through_editor(cli_data: Path, service: WizardService, tmp_path: Path) -> None:
    editor = tmp_path / "fake-editor"
    editor.write_text('#!/bin/sh\nprintf "from the editor\\n(was: %s)\\n" "$(cat "$1")" > "$1"\n')
    editor.chmod(editor.stat().st_mode | stat.S_IEXEC)
    keys = [TITLE_DEFAULT, SECRET, "\r", "\r", "\r", "\r", PERSON, "n\r"]
    with typed(*keys):
        rendered = run_wizard(backend(service), "all-types", prompter(str(editor)))
    assert "notes=from the editor\n(was: )" in rendered.prompt


def test_wizard_command_prints_prompt_and_json(cli_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    keys = [TITLE_DEFAULT, FINISH, "\r", "\r", "\r", "\r", "\r", PERSON, "n\r"]
    with typed(*keys):
        assert main(["wizard", "all-types", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["prompt"].startswith("title=Draft") and out["followUps"] == []


def test_ctrl_c_and_ctrl_d_cancel_cleanly(cli_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with typed("\r", "\x03"):
        assert main(["wizard", "all-types"]) == 130
    with typed("\r", FINISH, "\x04"):
        assert main(["wizard", "all-types"]) == 130
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and captured.out == ""
    assert "cancelled" in captured.err


def test_unknown_wizard(cli_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["wizard", "nope"]) == 1
    assert "no wizard named 'nope'" in capsys.readouterr().err


def test_error_paths_read_both_ways() -> None:
    assert parse_path("members[2].name") == ("members", 2, "name")
    assert parse_path("a[0].b[1].c") == ("a", 0, "b", 1, "c")
    assert path_text(("a", 0, "b", 1, "c")) == "a[0].b[1].c"
    for broken in ("", "a.", "[1]", "a..b", "a[x]", "a b"):
        assert parse_path(broken) is None


def test_copy_uses_a_clipboard_tool(cli_data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    tools = tmp_path / "bin"
    tools.mkdir()
    clip = tools / "xclip"
    clip.write_text(f'#!/bin/sh\n/bin/cat > "{tmp_path}/clipboard"\n')
    clip.chmod(0o755)
    monkeypatch.setenv("PATH", str(tools))
    keys = [TITLE_DEFAULT, FINISH, "\r", "\r", "\r", "\r", "\r", PERSON, "n\r"]
    with typed(*keys):
        assert main(["wizard", "all-types", "--copy"]) == 0
    captured = capsys.readouterr()
    assert captured.out == "" and "copied the prompt to the clipboard (xclip)" in captured.err
    assert (tmp_path / "clipboard").read_text().startswith("title=Draft")
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    with typed(*keys):
        assert main(["wizard", "all-types", "--copy"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("title=Draft") and "no clipboard tool found" in captured.err


def test_errors_for_unknown_fields_do_not_loop(cli_data: Path, service: WizardService) -> None:
    """A server whose errors name no field of this form: stop with a message instead of asking forever."""
    from vance_ui.cli.backend import BackendError
    from vance_ui.service import FormInvalid
    from vance_ui.wizards.rules.validation import FieldError

    class Confused(LocalBackend):
        def render(self, name: str, values: dict[str, object]) -> Rendered:  # type: ignore[override]
            raise FormInvalid([FieldError(("ghost",), "required")], "en")

    keys = [TITLE_DEFAULT, FINISH, "\r", "\r", "\r", "\r", "\r", PERSON, "n\r"]
    with typed(*keys), pytest.raises(BackendError, match="ghost: This field is required"):
        run_wizard(Confused(service, Scope("default", "local")), "all-types", prompter())


def test_a_multi_step_wizard_asks_only_what_is_shown(cli_data: Path, data_dir: Path, service: WizardService) -> None:
    write_wizard(data_dir, "_vance", "trip-steps", TRIP_STEPS)
    check_trip_stories(backend(service))


def test_the_wizard_command_runs_a_multi_step_wizard(cli_data: Path, data_dir: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    write_wizard(data_dir, "_vance", "trip-steps", TRIP_STEPS)
    with typed(*BY_TRAIN_FOR_A_DAY):
        assert main(["wizard", "trip-steps", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["prompt"] == "Rome by train, 0 nights. quick"


class Transcript(Terminal):
    """A terminal that also keeps every line it says."""

    def __init__(self) -> None:
        super().__init__(None)
        self.lines: list[str] = []

    def say(self, text: str, style: str = "") -> None:
        self.lines.append(text)
        super().say(text, style)


def test_a_rejected_entry_field_is_named_once_as_the_questions_counted_it(cli_data: Path,
                                                                          service: WizardService) -> None:
    """The council's second member without a description: one line says so, naming "Members #2"
    as the entry question did (not `members[1]`), and only that description is asked again."""
    keys = ["board\r", "Advise on strategy" + FINISH, "Ada\r", "Engineer" + FINISH, "Ben\r", FINISH,
            "n\r", "\r",  # no third member, create now
            "Banker" + FINISH]  # the description asked again
    terminal = Transcript()
    with typed(*keys):
        rendered = run_wizard(backend(service), "gremium", FormPrompter(terminal))
    assert "- Ben: Banker" in rendered.prompt
    assert "-- Members #2" in terminal.lines
    about = [line for line in terminal.lines if "required" in line]
    assert about == ["  x Members #2 > Description / role / persona: This field is required."]
    assert not [line for line in terminal.lines if "members[" in line]
