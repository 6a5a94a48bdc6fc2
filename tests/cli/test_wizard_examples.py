"""`vance wizards test [NAME|FILE...]` and `vance lint` run a wizard's examples: a failure is
printed with a diff (exit 1), lint reports it as an error at the example's line."""

from __future__ import annotations

from pathlib import Path

import pytest

from vance_ui.cli.main import main

NOTES = """\
title: { en: "Notes" }
description: { en: "Meeting notes" }
fields:
  - { name: topic, type: string, required: true, label: { en: Topic } }
  - { name: short, type: boolean, label: { en: Short } }
promptTemplate: |
  Notes about {{ topic }}.
  {% if short %}Keep it short.{% endif %}
examples:
  - name: the whole prompt
    values: { topic: Tea }
    prompt: |
      Notes about Tea.
  - name: short
    values: { topic: Tea, short: true }
    contains: ["Keep it short."]
    notContains: ["{{"]
"""


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_the_examples_of_a_file_and_of_a_bundled_wizard_pass(cli_data: Path, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "notes.yaml"
    file.write_text(NOTES)
    code, out, _ = run(capsys, "wizards", "test", str(file), "gremium")
    assert code == 0, out
    assert "ok    notes: example 1 'the whole prompt'" in out and "ok    gremium: example 2" in out
    assert out.rstrip().endswith("4 passed, 0 failed")
    code, out, _ = run(capsys, "wizards", "test")  # every wizard of the listing
    assert code == 0 and "all-types: no examples" in out and "ok    vogon-strategie: example 1" in out


def test_a_failing_example_prints_its_diff_and_lint_reports_it_at_its_line(cli_data: Path, tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "notes.yaml"
    file.write_text(NOTES.replace("Notes about {{ topic }}.", "Minutes on {{ topic }}.")
                    .replace('contains: ["Keep it short."]', 'contains: ["Keep it brief."]'))
    code, out, _ = run(capsys, "wizards", "test", str(file))
    assert code == 1
    assert "FAIL  notes: example 1 'the whole prompt'" in out
    assert "      -Notes about Tea.\n      +Minutes on Tea." in out  # a unified diff, expected then rendered
    assert "FAIL  notes: example 2 'short'\n      the prompt lacks 'Keep it brief.'" in out
    assert out.rstrip().endswith("0 passed, 2 failed")

    code, out, _ = run(capsys, "lint", str(file))
    line = next(n for n, text in enumerate(file.read_text().splitlines(), 1) if "- name: short" in text)
    assert code == 1 and f"notes.yaml:{line}:5: error: example 2 'short': the prompt lacks 'Keep it brief.'" in out


def test_values_the_form_refuses_fail_the_example_with_the_reason(cli_data: Path, tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "notes.yaml"
    file.write_text(NOTES.replace("values: { topic: Tea }", "values: { short: true }"))
    code, out, _ = run(capsys, "wizards", "test", str(file))
    assert code == 1 and "its values are refused: topic: This field is required." in out
    code, _, err = run(capsys, "wizards", "test", "no-such-wizard")
    assert code == 1 and "no wizard named 'no-such-wizard'" in err
