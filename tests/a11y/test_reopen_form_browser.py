""""Edit in form" of a sent message in real Chromium on a 390 px phone, in English and German: the
button is named for screen readers and reached by keyboard from the chat input, it opens the form
with the message's values, "Use prompt" puts the new prompt into the input, and axe finds nothing
critical or serious on the chat with the button nor on the reopened form."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.a11y import LANGS, settle
from tests.support.app_server import AppServer, start_app
from tests.support.axe import assert_no_blocking
from tests.support.browser import PHONE, chat_input
from tests.support.wizard_files import TRIP, write_wizard
from tests.support.wizard_form import dialog
from vance_ui.web.shell.i18n import Texts

DESTINATION = {"en": "Oslo", "de": "Bergen"}  # the module's chat is shared: each language its own message
TITLE = {"en": "Trip note", "de": "Reisenotiz"}


@pytest.fixture(scope="module")
def trip_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    data = tmp_path_factory.mktemp("reopen-app") / "data"
    write_wizard(data, "_vance", "trip", TRIP)
    app = start_app(data)
    yield app
    app.stop()


def send_from_the_wizard(page: Page, server: AppServer, lang: str) -> None:
    """The trip wizard opened by a link with its values, its prompt used and sent with Enter."""
    t = Texts(lang)
    page.goto(f"{server.base_url}/?lang={lang}&wizard=trip&destination={DESTINATION[lang]}&budget=900")
    form = dialog(page)
    expect(form.locator(".vance-preview")).to_contain_text(DESTINATION[lang])
    form.get_by_role("button", name=t("use_prompt")).click()
    box = chat_input(page)
    expect(box).to_have_value(f"Plan a trip to {DESTINATION[lang]} by train for 900 EUR.")
    box.press("Enter")
    expect(page.locator(".vance-msg-user").last).to_contain_text(DESTINATION[lang])
    expect(page.locator(".vance-streaming")).to_have_count(0)  # the echo answer is complete


@pytest.mark.parametrize("lang", LANGS)
def test_edit_in_form_by_keyboard_on_a_phone(browser: Browser, trip_server: AppServer, lang: str) -> None:
    t = Texts(lang)
    context = browser.new_context(**PHONE)  # type: ignore[arg-type]
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        send_from_the_wizard(page, trip_server, lang)
        edit = page.get_by_role("button", name=t("edit_in_form_named", wizard=TITLE[lang])).last
        expect(edit).to_contain_text(t("edit_in_form"))
        bounds = edit.bounding_box()
        assert bounds is not None and bounds["x"] >= 0 and bounds["x"] + bounds["width"] <= 390, bounds
        settle(page)
        assert_no_blocking(page, f"a sent message with Edit in form ({lang}, 390 px)")

        chat_input(page).focus()
        page.keyboard.press("Shift+Tab")  # the newest message's button comes right before the input
        expect(edit).to_be_focused()
        page.keyboard.press("Enter")
        form = dialog(page)
        expect(form.get_by_role("textbox").first).to_have_value(DESTINATION[lang])
        expect(form.locator(".vance-preview")).to_have_text(f"Plan a trip to {DESTINATION[lang]} by train for 900 EUR.")
        settle(page)
        assert_no_blocking(page, f"the form reopened from a message ({lang}, 390 px)")

        form.get_by_role("textbox").first.fill("Tromsø")
        expect(form.locator(".vance-preview")).to_contain_text("Tromsø")
        form.get_by_role("button", name=t("use_prompt")).click()
        expect(chat_input(page)).to_have_value("Plan a trip to Tromsø by train for 900 EUR.")
        expect(chat_input(page)).to_be_focused()
    finally:
        context.close()
