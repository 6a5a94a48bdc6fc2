"""Real Chromium against app.py in a subprocess, with a local fake model server.

One app process and one browser per module keep the suite fast. Screenshots go to
`test-artifacts/` (gitignored).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests.support.app_server import AppServer, start_app
from tests.support.fake_llm import FakeLLM, start_fake_llm, stop_fake_llm

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

expect.set_options(timeout=10_000)

if not Path(CHROMIUM).exists():
    pytest.skip("Debian's chromium is not installed (make chromium)", allow_module_level=True)


@pytest.fixture(scope="module")
def model() -> Iterator[FakeLLM]:
    fake = start_fake_llm()
    yield fake
    stop_fake_llm(fake)


@pytest.fixture(scope="module")
def server(model: FakeLLM, tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    data = tmp_path_factory.mktemp("e2e") / "data"
    app = start_app(data, {"VANCE_MODEL": "openai/fake", "VANCE_LLM_API_BASE": model.base_url,
                           "VANCE_LLM_API_KEY": "x"})
    yield app
    app.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Browser, server: AppServer, model: FakeLLM) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    model.replies.clear()
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    yield tab
    context.close()


def screenshot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
