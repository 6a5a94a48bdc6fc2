"""The wizard editor in real Chromium: an author builds a wizard from nothing in the form view and
uses it, breaks it in the YAML view, customizes a bundled wizard, restores an older version, and
meets a second editor's save. Screenshots (EN, DE, phone) go to test-artifacts/."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Dialog, Locator, Page, expect

from tests.support.app_server import AppServer
from tests.support.browser import screenshot
from tests.support.editor_page import (
    add_field,
    edit_from_the_wizards_tab,
    editor_yaml,
    field_card,
    file_holds,
    replace_yaml,
    save,
)
from tests.support.wizard_files import write_wizard

NOTES = """\
# a hand-written wizard
title: { en: "Meeting notes" }
description: { en: "Notes of a meeting" }
fields:
  - name: topic   # what it was about
    type: string
    label: { en: Topic }
promptTemplate: |
  Notes about {{ topic }}
"""


def test_build_a_wizard_from_nothing_in_form_view_and_use_it(page: Page, server: AppServer) -> None:
    page.goto(server.base_url)
    page.get_by_role("button", name="New wizard").click()
    expect(page.get_by_role("heading", name="Wizard editor: new wizard")).to_be_visible()
    page.get_by_label("File name").fill("team-intro")
    page.get_by_label("Title (EN)").fill("Team intro")
    add_field(page, "Team kind", "One of several choices")
    add_field(page, "Team size", "Whole number")
    expect(field_card(page, "teamSize")).to_be_visible()  # named after its label
    field_card(page, "teamSize").get_by_label("Show if (condition) (teamSize)").fill("teamKind == 'a'")
    page.get_by_role("button", name="Add page").click()
    expect(page.get_by_label("Page title 1", exact=True)).to_have_value("Page 1")
    page.get_by_role("button", name="Add page").click()
    expect(page.get_by_label("Page title 2", exact=True)).to_have_value("Page 2")
    field_card(page, "teamSize").get_by_role("combobox", name="Page").click()
    page.get_by_role("option", name="Page 2").click()
    template = page.locator(".vance-template-editor").first.locator(".cm-content")
    template.click()
    page.keyboard.press("Control+a")
    page.keyboard.insert_text("Intro of {{ topic }} ({{ teamKind }}) size {{ teamSize }}")
    preview = page.locator(".vance-editor-preview .vance-preview")
    expect(preview).to_have_text("Intro of  () size")  # the preview follows the form view
    screenshot(page, "editor-form-view-en")
    save(page)
    expect(page.get_by_text("Saved 'team-intro'.")).to_be_visible()
    saved = (server.data_dir / "default" / "_user_local" / "wizards" / "team-intro.yaml").read_text(encoding="utf-8")
    assert "showIf: teamKind == 'a'" in saved and "pages:" in saved

    page.get_by_role("button", name="Back to the chat").click()
    page.locator(".vance-side").get_by_text("Team intro").click()
    form = page.locator(".vance-wizard-dialog")
    form.get_by_label("Topic").fill("Q3 kickoff")
    form.get_by_label("Team kind").click()
    page.get_by_role("option", name="A", exact=True).click()
    form.get_by_role("button", name="Next").click()
    form.get_by_label("Team size").fill("7")
    form.get_by_role("button", name="Use prompt").click()
    expect(page.locator(".vance-composer textarea")).to_have_value("Intro of Q3 kickoff (a) size 7")


def test_broken_yaml_shows_the_error_at_its_line_and_save_is_refused(page: Page, server: AppServer) -> None:
    write_wizard(server.data_dir, "_user_local", "notes-broken", NOTES)
    page.goto(f"{server.base_url}/editor?wizard=notes-broken&layer=USER")
    expect(page.get_by_text("The wizard loads.")).to_be_visible()
    replace_yaml(page, NOTES.replace("label: { en: Topic }", "label: { en: Topic"))
    problem = page.locator(".vance-editor-problem").first
    expect(problem).to_have_text(re.compile(r"^Line [78] · This line is not valid YAML"))  # the unclosed brace
    expect(page.locator(".vance-problem-line")).to_have_count(1)
    expect(page.get_by_role("button", name="Save", exact=True)).to_be_disabled()
    screenshot(page, "editor-yaml-problem-en")
    page.get_by_role("tab", name="Form").click()
    expect(page.get_by_text("The text is no YAML mapping yet")).to_be_visible()
    page.get_by_role("tab", name="YAML").click()
    replace_yaml(page, NOTES)  # fixed: switching views lost nothing, Save is back
    expect(page.get_by_text("The wizard loads.")).to_be_visible()
    expect(page.get_by_role("button", name="Save", exact=True)).to_be_enabled()


def test_customize_a_bundled_wizard_and_the_listing_says_user(page: Page, server: AppServer) -> None:
    page.goto(server.base_url)
    entry = page.locator('.vance-wizard-entry[data-wizard="gremium"]')
    expect(entry).to_have_attribute("data-source", "RESOURCE")
    page.locator(".vance-side").get_by_role("button", name=re.compile("^Actions for .*")).nth(
        _index_of(page, "gremium")).click()
    page.get_by_role("menuitem", name="Customize (my copy)").click()
    expect(page.get_by_text("Saved in: Mine (USER)")).to_be_visible()
    expect(page.get_by_text("The wizard loads.")).to_be_visible()
    save(page)
    expect(page.get_by_text("Saved 'gremium'.")).to_be_visible()
    page.get_by_role("button", name="Back to the chat").click()
    expect(entry).to_have_attribute("data-source", "USER")
    expect(entry.get_by_text("Mine (USER)")).to_be_visible()


def _index_of(page: Page, name: str) -> int:
    names = page.locator(".vance-wizard-entry").evaluate_all("(els) => els.map(e => e.dataset.wizard)")
    return list(names).index(name)


def test_restore_an_older_version(page: Page, server: AppServer) -> None:
    write_wizard(server.data_dir, "_user_local", "notes-history", NOTES)
    page.goto(f"{server.base_url}/editor?wizard=notes-history&layer=USER")
    title = page.get_by_label("Title (EN)")
    saved = page.get_by_text("Saved 'notes-history'.")
    title.fill("Meeting notes v2")
    save(page)
    expect(saved).to_be_visible()
    expect(saved).to_have_count(0)  # gone after its 5 s: the next one is the second save's
    title.fill("Meeting notes v3")
    save(page)
    expect(saved).to_be_visible()  # the save is done, its history entry written (the file comes first)
    stored = server.data_dir / "default" / "_user_local" / "wizards" / "notes-history.yaml"
    file_holds(stored, "Meeting notes v3")
    page.get_by_role("button", name="History").click()
    history = page.locator(".vance-history-dialog")
    entries = history.locator(".q-btn", has_text=re.compile("as found|saved"))
    expect(entries).to_have_count(3)  # v3, v2 and the file as it was found
    entries.last.click()
    diff = history.locator(".vance-diff")
    expect(diff).to_contain_text('-title: { en: "Meeting notes" }')
    expect(diff).to_contain_text('+title: {en: "Meeting notes v3"}')
    screenshot(page, "editor-history-en")
    history.get_by_role("button", name="Restore this version").click()
    expect(page.get_by_text("Version restored.")).to_be_visible()
    expect(page.get_by_label("Title (EN)")).to_have_value("Meeting notes")
    file_holds(stored, NOTES.strip())
    assert stored.read_text("utf-8") == NOTES


def test_two_editors_the_second_save_gets_a_conflict_and_loses_nothing(page: Page, server: AppServer) -> None:
    write_wizard(server.data_dir, "_user_local", "notes-shared", NOTES)
    url = f"{server.base_url}/editor?wizard=notes-shared&layer=USER"
    other = page.context.new_page()
    page.goto(url)
    other.goto(url)
    expect(other.get_by_text("The wizard loads.")).to_be_visible()
    page.get_by_label("Title (EN)").fill("First editor's title")
    save(page)
    expect(page.get_by_text("Saved 'notes-shared'.")).to_be_visible()

    other.get_by_label("Title (EN)").fill("Second editor's title")
    save(other)
    conflict = other.locator(".vance-editor-dialog")
    expect(conflict).to_contain_text("Someone else saved this wizard")
    expect(conflict).to_contain_text("nothing is lost")
    screenshot(other, "editor-conflict-en")
    conflict.get_by_role("button", name="Keep editing").click()
    expect(other.get_by_label("Title (EN)")).to_have_value("Second editor's title")
    path = server.data_dir / "default" / "_user_local" / "wizards" / "notes-shared.yaml"
    assert "First editor's title" in path.read_text("utf-8")
    save(other)
    other.locator(".vance-editor-dialog").get_by_role("button", name="Overwrite with mine").click()
    file_holds(path, "Second editor's title")


def test_screenshots_in_german_and_on_a_phone(page: Page, server: AppServer) -> None:
    write_wizard(server.data_dir, "_user_local", "notes-look", NOTES)
    page.goto(f"{server.base_url}/editor?wizard=notes-look&layer=USER&lang=de")
    expect(page.get_by_text("Der Wizard lädt.")).to_be_visible()
    expect(page.locator(".vance-editor-preview .vance-preview")).to_contain_text("Notes about")
    screenshot(page, "editor-form-view-de")
    page.set_viewport_size({"width": 375, "height": 812})
    page.goto(f"{server.base_url}/editor?wizard=notes-look&layer=USER")
    expect(page.get_by_text("The wizard loads.")).to_be_visible()
    screenshot(page, "editor-phone-en")
    page.mouse.wheel(0, 3000)
    screenshot(page, "editor-phone-en-preview")


def test_import_shows_the_file_before_saving_and_every_open_page_lists_the_save(page: Page, server: AppServer,
                                                                               tmp_path: Path) -> None:
    listing = page.context.new_page()  # another open page, which must pick the new wizard up by itself
    listing.goto(server.base_url)
    expect(listing.locator(".vance-side .vance-wizard-entry").first).to_be_visible()
    upload = tmp_path / "imported-notes.yaml"
    upload.write_text(NOTES.replace("Meeting notes", "Imported notes"), encoding="utf-8")
    page.goto(server.base_url)
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_role("button", name="Choose a YAML file")).to_be_visible()
    expect(page.get_by_text("0.00%")).not_to_be_visible()  # no uploader's raw header
    with page.expect_file_chooser() as chooser:  # a plain button opens the file picker
        page.get_by_role("button", name="Choose a YAML file").click()
    chooser.value.set_files(str(upload))
    expect(page.get_by_role("tab", name="YAML")).to_have_attribute("aria-selected", "true")
    expect(editor_yaml(page)).to_contain_text("Imported notes")
    expect(page.get_by_label("File name")).to_have_value("imported-notes")
    expect(page.get_by_text("The wizard loads.")).to_be_visible()
    target = server.data_dir / "default" / "_user_local" / "wizards" / "imported-notes.yaml"
    assert not target.exists()  # shown, not saved
    save(page)
    expect(page.get_by_text("Saved 'imported-notes'.")).to_be_visible()
    assert "Imported notes" in target.read_text(encoding="utf-8")
    expect(listing.locator('.vance-side .vance-wizard-entry[data-wizard="imported-notes"]')).to_be_visible()


def test_closing_the_tab_with_unsaved_changes_asks_the_browser_first(page: Page, server: AppServer) -> None:
    write_wizard(server.data_dir, "_user_local", "notes-leave", NOTES)
    page.goto(f"{server.base_url}/editor?wizard=notes-leave&layer=USER")
    expect(page.get_by_text("The wizard loads.")).to_be_visible()
    page.get_by_label("Title (EN)").fill("Unsaved title")
    expect(page.get_by_role("button", name="Save", exact=True)).to_be_enabled()
    asked: list[str] = []

    def answer(dialog: Dialog) -> None:
        asked.append(dialog.type)
        dialog.dismiss()  # stay on the page

    page.on("dialog", answer)
    page.wait_for_function("window.vanceEditorDirty === true")
    page.close(run_before_unload=True)
    expect(page.get_by_label("Title (EN)")).to_have_value("Unsaved title")
    assert asked == ["beforeunload"]


def test_the_actions_menu_and_the_editor_work_from_the_keyboard(page: Page, server: AppServer) -> None:
    page.goto(server.base_url)
    page.get_by_role("button", name="Actions for Plan Vogon strategy").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("menuitem").first).to_be_focused()  # an opened menu: its first item
    page.keyboard.press("Enter")  # the first item of a bundled wizard: Customize
    expect(page.get_by_text("Saved in: Mine (USER)")).to_be_visible()
    page.get_by_role("tab", name="YAML").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("tab", name="YAML")).to_have_attribute("aria-selected", "true")
    page.get_by_role("button", name="Save", exact=True).focus()
    page.keyboard.press("Enter")
    expect(page.get_by_text("Saved 'vogon-strategie'.")).to_be_visible()


def test_completion_offers_the_keys_the_schema_allows_at_the_cursor(page: Page, server: AppServer) -> None:
    write_wizard(server.data_dir, "_user_local", "notes-complete", NOTES)
    page.goto(f"{server.base_url}/editor?wizard=notes-complete&layer=USER")
    expect(page.get_by_text("The wizard loads.")).to_be_visible()
    page.get_by_role("tab", name="YAML").click()
    page.locator(".vance-yaml-editor .cm-line", has_text="label: { en: Topic }").click()
    page.keyboard.press("End")
    page.keyboard.press("Enter")  # CodeMirror indents the new line as the field's keys
    page.keyboard.press("Control+Shift+Space")
    suggestion = page.get_by_role("button", name="required", exact=True)
    expect(suggestion).to_be_visible()
    expect(page.get_by_role("button", name="type", exact=True)).to_have_count(0)  # the field has a type
    suggestion.click()
    page.keyboard.insert_text("true")
    expect(page.locator(".vance-yaml-editor .cm-content")).to_contain_text("required: true")
    expect(page.get_by_text("The wizard loads.")).to_be_visible()


def test_edit_opens_in_a_dialog_over_the_chat_page_and_the_focus_comes_back(page: Page, server: AppServer) -> None:
    write_wizard(server.data_dir, "_user_local", "notes-dialog", NOTES)
    page.goto(server.base_url)
    expect(page.locator('.vance-wizard-entry[data-wizard="notes-dialog"]')).to_be_visible()
    page.evaluate("window.stillTheSamePage = true")  # a page load would forget it
    actions = edit_from_the_wizards_tab(page, "notes-dialog", "Meeting notes")
    dialog = page.get_by_role("dialog", name="Wizard editor: notes-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_label("Title (EN)")).to_have_value("Meeting notes")
    expect(dialog.locator(".vance-editor-preview .vance-preview")).to_contain_text("Notes about")
    assert page.evaluate("window.stillTheSamePage") is True
    assert page.url.rstrip("/") == server.base_url.rstrip("/")
    expect(dialog.get_by_role("heading", name="Wizard editor: notes-dialog")).to_be_focused()
    page.keyboard.press("Escape")  # nothing changed: closes without asking
    expect(dialog).to_have_count(0)
    expect(actions).to_be_focused()


def edited_in_the_dialog(page: Page, server: AppServer, name: str) -> Locator:
    """The notes wizard `name` opened from the Wizards tab, its title changed and not saved: the dialog."""
    write_wizard(server.data_dir, "_user_local", name, NOTES)
    page.goto(server.base_url)
    edit_from_the_wizards_tab(page, name, "Meeting notes")
    dialog = page.get_by_role("dialog", name=f"Wizard editor: {name}")
    dialog.get_by_label("Title (EN)").fill("Half-written title")
    page.wait_for_function("window.vanceEditorDirty === true")  # the browser would ask before the tab closes
    return dialog


def test_closing_the_dialog_with_unsaved_changes_asks_and_cancel_keeps_the_text(page: Page,
                                                                                 server: AppServer) -> None:
    dialog = edited_in_the_dialog(page, server, "notes-unsaved")
    dialog.get_by_role("button", name="Back to the chat").click()
    leave = page.locator(".vance-editor-dialog")
    expect(leave).to_be_visible()
    leave.get_by_role("button", name="Cancel").click()
    expect(leave).to_have_count(0)  # the question is gone before the next key (as a user sees it)
    expect(dialog.get_by_label("Title (EN)")).to_have_value("Half-written title")
    dialog.get_by_label("Title (EN)").press("Escape")  # Escape asks the same
    expect(page.locator(".vance-editor-dialog")).to_be_visible()
    page.locator(".vance-editor-dialog").get_by_role("button", name="Cancel").click()
    expect(dialog.get_by_label("Title (EN)")).to_have_value("Half-written title")
    dialog.get_by_role("button", name="Back to the chat").click()
    page.locator(".vance-editor-dialog").get_by_role("button", name="Leave").click()
    expect(dialog).to_have_count(0)
    page.wait_for_function("window.vanceEditorDirty === false")  # its script may run after the close
    path = server.data_dir / "default" / "_user_local" / "wizards" / "notes-unsaved.yaml"
    assert path.read_text("utf-8") == NOTES


def test_escape_held_down_asks_and_its_release_does_not_answer_the_question(page: Page,
                                                                           server: AppServer) -> None:
    dialog = edited_in_the_dialog(page, server, "notes-escape-held")
    icon = dialog.get_by_role("combobox", name="Icon")
    icon.focus()
    page.keyboard.press("Enter")  # opens the icon list
    expect(page.get_by_role("listbox")).to_be_visible()
    page.keyboard.press("Escape")  # closes the list, nothing more
    expect(page.get_by_role("listbox")).to_be_hidden()
    expect(icon).to_be_focused()
    dialog.get_by_label("Title (EN)").focus()
    page.keyboard.down("Escape")  # a person's key press: the release comes a moment later
    page.wait_for_timeout(150)
    page.keyboard.up("Escape")
    question = page.locator(".vance-editor-dialog")
    expect(question).to_have_count(1)  # one question: the list's Escape did not ask
    question.get_by_role("button", name="Leave").click()  # still there to answer: the release kept it
    expect(dialog).to_have_count(0)


def test_a_save_in_the_dialog_shows_in_the_same_pages_wizards_tab(page: Page, server: AppServer) -> None:
    write_wizard(server.data_dir, "_user_local", "notes-same-page", NOTES)
    page.goto(server.base_url)
    edit_from_the_wizards_tab(page, "notes-same-page", "Meeting notes")
    dialog = page.get_by_role("dialog", name="Wizard editor: notes-same-page")
    dialog.get_by_label("Title (EN)").fill("Renamed in the dialog")
    save(page)
    expect(page.get_by_text("Saved 'notes-same-page'.")).to_be_visible()
    dialog.get_by_role("button", name="Back to the chat").click()
    expect(dialog).to_have_count(0)
    entry = page.locator('.vance-side .vance-wizard-entry[data-wizard="notes-same-page"]')
    expect(entry).to_contain_text("Renamed in the dialog")
    expect(entry.locator("xpath=..").get_by_role("button", name="Actions for Renamed in the dialog")).to_be_focused()


TAGS = """\
title: { en: "Tagged notes" }
description: { en: "Notes with tags" }
fields:
  - name: tags
    type: multi_select
    label: { en: Tags }
    choices:
      - { value: urgent, label: { en: Urgent } }
      - { value: later, label: { en: Later } }
      - { value: idea, label: { en: Idea } }
promptTemplate: "Tags: {{ tags | join(', ') }}"
"""


def test_a_multi_select_s_default_is_chosen_with_the_keyboard_and_saved(page: Page, server: AppServer) -> None:
    path = write_wizard(server.data_dir, "_user_local", "tagged", TAGS)
    page.goto(f"{server.base_url}/editor?wizard=tagged&layer=USER")
    default = page.get_by_role("combobox", name="Default (tags)")
    expect(default).to_be_visible()
    default.focus()
    page.keyboard.press("Enter")  # opens the choices
    expect(page.get_by_role("option", name="urgent")).to_be_visible()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")  # onto the second choice
    page.keyboard.press("Enter")  # chosen; the list stays open for more
    page.keyboard.press("Escape")
    expect(page.get_by_role("option", name="later")).to_be_hidden()
    expect(default).to_be_focused()  # the focus stays where the keyboard user was
    expect(page.locator(".vance-editor-field[data-field='tags']")).to_contain_text("later")

    save(page)
    expect(page.get_by_text("Saved 'tagged'.")).to_be_visible()
    file_holds(path, "defaultValue:\n      - later")
