"""Usage insights and the most-used cards in Chromium: an author opens a wizard's Insights from the
Wizards tab by keyboard, reads where users stop, gets the funnel as a table as well as a chart, and
finds it all axe-clean and inside a 390 px phone screen, in English and German; the quick-start
cards of an empty chat lead with the most used wizard."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.support.a11y import LANGS, settle
from tests.support.app_server import AppServer, start_app
from tests.support.axe import assert_no_blocking
from tests.support.browser import screenshot
from tests.support.wizard_files import write_wizard
from vance_ui.web.shell.i18n import Texts

TWO_PAGES = """\
title: { en: "Plan a trip", de: "Reise planen" }
description: { en: "Where, then how", de: "Wohin, dann wie" }
category: travel
fields:
  - { name: where, type: string, label: { en: Where, de: Wohin } }
  - { name: how, type: string, label: { en: How, de: Wie } }
pages:
  - { title: { en: Destination, de: Ziel }, fields: [where] }
  - { title: { en: Transport, de: Transportmittel }, fields: [how] }
promptTemplate: "{{ where }} {{ how }}"
"""


def seed_counts(data: Path, counts: dict[str, dict[str, int]], key: str = "-") -> None:
    """Today's counts as the app stores them (vance_ui/usage/recorder.py): the tenant's wizards'
    under "-", a user's own wizards' under `_user_<id>`."""
    day = data / "default" / "_usage" / "days" / f"{date.today().isoformat()}.json"
    day.parent.mkdir(parents=True, exist_ok=True)
    day.write_text(json.dumps({"counts": {key: counts}}), encoding="utf-8")


@pytest.fixture(scope="module")
def used_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    data = tmp_path_factory.mktemp("insights") / "data"
    write_wizard(data, "_user_local", "trip", TWO_PAGES)
    seed_counts(data, {"trip": {"opened": 10, "opened.card": 6, "opened.tab": 4, "page.2": 4, "used": 3,
                                "sent": 2, "use_seconds.90": 3, "checked": 1}}, key="_user_local")
    app = start_app(data)
    yield app
    app.stop()


@pytest.mark.parametrize("lang", LANGS)
def test_insights_by_keyboard_on_a_phone(page: Page, used_server: AppServer, lang: str) -> None:
    t = Texts(lang)
    title = {"en": "Plan a trip", "de": "Reise planen"}[lang]
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{used_server.base_url}/?lang={lang}")
    page.get_by_role("button", name=t("toggle_panel")).click()
    side = page.locator(".vance-side")
    actions = side.get_by_role("button", name=t("wizard_actions", title=title))
    actions.focus()
    page.keyboard.press("Enter")
    insights = page.get_by_role("menuitem", name=t("insights"))
    insights.focus()
    page.keyboard.press("Enter")

    dialog = page.get_by_role("dialog", name=t("insights_title", title=title))
    expect(dialog).to_be_visible()
    reading = {"en": "60 % stop on page 1: Destination", "de": "60 % hören auf Seite 1 auf: Ziel"}[lang]
    expect(dialog.get_by_role("status")).to_have_text(reading)
    table = dialog.locator(".q-table").first
    expect(table.locator("tbody tr")).to_have_count(4)
    expect(table.locator("tbody tr").nth(1)).to_contain_text(
        {"en": "Page 2: Transport", "de": "Seite 2: Transportmittel"}[lang])
    expect(table.locator("tbody tr").nth(1)).to_contain_text("40 %")
    expect(dialog.locator("canvas")).to_have_count(2)  # the funnel and the trend, drawn by ECharts
    box = dialog.locator(".vance-insights").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    settle(page)
    screenshot(page, f"insights-{lang}-390")
    assert_no_blocking(page, f"the Insights view ({lang}, 390 px)")

    dialog.get_by_role("button", name=t("insights_days_n", n=7)).click()
    expect(dialog.get_by_role("status")).to_have_text(reading)  # today's counts are in the last 7 days too
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(actions).to_be_focused()


def test_the_cards_of_an_empty_chat_lead_with_the_most_used(page: Page, tmp_path: Path) -> None:
    data = tmp_path / "data"
    for letter in "abcdefgh":
        write_wizard(data, "_vance", f"team-{letter}", TWO_PAGES.replace("Plan a trip", f"Team {letter}")
                     .replace("category: travel", "category: aaa-team"))
    seed_counts(data, {"team-h": {"opened": 5, "used": 4}, "team-f": {"opened": 9, "used": 2}})
    app = start_app(data)
    try:
        page.goto(app.base_url)
        cards = page.locator(".vance-quick-card")
        expect(cards.first).to_contain_text("Team h")
        expect(cards.nth(1)).to_contain_text("Team f")
        expect(cards.nth(2)).to_contain_text("Team a")  # then the first of each category, as on a new install
    finally:
        app.stop()
