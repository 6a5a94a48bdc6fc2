"""Fixtures shared by all tests (their helpers are in tests/support/)."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from nicegui.testing import User

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
for _key in [k for k in os.environ if k.startswith("VANCE_") and k != "VANCE_SKIP_BROWSER_TESTS"]:
    del os.environ[_key]  # tests are hermetic: a developer's own configuration must not leak in

from tests.support.app_server import AppServer  # noqa: E402
from tests.support.fake_llm import FakeLLM, start_fake_llm, stop_fake_llm  # noqa: E402
from tests.support.hosting import Site  # noqa: E402
from tests.support.postgres import PgCluster, drop_cluster, start_cluster  # noqa: E402
from tests.support.web_user import forget_included_routers, hand_on_last_updates  # noqa: E402
from vance_ui.documents.filesystem import BundledStore, FileDocumentStore  # noqa: E402
from vance_ui.documents.postgres import PostgresDocumentStore  # noqa: E402
from vance_ui.documents.store import DocumentStore  # noqa: E402
from vance_ui.service import Scope, WizardService  # noqa: E402
from vance_ui.settings import BUNDLED_DEFAULTS_DIR, Settings  # noqa: E402
from vance_ui.wizards.templates.bounded import Templates  # noqa: E402


@pytest.fixture
async def user(user: User) -> AsyncIterator[User]:
    """NiceGUI's simulated user (its plugin's fixture), whose page's last updates are handed on
    before the app stops, and whose app forgets the routers its `app.py` run included
    (`web_user.PRISTINE_LIFESPAN` says why).

    An update queued just before the stop would otherwise meet the stop's cancellation in the same
    turn of the loop, and Python 3.11's `asyncio.wait_for` in NiceGUI's outbox loop then drops the
    cancellation: the loop runs on until NiceGUI's 2 s teardown timeout ("Could not cancel ... tasks
    within timeout"), and the test takes 2 s longer."""
    yield user
    await hand_on_last_updates()
    forget_included_routers()


@pytest.fixture
def fake_llm() -> Iterator[FakeLLM]:
    fake = start_fake_llm()
    yield fake
    stop_fake_llm(fake)


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    path = tmp_path / "data"
    path.mkdir()
    return path


@pytest.fixture
def settings(data_dir: Path) -> Settings:
    return Settings(_env_file=None, data_dir=data_dir, watch=False)  # type: ignore[call-arg]


@pytest.fixture
def service(settings: Settings) -> Iterator[WizardService]:
    made = WizardService(settings, FileDocumentStore(settings.data_dir), BundledStore(BUNDLED_DEFAULTS_DIR))
    yield made
    made.close()


@pytest.fixture
def scope() -> Scope:
    return Scope(tenant="default", user="local")


@pytest.fixture(params=["files", pytest.param("postgresql", marks=pytest.mark.pg)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[DocumentStore]:
    """Each test that takes it runs against both stores: files under a data dir, and PostgreSQL."""
    if request.param == "files":
        yield FileDocumentStore(tmp_path / "data")
        return
    pg = PostgresDocumentStore.open(request.getfixturevalue("pg_url"))
    yield pg
    pg.close()


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[PgCluster]:
    """A throwaway PostgreSQL cluster for the whole run; fails (never skips) without PostgreSQL."""
    cluster = start_cluster()
    yield cluster
    drop_cluster(cluster)


@pytest.fixture
def pg_url(pg_cluster: PgCluster) -> str:
    """A fresh database of the test's own."""
    return pg_cluster.create_database()


BROWSER_FIXTURES = {"browser"}  # real Chromium: tests/support/browser.py and the a11y conftest (`page` needs it)
PG_FIXTURES = {"pg_cluster", "pg_url"}  # the throwaway PostgreSQL cluster


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """`browser` and `pg` follow from the fixtures a test uses, so no test can forget them (`slow` is
    set by hand on the slowest others); `make test-fast` runs what has none of the three."""
    for item in items:
        used = set(getattr(item, "fixturenames", ()))
        if used & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
        if used & PG_FIXTURES:
            item.add_marker(pytest.mark.pg)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failed test that ran against an app process shows that process' log tail: a browser
    test's failure in CI is otherwise a screenshot-less timeout with no cause."""
    report = yield
    if report.failed and isinstance(getattr(item, "funcargs", {}).get("server"), AppServer):
        tail = "\n".join(item.funcargs["server"].log().splitlines()[-80:])
        report.sections.append(("app server log (last 80 lines)", tail))
    if report.failed and isinstance(getattr(item, "funcargs", {}).get("both_up"), Site):  # tests/hosting
        report.sections.append(("the instances' and nginx's logs (tails)", item.funcargs["both_up"].log()))
    return report


@pytest.fixture(scope="session")
def templates() -> Iterator[Templates]:
    """Render workers for tests that check or render templates without a service."""
    runner = Templates.start(workers=2, memory_mb=64)
    runner.prestart()  # as the app's start-up does: tests that time a check do not time a worker's start
    yield runner
    runner.close()
