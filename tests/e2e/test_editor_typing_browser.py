"""Typing in the editor's code views in real Chromium, fast and on a busy machine: what lands in
the editor, and in the saved file, is exactly what was typed (no character moved or lost while the
server checks the text and marks its problems)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.support.app_server import AppServer
from tests.support.cpu_load import cpu_load
from tests.support.editor_page import cm_text
from tests.support.wizard_files import write_wizard

NOTES = """\
title: { en: "Meeting notes" }
description: { en: "Notes of a meeting" }
fields:
  - name: topic
    type: string
    label: { en: Topic }
promptTemplate: |
  Notes about {{ topic }}
  {% if topic %}Topic given.{% endif %}
"""

TYPED_LINES = ["icon: calendar-days", "category: team-events", "summary: unknown key makes a problem"]
KEY_DELAY_MS = 20


def test_fast_typing_in_the_yaml_view_under_load_keeps_every_character(page: Page, server: AppServer) -> None:
    path = write_wizard(server.data_dir, "_user_local", "notes-typing", NOTES)
    page.goto(f"{server.base_url}/editor?wizard=notes-typing&layer=USER")
    expect(page.get_by_text("The wizard loads.")).to_be_visible()
    page.get_by_role("tab", name="YAML").click()
    page.locator(".vance-yaml-editor .cm-line", has_text='description: { en: "Notes of a meeting" }').click()
    with cpu_load():
        for line in TYPED_LINES:  # each line makes the text (not) load: the server marks problems meanwhile
            page.keyboard.press("End")
            page.keyboard.press("Enter")
            page.keyboard.type(line, delay=KEY_DELAY_MS)
        expected = NOTES.replace('description: { en: "Notes of a meeting" }\n',
                                 'description: { en: "Notes of a meeting" }\n' + "\n".join(TYPED_LINES) + "\n")
        expect(page.get_by_text("1 problem(s)")).to_be_visible()  # the unknown key: the last text was checked
        assert cm_text(page, ".vance-yaml-editor .cm-content") == expected
    # what the server holds is what the browser shows: remove the unknown key and save
    page.locator(".vance-yaml-editor .cm-line", has_text="summary: unknown key").click()
    page.keyboard.press("End")
    page.keyboard.press("Shift+Home")
    page.keyboard.press("Backspace")
    page.keyboard.press("Backspace")
    expect(page.get_by_text("The wizard loads.")).to_be_visible()
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("Saved 'notes-typing'.")).to_be_visible()
    assert path.read_text("utf-8") == expected.replace(f"\n{TYPED_LINES[2]}", "")


def test_fast_typing_in_the_prompt_template_under_load_keeps_every_character(page: Page, server: AppServer) -> None:
    path = write_wizard(server.data_dir, "_user_local", "notes-template", NOTES)
    page.goto(f"{server.base_url}/editor?wizard=notes-template&layer=USER")
    expect(page.get_by_text("The wizard loads.")).to_be_visible()
    template = ".vance-template-editor[data-editor-label='Prompt template'] .cm-content"
    page.locator(template).locator(".cm-line", has_text="Notes about").click()
    typed = " and {{ topic | upper }} {% if topic %}again{% endif %} in a long line typed quickly"
    with cpu_load():
        page.keyboard.press("End")
        page.keyboard.type(typed, delay=KEY_DELAY_MS)
        expect(page.locator(".vance-editor-preview")).to_contain_text("in a long line typed quickly")
        assert cm_text(page, template).splitlines()[0] == "Notes about {{ topic }}" + typed
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("Saved 'notes-template'.")).to_be_visible()
    assert "Notes about {{ topic }}" + typed + "\n" in path.read_text("utf-8")
