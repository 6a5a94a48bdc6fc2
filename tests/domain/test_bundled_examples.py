"""Every bundled wizard carries examples, and each renders as it says: the prompt the chat gets
(validation, rules across fields, follow-ups) is the one the example expects."""

from __future__ import annotations

import pytest

from vance_ui.settings import BUNDLED_DEFAULTS_DIR
from vance_ui.wizards.catalog.loader import load_wizard
from vance_ui.wizards.filling.examples import run_examples
from vance_ui.wizards.templates.bounded import Templates

BUNDLED = sorted((BUNDLED_DEFAULTS_DIR / "wizards").glob("*.yaml"))


@pytest.mark.parametrize("path", BUNDLED, ids=[path.stem for path in BUNDLED])
def test_a_bundled_wizard_s_examples_pass(path: object, templates: Templates) -> None:
    assert hasattr(path, "read_bytes") and hasattr(path, "stem")
    wizard = load_wizard(path.stem, path.read_bytes(), str(path), templates)
    results = run_examples(wizard, templates)
    assert len(results) >= 2, f"{path.stem} carries {len(results)} example(s)"
    assert {r.example.lang for r in results} == {"en", "de"}  # one per UI language
    failed = {r.title: r.failures for r in results if not r.ok}
    assert not failed, failed
