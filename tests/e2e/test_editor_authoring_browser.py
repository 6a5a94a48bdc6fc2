"""The editor as a new author meets it, in Chromium at 1440x900: a renamed field's uses, problems
said where the author works, the preview in view while the form scrolls, and the keyboard (Ctrl+S,
a few Tabs to "Add field", the focus kept while adding fields, Escape in the dialog)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.support.app_server import AppServer
from tests.support.editor_page import edit_from_the_wizards_tab, field_card, file_holds
from tests.support.wizard_files import write_wizard

OFFSITE = """\
title: { en: "Offsite" }
description: { en: "Plan an offsite" }
fields:
  - name: topic
    type: string
    label: { en: Topic }
  - name: venue
    type: string
    label: { en: Venue }
  - name: days
    type: integer
    label: { en: Days }
  - name: notes
    type: textarea
    label: { en: Notes }
  - name: kind
    type: select
    label: { en: Kind }
    choices:
      - { value: a, label: { en: A } }
      - { value: b, label: { en: B } }
pages:
  - { title: { en: Basics }, fields: [topic, venue] }
  - { title: { en: Details }, fields: [days, notes, kind] }
promptTemplate: |
  Offsite on {{ topic }} at {{ venue }} for {{ days }} days.
"""

#: page 2 has no fields (all are on page 1)
EMPTY_PAGE = OFFSITE.replace("fields: [days, notes, kind] }", "fields: [] }") \
    .replace("fields: [topic, venue] }", "fields: [topic, venue, days, notes, kind] }")

LOADS = "The wizard loads."


def open_editor(page: Page, server: AppServer, name: str, text: str, lang: str = "en") -> None:
    write_wizard(server.data_dir, "_user_local", name, text)
    page.goto(f"{server.base_url}/editor?wizard={name}&layer=USER&lang={lang}")


def test_a_renamed_field_is_an_error_at_the_field_and_the_line_and_its_uses_follow(page: Page,
                                                                                    server: AppServer) -> None:
    open_editor(page, server, "offsite-rename", OFFSITE)
    expect(page.get_by_text(LOADS)).to_be_visible()
    preview = page.locator(".vance-editor-preview")
    preview.get_by_label("Topic").fill("Vogons")  # a test value in the preview
    expect(preview.locator(".vance-preview")).to_have_text("Offsite on Vogons at  for  days.")
    card = field_card(page, "topic")
    card.get_by_label("Name (topic)").fill("subject")
    # the template still reads {{ topic }}: an error (Save refused), said at the field
    status = page.locator(".vance-editor-status")
    expect(status).to_have_text("1 problem(s): Save is not possible until the wizard loads.")
    expect(page.get_by_role("button", name="Save", exact=True)).to_be_disabled()
    expect(card.locator(".vance-editor-problem-inline")).to_have_count(0)  # the field itself is fine ...
    template = page.locator('[data-section="editor-section-promptTemplate"]')
    expect(template.locator(".vance-editor-problem-inline")).to_have_text(  # ... its use in the template is not
        "The template reads 'topic', which is no field: it would print as nothing.")
    # the card's controls and the variables follow the new name at once
    expect(card.get_by_label("Label (subject)")).to_be_visible()
    expect(card.get_by_role("button", name="Remove field subject")).to_be_visible()
    expect(page.get_by_text("Variables: subject, venue, days, notes, kind", exact=False).first).to_be_visible()
    # ... and at its line in the YAML view
    page.get_by_role("tab", name="YAML").click()
    expect(page.locator(".vance-problem-line")).to_have_text([re.compile(r"Offsite on \{\{ topic \}\}")])
    page.get_by_role("tab", name="Form").click()
    # the field offers to rename its uses; the test value went with the field
    card.get_by_role("button", name="Rename 'topic' to 'subject' there too").click()
    expect(status).to_have_text(LOADS)
    expect(preview.locator(".vance-preview")).to_have_text("Offsite on Vogons at  for  days.")
    expect(preview.get_by_label("Topic")).to_have_value("Vogons")


def test_a_problem_is_said_in_plain_words_at_its_page_and_the_list_leads_there(page: Page,
                                                                               server: AppServer) -> None:
    open_editor(page, server, "offsite-empty-page", EMPTY_PAGE)
    said = "Page 2 has no fields yet: add one or remove the page."
    row = page.locator(".vance-form-view .vance-editor-section[data-section='editor-section-pages']")
    expect(row.locator(".vance-editor-problem-inline")).to_have_text(said)  # at the page, in the form view
    listed = page.locator(".vance-editor-problem")
    line = next(n for n, text in enumerate(EMPTY_PAGE.splitlines(), 1) if "Details" in text)
    expect(listed).to_have_text([f"Line {line} · {said}"])  # beside the preview, no parser text
    listed.click()
    expect(page.get_by_label("Page title 2", exact=True)).to_be_focused()  # the list leads to the page
    expect(page.get_by_label("Page title 2", exact=True)).to_be_in_viewport()


def test_the_problem_is_said_in_german_for_a_german_author(page: Page, server: AppServer) -> None:
    open_editor(page, server, "offsite-leer", EMPTY_PAGE, lang="de")
    expect(page.locator(".vance-form-view .vance-editor-problem-inline")).to_have_text(
        "Seite 2 hat noch keine Felder: Füge eins hinzu oder entferne die Seite.")


def _in_view_while_the_form_scrolls(page: Page) -> None:
    """Down to the follow-ups at the form's end, then the status and the prompt are still in view."""
    status = page.locator(".vance-editor-status").first
    prompt = page.locator(".vance-editor-preview .vance-preview").first
    expect(status).to_be_in_viewport()
    page.get_by_role("button", name="Add follow-up").scroll_into_view_if_needed()
    expect(page.get_by_role("button", name="Add follow-up")).to_be_in_viewport()
    expect(page.get_by_label("Title (EN)")).not_to_be_in_viewport()  # it did scroll
    expect(status).to_be_in_viewport()
    expect(prompt).to_be_in_viewport()
    expect(prompt).to_contain_text("Offsite on")


def test_the_preview_and_the_status_stay_in_view_while_the_form_scrolls(page: Page, server: AppServer) -> None:
    open_editor(page, server, "offsite-scroll", OFFSITE)
    expect(page.get_by_text(LOADS)).to_be_visible()
    _in_view_while_the_form_scrolls(page)


def test_in_the_dialog_too_the_preview_stays_in_view(page: Page, server: AppServer) -> None:
    write_wizard(server.data_dir, "_user_local", "offsite-dialog", OFFSITE)
    page.goto(server.base_url)
    edit_from_the_wizards_tab(page, "offsite-dialog", "Offsite")
    expect(page.get_by_role("dialog", name="Wizard editor: offsite-dialog").get_by_text(LOADS)).to_be_visible()
    _in_view_while_the_form_scrolls(page)


def test_ctrl_s_saves(page: Page, server: AppServer) -> None:
    open_editor(page, server, "offsite-save", OFFSITE)
    expect(page.get_by_text(LOADS)).to_be_visible()
    page.get_by_label("Title (EN)").fill("Offsite 2027")
    page.keyboard.press("Control+s")
    expect(page.get_by_text("Saved 'offsite-save'.")).to_be_visible()
    file_holds(server.data_dir / "default" / "_user_local" / "wizards" / "offsite-save.yaml", "Offsite 2027")


def test_a_few_tabs_reach_add_field_and_the_focus_stays_there_for_the_next(page: Page, server: AppServer) -> None:
    write_wizard(server.data_dir, "_user_local", "offsite-keys", OFFSITE)
    page.goto(server.base_url)
    edit_from_the_wizards_tab(page, "offsite-keys", "Offsite")
    dialog = page.get_by_role("dialog", name="Wizard editor: offsite-keys")
    expect(dialog.get_by_text(LOADS)).to_be_visible()
    expect(dialog.get_by_role("heading", name="Wizard editor: offsite-keys")).to_be_focused()
    jump = dialog.get_by_role("button", name="Add field", exact=True)
    for _ in range(15):  # past the top bar, the tabs and the jump links before it
        page.keyboard.press("Tab")
        if jump.evaluate("el => el === document.activeElement"):
            break
    else:
        raise AssertionError("15 Tabs did not reach 'Add field'")
    page.keyboard.press("Enter")
    label = dialog.get_by_label("Label of the new field (Fields)")
    expect(label).to_be_focused()
    page.keyboard.type("Budget")
    page.keyboard.press("Enter")  # adds a text field named after its label
    expect(field_card(page, "budget")).to_be_visible()
    expect(label).to_be_focused()  # not back at the top: ready for the next field
    expect(label).to_have_value("")
    page.keyboard.press("Escape")  # leaving the editor asks, as something changed
    expect(page.locator(".vance-editor-dialog").get_by_role("button", name="Leave")).to_be_visible()


def test_the_yaml_view_fills_the_window(page: Page, server: AppServer) -> None:
    open_editor(page, server, "offsite-tall", OFFSITE)
    page.get_by_role("tab", name="YAML").click()
    box = page.locator(".vance-yaml-editor .cm-editor").bounding_box()
    assert box is not None and box["height"] >= 600, box  # of 900 px
