"""The chat page's rough edges in real Chromium: a chat opens at its latest message after a reload,
nothing of the transcript shows through the strip under the input (nor through the "not sent"
note), the input comes right after the transcript in the tab order, a wizard's actions menu is
driven with the arrow keys, and the project switcher is named."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.support.app_server import AppServer
from tests.support.browser import screenshot
from vance_ui.chat.sessions import SessionStore, StoredMessage
from vance_ui.documents.filesystem import FileDocumentStore

TITLE = "Long history"
OPAQUE_FROM = """note => {
  // the first element from the note outwards whose background hides what lies behind it
  for (let e = note; e; e = e.parentElement) {
    const bg = getComputedStyle(e).backgroundColor;
    const alpha = bg.startsWith("rgba") ? parseFloat(bg.split(",")[3]) : (bg === "transparent" ? 0 : 1);
    if (alpha >= 1) return { inFooter: !!e.closest(".vance-footer"), cls: e.className.toString() };
    if (alpha > 0) return { inFooter: false, cls: `${e.className} is see-through (${bg})` };
  }
  return { inFooter: false, cls: "nothing" };
}"""


@pytest.fixture(scope="module", autouse=True)
def long_chat(server: AppServer) -> Iterator[None]:
    """A chat with forty messages, the newest chat of the module's app."""
    sessions = SessionStore(FileDocumentStore(server.data_dir), "default", "local")
    session = sessions.create(TITLE)
    for number in range(1, 41):
        role = "user" if number % 2 else "assistant"
        session.messages.append(StoredMessage(role, f"Message {number}: " + "several words in a line " * 6))
    sessions.save(session)
    yield


def chat_input(page: Page) -> Locator:
    return page.get_by_role("textbox", name="Message", exact=True)


def open_long_chat(page: Page, server: AppServer) -> None:
    page.goto(server.base_url)
    page.locator(".vance-session-open", has_text=TITLE).click()
    expect(page.get_by_text("Message 40:")).to_be_visible()


def test_a_chat_opens_at_its_latest_message_after_a_reload(page: Page, server: AppServer) -> None:
    open_long_chat(page, server)
    page.reload()
    expect(page.get_by_text("Message 40:")).to_be_in_viewport(ratio=1)
    expect(page.get_by_text("Message 1:", exact=False).first).not_to_be_in_viewport()


def test_neither_the_not_sent_note_nor_the_strip_under_the_input_shows_the_transcript(page: Page,
                                                                                      server: AppServer) -> None:
    open_long_chat(page, server)
    box = chat_input(page)
    box.fill("/nosuchwizard")
    box.press("Enter")
    note = page.get_by_text("Not sent: there is no wizard '/nosuchwizard' here.")
    expect(note).to_be_visible()
    page.mouse.wheel(0, -600)  # scrolled up: messages lie behind the input and the note
    expect(page.get_by_text("Message 40:")).not_to_be_in_viewport(ratio=1)
    screenshot(page, "chat-not-sent-note-scrolled-up")

    covering = note.evaluate(OPAQUE_FROM)
    assert covering["inFooter"], f"the transcript shows through the note: {covering['cls']}"
    strip = page.locator(".vance-footer")
    assert strip.evaluate("f => getComputedStyle(f).backgroundColor") not in ("transparent", "rgba(0, 0, 0, 0)")


def test_the_input_comes_right_after_the_transcript_in_the_tab_order(page: Page, server: AppServer) -> None:
    open_long_chat(page, server)
    expect(page.locator(".vance-wizard-entry").first).to_be_visible()  # the side panel lists the wizards
    page.locator(".vance-session-open", has_text=TITLE).focus()
    passed: list[str] = []
    for _ in range(40):
        page.keyboard.press("Tab")
        if chat_input(page).evaluate("box => box === document.activeElement"):
            break
        passed.append(page.evaluate("() => document.activeElement.closest('.vance-side') ? "
                                    "'side panel: ' + document.activeElement.innerText.slice(0, 30) : ''"))
    else:
        pytest.fail("Tab never reached the chat input")
    assert not any(passed), f"Tab passes the side panel before the chat input: {[p for p in passed if p]}"


def test_the_arrow_keys_move_through_a_wizard_s_actions_menu(page: Page, server: AppServer) -> None:
    page.goto(server.base_url)
    opener = page.get_by_role("button", name="Actions for Create a council")
    opener.focus()
    page.keyboard.press("Enter")
    menu = page.get_by_role("menu")
    items = menu.get_by_role("menuitem")
    expect(items.first).to_be_focused()
    count = items.count()
    assert count >= 2, f"the menu has {count} item(s)"
    page.keyboard.press("ArrowDown")
    expect(items.nth(1)).to_be_focused()
    page.keyboard.press("End")
    expect(items.nth(count - 1)).to_be_focused()
    page.keyboard.press("ArrowDown")  # round the end
    expect(items.first).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(items.nth(count - 1)).to_be_focused()
    page.keyboard.press("Home")
    expect(items.first).to_be_focused()
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()


@pytest.mark.parametrize(("lang", "name"), [("en", "Project"), ("de", "Projekt")])
def test_the_project_switcher_is_named(page: Page, server: AppServer, lang: str, name: str) -> None:
    page.goto(f"{server.base_url}/?lang={lang}")
    expect(page.get_by_role("combobox", name=name, exact=True)).to_have_count(1)
