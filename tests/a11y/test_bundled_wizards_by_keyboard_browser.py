"""Each of the five bundled wizards filled and used on 320, 390 and 768 px wide screens, in English
and German, in the default set-up (no model): with the keyboard alone (the dialog opens with the
focus in its first field, Tab reaches every required field, Enter on Next goes to the next page
with the focus on its first field, Enter on Use prompt puts the prompt into the chat input), and
with taps on a touch screen, every button tapped at least 24 px square. axe-core finds nothing
critical or serious on each dialog, and every filled dialog is saved as a screenshot
(`test-artifacts/keyboard-<wizard>-<lang>-<width>.png`, `touch-...`) for a person to look at."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.support.a11y import LANGS, settle
from tests.support.app_server import AppServer
from tests.support.axe import assert_no_blocking
from tests.support.browser import screenshot
from tests.support.wizard_form import focused, open_fresh
from vance_ui.web.shell.i18n import Texts

WIDTHS = (320, 390, 768)
BUNDLED = ("gremium", "vogon-strategie", "create-project", "essay-recipe", "essay-mit-recipe")
DATE = "2027-03-15"
REQUIRED_TEXT = "input[aria-required=true]:not([role=combobox]):not([readonly]), textarea[aria-required=true]"


def one_page(browser: Browser, touch: bool) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=touch)
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    yield tab
    context.close()


@pytest.fixture(scope="module")
def screen(browser: Browser) -> Iterator[Page]:
    """One page for the keyboard tests, resized for each screen."""
    yield from one_page(browser, touch=False)


@pytest.fixture(scope="module")
def touch_screen(browser: Browser) -> Iterator[Page]:
    """One touch-screen page for the tap tests, resized for each screen."""
    yield from one_page(browser, touch=True)


def resize(page: Page, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 844 if width < 700 else 1024})


def is_empty_required_text(now: dict[str, Any]) -> bool:
    return (now["tag"] in ("INPUT", "TEXTAREA") and now["role"] != "combobox" and not now["readonly"]
            and now["required"] and not now["value"])


def fill_and_use(page: Page, lang: str, where: str, text: str, shot: str) -> list[str]:
    """From the focused first field to Use prompt with keys only, `text` in each required text
    field left empty (a date in a date field), the screenshot `shot` before Use prompt; returns
    the fields typed into."""
    t = Texts(lang)
    dialog = page.locator(".vance-wizard-dialog")
    current = dialog.locator(".vance-steps [aria-current=step]")
    typed: list[str] = []
    passed: list[str] = []
    for _ in range(150):
        now = focused(page)
        assert now.get("inDialog"), f"{where}: the focus left the dialog ({now}) after {passed[-6:]}"
        if now["button"] in (t("use_prompt"), t("next")):
            if now["button"] == t("use_prompt"):
                screenshot(page, shot)
                page.keyboard.press("Enter")
                return typed
            step = current.inner_text()
            page.keyboard.press("Enter")
            expect(current).not_to_have_text(step)  # the next page
            page.wait_for_function("() => document.activeElement?.closest('.vance-form-pane') != null")  # its field
            continue
        if is_empty_required_text(now):
            page.keyboard.type(DATE if now["placeholder"] in ("YYYY-MM-DD", "JJJJ-MM-TT") else text)
            typed.append(now["label"])
        passed.append(now["label"] or str(now["button"]) or now["tag"])
        page.keyboard.press("Tab")
    pytest.fail(f"{where}: Tab never reached {t('use_prompt')!r}; passed {passed}")


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_each_bundled_wizard_is_filled_and_used_by_keyboard(screen: Page, echo_server: AppServer, lang: str,
                                                            width: int) -> None:
    resize(screen, width)
    chat_input = screen.get_by_role("textbox", name=Texts(lang)("message"), exact=True)
    for wizard in BUNDLED:
        where = f"{wizard} at {width} px ({lang})"
        dialog = open_fresh(screen, echo_server.base_url, wizard, lang)
        first = dialog.locator("input:not([type=checkbox]), textarea").first
        expect(first).to_be_focused()  # typing at once goes into the first field
        settle(screen)
        assert_no_blocking(screen, where)

        text = f"kb-{wizard}-{lang}-{width}"  # fits every required text field (names, ids, topics)
        typed = fill_and_use(screen, lang, where, text, f"keyboard-{wizard}-{lang}-{width}")
        assert typed, f"{where}: no required field was typed into"
        expect(dialog).to_have_count(0)
        expect(chat_input).to_have_value(re.compile(re.escape(text)))
        expect(chat_input).to_be_focused()


DIALOG_STATE = """() => {
  const d = document.querySelector(".vance-wizard-dialog");
  if (!d) return "no dialog";
  const shown = (e) => e.offsetParent !== null;
  return JSON.stringify({
    step: d.querySelector(".vance-steps [aria-current=step]")?.innerText,
    buttons: [...d.querySelectorAll(".vance-wizard-footer button")].map((b) => [b.innerText, shown(b)]),
    status: d.querySelector(".vance-status")?.innerText, url: location.href });
}"""


def tap(page: Page, button: Locator, where: str, app: AppServer) -> None:
    """`button` tapped, at least 24 px square; when it cannot be, the failure says what the dialog
    showed and how the app's log ends."""
    box = button.bounding_box()
    assert box is not None and box["width"] >= 24 and box["height"] >= 24, f"{where}: {button} is {box}"
    try:
        button.tap()
    except PlaywrightTimeoutError as missed:
        raise AssertionError(f"{where}: {button} could not be tapped; the dialog showed "
                             f"{page.evaluate(DIALOG_STATE)}; the app's log ends:\n{app.log()[-3000:]}") from missed


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_each_bundled_wizard_is_filled_and_used_by_taps(touch_screen: Page, echo_server: AppServer, lang: str,
                                                        width: int) -> None:
    t = Texts(lang)
    page = touch_screen
    resize(page, width)
    chat_input = page.get_by_role("textbox", name=t("message"), exact=True)
    for wizard in BUNDLED:
        where = f"{wizard} tapped at {width} px ({lang})"
        dialog = open_fresh(page, echo_server.base_url, wizard, lang)
        text = f"tap-{wizard}-{lang}-{width}"
        footer = dialog.locator(".vance-wizard-footer")
        use, next_page = (footer.get_by_role("button", name=t(key), exact=True) for key in ("use_prompt", "next"))
        for _ in range(8):  # pages
            empty = dialog.locator(REQUIRED_TEXT)
            typed = 0
            for field in empty.all():
                if field.is_visible() and not field.input_value():
                    field.tap()
                    expect(field).to_be_focused()
                    field.fill(text)
                    typed += 1
            if typed:  # the form's report of all that was typed: it may make this page the last one
                each = re.compile(f"({re.escape(text)}.*){{{typed}}}", re.DOTALL)
                expect(dialog.locator(".vance-preview")).to_contain_text(each)
            if use.is_visible():
                break
            step = dialog.locator(".vance-steps [aria-current=step]").inner_text()
            tap(page, next_page, where, echo_server)
            expect(dialog.locator(".vance-steps [aria-current=step]")).not_to_have_text(step)
        screenshot(page, f"touch-{wizard}-{lang}-{width}")
        tap(page, use, where, echo_server)
        expect(dialog).to_have_count(0)
        expect(chat_input).to_have_value(re.compile(re.escape(text)))
