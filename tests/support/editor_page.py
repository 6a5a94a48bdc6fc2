"""The wizard editor in real Chromium, as a test drives it: its YAML view, its field cards, adding a
field, saving (shared by tests/e2e and tests/a11y)."""

from __future__ import annotations

import time
from pathlib import Path

from playwright.sync_api import Locator, Page, expect


def editor_yaml(page: Page) -> Locator:
    return page.locator(".vance-yaml-editor .cm-content")


def cm_text(page: Page, selector: str) -> str:
    """The document CodeMirror holds (its lines joined), not the DOM's rendering of it."""
    return str(page.locator(selector).evaluate(
        "el => Array.from(el.querySelectorAll('.cm-line')).map(l => l.textContent).join('\\n')"))


def replace_yaml(page: Page, text: str) -> None:
    """Select everything in the YAML view and put `text` in its place (no auto-indent: inserted, not typed)."""
    page.get_by_role("tab", name="YAML").click()
    editor_yaml(page).click()
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(text)


def field_card(page: Page, name: str) -> Locator:
    return page.locator(f'.vance-editor-field[data-field="{name}"]').first


def add_field(page: Page, label: str, kind: str, where: str = "Fields") -> None:
    """Type the new field's label, choose its type (by its shown name), press Add field, and wait for
    the form view built anew with one field more."""
    cards = page.locator(".vance-form-view .vance-editor-field")
    before = cards.count()
    page.get_by_label(f"Label of the new field ({where})").fill(label)
    page.get_by_role("combobox", name=f"Type of the new field ({where})").click()
    page.get_by_role("option", name=kind, exact=True).click()
    page.get_by_role("button", name=f"Add field ({where})").click()
    expect(cards).to_have_count(before + 1)


def edit_from_the_wizards_tab(page: Page, name: str, title: str) -> Locator:
    """Actions for `title`, then Edit: returns the actions button (where the focus must come back)."""
    entry = page.locator(f'.vance-side .vance-wizard-entry[data-wizard="{name}"]')
    actions = entry.locator("xpath=..").get_by_role("button", name=f"Actions for {title}")
    actions.click()
    page.get_by_role("menuitem", name="Edit").click()
    return actions


def file_holds(path: Path, text: str, timeout: float = 10.0) -> None:
    """Wait until the file holds `text` (a save lands in a thread after the click)."""
    deadline = time.monotonic() + timeout
    while not (path.exists() and text in path.read_text("utf-8")):
        assert time.monotonic() < deadline, f"{path.name} never held {text!r}"
        time.sleep(0.05)


def save(page: Page) -> None:
    button = page.get_by_role("button", name="Save", exact=True)
    expect(button).to_be_enabled()
    button.click()
