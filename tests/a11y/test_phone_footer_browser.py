"""The wizard dialog's footer on every screen width, in English and German, without a model (the
default set-up: Check is disabled and says why): every button of the footer lies inside the screen,
and the one that moves on (Next, or Use prompt) is whole and can be pressed."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.support.a11y import LANGS
from tests.support.app_server import AppServer
from tests.support.browser import screenshot
from vance_ui.web.shell.i18n import Texts

WIDTHS = (320, 390, 768)
BUNDLED = ("gremium", "vogon-strategie", "create-project", "essay-recipe", "essay-mit-recipe")


def assert_inside(box_of: Locator, width: int, what: str) -> None:
    box = box_of.bounding_box()
    assert box is not None, f"{what} has no box"
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, f"{what} lies at x = {box['x']:.0f}-" \
        f"{box['x'] + box['width']:.0f} on a {width} px screen"


def assert_footer_fits(page: Page, width: int, lang: str, where: str) -> None:
    t = Texts(lang)
    footer = page.locator(".vance-wizard-footer")
    overflow = footer.evaluate("el => el.scrollWidth - el.clientWidth")
    assert overflow <= 0, f"{where}: the footer is {overflow} px wider than its box"
    for button in footer.get_by_role("button").all():
        if button.is_visible():
            assert_inside(button, width, f"{where}: the button {button.inner_text()!r}")
    primary = footer.get_by_role("button", name=t("use_prompt"), exact=True)
    if not primary.is_visible():
        primary = footer.get_by_role("button", name=t("next"), exact=True)
    expect(primary).to_be_in_viewport(ratio=1)
    assert_inside(primary, width, f"{where}: the primary button")
    reason = footer.locator(".vance-check-reason")
    if reason.count():
        expect(reason).to_have_count(1)  # one line says why Check and Fill from chat are off
        assert_inside(reason, width, f"{where}: why Check is off")


@pytest.fixture
def phone(browser: Browser) -> Page:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    return tab


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("wizard", BUNDLED)
def test_the_footer_fits_every_width_with_the_primary_button_whole(phone: Page, echo_server: AppServer,
                                                                   wizard: str, lang: str) -> None:
    for width in WIDTHS:
        phone.set_viewport_size({"width": width, "height": 844})
        phone.goto(f"{echo_server.base_url}/?lang={lang}&wizard={wizard}")
        expect(phone.locator(".vance-wizard-dialog .vance-preview")).not_to_be_empty()
        assert_footer_fits(phone, width, lang, f"{wizard} at {width} px ({lang})")
        screenshot(phone, f"footer-{wizard}-{lang}-{width}")


@pytest.mark.parametrize("lang", LANGS)
def test_on_a_later_page_back_and_next_fit_beside_check(phone: Page, echo_server: AppServer, lang: str) -> None:
    t = Texts(lang)
    for width in WIDTHS:
        phone.set_viewport_size({"width": width, "height": 844})
        phone.goto(f"{echo_server.base_url}/?lang={lang}&wizard=vogon-strategie")
        dialog = phone.locator(".vance-wizard-dialog")
        dialog.get_by_label("Ziel *" if lang == "de" else "Goal *").fill("Double the revenue")
        dialog.get_by_role("button", name=t("next")).click()
        expect(dialog.get_by_role("button", name=t("back"), exact=True)).to_be_visible()
        assert_footer_fits(phone, width, lang, f"page 2 at {width} px ({lang})")
        screenshot(phone, f"footer-page2-{lang}-{width}")
