"""Fixtures for the hosting tests: the layout of docs/hosting.md (tests/support/hosting.py) with
its data, and one Chromium per module."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from tests.support.browser import browser
from tests.support.hosting import Site, start_site
from tests.support.postgres import PgCluster

expect.set_options(timeout=20_000)

__all__ = ["browser"]  # the shared module-scoped Chromium


@pytest.fixture(scope="module")
def site(pg_cluster: PgCluster, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """Two instances behind nginx on a database of the module's own; both up again after each test."""
    running = start_site(tmp_path_factory.mktemp("site"), pg_cluster.create_database())
    yield running
    running.stop()


@pytest.fixture
def both_up(site: Site) -> Iterator[Site]:
    site.ensure_up()
    yield site
    site.ensure_up()
