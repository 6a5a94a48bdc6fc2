"""Wizard suggestions above the chat input in real Chromium: chips while typing, the keyboard,
dismissing, opening a chip with the typed text in the wizard, and a 390 px phone."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from tests.support.app_server import AppServer
from tests.support.browser import chat_input, fresh_chat, screenshot

COUNCIL = "I'd like to set up a council of experts for our pricing"



def chips(page: Page) -> Locator:
    return page.get_by_role("group", name="Wizards that fit your message").get_by_role("button", name="Open wizard")


def council_chip(page: Page) -> Locator:
    return page.get_by_role("button", name="Open wizard: Create a council")


def typed_in_fresh_chat(page: Page, server: AppServer, text: str) -> Locator:
    box = fresh_chat(page, server)
    box.press_sequentially(text)
    return box



def test_typing_a_council_message_shows_its_chip_and_a_polite_announcement(page: Page, server: AppServer) -> None:
    box = typed_in_fresh_chat(page, server, COUNCIL)
    expect(council_chip(page)).to_be_visible()
    expect(chips(page)).to_have_count(1)
    expect(box).to_have_value(COUNCIL)  # every key reached the input: typing never waited for the chips
    expect(box).to_be_focused()
    status = page.locator('[role="status"][aria-live="polite"]').filter(has_text="Create a council")
    expect(status).to_have_text(re.compile(r"A wizard fits your message: Create a council\. Alt\+Up arrow"))
    screenshot(page, "30-suggest-chips")


def test_alt_up_reaches_the_chips_and_enter_opens_the_wizard_with_the_typed_text(page: Page,
                                                                                  server: AppServer) -> None:
    box = typed_in_fresh_chat(page, server, COUNCIL)
    expect(council_chip(page)).to_be_visible()
    box.press("Alt+ArrowUp")
    expect(council_chip(page)).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(box).to_be_focused()
    box.press("Alt+ArrowUp")
    page.keyboard.press("Enter")
    dialog = page.locator(".vance-wizard-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("textbox", name="Purpose of the council?")).to_have_value(COUNCIL)


def test_a_click_opens_the_wizard_too(page: Page, server: AppServer) -> None:
    typed_in_fresh_chat(page, server, "write an essay about remote work")
    page.get_by_role("button", name="Open wizard: Write an essay with a recipe").click()
    dialog = page.locator(".vance-wizard-dialog")
    expect(dialog.get_by_role("textbox", name=re.compile("Topic"))).to_have_value("write an essay about remote work")


def test_escape_hides_the_chips_for_this_message_only(page: Page, server: AppServer) -> None:
    box = typed_in_fresh_chat(page, server, COUNCIL)
    expect(council_chip(page)).to_be_visible()
    box.press("Escape")
    expect(chips(page)).to_have_count(0)
    box.press_sequentially(" and a sceptical advisory board")  # still about a council: it stays away
    expect(box).to_have_value(COUNCIL + " and a sceptical advisory board")
    box.press_sequentially(", and write an essay")
    expect(page.get_by_role("button", name="Open wizard: Write an essay with a recipe")).to_be_visible()
    expect(council_chip(page)).to_have_count(0)
    box.fill("")
    box.press_sequentially("create a council")  # a new message: the council may come back
    expect(council_chip(page)).to_be_visible()


def test_the_dismiss_button_hides_one_chip(page: Page, server: AppServer) -> None:
    typed_in_fresh_chat(page, server, COUNCIL)
    page.get_by_role("button", name="Hide suggestion Create a council").click()
    expect(chips(page)).to_have_count(0)
    expect(chat_input(page)).to_be_focused()


def test_no_chips_for_a_slash_command_or_an_ordinary_message(page: Page, server: AppServer) -> None:
    box = typed_in_fresh_chat(page, server, COUNCIL)
    expect(council_chip(page)).to_be_visible()
    box.fill("")
    box.press_sequentially("/gremium council")
    expect(chips(page)).to_have_count(0)
    box.fill("")
    box.press_sequentially(COUNCIL)
    expect(council_chip(page)).to_be_visible()
    box.press("Control+a")
    box.press_sequentially("what is the capital of Australia?")
    expect(chips(page)).to_have_count(0)


def test_sending_clears_the_chips(page: Page, server: AppServer) -> None:
    box = typed_in_fresh_chat(page, server, COUNCIL)
    expect(council_chip(page)).to_be_visible()
    box.press("Enter")
    expect(page.locator(".vance-transcript")).to_contain_text(COUNCIL)
    expect(chips(page)).to_have_count(0)


def test_on_a_phone_the_chips_lie_above_the_input_and_never_over_it(phone: Page, server: AppServer) -> None:
    box = typed_in_fresh_chat(phone, server, COUNCIL + " and write an essay about it")
    expect(chips(phone)).to_have_count(3)  # the most there are, with long titles
    input_box = phone.locator(".vance-composer").bounding_box()
    assert input_box is not None
    for chip in phone.locator(".vance-suggest-chip").all():
        expect(chip).to_be_in_viewport(ratio=1)
        chip_box = chip.bounding_box()
        assert chip_box is not None
        assert chip_box["y"] + chip_box["height"] <= input_box["y"] + 0.5, "a chip lies over the input"
        assert chip_box["x"] >= 0 and chip_box["x"] + chip_box["width"] <= 390.5
    expect(box).to_be_in_viewport(ratio=1)
    screenshot(phone, "31-suggest-chips-phone")
