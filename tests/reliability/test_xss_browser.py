"""Hostile model output in real Chromium (issue 6, item 4).

A corpus of XSS payloads (tests/support/xss_corpus.py) is streamed from the fake model server as
assistant replies, several payloads per reply. Every payload that could run calls `__pwned(<id>)`,
a trap installed before any page script; dialogs and popups are recorded too. After each reply
every link in it is clicked and hovered. What must hold: the trap never fires, no dialog, no popup,
no navigation, no dangerous element or attribute survives in the DOM, and the chat still works
afterwards (also after a reload, when the transcript is rebuilt from the stored session).
"""

from __future__ import annotations

from urllib.parse import urldefrag

from playwright.sync_api import Browser, Dialog, Page, expect

from tests.support.app_server import AppServer
from tests.support.browser import browser, model, server
from tests.support.fake_llm import FakeLLM
from tests.support.xss_corpus import PAYLOADS, REPLIES

__all__ = ["browser", "model", "server"]  # the shared module-scoped fixtures

TRAP = """
window.__hits = [];
window.__pwned = (id) => { window.__hits.push(String(id)); };
for (const name of ["alert", "confirm", "prompt"]) {
  const original = window[name];
  window[name] = (...args) => { window.__hits.push(name); return original.apply(window, args); };
}
"""

DANGEROUS_ELEMENTS = "script, iframe, object, embed, meta, base, link, svg script, template, noscript"
# DOMPurify's defaults would keep these (no script, but page restyling and a same-origin form submit);
# model output escapes raw HTML, so they must not exist at all: test_style_and_form_elements_do_not_survive
RESTYLE_OR_SUBMIT = "style, form, button, input"
CHECK_DOM = """(root) => {
  const bad = [];
  for (const el of root.querySelectorAll('*')) {
    for (const attr of el.attributes) {
      const value = attr.value.replace(/[\\s\\u0000-\\u001f]/g, '').toLowerCase();
      if (attr.name.toLowerCase().startsWith('on')) bad.push(el.tagName + ' ' + attr.name);
      if (['href', 'src', 'action', 'formaction', 'data', 'xlink:href'].includes(attr.name.toLowerCase())
          && /^(javascript|data|vbscript):/.test(value)) bad.push(el.tagName + ' ' + attr.name + '=' + value);
    }
  }
  return bad;
}"""


def test_the_corpus_is_big_enough() -> None:
    ids = [name for name, _ in PAYLOADS]
    assert len(ids) >= 30 and len(set(ids)) == len(ids)


def send(page: Page, text: str) -> None:
    composer = page.locator(".vance-composer textarea")
    expect(page.locator(".vance-composer .bg-negative")).to_be_hidden(timeout=30_000)  # the stop button: no run active
    composer.fill(text)
    composer.press("Enter")
    expect(composer).to_have_value("")


def wait_for_reply(page: Page, index: int, timeout: float) -> None:
    """The reply's row and the stop button arrive in one update; the run is over when the button hides.
    (An END marker is not enough: an unclosed <object> or <template> legitimately swallows the rest.)"""
    expect(page.locator(".vance-msg-assistant").nth(index)).to_contain_text(f"Reply {index} follows.",
                                                                           timeout=timeout)
    expect(page.locator(".vance-composer .bg-negative")).to_be_hidden(timeout=timeout)


def poke_links(page: Page, reply: int) -> None:
    """Hover and click every link in one reply (element.click() follows hrefs like a user click)."""
    links = page.locator(".vance-msg-assistant").nth(reply).locator(".vance-markdown a")
    for index in range(links.count()):
        link = links.nth(index)
        link.dispatch_event("mouseover")
        link.evaluate("a => a.click()")
    buttons = page.locator(".vance-msg-assistant").nth(reply).locator(".vance-markdown :is(button, input)")
    for index in range(buttons.count()):
        buttons.nth(index).evaluate("b => b.click()")  # a surviving <form> would submit
    page.wait_for_timeout(500)  # let a click's navigation or event reach the page (then asserted absent)
    wizard = page.locator(".vance-wizard-dialog")
    if wizard.count():  # a well-formed vance: link opens its wizard, prefilled with inert text: close it
        page.keyboard.press("Escape")
        expect(wizard).to_have_count(0)


def assert_unharmed(page: Page, start_url: str, dialogs: list[str], popups: list[str]) -> None:
    assert page.evaluate("window.__hits") == [], "a payload ran"
    assert dialogs == [] and popups == []
    assert urldefrag(page.url).url == urldefrag(start_url).url
    markdown = page.locator(".vance-markdown")
    for index in range(markdown.count()):
        assert markdown.nth(index).evaluate(CHECK_DOM) == []
    survivors = page.locator(f".vance-markdown :is({DANGEROUS_ELEMENTS})")
    assert survivors.evaluate_all("els => els.map(e => e.outerHTML)") == []


def test_hostile_replies_run_nothing_and_navigate_nowhere(browser: Browser, server: AppServer,
                                                          model: FakeLLM) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(TRAP)
    page = context.new_page()
    popups: list[str] = []
    context.on("page", lambda new: popups.append(new.url))  # a new tab or window, after our own page
    page.set_default_timeout(15_000)
    dialogs: list[str] = []

    def on_dialog(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    navigations: list[str] = []
    page.on("framenavigated", lambda frame: navigations.append(frame.url) if frame == page.main_frame else None)
    try:
        model.replies.clear()
        for text in REPLIES:
            model.reply(text, chunk_size=40)
        model.reply("Still fine.")
        page.goto(server.base_url)
        start_url = page.url
        navigations.clear()

        for index in range(len(REPLIES)):
            send(page, f"hostile {index}")
            wait_for_reply(page, index, 40_000 if index == 0 else 15_000)  # the first call imports litellm
            poke_links(page, index)
            assert_unharmed(page, start_url, dialogs, popups)

        expect(page.locator(".vance-composer textarea")).to_be_visible()  # <style> hid nothing
        send(page, "are you still there?")
        expect(page.locator(".vance-msg-assistant").last).to_contain_text("Still fine.")
        assert [urldefrag(url).url for url in navigations] == [urldefrag(start_url).url] * len(navigations)

        page.reload()  # the transcript is rebuilt from the stored session: same sanitizing
        expect(page.locator(".vance-msg-assistant").nth(len(REPLIES) - 1)).to_contain_text("follows.")
        for index in range(len(REPLIES)):
            poke_links(page, index)
        assert_unharmed(page, page.url, dialogs, popups)
        send(page, "and after a reload?")
        expect(page.locator(".vance-msg-assistant").last).to_contain_text("Still fine.")
        assert page.evaluate("window.__hits") == []
    finally:
        context.close()


def test_style_and_form_elements_do_not_survive(browser: Browser, server: AppServer, model: FakeLLM) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        model.replies.clear()
        model.reply("<style>body{display:none!important}</style>\n\n<form><button>x-b</button></form>\n\nEND-style")
        page.goto(server.base_url)
        send(page, "style please")
        expect(page.locator(".vance-msg-assistant").last).to_contain_text("END-style", timeout=40_000)
        expect(page.locator(".vance-composer textarea")).to_be_visible()  # the page is not blanked
        expect(page.locator(".vance-msg-assistant").last).to_contain_text("<form><button>x-b</button></form>")
        survivors = page.locator(f".vance-markdown :is({RESTYLE_OR_SUBMIT})")
        assert survivors.evaluate_all("els => els.map(e => e.outerHTML)") == []
    finally:
        context.close()


def test_a_tag_that_slips_past_the_servers_escaping_is_still_refused(browser: Browser, server: AppServer,
                                                                    model: FakeLLM) -> None:
    """markdown2's safe mode let raw HTML through when a code span's backticks straddled blocks
    (markdown-it, used since, escapes it like any raw HTML)."""
    context = browser.new_context()
    try:
        page = context.new_page()
        model.replies.clear()
        model.reply("x`\n<style>body{display:none!important}</style>\n- a\n\\`\n\n"
                    "y`\n<form><button>x-b</button></form>\n- b\n\\`\n\nEND-slip")
        page.goto(server.base_url)
        send(page, "slip please")
        expect(page.locator(".vance-msg-assistant").last).to_contain_text("END-slip", timeout=40_000)
        expect(page.locator(".vance-composer textarea")).to_be_visible()  # the page is not blanked
        survivors = page.locator(f".vance-markdown :is({RESTYLE_OR_SUBMIT})")
        assert survivors.evaluate_all("els => els.map(e => e.outerHTML)") == []
    finally:
        context.close()


def test_the_pages_sanitizer_refuses_style_and_forms_itself(browser: Browser, server: AppServer) -> None:
    """assets/sanitize.js configures NiceGUI's DOMPurify: the last line should raw HTML ever reach
    the page (the server escapes it all, so the replies above no longer show this)."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(server.base_url)
        page.wait_for_function("window.did_handshake === true")
        html = page.evaluate("""() => { const d = document.createElement('div');
            d.setHTML('<style>body{display:none}</style><form><button>b</button><input></form><b>kept</b>');
            return d.innerHTML; }""")
        assert html == "b<b>kept</b>"  # the tags go, their text stays (DOMPurify's default would keep them all)
    finally:
        context.close()
