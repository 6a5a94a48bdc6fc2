"""Spec section 2a: availableIn globs decide listing visibility, nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.wizard_files import write_wizard
from vance_ui.service import Scope, WizardService
from vance_ui.wizards.catalog.availability import is_available

EDDIE = ["_user_*", "_tenant"]
ARTHUR = ["!_*"]


@pytest.mark.parametrize(("patterns", "project", "visible"), [
    (EDDIE, "_user_alice", True), (EDDIE, None, True), (EDDIE, "_tenant", True), (EDDIE, "research-2026", False),
    (ARTHUR, "research-2026", True), (ARTHUR, "_user_alice", False), (ARTHUR, None, False),
    (["*"], "anything", True), (["*"], None, True), ([], "x", True),
    (["research-2026"], "research-2026", True), (["research-2026"], "research-2027", False),
    (["research-*", "!research-old"], "research-new", True), (["research-*", "!research-old"], "research-old", False),
    (["a*"], "a/b", False), (["*"], "a/b", False), (["a.b"], "axb", False),
])
def test_spec_examples(patterns: list[str], project: str | None, visible: bool) -> None:
    assert is_available(patterns, project) is visible


def test_create_project_only_in_the_user_namespace(service: WizardService) -> None:
    def names(project: str | None) -> set[str]:
        return {w.name for w in service.list_wizards(Scope("default", "local", project))}

    assert "create-project" in names(None) and "create-project" in names("_user_local")
    assert "create-project" not in names("research-2026")


def test_available_in_does_not_hide_direct_calls(service: WizardService, data_dir: Path) -> None:
    write_wizard(data_dir, "_vance", "hidden", "title: {en: H}\ndescription: {en: D}\nfields: []\n"
                 "promptTemplate: hi\navailableIn: ['nowhere']\n")
    scope = Scope("default", "local", "research")
    assert "hidden" not in {w.name for w in service.list_wizards(scope)}
    assert service.definition(scope, "hidden").name == "hidden"
    assert service.render(scope, "hidden", {}).prompt == "hi"
