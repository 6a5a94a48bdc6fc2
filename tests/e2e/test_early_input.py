"""Typing before the page's websocket is ready: Enter sends what the browser shows, all of it.

NiceGUI holds back each browser event until its handshake is done, every event on a 10 ms timer of
its own, so they can reach the server out of order (nicegui.js `delayed_emitter`). A fast typist
or a password manager right after the page loads would otherwise send a message without its last
letters, or nothing at all. The tests hold the handshake back in the page to make that moment
last: `did_handshake` reads false until the test lets go. Without the fix each test failed in
most runs (five of six here); the order the held events leave in depends on their timers' phases.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.app_server import AppServer, start_app
from tests.support.fake_llm import FakeLLM
from vance_ui.accounts.directory import UserDirectory

HOLD_HANDSHAKE = """(() => {
  let done = false;
  window.__hold = false;
  window.__handshook = () => done;
  Object.defineProperty(window, 'did_handshake', {
    configurable: true, get() { return done && !window.__hold; }, set(value) { done = value; } });
})();"""


def held_page(browser: Browser, url: str) -> Page:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(HOLD_HANDSHAKE)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(url)
    page.wait_for_function("window.__handshook()")
    return page


def test_a_message_typed_and_sent_before_the_handshake_arrives_whole(browser: Browser, server: AppServer,
                                                                      model: FakeLLM) -> None:
    page = held_page(browser, server.base_url)
    composer = page.locator(".vance-composer textarea")
    model.replies.clear()
    for turn in range(4):
        model.reply(f"Answer {turn}.")
    try:
        page.get_by_role("button", name="New chat", exact=True).click()  # the one local user has other tests' chats
        expect(page.locator(".vance-msg-user")).to_have_count(0)
        for turn in range(4):  # each turn a new chance for the held events to cross
            text = f"early words number {turn}"
            page.evaluate("window.__hold = true")
            composer.press_sequentially(text, delay=3)
            if turn % 2:
                page.locator(".vance-composer button").first.click()  # the send button
            else:
                composer.press("Enter")
            page.evaluate("window.__hold = false")

            expect(page.locator(".vance-msg-user").nth(turn)).to_have_text(text)
            # the first answer of this module's new app process may wait for litellm's import (4.7 s
            # alone at load 2 on the 2-core VM; a clean-clone CI at load average 15 ran out of 10 s)
            expect(page.locator(".vance-msg-assistant").nth(turn)).to_contain_text(
                f"Answer {turn}.", timeout=30_000 if turn == 0 else None)
            expect(page.locator(".vance-composer .bg-negative")).to_be_hidden()  # the run is over
            expect(composer, f"turn {turn}").to_have_value("")
        page.wait_for_timeout(300)  # a held-back keystroke arriving late must not refill the input
        expect(composer).to_have_value("")
        expect(page.locator(".vance-msg-user")).to_have_count(4)
    finally:
        page.context.close()


@pytest.fixture(scope="module")
def login_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    root = tmp_path_factory.mktemp("e2e-early-login")
    users = UserDirectory(root / "users.yaml")
    users.add_user("carol", "a-long-password-typed-fast", ["acme"], name="Carol")
    app = start_app(root / "data", {"VANCE_USERS_FILE": str(users.path), "VANCE_TENANT": "acme",
                                    "VANCE_STORAGE_SECRET": "e2e-storage-secret-0123456789abcdef"})
    yield app
    app.stop()


def test_a_password_typed_and_entered_before_the_handshake_logs_in(browser: Browser,
                                                                     login_server: AppServer) -> None:
    page = held_page(browser, f"{login_server.base_url}/login")
    try:
        page.evaluate("window.__hold = true")
        page.get_by_label("User id").press_sequentially("carol", delay=3)
        password = page.get_by_label("Password", exact=True)
        password.press_sequentially("a-long-password-typed-fast", delay=3)
        password.press("Enter")
        page.evaluate("window.__hold = false")
        expect(page).to_have_url(f"{login_server.base_url}/")
        expect(page.get_by_text("Carol")).to_be_visible()
    finally:
        page.context.close()


def test_a_deep_linked_wizard_filled_before_the_handshake_gives_the_whole_prompt(browser: Browser,
                                                                                 server: AppServer) -> None:
    page = held_page(browser, f"{server.base_url}/?wizard=create-project")
    try:
        form = page.locator(".vance-wizard-dialog")
        expect(form.get_by_text("Live preview")).to_be_visible()
        page.evaluate("window.__hold = true")
        form.get_by_label("Project ID *").press_sequentially("early-project-2026", delay=3)
        form.get_by_label("Display name").press_sequentially("Typed before the handshake", delay=3)
        form.get_by_role("button", name="Use prompt").click()
        page.evaluate("window.__hold = false")
        composer = page.locator(".vance-composer textarea")
        expect(composer).to_have_value(re.compile("Project ID: early-project-2026\n"))
        expect(composer).to_have_value(re.compile("Display name: Typed before the handshake\n"))
    finally:
        page.context.close()


TYPE_THROUGH_A_RECONNECT = """async (text) => {
  const composer = document.querySelector(".vance-composer textarea");
  window.did_handshake = false;  // as NiceGUI sets it when the connection drops: events are held
  for (const letter of text) {
    composer.value += letter;
    composer.dispatchEvent(new Event("input", { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 3));
  }
  window.did_handshake = true;  // connected again; Enter at once, while held keystrokes still wait
  composer.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", code: "Enter", bubbles: true }));
}"""


def test_enter_right_after_a_reconnect_waits_for_the_held_keystrokes(browser: Browser, server: AppServer,
                                                                    model: FakeLLM) -> None:
    """Held keystrokes leave up to 10 ms after the handshake completes; an Enter in that moment
    must not overtake them (they would put old text back into the emptied input)."""
    page = held_page(browser, server.base_url)
    composer = page.locator(".vance-composer textarea")
    model.replies.clear()
    model.reply("Fine.")
    try:
        page.get_by_role("button", name="New chat", exact=True).click()  # the one local user has other tests' chats
        expect(page.locator(".vance-msg-user")).to_have_count(0)
        for turn in range(3):
            text = f"sent right after reconnecting {turn}"
            page.evaluate(TYPE_THROUGH_A_RECONNECT, text)
            expect(page.locator(".vance-msg-user").nth(turn)).to_have_text(text)
            expect(page.locator(".vance-composer .bg-negative")).to_be_hidden()
            page.wait_for_timeout(200)  # a held keystroke arriving late would refill the input by now
            expect(composer, f"turn {turn}").to_have_value("")
    finally:
        page.context.close()


def test_submit_js_sees_the_handshake_and_finds_the_text_controls(browser: Browser, server: AppServer) -> None:
    """What assets/submit.js relies on, in the page: NiceGUI writes `did_handshake`, and a text
    input's native control is what `getHtmlElement` returns for its element (the form variant maps
    controls back to elements that way). Without either, submits send the server's values."""
    page = held_page(browser, f"{server.base_url}/?wizard=create-project")
    try:
        expect(page.locator(".vance-wizard-dialog").get_by_text("Live preview")).to_be_visible()
        assert page.evaluate("window.vanceHandshakeWritten === true && typeof vanceSubmitForm === 'function'")
        ids = page.evaluate("""() => [...document.querySelectorAll(':is(input, textarea).q-field__native')]
                                 .map((control) => vanceElementId(control))""")  # text inputs, not a select's
        assert len(ids) >= 3 and all(isinstance(i, str) and i.isdigit() for i in ids), ids
    finally:
        page.context.close()
