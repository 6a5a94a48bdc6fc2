"""Shared fixtures for tests in real Chromium: one fake model server, one app process with that
model and one browser per test module. Import the fixtures into a module or conftest to use them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from tests.support.app_server import AppServer, start_app
from tests.support.fake_llm import FakeLLM, start_fake_llm, stop_fake_llm

CHROMIUM = "/usr/bin/chromium"  # Debian's package (`make chromium`); Playwright cannot download here
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
HAVE_CHROMIUM = Path(CHROMIUM).exists()


def model_env(model: FakeLLM) -> dict[str, str]:
    """The app's settings for litellm's real HTTP path to the fake server."""
    return {"VANCE_MODEL": "openai/fake", "VANCE_LLM_API_BASE": model.base_url, "VANCE_LLM_API_KEY": "x"}


@pytest.fixture(scope="module")
def model() -> Iterator[FakeLLM]:
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
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
