"""Fixtures for the CLI tests (their helpers are in tests/support/cli.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.support.cli import FIXTURES


@pytest.fixture
def cli_data(data_dir: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A data dir (with the all-types wizard in the tenant layer) that `Settings()` picks up."""
    layer = data_dir / "default" / "_vance" / "wizards"
    layer.mkdir(parents=True)
    shutil.copy(FIXTURES / "wizards" / "all-types.yaml", layer)
    monkeypatch.setenv("VANCE_DATA_DIR", str(data_dir))
    monkeypatch.setenv("VANCE_WATCH", "false")
    monkeypatch.delenv("EDITOR", raising=False)
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.chdir(tmp_path)  # no developer .env file
    return data_dir
