"""In Chromium: a streaming answer stays in view while the user is at the bottom (assets/vance.js);
scrolling up, even a little, stops the following; scrolling back down resumes it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect, sync_playwright

from tests.support.app_server import AppServer, start_app
from tests.support.fake_llm import FakeLLM, start_fake_llm, stop_fake_llm

CHROMIUM = "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    pytest.skip("Debian's chromium is not installed (make chromium)", allow_module_level=True)

ANSWER = "\n\n".join(f"Paragraph {i} " + "word " * 30 for i in range(120))


@pytest.fixture
def model() -> Iterator[FakeLLM]:
    fake = start_fake_llm()
    yield fake
    stop_fake_llm(fake)


@pytest.fixture
def server(model: FakeLLM, tmp_path: Path) -> Iterator[AppServer]:
    app = start_app(tmp_path / "data", {"VANCE_MODEL": "openai/fake", "VANCE_LLM_API_BASE": model.base_url,
                                        "VANCE_LLM_API_KEY": "x"})
    yield app
    app.stop()


@pytest.fixture
def page() -> Iterator[Page]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield browser.new_page(viewport={"width": 1280, "height": 700})
        browser.close()


def gap(page: Page) -> float:
    return float(page.evaluate("document.documentElement.scrollHeight - (window.innerHeight + window.scrollY)"))


def paragraph(page: Page, index: int, timeout: float = 60_000) -> None:
    page.locator(".vance-msg-assistant .vance-markdown", has_text=f"Paragraph {index} ").wait_for(timeout=timeout)


def test_a_streaming_answer_is_followed_until_the_user_scrolls_up(page: Page, server: AppServer,
                                                                  model: FakeLLM) -> None:
    model.reply(ANSWER, chunk_delay=0.01, chunk_size=40)
    page.goto(server.base_url)
    box = page.locator(".vance-composer textarea")
    box.fill("a long answer, please")
    box.press("Enter")  # the first call imports litellm
    paragraph(page, 20, timeout=120_000)  # includes litellm's first import in a fresh app
    assert gap(page) < 50, "the newest text is in view"

    page.mouse.wheel(0, -120)  # a small step up, still near the bottom
    time.sleep(0.5)
    held = page.evaluate("window.scrollY")
    time.sleep(1.0)
    assert page.evaluate("window.scrollY") == held, "the page stays where the user scrolled to"
    assert gap(page) > 200

    page.mouse.wheel(0, 100_000)  # back to the bottom
    paragraph(page, 100)
    time.sleep(0.3)
    assert gap(page) < 50, "following resumed"
    paragraph(page, 119)
    expect(page.locator(".vance-streaming")).to_have_count(0)  # the finished answer is no longer followed
