"""In Chromium: a streaming answer stays in view while the user is at the bottom (assets/vance.js);
scrolling up, even a little, stops the following; scrolling back down resumes it."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.app_server import AppServer
from tests.support.browser import browser, model, server
from tests.support.fake_llm import FakeLLM

__all__ = ["browser", "model", "server"]  # the shared module-scoped fixtures

ANSWER = "\n\n".join(f"Paragraph {i} " + "word " * 30 for i in range(120))


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 700})
    yield context.new_page()
    context.close()


GAP = "document.documentElement.scrollHeight - (window.innerHeight + window.scrollY)"


def gap(page: Page) -> float:
    return float(page.evaluate(GAP))


def paragraph(page: Page, index: int, timeout: float = 10_000) -> None:
    page.locator(".vance-msg-assistant .vance-markdown", has_text=f"Paragraph {index} ").wait_for(timeout=timeout)


def last_paragraph(page: Page) -> int:
    """The number of the last paragraph of the answer on the page now."""
    text = page.locator(".vance-msg-assistant").last.inner_text()
    return max(int(number) for number in re.findall(r"Paragraph (\d+) ", text))


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
    page.wait_for_function(f"({GAP}) > 200")  # the answer grows below the view
    held = page.evaluate("window.scrollY")  # from here only the wheel's own scroll may move it (up)
    paragraph(page, last_paragraph(page) + 10)  # more of the answer, which following would scroll to
    assert page.evaluate("window.scrollY") <= held, "the page stays where the user scrolled to"
    assert gap(page) > 200

    page.mouse.wheel(0, 100_000)  # back to the bottom
    paragraph(page, 100)  # dozens of paragraphs later: unfollowed, the gap would be thousands of px
    # one sample could fall between a DOM update and the scroll that follows it (117 px seen in CI)
    page.wait_for_function(f"({GAP}) < 50", timeout=3_000)  # following resumed
    paragraph(page, 119)
    expect(page.locator(".vance-streaming")).to_have_count(0)  # the finished answer is no longer followed
