"""Real Chromium against app.py in a subprocess, with a local fake model server.

One app process and one browser per module keep the suite fast. Screenshots go to
`test-artifacts/` (gitignored) through `tests.support.browser.screenshot`.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.app_server import AppServer
from tests.support.browser import PHONE, browser, model, server
from tests.support.fake_llm import FakeLLM

expect.set_options(timeout=10_000)

__all__ = ["browser", "model", "server"]  # the shared module-scoped fixtures


@pytest.fixture
def page(browser: Browser, server: AppServer, model: FakeLLM) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    model.replies.clear()
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    yield tab
    context.close()


@pytest.fixture
def phone(browser: Browser, server: AppServer, model: FakeLLM) -> Iterator[Page]:
    """A 390 px touch phone."""
    context = browser.new_context(**PHONE)  # type: ignore[arg-type]
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    yield tab
    context.close()
