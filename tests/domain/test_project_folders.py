"""Issue 14: only folders that are valid project ids are projects; the others are never offered
(they would fail every request made in them), and the store names each one once in a WARNING."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from vance_ui.service import WizardService

BAD_NAMES = ("zz bad project", "-dash", "ümlaut", "tab\there")


@pytest.fixture
def folders(data_dir: Path) -> Path:
    tenant = data_dir / "default"
    for name in ("research", "lab.2026", "_user_local", "_vance", "x" * 70, *BAD_NAMES):
        (tenant / name / "wizards").mkdir(parents=True)
    (tenant / "linked").symlink_to("research")
    (tenant / "a-file").write_text("not a folder")
    return tenant


def test_the_store_lists_only_real_folders_it_can_address(
    service: WizardService, folders: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="vance_ui"):
        for _ in range(3):
            assert service.data.projects("default") == ["_user_local", "_vance", "lab.2026", "research", "x" * 70]
    ignored = [r.getMessage() for r in caplog.records if "ignoring the folder" in r.getMessage()]
    assert len(ignored) == len(BAD_NAMES) + 1, ignored  # each once, the link included
    assert all(r.exc_info is None for r in caplog.records)


def test_projects_are_the_folders_with_valid_project_ids(service: WizardService, folders: Path) -> None:
    assert service.registry.projects("default") == ["lab.2026", "research"]
    for project in service.registry.projects("default"):
        service.registry.list("default", project, "local")  # each one can be listed in


def test_a_linked_tenant_folder_has_no_projects(service: WizardService, folders: Path, data_dir: Path) -> None:
    (data_dir / "mirror").symlink_to("default")
    assert service.data.projects("mirror") == []
    assert service.data.projects("nobody") == []
