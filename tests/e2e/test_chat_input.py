"""The chat input in real Chromium: the `/` menu with the keyboard and its ARIA, the input kept
across a reload, and a phone: the side panel out of the way after "Use prompt", no tooltip left
standing after a tap."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.support.app_server import AppServer
from tests.support.browser import chat_input, fresh_chat, screenshot
from tests.support.fake_llm import FakeLLM
from tests.support.wizard_files import write_wizard


@pytest.fixture(scope="module", autouse=True)
def goal_note(server: AppServer) -> Iterator[None]:
    """A one-page wizard (the bundled vogon-strategie has pages now: Use prompt is on its last)."""
    write_wizard(server.data_dir, "_vance", "goal-note", GOAL_WIZARD)
    yield


GOAL_WIZARD = """
title: { en: "Goal note" }
description: { en: "One line" }
fields:
  - { name: goal, type: string, required: true, label: { en: "Goal" } }
promptTemplate: "Our goal: {{ goal }}"
"""



def listbox(page: Page) -> Locator:
    return page.get_by_role("listbox", name="Wizards")


def dialog(page: Page) -> Locator:
    return page.locator(".vance-wizard-dialog")




def test_the_slash_menu_is_a_listbox_the_keyboard_drives(page: Page, server: AppServer) -> None:
    box = fresh_chat(page, server)
    box.press_sequentially("/")

    options = listbox(page).get_by_role("option")
    expect(options).to_have_count(6)  # the five bundled wizards and this module's goal-note
    expect(box).to_be_focused()
    expect(box).to_have_attribute("aria-controls", "vance-slash-list")
    first_id = options.nth(0).get_attribute("id")
    expect(box).to_have_attribute("aria-activedescendant", first_id or "")
    expect(options.nth(0)).to_have_attribute("aria-selected", "true")
    screenshot(page, "20-slash-menu")

    box.press("ArrowDown")
    expect(options.nth(1)).to_have_attribute("aria-selected", "true")
    expect(box).to_have_attribute("aria-activedescendant", options.nth(1).get_attribute("id") or "")
    box.press("ArrowUp")
    box.press("ArrowUp")  # wraps to the last
    expect(options.last).to_have_attribute("aria-selected", "true")

    box.press_sequentially("coun")  # by title: "Create a council"
    expect(options).to_have_count(1)
    expect(options.nth(0)).to_contain_text("Create a council")
    expect(options.nth(0)).to_have_attribute("aria-selected", "true")

    box.press("Escape")
    expect(listbox(page)).to_be_hidden()
    expect(box).not_to_have_attribute("aria-activedescendant", re.compile(".*"))
    box.press("Enter")  # "/coun" names no wizard: nothing is sent, the hint says why
    hint = page.locator(".vance-slash-hint")
    expect(hint).to_contain_text("Not sent: there is no wizard '/coun' here")
    expect(hint).to_have_attribute("role", "status")
    expect(box).to_have_attribute("aria-describedby", hint.get_attribute("id") or "")
    expect(box).to_have_value("/coun")
    expect(page.locator(".vance-msg-user")).to_have_count(0)

    box.press_sequentially("c")  # the command changed: the menu is back
    expect(options).to_have_count(1)
    box.press("Tab")
    expect(dialog(page).get_by_text("Create a council", exact=True)).to_be_visible()
    expect(box).to_have_value("")


def test_slash_name_and_enter_open_the_form(page: Page, server: AppServer) -> None:
    box = fresh_chat(page, server)
    box.press_sequentially("/gremium")
    expect(listbox(page).get_by_role("option").first).to_contain_text("/gremium")
    box.press("Enter")
    expect(dialog(page).get_by_text("Create a council", exact=True)).to_be_visible()
    expect(page.locator(".vance-msg-user")).to_have_count(0)


def test_a_click_on_an_option_opens_it(page: Page, server: AppServer) -> None:
    box = fresh_chat(page, server)
    box.press_sequentially("/essay")
    listbox(page).get_by_role("option", name=re.compile("Write an essay with a recipe")).click()
    expect(dialog(page).get_by_text("Write an essay with a recipe")).to_be_visible()


def test_double_slash_sends_one_slash(page: Page, server: AppServer, model: FakeLLM) -> None:
    model.reply("ok")
    box = fresh_chat(page, server)
    box.press_sequentially("//usr/bin is a folder")
    expect(listbox(page)).to_be_hidden()
    box.press("Enter")
    expect(page.locator(".vance-msg-user").last).to_have_text("/usr/bin is a folder")
    expect(box).to_have_value("")


def test_the_input_and_a_used_prompt_survive_a_reload(page: Page, server: AppServer) -> None:
    box = fresh_chat(page, server)
    box.press_sequentially("An unsent thought")
    page.wait_for_timeout(900)  # the save follows the last keystroke by half a second
    page.reload()
    expect(chat_input(page)).to_have_value("An unsent thought")

    page.locator(".vance-side").get_by_text("Goal note").click()
    dialog(page).get_by_label("Goal *").fill("Double the revenue by 2027")
    dialog(page).get_by_role("button", name="Use prompt").click()
    expect(chat_input(page)).to_have_value(re.compile("Double the revenue by 2027"))
    page.reload()  # right away: a used prompt is kept at once
    expect(chat_input(page)).to_have_value(re.compile("Double the revenue by 2027"))


def test_the_same_prompt_again_after_clearing_the_input_arrives_with_the_form_s_update(
        page: Page, server: AppServer) -> None:
    """The input was cleared by hand, so the browser's copy of its value is still the prompt the
    server sent; the same prompt again must still land in it. NiceGUI's own later `updateValue`
    call is switched off here, so this sees the path vance_ui/web/nicegui_compat/value_sync.py adds (the prompt in
    the same message as the update that closes the form, not behind the dialog's closing)."""
    box = fresh_chat(page, server)
    for attempt in range(2):
        page.locator(".vance-side").get_by_text("Goal note").click()
        dialog(page).get_by_label("Goal *").fill("Halve the backlog")
        dialog(page).get_by_role("button", name="Use prompt").click()
        expect(dialog(page)).to_have_count(0)
        expect(box).to_have_value("Our goal: Halve the backlog")
        if attempt == 0:
            box.fill("")
            expect(box).to_have_value("")
            page.evaluate("""() => { const run = window.runMethod;
                window.runMethod = (target, name, args) => name === "updateValue" ? undefined : run(target, name, args);
            }""")


def test_on_a_phone_use_prompt_closes_the_panel_over_the_input(phone: Page, server: AppServer) -> None:
    phone.goto(server.base_url)
    chat_input(phone).fill("")
    phone.locator(".vance-header button").last.tap()
    entry = phone.locator(".vance-side").get_by_text("Goal note")
    expect(entry).to_be_in_viewport(ratio=1)
    entry.tap()
    dialog(phone).get_by_label("Goal *").fill("Ship it")
    dialog(phone).get_by_role("button", name="Use prompt").tap()

    expect(dialog(phone)).to_have_count(0)
    expect(phone.locator(".vance-side")).not_to_be_in_viewport()
    expect(chat_input(phone)).to_be_focused()
    expect(chat_input(phone)).to_have_value(re.compile("Ship it"))
    expect(chat_input(phone)).to_be_in_viewport()
    send = phone.locator(".vance-composer button").first
    box = send.bounding_box()
    assert box is not None
    centre = phone.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.outerHTML ?? ''",
                            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert "arrow_upward" in centre, "the send button is on top, nothing lies over it"
    phone.wait_for_timeout(400)  # the drawer's slide, for the picture only
    screenshot(phone, "21-phone-after-use-prompt")


def test_on_a_phone_no_tooltip_stays_after_a_tap(phone: Page, server: AppServer) -> None:
    phone.goto(server.base_url)
    chat_input(phone).fill("")
    send = phone.locator(".vance-composer button").first  # with an empty input a tap sends nothing
    for button in (send, phone.locator(".vance-header button").first):
        button.tap()
        phone.wait_for_timeout(1200)  # well past Quasar's show delay
        expect(phone.locator(".q-tooltip:visible")).to_have_count(0)
