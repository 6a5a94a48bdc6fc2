"""Shared fixtures for tests in real Chromium: one fake model server, one app process with that
model and one browser per test module. Import the fixtures into a module or conftest to use them.

Without Chromium the browser tests fail (a CI image that lost its browser must not turn green by
skipping them); `VANCE_SKIP_BROWSER_TESTS=1` skips them instead, for local runs on purpose."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, sync_playwright

from tests.support.app_server import AppServer, start_app
from tests.support.fake_llm import FakeLLM, start_fake_llm, stop_fake_llm
from tests.support.paths import ARTIFACTS

#: a phone's browser context (Playwright's new_context arguments)
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
CHROMIUM = "/usr/bin/chromium"  # Debian's package (`make chromium`); Playwright cannot download here
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
HAVE_CHROMIUM = Path(CHROMIUM).exists()
SKIP_ENV = "VANCE_SKIP_BROWSER_TESTS"


def require_chromium() -> None:
    """Fail the test without Chromium, or skip it when the developer opted out with `SKIP_ENV=1`."""
    if HAVE_CHROMIUM:
        return
    if os.environ.get(SKIP_ENV) == "1":
        pytest.skip(f"{CHROMIUM} is missing and {SKIP_ENV}=1")
    pytest.fail(f"browser tests need Debian's Chromium at {CHROMIUM} (install it with `make chromium`); "
                f"set {SKIP_ENV}=1 to skip them locally", pytrace=False)


def model_env(model: FakeLLM) -> dict[str, str]:
    """The app's settings for litellm's real HTTP path to the fake server."""
    return {"VANCE_MODEL": "openai/fake", "VANCE_LLM_API_BASE": model.base_url, "VANCE_LLM_API_KEY": "x"}


@pytest.fixture(scope="module")
def model() -> Iterator[FakeLLM]:
    require_chromium()  # the first fixture every browser test asks for: no app starts in vain
    fake = start_fake_llm()
    yield fake
    stop_fake_llm(fake)


@pytest.fixture(scope="module")
def server(model: FakeLLM, tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    app = start_app(tmp_path_factory.mktemp("browser-app") / "data", model_env(model))
    yield app
    app.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    require_chromium()
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def screenshot(page: Page, name: str) -> None:
    """The page as `test-artifacts/<name>.png` (gitignored), to look at after a run."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def chat_input(page: Page) -> Locator:
    return page.locator(".vance-composer textarea")


def fresh_chat(page: Page, server: AppServer) -> Locator:
    """The chat page with an empty, focused input (a module's chats are shared, and so is what they kept)."""
    page.goto(server.base_url)
    box = chat_input(page)
    box.fill("")
    box.focus()
    return box
