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


@pytest.fixture(scope="package")
def site(pg_cluster: PgCluster, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """Two instances behind nginx on a database of their own (one layout for every test here), each
    through a link to the database that a test can cut."""
    running = start_site(tmp_path_factory.mktemp("site"), pg_cluster.create_database(), links=True)
    yield running
    running.stop()


@pytest.fixture
def both_up(site: Site) -> Iterator[Site]:
    site.ensure_up()
    yield site
    for instance in site.instances:
        if instance.link is not None:
            instance.link.restore()
    site.ensure_up()
