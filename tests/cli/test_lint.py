"""`vance lint`: every check fires on its bad file, none on the good folder or the bundled wizards."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.support.cli import FIXTURES
from tests.support.wizard_files import write_wizard
from vance_ui.cli.lint_cmd import find_targets, lint_paths
from vance_ui.cli.main import main
from vance_ui.service import Scope, WizardService
from vance_ui.settings import Settings
from vance_ui.wizards.catalog.lint import StandaloneContext, lint_wizard, pattern_problem
from vance_ui.wizards.catalog.loader import WizardLoadError, load_wizard
from vance_ui.wizards.templates.bounded import Templates

LINT = FIXTURES / "lint"

# (file, line, severity, message part): one row per check
EXPECTED = [
    ("yaml-error.yaml", 5, "error", "invalid YAML"),
    ("schema-error.yaml", 4, "error", "unknown key 'rows'"),
    ("template-syntax.yaml", 8, "error", "Unexpected end of template"),
    ("sandbox.yaml", 7, "error", "attributes starting with '_' are not allowed"),
    ("unknown-variable.yaml", 7, "error", "'topik' is neither a field nor a context variable"),
    ("unknown-icon.yaml", 3, "warning", "'calendar-dayz' is not a Heroicon name"),
    ("unused-field.yaml", 5, "warning", "field 'forgotten' is never used"),
    ("unused-field.yaml", 11, "warning", "item field 'rows.ignored' is never used"),
    ("missing-follow-up.yaml", 7, "error", "follow-up wizard 'no-such-wizard' does not exist"),
    ("bad-prefill.yaml", 11, "warning", "prefill key 'nosuchkey': wizard 'gremium' has no such field"),
    ("bad-prefill.yaml", 12, "warning", "prefill key 'members' is a repeat field"),
    ("dead-pattern.yaml", 3, "warning", "'team/alpha' can never match"),
    ("dead-pattern.yaml", 3, "warning", "'_vance' can never match"),
    ("dead-pattern.yaml", 3, "error", "no pattern can match, so the wizard is never listed"),
    ("exclude-all.yaml", 3, "error", "'!*' excludes every project"),
]


@pytest.fixture
def lint_env(cli_data: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(LINT.parent.parent.parent.parent)  # the repo: files print as tests/cli/...
    return cli_data


def lines(text: str) -> list[tuple[str, int, int, str, str]]:
    out = []
    for row in text.splitlines():
        file, line, col, severity, message = row.split(":", 4)
        out.append((Path(file).name, int(line), int(col), severity.strip(), message.strip()))
    return out


def test_every_check_fires_on_its_bad_file(lint_env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lint", str(LINT / "bad")]) == 1
    found = lines(capsys.readouterr().out)
    for file, line, severity, part in EXPECTED:
        assert any(f == file and ln == line and s == severity and part in m for f, ln, _, s, m in found), \
            f"{file}:{line}: {severity}: {part} missing in {found}"
    assert len(found) == len(EXPECTED)
    assert ("unknown-variable.yaml", 7, 10) in {(f, ln, c) for f, ln, c, _, _ in found}  # column of 'topik'
    assert ("unknown-icon.yaml", 3, 7) in {(f, ln, c) for f, ln, c, _, _ in found}  # column of the icon name
    assert "did you mean 'calendar-days'?" in next(m for f, _, _, _, m in found if f == "unknown-icon.yaml")


def test_good_folder_and_bundled_wizards_are_clean(lint_env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lint", str(LINT / "good"), str(FIXTURES / "wizards")]) == 0
    assert capsys.readouterr().out == ""
    assert main(["lint", str(Settings().defaults_dir / "wizards")]) == 0
    assert capsys.readouterr().err.startswith("5 file(s): 0 error(s), 0 warning(s)")
    assert main(["lint", str(Settings().defaults_dir)]) == 0  # categories.yaml beside wizards/ is no wizard
    assert capsys.readouterr().err.startswith("5 file(s): 0 error(s), 0 warning(s)")
    started = time.perf_counter()
    assert main(["lint"]) == 0  # default: every data dir layer plus the bundled wizards
    elapsed = time.perf_counter() - started
    captured = capsys.readouterr()
    assert captured.out == ""  # not even a warning or an info
    assert "6 file(s): 0 error(s), 0 warning(s)" in captured.err
    assert elapsed < 5  # typically 0.3-0.5 s in-process; generous for loaded CI machines


def test_shadowing_a_lower_layer_is_info(lint_env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = (FIXTURES / "lint" / "good" / "other.yaml").read_text()
    write_wizard(lint_env, "research-2026", "gremium", source)
    write_wizard(lint_env, "_user_local", "fresh", source)
    assert main(["lint", str(lint_env)]) == 0
    found = lines(capsys.readouterr().out)
    assert [(f, s) for f, _, _, s, _ in found] == [("gremium.yaml", "info")]
    assert "shadows the RESOURCE wizard" in found[0][4]


def test_follow_ups_resolve_through_the_files_cascade(lint_env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A project wizard may chain to a user-layer wizard; once that is gone the link is an error."""
    other = (LINT / "good" / "other.yaml").read_text()
    chain = (LINT / "good" / "plain.yaml").read_text()
    target = write_wizard(lint_env, "_user_local", "other", other)
    write_wizard(lint_env, "research-2026", "plain", chain)
    assert main(["lint", str(lint_env)]) == 0
    target.unlink()
    assert main(["lint", str(lint_env)]) == 1
    assert "follow-up wizard 'other' does not exist" in capsys.readouterr().out
    settings = Settings()
    loose = lint_env.parent / "loose"
    loose.mkdir()
    (loose / "plain.yaml").write_text(chain)
    targets, missing = find_targets([str(loose), str(lint_env / "nothing-here")], settings)
    assert missing == [str(lint_env / "nothing-here")]
    assert any("'other' does not exist" in f.message for f in lint_paths(targets, settings, "default"))
    (loose / "other.yaml").write_text(other)  # a sibling file being linted counts
    targets, _ = find_targets([str(loose)], settings)
    assert lint_paths(targets, settings, "default") == []


def test_lint_wizard_is_pure(templates: Templates) -> None:
    content = (LINT / "bad" / "unknown-variable.yaml").read_bytes()
    findings = lint_wizard("unknown-variable", content, "x.yaml", StandaloneContext(templates))
    assert [f.format() for f in findings] == [
        "x.yaml:7:10: error: promptTemplate: 'topik' is neither a field nor a context variable "
        "(lang, user, project, today); did you mean 'topic'?"]
    assert lint_wizard("Bad Name", b"title: x", "y.yaml", StandaloneContext(templates))[0].severity == "error"


@pytest.mark.parametrize(("pattern", "dead"), [
    ("*", False), ("_user_*", False), ("_tenant", False), ("_*", False), ("research-*", False), ("_u*", False),
    ("a/b", True), ("_vance", True), ("x y", True), (".hidden", True), ("_user_", True), ("*..*", True),
    ("-x*", True), ("_x*", True), ("", True),
])
def test_pattern_problem(pattern: str, dead: bool) -> None:
    assert (pattern_problem(pattern) is not None) == dead


def test_lint_without_arguments_says_which_data_dir_it_checked(lint_env: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """A default run must not look like it checked nothing: it names the data dir (absolute)."""
    assert main(["lint"]) == 0
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"checked 1 wizard file(s) in {lint_env.resolve()} (plus 5 bundled)" in captured.err.splitlines()

    missing = lint_env.parent / "no-such-data"
    monkeypatch.setenv("VANCE_DATA_DIR", str(missing))
    assert main(["lint"]) == 0
    assert f"no data dir at {missing.resolve()}: checked only the 5 bundled wizard file(s)" \
        in capsys.readouterr().err.splitlines()

    assert main(["lint", str(LINT / "good")]) == 0  # named paths: nothing to say about the data dir
    assert "data dir" not in capsys.readouterr().err


def test_the_loader_warns_where_lint_reports(service: WizardService, scope: Scope, data_dir: Path,
                                             caplog: pytest.LogCaptureFixture, templates: Templates) -> None:
    """An unknown icon still loads (the server serves it), but at load it is a WARN with the same
    file:line:col and message as lint's finding, and the definition carries it."""
    name = "unknown-icon"
    content = (LINT / "bad" / f"{name}.yaml").read_bytes()
    finding = lint_wizard(name, content, f"{name}.yaml", StandaloneContext(templates))
    assert [w.at(f"{name}.yaml") for w in load_wizard(name, content, "x", templates).warnings] == \
        [f"{f.file}:{f.line}:{f.col}: {f.message}" for f in finding]
    path = write_wizard(data_dir, "_vance", name, content.decode())
    with caplog.at_level("WARNING", logger="vance_ui.wizards"):
        definition = service.definition(scope, name)
    assert definition.warnings == [f"{name}.yaml:{finding[0].line}:{finding[0].col}: {finding[0].message}"]
    assert f"wizard warning: {path}:{finding[0].line}:{finding[0].col}: " in caplog.text


def test_an_undeclared_variable_is_an_error_in_lint_and_at_load_at_the_same_place(
        service: WizardService, scope: Scope, data_dir: Path, caplog: pytest.LogCaptureFixture,
        templates: Templates) -> None:
    """It prints as nothing: lint, the loader (and so a save, the editor and /source/check) refuse it."""
    name = "unknown-variable"
    content = (LINT / "bad" / f"{name}.yaml").read_bytes()
    finding = lint_wizard(name, content, f"{name}.yaml", StandaloneContext(templates))
    assert [f.severity for f in finding] == ["error"]
    with pytest.raises(WizardLoadError) as refused:
        load_wizard(name, content, "x", templates)
    assert [(p.line, p.column, p.message) for p in refused.value.problems] == \
        [(f.line, f.col, f.message) for f in finding]
    assert refused.value.problems[0].path == ("promptTemplate",)
    assert refused.value.problems[0].params == {"name": "topik", "hint": "topic"}
    path = write_wizard(data_dir, "_vance", name, content.decode())
    with caplog.at_level("WARNING", logger="vance_ui.wizards"):
        assert name not in {w.name for w in service.list_wizards(scope)}
    assert f"wizard skipped: {path}: line {finding[0].line}: " in caplog.text


SHOW_IF_WIZARD = """\
title: { en: "Trip" }
description: { en: "x" }
fields:
  - { name: abroad, type: boolean, label: { en: "Abroad?" } }
  - { name: passport, type: string, label: { en: "Passport" }, showIf: "abroad" }
  - name: people
    type: repeat
    label: { en: "People" }
    item:
      - { name: name, type: string, label: { en: "Name" } }
      - { name: veggie, type: boolean, label: { en: "Veggie?" } }
      - { name: dish, type: string, label: { en: "Dish" }, showIf: "not veggie and abroad" }
  - { name: due, type: date, label: { en: "Due" } }
pages:
  - { title: { en: "Who" }, fields: [abroad, passport, people] }
  - { title: { en: "When" }, fields: [due], showIf: "people" }
promptTemplate: >-
  {{ passport }} on {{ due or today }}: {% for p in people %}{{ p.name }} {{ p.dish }}{% endfor %}
"""


def test_show_if_reads_and_today_are_not_lint_findings(templates: Templates) -> None:
    """`abroad` and `veggie` are only read by showIf conditions: they decide what the form asks, so
    they are used; `today` is a context variable."""
    assert lint_wizard("trip", SHOW_IF_WIZARD.encode(), "trip.yaml", StandaloneContext(templates)) == []
    unused = SHOW_IF_WIZARD.replace('showIf: "abroad" ', "").replace("and abroad", "")
    assert [f.format() for f in lint_wizard("trip", unused.encode(), "trip.yaml", StandaloneContext(templates))] == [
        "trip.yaml:4:13: warning: field 'abroad' is never used by promptTemplate or the follow-ups"]


def test_show_if_and_page_problems_are_lint_errors_with_their_place(templates: Templates) -> None:
    broken = (SHOW_IF_WIZARD.replace('showIf: "abroad"', 'showIf: "abroad and ghost"')
              .replace("fields: [due]", "fields: [due, nobody]")
              .replace('showIf: "people"', 'showIf: "due"'))
    found = [f.format() for f in lint_wizard("trip", broken.encode(), "trip.yaml", StandaloneContext(templates))]
    assert found == [
        "trip.yaml:5:72: error: fields[1].showIf: reads 'ghost', which is not a field here "
        "(nor lang, user, project, today)",
        "trip.yaml:16:44: error: pages[1].fields[1]: 'nobody' is not a top-level field",
        "trip.yaml:16:61: error: pages[1].showIf: the showIf conditions form a cycle: page 2 -> due -> page 2",
    ], found
