"""Accessibility in real Chromium (issue 17): axe-core scans and keyboard-only use.

Unlike tests/e2e, nothing here is skipped when a tool is missing: without Chromium or axe-core
the tests fail and say which `make` target installs it, since a check that silently does not run
would look like a passing one. One echo-engine app (no model: its labelled echo badges are part of
what is checked) and one multi-user app (for the login page) per module. What the tests share
besides fixtures is in tests/support/a11y.py, browser.py and axe.py.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests.support.a11y import BILINGUAL_EVERY_TYPE, PASSWORD
from tests.support.app_server import AppServer, start_app
from tests.support.browser import CHROMIUM, CHROMIUM_ARGS, HAVE_CHROMIUM
from tests.support.wizard_files import write_wizard
from vance_ui.accounts.directory import UserDirectory

expect.set_options(timeout=10_000)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not HAVE_CHROMIUM:
        pytest.fail(f"{CHROMIUM} is missing: the accessibility tests need it, run `make chromium`", pytrace=False)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def echo_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    data = tmp_path_factory.mktemp("a11y-app") / "data"
    write_wizard(data, "_vance", "every-type", BILINGUAL_EVERY_TYPE)
    app = start_app(data)
    yield app
    app.stop()


@pytest.fixture(scope="module")
def team_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    root = tmp_path_factory.mktemp("a11y-team")
    users = UserDirectory(root / "users.yaml")
    users.add_user("ada", PASSWORD, ["acme"], name="Ada Example")
    app = start_app(root / "data", {"VANCE_USERS_FILE": str(users.path), "VANCE_TENANT": "acme",
                                    "VANCE_STORAGE_SECRET": "a11y-storage-secret-0123456789abcdef"})
    yield app
    app.stop()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    yield tab
    context.close()
