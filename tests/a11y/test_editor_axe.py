"""axe-core finds no critical or serious violation in the wizard editor, in English and German:
the form view of a wizard with every kind of setting, the YAML view with a problem on screen, the
history and conflict dialogs; the editor in its dialog over the chat page; and the Wizards tab with
its new buttons and an open actions menu."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.support.a11y import LANGS, settle
from tests.support.app_server import AppServer
from tests.support.axe import assert_no_blocking
from tests.support.wizard_files import write_wizard
from vance_ui.web.shell.i18n import Texts

RICH = """\
title: { en: "Rich wizard", de: "Reicher Wizard" }
description: { en: "Every setting", de: "Jede Einstellung" }
icon: users
category: testing
fields:
  - { name: topic, type: string, required: true, label: { en: Topic, de: Thema } }
  - name: tone
    type: select
    label: { en: Tone, de: Ton }
    choices:
      - { value: formal, label: { en: Formal, de: Förmlich } }
  - { name: size, type: integer, integerMin: 1, label: { en: Size, de: Größe }, showIf: "tone == 'formal'" }
  - { name: loud, type: boolean, label: { en: Loud, de: Laut } }
  - { name: due, type: date, label: { en: Due, de: Fällig } }
  - name: tags
    type: multi_select
    label: { en: Tags, de: Schlagwörter }
    choices:
      - { value: urgent, label: { en: Urgent, de: Dringend } }
      - { value: later, label: { en: Later, de: Später } }
    defaultValue: [later]
  - name: people
    type: repeat
    label: { en: People, de: Leute }
    item:
      - { name: name, type: string, label: { en: Name, de: Name } }
pages:
  - { title: { en: One, de: Eins }, fields: [topic, tone, size] }
  - { title: { en: Two, de: Zwei }, fields: [loud, due, tags, people] }
promptTemplate: "{{ topic }} {{ tone }}"
suggestedFollowUps:
  - { wizard: gremium, label: { en: Next, de: Weiter } }
"""


@pytest.fixture(scope="module", autouse=True)
def rich(echo_server: AppServer) -> None:
    write_wizard(echo_server.data_dir, "_user_local", "rich", RICH)


@pytest.mark.parametrize("lang", LANGS)
def test_the_editor_form_view_yaml_view_and_dialogs(page: Page, echo_server: AppServer, lang: str) -> None:
    t = Texts(lang)
    page.goto(f"{echo_server.base_url}/editor?wizard=rich&layer=USER&lang={lang}")
    expect(page.get_by_text(t("editor_loads"))).to_be_visible()
    expect(page.locator(".vance-editor-preview .vance-preview")).not_to_be_empty()
    expect(page.get_by_role("combobox", name=f"{t('field_default')} (tags)")).to_be_visible()  # the whole form
    settle(page)
    assert_no_blocking(page, f"the editor's form view ({lang})")

    page.get_by_role("tab", name=t("editor_yaml_view")).click()
    page.locator(".vance-yaml-editor .cm-content").click()
    page.keyboard.press("Control+End")
    page.keyboard.insert_text("\nbroken: [\n")
    expect(page.locator(".vance-editor-problem").first).to_be_visible()
    settle(page)
    assert_no_blocking(page, f"the editor's YAML view with a problem ({lang})")

    page.get_by_role("button", name=t("editor_history")).click()
    expect(page.locator(".vance-history-dialog")).to_be_visible()
    settle(page)
    assert_no_blocking(page, f"the history dialog ({lang})")


@pytest.mark.parametrize("lang", LANGS)
def test_the_wizards_tab_with_an_open_actions_menu(page: Page, echo_server: AppServer, lang: str) -> None:
    t = Texts(lang)
    page.goto(f"{echo_server.base_url}/?lang={lang}")
    expect(page.get_by_role("button", name=t("new_wizard"))).to_be_visible()
    settle(page)
    assert_no_blocking(page, f"the Wizards tab with New wizard, Import and actions buttons ({lang})")
    page.locator(".vance-side").get_by_role("button", name=t("wizard_actions", title="Rich wizard" if lang == "en"
                                                             else "Reicher Wizard")).click()
    expect(page.get_by_role("menuitem", name=t("wizard_edit"))).to_be_visible()
    settle(page)
    # the open menu covers entries below it: only the menu itself is judged now
    assert_no_blocking(page, f"the Wizards tab's actions menu ({lang})", include=".q-menu")


@pytest.mark.parametrize("lang", LANGS)
def test_the_editor_in_its_dialog_over_the_chat_page(page: Page, echo_server: AppServer, lang: str) -> None:
    t = Texts(lang)
    page.goto(f"{echo_server.base_url}/?lang={lang}")
    title = "Rich wizard" if lang == "en" else "Reicher Wizard"
    page.locator('.vance-side .vance-wizard-entry[data-wizard="rich"]').locator("xpath=..") \
        .get_by_role("button", name=t("wizard_actions", title=title)).click()
    page.get_by_role("menuitem", name=t("wizard_edit")).click()
    dialog = page.get_by_role("dialog", name=t("editor_heading", name="rich"))
    expect(dialog.get_by_text(t("editor_loads"))).to_be_visible()
    expect(dialog.locator(".vance-editor-preview .vance-preview")).not_to_be_empty()
    settle(page)
    assert_no_blocking(page, f"the editor's dialog over the chat page ({lang})")
