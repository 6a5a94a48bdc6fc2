"""The wizard suggestions above the chat input for a keyboard and a screen reader, in English and German,
on a desktop and on a 390 px phone: axe finds nothing critical or serious with chips on screen, every
chip has a name in the page's language, the live region says which wizards fit, and the keys work."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.a11y import LANGS, settle
from tests.support.app_server import AppServer
from tests.support.axe import assert_no_blocking
from vance_ui.web.shell.i18n import Texts

MESSAGE = {"en": "I'd like to set up a council of experts and write an essay about it",
           "de": "Ich möchte ein Gremium anlegen und einen Aufsatz darüber schreiben"}
COUNCIL = {"en": "Create a council", "de": "Gremium anlegen"}


def show_chips(page: Page, server: AppServer, lang: str) -> None:
    t = Texts(lang)
    page.goto(f"{server.base_url}/?lang={lang}")
    box = page.get_by_role("textbox", name=t("message"), exact=True)
    box.fill("")
    box.press_sequentially(MESSAGE[lang])
    expect(page.get_by_role("button", name=t("suggest_open", title=COUNCIL[lang]))).to_be_visible()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", [1440, 390])
def test_chips_on_screen_are_axe_clean_and_named(browser: Browser, echo_server: AppServer, lang: str,
                                                 width: int) -> None:
    t = Texts(lang)
    context = browser.new_context(viewport={"width": width, "height": 844 if width == 390 else 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        show_chips(page, echo_server, lang)
        group = page.get_by_role("group", name=t("suggest_label"))
        expect(group.get_by_role("button", name=t("suggest_dismiss", title=COUNCIL[lang]))).to_be_visible()
        status = page.locator('[role="status"][aria-live="polite"]').filter(has_text=COUNCIL[lang])
        expect(status).to_have_count(1)
        settle(page)
        assert_no_blocking(page, f"the chat page with wizard chips ({lang}, {width} px)")
    finally:
        context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_the_chips_by_keyboard_alone(page: Page, echo_server: AppServer, lang: str) -> None:
    t = Texts(lang)
    show_chips(page, echo_server, lang)
    box = page.get_by_role("textbox", name=t("message"), exact=True)
    chips = page.get_by_role("group", name=t("suggest_label")).locator(".vance-suggest-open")
    expect(chips).to_have_count(3)
    box.press("Alt+ArrowUp")
    expect(chips.nth(0)).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(chips.nth(1)).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(chips.nth(0)).to_be_focused()
    page.keyboard.press("Delete")  # hides this one; the focus stays among the chips
    expect(chips).to_have_count(2)
    expect(chips.nth(0)).to_be_focused()
    page.keyboard.press("Escape")
    expect(box).to_be_focused()
    box.press("Escape")
    expect(chips).to_have_count(0)
    expect(box).to_have_value(MESSAGE[lang])
