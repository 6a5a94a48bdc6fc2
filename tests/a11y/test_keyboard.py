"""Keyboard only (issue 17): every clickable thing is reached with Tab and works with Enter or
Space; the wizard search opens the first match on Enter; arrow keys move through the list; a
wizard is filled and its prompt used without the mouse, and the focus ring is plainly visible."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.support.app_server import AppServer, start_app
from tests.support.browser import screenshot
from vance_ui.chat.sessions import SessionStore
from vance_ui.documents.filesystem import BundledStore, FileDocumentStore
from vance_ui.service import Scope, WizardService
from vance_ui.settings import BUNDLED_DEFAULTS_DIR, Settings

Focused = dict[str, Any]
TYPED = {"Name (filename, no spaces) *": "kb-council", "Purpose of the council? *": "Keyboard decisions",
         "Name, entry 1": "Ada", "Description / role / persona, entry 1": "Mathematician",
         "Name, entry 2": "Grace", "Description / role / persona, entry 2": "Admiral"}

FOCUSED = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const style = getComputedStyle(e);
  return { tag: e.tagName, role: e.getAttribute("role"), label: e.getAttribute("aria-label"),
           text: (e.innerText || "").trim().replace(/\\s+/g, " ").slice(0, 120), wizard: e.dataset.wizard ?? null,
           current: e.getAttribute("aria-current"), classes: e.className.toString(), value: e.value ?? null,
           outline: [style.outlineStyle, parseFloat(style.outlineWidth), style.outlineColor] };
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    data = tmp_path_factory.mktemp("a11y-keys") / "data"
    sessions = SessionStore(FileDocumentStore(data), "default", "local")
    for title in ("Older chat", "Newer chat"):
        sessions.create(title)
    app = start_app(data)
    yield app
    app.stop()


def focused(page: Page) -> Focused:
    return page.evaluate(FOCUSED) or {}


def tab_to(page: Page, wanted: Callable[[Focused], bool], what: str, limit: int = 120) -> Focused:
    """Press Tab until the focused element is the wanted one; fails naming what was passed."""
    seen: list[str] = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        now = focused(page)
        if now and wanted(now):
            return now
        seen.append(str(now.get("label") or now.get("text") or now.get("tag"))[:40])
    pytest.fail(f"Tab never reached {what}; passed: {seen}")


def expected_prompt(data_dir: Path) -> str:
    settings = Settings(_env_file=None, data_dir=data_dir, watch=False)  # type: ignore[call-arg]
    service = WizardService(settings, FileDocumentStore(settings.data_dir), BundledStore(BUNDLED_DEFAULTS_DIR))
    return service.render(Scope("default", "local"), "gremium", {
        "outputName": "kb-council", "purpose": "Keyboard decisions", "createNow": True,
        "members": [{"name": "Ada", "description": "Mathematician"},
                    {"name": "Grace", "description": "Admiral"}]}, "en").prompt


def test_a_wizard_from_the_wizards_tab_is_opened_filled_and_used_with_the_keyboard(page: Page,
                                                                                     server: AppServer) -> None:
    page.goto(server.base_url)
    expect(page.locator(".vance-wizard-entry").first).to_be_visible()
    tab_to(page, lambda f: f["wizard"] == "gremium", "the wizard entry 'Create a council'")
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Create a council")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".vance-preview")).not_to_be_empty()

    first = "Name (filename, no spaces) *"
    expect(dialog.get_by_label(first)).to_be_focused()  # opening a wizard: typing goes into its first field
    page.keyboard.type(TYPED[first])
    typed = {first}
    for _ in range(40):
        now = tab_to(page, lambda f: f["label"] in TYPED or f["text"].endswith("Use prompt"),
                     "a field of the form or 'Use prompt'")
        if now["text"].endswith("Use prompt"):
            break
        page.keyboard.type(TYPED[now["label"]])
        typed.add(now["label"])
    assert typed == set(TYPED), f"never reached {set(TYPED) - typed}"
    page.keyboard.press("Enter")

    expect(dialog).to_be_hidden()
    chat_input = page.get_by_role("textbox", name="Message", exact=True)
    expect(chat_input).to_have_value(expected_prompt(server.data_dir))
    expect(chat_input).to_be_focused()


def test_enter_in_the_search_box_opens_the_first_match(page: Page, server: AppServer) -> None:
    page.goto(server.base_url)
    expect(page.locator(".vance-wizard-entry").first).to_be_visible()
    tab_to(page, lambda f: f["label"] == "Search wizards", "the wizard search box")
    page.keyboard.type("council")
    expect(page.locator(".vance-wizard-entry")).to_have_count(1)
    page.keyboard.press("Enter")
    expect(page.get_by_role("dialog", name="Create a council")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_have_count(0)


def test_arrow_keys_move_through_the_wizard_list_and_space_opens_an_entry(page: Page, server: AppServer) -> None:
    page.goto(server.base_url)
    entries = page.locator(".vance-wizard-entry")
    expect(entries.first).to_be_visible()
    names = [name for name in entries.evaluate_all("all => all.map(e => e.dataset.wizard)")]
    assert len(names) >= 3
    tab_to(page, lambda f: f["label"] == "Search wizards", "the wizard search box")
    for key, index in (("ArrowDown", 0), ("ArrowDown", 1), ("ArrowDown", 2), ("ArrowUp", 1)):
        page.keyboard.press(key)
        assert focused(page)["wizard"] == names[index], f"{key} should focus {names[index]}"
    page.keyboard.press("End")
    assert focused(page)["wizard"] == names[-1]
    page.keyboard.press("Home")
    assert focused(page)["wizard"] == names[0]
    page.keyboard.press("ArrowUp")
    assert focused(page)["label"] == "Search wizards", "up from the first entry goes back to the search box"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press(" ")
    expect(page.locator(".vance-wizard-dialog")).to_be_visible()
    assert page.locator(f'.vance-wizard-entry[data-wizard="{names[1]}"]').count() == 1


def test_quick_start_cards_and_chat_titles_work_with_the_keyboard(page: Page, server: AppServer) -> None:
    page.goto(server.base_url)
    older = page.locator(".vance-session-open", has_text="Older chat")
    expect(older).not_to_have_attribute("aria-current", "true")
    tab_to(page, lambda f: f["text"].startswith("Older chat") and f["role"] == "button", "the chat 'Older chat'")
    page.keyboard.press("Enter")
    expect(older).to_have_attribute("aria-current", "true")

    card = page.locator(".vance-quick-card").first
    expect(card).to_be_visible()
    title = card.locator(".font-semibold").inner_text()
    tab_to(page, lambda f: "vance-quick-card" in f["classes"], "a quick-start card")
    page.keyboard.press("Enter")
    expect(page.get_by_role("dialog", name=title)).to_be_visible()


def test_the_focus_ring_is_plainly_visible_on_use_prompt(page: Page, server: AppServer) -> None:
    page.goto(f"{server.base_url}/?wizard=gremium")
    dialog = page.get_by_role("dialog", name="Create a council")
    expect(dialog).to_be_visible()
    ring = tab_to(page, lambda f: f["text"].endswith("Use prompt"), "'Use prompt'")["outline"]
    assert ring[0] == "solid" and ring[1] >= 2 and ring[2] == "rgb(49, 46, 129)", ring
    screenshot(page, "a11y-focus-on-use-prompt")


def test_a_chat_is_renamed_through_its_menu_with_the_keyboard(page: Page, server: AppServer) -> None:
    page.goto(server.base_url)
    tab_to(page, lambda f: f["label"] == "Actions for chat 'Newer chat'", "the menu button of 'Newer chat'")
    page.keyboard.press("Enter")
    expect(page.get_by_role("menuitem", name="Rename")).to_be_focused()  # an opened menu: its first item
    assert focused(page)["role"] == "menuitem"
    page.keyboard.press("ArrowDown")
    assert focused(page)["text"] == "Delete"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Rename chat")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("textbox")).to_be_focused()
    page.keyboard.press("Control+a")
    page.keyboard.type("Renamed by keys")
    page.keyboard.press("Enter")
    expect(page.locator(".vance-session-open", has_text="Renamed by keys")).to_be_visible()
