"""Undo after a delete, in Chromium and both languages: the focus lands on Undo (the deleted
entry's menu button is gone with the entry), Enter brings the wizard back, and axe finds nothing
critical or serious with the notice on screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.support.a11y import LANGS, settle
from tests.support.app_server import AppServer
from tests.support.axe import assert_no_blocking
from tests.support.wizard_files import write_wizard
from vance_ui.web.shell.i18n import Texts

NOTES = """\
title: { en: "Undo notes LANG", de: "Rückgängig-Notizen LANG" }
description: { en: "Deleted and back", de: "Gelöscht und zurück" }
fields:
  - { name: topic, type: string, label: { en: Topic, de: Thema } }
promptTemplate: "{{ topic }}"
"""


@pytest.mark.parametrize("lang", LANGS)
def test_delete_then_undo_with_the_keyboard(page: Page, echo_server: AppServer, lang: str) -> None:
    t = Texts(lang)
    name = f"undo-{lang}"
    path = write_wizard(echo_server.data_dir, "_user_local", name, NOTES.replace("LANG", lang))
    page.goto(f"{echo_server.base_url}/?lang={lang}")
    side = page.locator(".vance-side")
    entry = side.locator(f'[data-wizard="{name}"]')
    expect(entry).to_be_visible()
    title = {"en": "Undo notes en", "de": "Rückgängig-Notizen de"}[lang]
    side.get_by_role("button", name=t("wizard_actions", title=title)).click()
    page.get_by_role("menuitem", name=t("delete")).click()
    page.get_by_role("button", name=t("delete"), exact=True).click()

    notice = page.get_by_role("status").filter(has_text=t("editor_deleted", name=name))
    expect(notice).to_be_visible()
    expect(entry).to_have_count(0)
    undo = page.get_by_role("button", name=t("undo_delete", name=name))
    expect(undo).to_be_focused()
    settle(page)
    assert_no_blocking(page, f"the Wizards tab with the delete notice ({lang})")

    page.keyboard.press("Enter")
    restored = page.get_by_role("status").filter(has_text=t("wizard_restored", name=name))
    expect(restored).to_be_visible()
    expect(restored.get_by_role("button", name=t("close"))).to_be_focused()
    page.keyboard.press("Enter")  # dismissed: the focus goes on to New wizard, not to the page's body
    expect(restored).to_have_count(0)
    expect(page.get_by_role("button", name=t("new_wizard"))).to_be_focused()
    expect(entry).to_be_visible()
    assert path.exists()
