"""Conditional fields and a multi-step wizard in real Chromium: what only a browser shows (focus,
typed text surviving re-renders, the dialog staying open after Reset, no clamped numbers)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.support.app_server import AppServer
from tests.support.browser import screenshot
from tests.support.wizard_files import write_wizard
from tests.web.test_form_v2 import OFFSITE


@pytest.fixture(scope="module", autouse=True)
def offsite(server: AppServer) -> Iterator[None]:
    write_wizard(server.data_dir, "_vance", "offsite", OFFSITE)
    yield


def dialog(page: Page) -> Locator:
    return page.locator(".vance-wizard-dialog")


def open_offsite(page: Page, server: AppServer) -> Locator:
    """A fresh form: a draft an earlier test left (written when its tab went away) is reset, and
    the test goes on once the reset is done (its badge gone): a click sent before it would reach
    the form the reset replaces (a loaded CI machine showed that)."""
    page.goto(server.base_url)
    page.locator(".vance-side").get_by_text("Offsite planner").click()
    form = dialog(page)
    expect(form.locator(".vance-preview")).not_to_be_empty()
    restored = form.get_by_text("Draft restored")
    if restored.is_visible():
        form.get_by_role("button", name="Reset form").click()
        expect(restored).to_be_hidden()
    expect(form.locator(".vance-preview")).to_have_text("K= C= T= D= S= B=")
    return form


def choose(page: Page, form: Locator, label: str, option: str) -> None:
    form.get_by_label(label).click()
    page.get_by_role("option", name=option).click()


def test_a_field_appears_while_typing_elsewhere_keeps_its_focus_and_text(page: Page, server: AppServer) -> None:
    form = open_offsite(page, server)
    expect(form.get_by_label("City *")).to_be_hidden()
    choose(page, form, "Kind *", "On site")
    expect(form.get_by_label("City *")).to_be_visible()

    topic = form.get_by_label("Topic")
    topic.click()
    topic.press_sequentially("Q3 plans", delay=30)  # a report per keystroke, one in flight at a time
    expect(form.locator(".vance-preview")).to_contain_text("T=Q3 plans")
    expect(topic).to_be_focused()
    expect(topic).to_have_value("Q3 plans")
    screenshot(page, "v2-field-appeared")

    choose(page, form, "Kind *", "Remote")
    expect(form.get_by_label("City *")).to_be_hidden()
    expect(topic).to_have_value("Q3 plans")


def test_three_pages_forward_and_back_with_an_error_on_page_two(page: Page, server: AppServer) -> None:
    form = open_offsite(page, server)
    steps = form.locator(".vance-step")
    choose(page, form, "Kind *", "On site")
    form.get_by_label("City *").fill("Berlin")
    expect(form.get_by_role("button", name="Use prompt")).to_be_hidden()
    form.get_by_role("button", name="Next").click()
    expect(steps.nth(1).get_by_role("button")).to_have_attribute("aria-current", "step")

    days = form.get_by_label("Days *")
    days.fill("9")
    form.get_by_role("button", name="Next").click()
    expect(form.locator(".q-field--error")).to_contain_text("Must be at most 5.")
    days.blur()
    expect(days).to_have_value("9")  # never clamped to the bound
    days.fill("1.5")
    days.blur()
    form.get_by_role("button", name="Next").click()
    expect(form.locator(".q-field--error")).to_contain_text("Expected a whole number.")
    expect(days).to_have_value("1.5")
    screenshot(page, "v2-page-two-error")

    days.fill("3")
    form.get_by_role("button", name="Next").click()
    expect(steps.nth(2).get_by_role("button")).to_have_attribute("aria-current", "step")
    form.get_by_role("button", name="Back").click()
    expect(days).to_have_value("3")
    form.get_by_role("button", name="Next").click()
    form.get_by_label("Budget").fill("900")
    expect(form.locator(".vance-preview")).to_contain_text("B=900")
    form.get_by_role("button", name="Use prompt").click()

    expect(dialog(page)).to_have_count(0)
    expect(page.locator(".vance-composer textarea")).to_have_value("K=onsite C=Berlin T= D=3 S= B=900")


def test_reset_keeps_the_dialog_open(page: Page, server: AppServer) -> None:
    form = open_offsite(page, server)
    form.get_by_label("Topic").fill("to be forgotten")
    form.get_by_role("button", name="Reset form").click()

    expect(form.get_by_label("Topic")).to_have_value("")
    page.wait_for_timeout(1000)  # the old dialog closed itself ~0.4 s after a reset
    expect(dialog(page)).to_be_visible()


def test_a_date_is_picked_from_the_calendar(page: Page, server: AppServer) -> None:
    form = open_offsite(page, server)
    choose(page, form, "Kind *", "Remote")
    form.get_by_role("button", name="Next").click()
    form.get_by_role("button", name="Pick a date").click()
    page.locator(".q-date").get_by_role("button", name="15", exact=True).click()

    expect(form.get_by_label("Start")).to_have_value(re.compile(r"^20[0-9]{2}-[01][0-9]-15$"))
    expect(form.locator(".vance-preview")).to_contain_text(re.compile(r"S=20[0-9]{2}-[01][0-9]-15 "))


HOLIDAY = """
title: { en: "Holiday" }
description: { en: "Days off" }
fields:
  - { name: first, type: date, dateMin: 2030-05-10, dateMax: 2030-05-20, label: { en: "First day" } }
promptTemplate: "F={{ first }}"
"""


def test_the_calendar_offers_only_the_days_from_date_min_to_date_max(page: Page, server: AppServer) -> None:
    write_wizard(server.data_dir, "_vance", "holiday", HOLIDAY)
    page.goto(server.base_url)
    page.locator(".vance-side").get_by_text("Holiday").click()  # listed once the server has read the file
    form = dialog(page)
    form.get_by_label("First day").fill("2030-05-15")
    expect(form.locator(".vance-preview")).to_have_text("F=2030-05-15")  # the picker shows May 2030
    form.get_by_role("button", name="Pick a date").click()
    calendar = page.locator(".q-date")
    for day in ("10", "15", "20"):
        expect(calendar.get_by_role("button", name=day, exact=True)).to_be_enabled()
    for day in ("9", "21"):  # a day outside is no button
        expect(calendar.get_by_role("button", name=day, exact=True)).to_have_count(0)


def test_a_short_preview_leaves_the_form_its_full_width(page: Page, server: AppServer) -> None:
    form = open_offsite(page, server)
    body = form.locator(".vance-wizard-body").bounding_box()
    card = form.bounding_box()
    assert body is not None and card is not None
    assert body["width"] > 0.97 * card["width"], (body, card)
    pane = form.locator(".vance-form-pane").bounding_box()
    assert pane is not None and pane["width"] > 0.5 * card["width"], "form and preview share the whole dialog"
