"""Fill from chat in real Chromium on a 390 px phone, in English and German: the button by keyboard,
each filled field marked and described as "from the chat" to a screen reader, the status line, axe
clean with the markers on screen, and Undo bringing the form back as it was."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.a11y import LANGS, settle
from tests.support.app_server import AppServer
from tests.support.axe import assert_no_blocking
from tests.support.browser import PHONE, model, screenshot, server
from tests.support.fake_llm import FakeLLM
from vance_ui.web.shell.i18n import Texts

__all__ = ["model", "server"]  # the fake model and an app that uses it (module-scoped)


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(**PHONE)  # type: ignore[arg-type]
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    yield tab
    context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_fill_from_chat_by_keyboard_marked_axe_clean_and_undone(phone: Page, server: AppServer, model: FakeLLM,
                                                                 lang: str) -> None:
    t = Texts(lang)
    model.replies.clear()
    model.reply(json.dumps({"outputName": "pricing-council", "purpose": "Pricing decisions",
                            "members": [{"name": "Ada", "description": "CFO"},
                                        {"name": "Linus", "description": "CTO"}]}))
    phone.goto(f"{server.base_url}/?wizard=gremium&lang={lang}")
    dialog = phone.get_by_role("dialog")
    output_name = dialog.locator('[data-field="outputName"] input')
    expect(output_name).to_have_value("")

    fill = dialog.get_by_role("button", name=t("fill_from_chat"))
    fill.focus()
    phone.keyboard.press("Enter")

    expect(output_name).to_have_value("pricing-council", timeout=30_000)  # the app's first model call imports litellm
    expect(dialog.locator('[data-field="purpose"] textarea')).to_have_value("Pricing decisions")
    expect(dialog.locator(".vance-filled-mark")).to_have_count(3)  # outputName, purpose, members
    expect(output_name).to_have_accessible_description(re.compile(re.escape(t("from_chat_sr"))))
    expect(dialog.get_by_role("status").filter(has_text=t("fill_done", n=3))).to_have_count(1)
    settle(phone)
    screenshot(phone, f"fill-from-chat-{lang}-390")
    assert_no_blocking(phone, f"the wizard form after Fill from chat ({lang}, 390 px)")

    undo = dialog.get_by_role("button", name=t("undo"))
    undo.focus()
    phone.keyboard.press("Enter")
    expect(output_name).to_have_value("")
    expect(dialog.locator(".vance-filled-mark")).to_have_count(0)
    expect(dialog.get_by_role("status").filter(has_text=t("fill_undone"))).to_have_count(1)
