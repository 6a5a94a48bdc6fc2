"""Hostile wizard files: each is skipped with one WARN naming it and precise load errors, the
other wizards keep working, and no file stalls loading for more than a second.

Small files live in `corpus/`; the big ones (10 MB, alias and nesting bombs, huge templates)
are generated into a temp dir at test time. `EXPECTED` says what each load error must contain.
"""

from __future__ import annotations

import logging
import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.wizard_files import write_wizard
from vance_ui.service import FormInvalid, RenderFailed, Scope, WizardService
from vance_ui.wizards.catalog.lint import StandaloneContext, lint_wizard
from vance_ui.wizards.catalog.loader import WizardLoadError, load_wizard
from vance_ui.wizards.templates.bounded import Templates

CORPUS = Path(__file__).parent / "corpus"
HANG_BOUND = 1.0  # seconds: a safety bound against a stall, not a performance target
SCOPE = Scope("default", "local")
GOOD = "title: {en: Good}\ndescription: {en: D}\nfields:\n  - {name: topic, type: string, label: {en: T}}\n" \
       "promptTemplate: 'All about {{ topic }}'\n"
HEAD = "title: {en: T}\ndescription: {en: D}\nfields:\n  - {name: n, type: integer, label: {en: N}}\n"

# file stem -> (text every load error message must contain, the line it must name or None)
EXPECTED: dict[str, tuple[str, int | None]] = {
    "billion-laughs": ("alias bomb", 1),
    "alias-fan-out": ("alias bomb", 1),
    "alias-in-fields": ("field name 'a' appears twice", None),
    "deep-flow-nesting": ("nested more than 40 levels", 1),
    "deep-block-nesting": ("nested more than 40 levels", 43),
    "not-utf8-latin1": ("not UTF-8 text (invalid byte at offset 16)", None),
    "not-utf8-utf16": ("not UTF-8 text", None),
    "not-utf8-truncated-sequence": ("not UTF-8 text", None),
    "nul-byte": ("NUL character", None),
    "nul-escape": ("NUL character", 1),
    "surrogate-escape": ("invalid Unicode character escape", 1),
    "duplicate-top-key": ("duplicate key 'title'", 3),
    "duplicate-field-key": ("duplicate key 'name'", 6),
    "duplicate-lang-key": ("duplicate key 'en'", 1),
    "merge-key": ("merge keys ('<<') are not supported", 5),
    "python-object-apply": ("the tag '!!python/object/apply:os.system' is not allowed", 3),
    "python-name": ("the tag '!!python/name:os.system' is not allowed", 3),
    "python-module": ("the tag '!!python/module:subprocess' is not allowed", 3),
    "custom-include-tag": ("the tag '!include' is not allowed", 3),
    "binary-tag": ("title.en: Input should be a valid string", 1),
    "timestamp-value": ("title.en: Input should be a valid string", 1),
    "set-tag": ("title: Input should be a valid dictionary", 1),
    "multi-document": ("expected a single document", 6),
    "empty": ("file is empty", None),
    "only-comments": ("file is empty", None),
    "top-level-scalar": ("must be a mapping", 1),
    "top-level-list": ("must be a mapping", 1),
    "tab-indentation": ("invalid YAML", 4),
    "unclosed-quote": ("invalid YAML", 6),
    "huge-integer": ("a number has too many digits", None),
    "complex-key": ("mapping keys must be plain values", 3),
    "wrong-type-title": ("title: Input should be a valid dictionary", 1),
    "wrong-type-description": ("description: Input should be a valid dictionary", 2),
    "wrong-type-fields": ("fields: Input should be a valid list", 3),
    "wrong-type-prompt": ("promptTemplate: Input should be a valid string", 5),
    "wrong-type-label-text": ("fields[0].label.en: Input should be a valid string", 4),
    "wrong-type-required": ("fields[0].required: Input should be a valid boolean", 4),
    "wrong-type-rows": ("fields[0].rows: Input should be a valid integer", 4),
    "wrong-type-integer-default": ("fields[0].defaultValue: Input should be a valid integer", 4),
    "wrong-type-choices": ("fields[0].choices[0]: Input should be a valid dictionary", 4),
    "wrong-type-followups": ("suggestedFollowUps: Input should be a valid list", 6),
    "wrong-type-available-in": ("availableIn: Input should be a valid list", 6),
    "null-everywhere": ("title: Input should be a valid dictionary", 1),
    "unknown-field-type": ("unknown field type", 4),
    "missing-field-type": ("every field needs a 'type'", 4),
    "missing-prompt": ("promptTemplate: this key is required", 1),
    "unknown-top-key": ("unknown key 'colour'", 3),
    "key-not-for-type": ("unknown key 'rows' (not allowed for type 'string')", 4),
    "password-default": ("unknown key 'defaultValue' (not allowed for type 'password')", 4),
    "bad-field-name": ("'1st' is not a valid field name", 4),
    "dunder-field-name": ("may not start with '_'", 4),
    "reserved-field-name": ("field name 'loop' is reserved", 4),
    "duplicate-field-names": ("field name 'a' appears twice", 1),
    "integer-min-over-max": ("integerMin (5) is greater than integerMax (1)", 4),
    "select-default-not-a-choice": ("defaultValue 'z' is not one of the choices", 4),
    "repeat-nested-too-deep": ("nested at most 2 levels deep", 1),
    "repeat-default-wrong": ("fields[0].defaultValue: m[0].x: Expected a whole number", 8),
    "bad-lang-code": ("String should match pattern", 1),
    "bad-icon": ("icon: String should match pattern", 3),
    "followup-bad-wizard-name": ("'../etc/passwd' is not a wizard name", 7),
    "template-syntax-error": ("promptTemplate: unexpected '}'", 7),
    "template-escape-class": ("method calls are not allowed", 5),
    "template-include": ("{% include %} is not allowed", 5),
    "template-method-call": ("method calls are not allowed ('.format(...)')", 5),
    "template-unknown-filter": ("unknown filter 'attr'", 5),
    "template-set-tag": ("{% set %} is not allowed", 5),
    "template-deep-expression": ("nested too deeply", 5),
    "template-validator-error": ("validatorPrompt:", 6),
    "condition-syntax-error": ("suggestedFollowUps[0].condition:", 7),
    "followup-leaks-password": ("uses password field 'pw'", 7),
    "UPPER-CASE": ("'UPPER-CASE' is not a valid wizard name", None),
    "dotted.name": ("'dotted.name' is not a valid wizard name", None),
    "_leading-underscore": ("is not a valid wizard name", None),
    "x" * 70: ("is not a valid wizard name", None),
}
LOADS_FINE = {"bom-valid"}


def _bomb_lines(levels: int, width: int) -> str:
    lines = ['a0: &a0 "' + "x" * 100 + '"']
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


# generated at test time: name -> (content factory, expected text, line)
GENERATED: dict[str, tuple[Callable[[], bytes], str, int | None]] = {
    "ten-megabytes": (lambda: (GOOD + "# " + "x" * 10_000_000 + "\n").encode(), "larger than 512 KiB", None),
    "ten-megabytes-one-line": (lambda: b"title: '" + b"x" * 10_000_000 + b"'\n", "larger than 512 KiB", None),
    "just-over-the-cap": (lambda: (GOOD + "# " + "y" * (512 * 1024) + "\n").encode(), "larger than 512 KiB", None),
    "alias-bomb-wide": (lambda: (_bomb_lines(3, 5000) + GOOD).encode(), "alias bomb", 1),
    "alias-bomb-deep": (lambda: (_bomb_lines(30, 2) + GOOD).encode(), "alias bomb", 1),
    "nesting-10k-flow": (lambda: ("title: " + "[" * 10_000 + "]" * 10_000 + "\n").encode(), "invalid YAML", 1),
    "nesting-100k-block-seq": (lambda: ("title: \n  " + "- " * 100_000 + "x\n").encode(), "nested more than 40", 2),
    "thirty-thousand-keys": (lambda: ("".join(f"k{i}: 1\n" for i in range(30_000))).encode(),
                            "more than 50000 values", 25000),
    "two-hundred-one-fields": (lambda: ("title: {en: T}\ndescription: {en: D}\nfields:\n" + "".join(
        f"  - {{name: f{i}, type: string, label: {{en: F}}}}\n" for i in range(201)) + "promptTemplate: x\n").encode(),
                               "fields: List should have at most 200 items", 4),
    "template-too-long": (lambda: (HEAD + "promptTemplate: '" + "{{ n }}" * 10_000 + "'\n").encode(),
                          "a value is longer than 64000 characters", 5),
}

# files that load (nothing is wrong with them at load), but whose render is a bomb: a fast 422
RENDER_BOMBS = {
    "bomb-pow": "{{ 9 ** 999999999 }}",
    "bomb-pow-tower": "{{ (2 ** 4000) ** 4000 }}",
    "bomb-string-repeat": "{{ 'a' * 100000000 }}",
    "bomb-list-repeat": "{{ [1, 2] * 100000000 }}",
    "bomb-center": "{{ 'x'|center(500000000) }}",
    "bomb-nested-loops": "{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}",
    "bomb-replace": "{{ ('x' * 10000)|replace('x', 'yyyyyyyyyy' * 1000) }}",
    "bomb-join": "{{ range(100000)|join('x' * 10000) }}",
    "bomb-indent": "{{ ('a\\n' * 50000)|indent(200) }}",
    "bomb-output": "{% for a in range(100000) %}{{ 'y' * 1000 }}{% endfor %}",
}


def all_bad() -> list[tuple[str, bytes, str, int | None]]:
    out = [(name, (CORPUS / f"{name}.yaml").read_bytes(), text, line) for name, (text, line) in EXPECTED.items()]
    out += [(name, factory(), text, line) for name, (factory, text, line) in GENERATED.items()]
    return out


def test_the_corpus_is_complete_and_big_enough() -> None:
    on_disk = {p.stem for p in CORPUS.glob("*.yaml")}
    assert on_disk == set(EXPECTED) | LOADS_FINE, on_disk ^ (set(EXPECTED) | LOADS_FINE)
    assert len(EXPECTED) + len(GENERATED) + len(RENDER_BOMBS) >= 40


@pytest.mark.parametrize(("name", "content", "text", "line"), all_bad(), ids=lambda v: v[:40] if isinstance(v, str)
                         else "")
def test_each_bad_file_fails_fast_with_a_precise_error(name: str, content: bytes, text: str, line: int | None,
                                                      templates: Templates) -> None:
    started = time.monotonic()
    with pytest.raises(WizardLoadError) as caught:
        load_wizard(name, content, f"/data/{name}.yaml", templates)
    elapsed = time.monotonic() - started
    assert elapsed < HANG_BOUND, f"{name} stalled loading for {elapsed:.2f} s"
    problems = caught.value.problems
    assert problems and any(text in p.message or text in str(p) for p in problems), [str(p) for p in problems]
    if line is not None:
        assert any(p.line == line for p in problems if text in str(p)), [str(p) for p in problems]
    assert str(caught.value).startswith(f"/data/{name}.yaml: ")
    findings = lint_wizard(name, content, f"{name}.yaml", StandaloneContext(templates))
    assert findings and all(f.severity == "error" for f in findings)
    assert any(text in f.message for f in findings), [f.format() for f in findings]


def test_a_bom_does_not_stop_a_valid_file(templates: Templates) -> None:
    loaded = load_wizard("bom-valid", (CORPUS / "bom-valid.yaml").read_bytes(), "bom-valid.yaml", templates)
    assert loaded.definition.title == {"en": "T"}


@pytest.mark.parametrize(("name", "template"), RENDER_BOMBS.items(), ids=list(RENDER_BOMBS))
def test_template_bombs_load_fast_and_fail_fast_at_render(service: WizardService, data_dir: Path, name: str,
                                                          template: str) -> None:
    write_wizard(data_dir, "_vance", name, HEAD + f"promptTemplate: \"{template}\"\n")
    service.templates.prestart()  # as the app's start-up does: the bound is on the file, not on starting workers
    started = time.monotonic()
    service.definition(SCOPE, name)
    assert time.monotonic() - started < HANG_BOUND, "loading must not evaluate the template"
    started = time.monotonic()
    with pytest.raises(RenderFailed) as caught:
        service.render(SCOPE, name, {"n": 3})
    assert time.monotonic() - started < 2 * HANG_BOUND
    assert caught.value.problem.kind == "limit", caught.value


def _fill(data_dir: Path, tmp: Path) -> dict[str, Path]:
    """Every bad file next to a good wizard, in the tenant layer; returns stem -> path."""
    folder = data_dir / "default" / "_vance" / "wizards"
    folder.mkdir(parents=True)
    paths: dict[str, Path] = {}
    for name, content, _, _ in all_bad():
        path = folder / f"{name}.yaml"
        path.write_bytes(content)
        paths[name] = path
    shutil.copy(CORPUS / "bom-valid.yaml", folder / "bom-valid.yaml")
    (folder / "good.yaml").write_text(GOOD)
    return paths


def test_the_registry_skips_each_with_one_warning_and_the_rest_keep_working(
    service: WizardService, data_dir: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    paths = _fill(data_dir, tmp_path)
    with caplog.at_level(logging.WARNING, logger="vance_ui.wizards"):
        started = time.monotonic()
        for _ in range(3):  # repeated listings must not warn again
            names = {w.name for w in service.list_wizards(SCOPE)}
        elapsed = time.monotonic() - started
    assert {"good", "bom-valid", "gremium", "essay-recipe"} <= names
    assert not names & set(paths), "no bad file is listed"
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    for name, path in paths.items():
        mine = [w for w in warnings if w.startswith(f"wizard skipped: {path}: ")]
        assert len(mine) == 1, (name, mine)
    assert len(warnings) == len(paths)
    assert elapsed < HANG_BOUND * len(paths)
    assert service.render(SCOPE, "good", {"topic": "owls"}).prompt == "All about owls"
    assert service.render(SCOPE, "gremium", {"outputName": "r", "purpose": "p", "members": [
        {"name": "A", "description": "a"}, {"name": "B", "description": "b"}]}).prompt.startswith("Use slart")
    with pytest.raises(FormInvalid):
        service.render(SCOPE, "good", {"topic": 5})
    broken = {b.info.path.rsplit("/", 1)[-1].removesuffix(".yaml") for b in service.registry.broken("default", None,
                                                                                                       "local")}
    assert broken == set(paths)


def test_a_bad_file_never_shadows_the_layer_below(service: WizardService, data_dir: Path) -> None:
    for name in ("billion-laughs", "python-object-apply", "not-utf8-latin1", "duplicate-top-key"):
        write_wizard(data_dir, "_user_local", "gremium", "")
        (data_dir / "default" / "_user_local" / "wizards" / "gremium.yaml").write_bytes(
            (CORPUS / f"{name}.yaml").read_bytes())
        assert service.definition(SCOPE, "gremium").source == "RESOURCE", name


def test_special_files_do_not_block_loading(service: WizardService, data_dir: Path) -> None:
    folder = data_dir / "default" / "_vance" / "wizards"
    folder.mkdir(parents=True)
    os.mkfifo(folder / "fifo.yaml")
    (folder / "loop.yaml").symlink_to(folder / "loop.yaml")
    (folder / "dangling.yaml").symlink_to(folder / "nowhere.yaml")
    (folder / "zero.yaml").symlink_to("/dev/zero")
    (folder / "dir.yaml").mkdir()
    (folder / "good.yaml").write_text(GOOD)
    service.templates.prestart()  # as the app's start-up does: the bound is on the files, not on starting workers
    started = time.monotonic()
    names = {w.name for w in service.list_wizards(SCOPE)}
    assert time.monotonic() - started < HANG_BOUND
    assert "good" in names and not names & {"fifo", "loop", "dangling", "zero", "dir"}


def test_symlinks_out_of_the_data_dir_are_refused(service: WizardService, data_dir: Path, tmp_path: Path,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    outside = tmp_path / "outside.yaml"
    outside.write_text(GOOD)
    folder = data_dir / "default" / "_vance" / "wizards"
    folder.mkdir(parents=True)
    (folder / "escape.yaml").symlink_to(outside)
    (folder / "passwd.yaml").symlink_to("/etc/passwd")
    with caplog.at_level(logging.WARNING, logger="vance_ui"):
        names = {w.name for w in service.list_wizards(SCOPE)}
        assert "escape" not in names and "passwd" not in names
        assert service.data.get("default", "_vance", "wizards/escape.yaml") is None
        first = len(caplog.records)
        service.list_wizards(SCOPE)
        assert len(caplog.records) == first  # one WARN per file, not one per listing
    assert "escape.yaml" in caplog.text and "passwd.yaml" in caplog.text


def test_file_names_the_store_cannot_address_are_named_in_a_warning(
    service: WizardService, data_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = data_dir / "default" / "_vance" / "wizards"
    folder.mkdir(parents=True)
    for name in ("with space", "ümlaut", "-dash"):
        (folder / f"{name}.yaml").write_text(GOOD)
    with caplog.at_level(logging.WARNING, logger="vance_ui"):
        service.list_wizards(SCOPE)
        text = "\n".join(r.getMessage() for r in caplog.records)
        assert all(name in text for name in ("with space", "ümlaut", "-dash")), text
        first = len(caplog.records)
        service.list_wizards(SCOPE)
        assert len(caplog.records) == first  # not repeated on every listing
        (folder / "with space.yaml").write_text(GOOD + "\n# changed\n")
        service.list_wizards(SCOPE)
        assert sum("with space" in r.getMessage() for r in caplog.records) == 2  # a new version warns again
