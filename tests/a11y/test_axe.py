"""axe-core finds no critical or serious violation on the chat page, the wizard dialog and the
login page, in English and in German (issue 17), also with errors and answers on screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.support.a11y import LANGS, PASSWORD, settle
from tests.support.app_server import AppServer
from tests.support.axe import assert_no_blocking
from vance_ui.web.shell.i18n import Texts
from vance_ui.web.shell.theme import QUASAR_LANGUAGES

TITLES = {"gremium": {"en": "Create a council", "de": "Gremium anlegen"},
          "every-type": {"en": "Every field type", "de": "Alle Feldtypen"},
          "vogon-strategie": {"en": "Plan Vogon strategy", "de": "Vogon-Strategie planen"},  # pages: a stepper
          "create-project": {"en": "Create a project", "de": "Projekt anlegen"}}  # showIf, dates


def has_lang(page: Page, lang: str) -> None:
    expect(page.locator("html")).to_have_attribute("lang", QUASAR_LANGUAGES[lang])


@pytest.mark.parametrize("lang", LANGS)
def test_the_chat_page_empty_and_with_an_answer(page: Page, echo_server: AppServer, lang: str) -> None:
    t = Texts(lang)
    page.goto(f"{echo_server.base_url}/?lang={lang}")
    page.get_by_role("button", name=t("new_chat"), exact=True).click()  # other tests of this module leave chats
    expect(page.locator(".vance-quick-card").first).to_be_visible()
    has_lang(page, lang)
    expect(page.get_by_role("heading", level=1, name=t("app_name"))).to_be_attached()
    settle(page)
    assert_no_blocking(page, f"the empty chat page ({lang})")

    message = f"Hello, screen reader ({lang})"
    page.get_by_role("textbox", name=t("message"), exact=True).fill(message)
    page.get_by_role("button", name=t("send")).click()
    # the first answer of a process may wait for the model client's import
    expect(page.locator(".vance-msg-assistant:not(.vance-streaming) .vance-markdown")).to_be_visible(timeout=40_000)
    expect(page.get_by_role("button", name=t("chat_actions", title=message))).to_be_visible()
    settle(page)
    assert_no_blocking(page, f"the chat page with an echo answer ({lang})")

    page.get_by_role("button", name=t("chat_actions", title=message)).click()
    page.get_by_role("menuitem", name=t("rename")).click()
    expect(page.get_by_role("dialog", name=t("rename_title"))).to_be_visible()
    settle(page)
    assert_no_blocking(page, f"the rename dialog, opened from a chat's menu ({lang})")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("wizard", ["gremium", "every-type", "vogon-strategie", "create-project"])
def test_the_wizard_dialog_empty_and_with_errors(page: Page, echo_server: AppServer, wizard: str,
                                                  lang: str) -> None:
    t = Texts(lang)
    page.goto(f"{echo_server.base_url}/?lang={lang}&wizard={wizard}")
    dialog = page.get_by_role("dialog", name=TITLES[wizard][lang])
    expect(dialog).to_be_visible()
    expect(dialog.locator(".vance-preview")).not_to_be_empty()
    has_lang(page, lang)
    settle(page)
    assert_no_blocking(page, f"the {wizard} dialog ({lang})")

    submit = dialog.get_by_role("button", name=t("use_prompt"))
    (submit if submit.is_visible() else dialog.get_by_role("button", name=t("next"))).click()
    expect(dialog.locator("[aria-invalid='true']").first).to_be_attached()
    settle(page)
    assert_no_blocking(page, f"the {wizard} dialog showing its errors ({lang})")


@pytest.mark.parametrize("lang", LANGS)
def test_the_login_page_empty_and_after_a_failed_login(page: Page, team_server: AppServer, lang: str) -> None:
    t = Texts(lang)
    page.goto(f"{team_server.base_url}/login?lang={lang}")
    expect(page.get_by_role("heading", level=1, name=t("login_title"))).to_be_visible()
    has_lang(page, lang)
    settle(page)
    assert_no_blocking(page, f"the login page ({lang})")

    page.get_by_label(t("login_user")).fill("ada")
    page.get_by_label(t("login_password"), exact=True).fill(PASSWORD + "-wrong")
    page.get_by_role("button", name=t("login_submit")).click()
    expect(page.get_by_text(t("login_failed"))).to_be_visible()
    settle(page)
    assert_no_blocking(page, f"the login page after a failed login ({lang})")
