"""Installable on a phone (vance_ui/web/shell/installable.py, assets/sw.js), in Chromium at 390 px:
Chromium finds nothing missing to install the app, the manifest's icons are the app's artwork at
the sizes it declares, the service worker controls the whole site, a page that cannot load offline
shows the offline page in the browser's language, and the worker never keeps a page (each one holds
a chat) or a `/brain/...` answer."""

from __future__ import annotations

import struct
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.support.app_server import AppServer
from tests.support.axe import assert_no_blocking
from tests.support.browser import CHROMIUM, CHROMIUM_ARGS
from vance_ui.web.shell.i18n import Texts
from vance_ui.web.shell.theme import THEME_COLOR

KEPT_URLS = """async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
  }
  return urls;
}"""


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  locale="en-US")
    yield context
    context.close()


def controlled(context: BrowserContext, url: str) -> Page:
    """A page at `url` once the service worker has installed and controls it."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    return page


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_chromium_can_install_the_app_with_its_own_icons(browser: Browser, server: AppServer, tmp_path: Path) -> None:
    # a profile on disk: Chromium installs no app from an incognito profile (a new_context)
    phone = browser.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": 390, "height": 844},
        is_mobile=True, has_touch=True, locale="en-US")
    try:
        _installable(phone, server)
    finally:
        phone.close()


def _installable(phone: BrowserContext, server: AppServer) -> None:
    page = controlled(phone, server.base_url + "/")
    cdp = phone.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    app_manifest = cdp.send("Page.getAppManifest")
    assert app_manifest["url"] == server.base_url + "/manifest.webmanifest"
    assert app_manifest["errors"] == []
    manifest = page.request.get(server.base_url + "/manifest.webmanifest").json()
    assert manifest["name"] == "Vance Prompt Wizards"
    assert (manifest["display"], manifest["start_url"], manifest["scope"]) == ("standalone", "/", "/")
    assert manifest["theme_color"] == THEME_COLOR
    assert page.locator('meta[name="theme-color"]').get_attribute("content") == THEME_COLOR
    assert {icon["purpose"] for icon in manifest["icons"]} == {"any", "maskable"}
    for icon in manifest["icons"]:
        response = page.request.get(server.base_url + icon["src"])
        assert response.ok and response.headers["content-type"] == "image/png"
        width, height = png_size(response.body())
        assert f"{width}x{height}" == icon["sizes"]


def test_the_worker_controls_the_whole_site(phone: BrowserContext, server: AppServer) -> None:
    page = controlled(phone, server.base_url + "/?wizard=gremium")
    assert page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)") == server.base_url + "/"
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == server.base_url + "/sw.js"
    editor = phone.new_page()  # another page of the site, opened afterwards, is controlled from the start
    editor.goto(server.base_url + "/editor?wizard=gremium")
    assert editor.evaluate("navigator.serviceWorker.controller?.scriptURL") == server.base_url + "/sw.js"


def test_the_worker_never_keeps_a_page_or_an_answer(phone: BrowserContext, server: AppServer) -> None:
    page = controlled(phone, server.base_url + "/?wizard=gremium")
    page.reload()  # now through the worker: the page, its scripts and styles
    expect(page.locator(".vance-wizard-dialog")).to_be_visible()
    status = page.evaluate("fetch('/brain/default/wizards').then((r) => r.status)")
    assert status == 200
    kept = [url.removeprefix(server.base_url) for url in page.evaluate(KEPT_URLS)]
    assert any(url.startswith("/_nicegui/") for url in kept), kept  # it does keep the static files
    assert any(url.startswith("/assets/") for url in kept), kept
    pages_or_answers = [url for url in kept if not url.startswith(("/_nicegui/", "/assets/")) and url != "/offline"]
    assert pages_or_answers == []
    phone.set_offline(True)
    assert page.evaluate("fetch('/brain/default/wizards').then(() => 'answered', () => 'failed')") == "failed"


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_offline_a_page_shows_the_offline_page_in_the_browsers_language(
        browser: Browser, server: AppServer, locale: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, locale=locale)
    try:
        page = controlled(context, server.base_url + "/")
        context.set_offline(True)
        page.goto(server.base_url + "/?wizard=gremium")
        t = Texts(locale)
        expect(page.get_by_role("heading", name=t("offline_title"))).to_be_visible()
        assert page.locator("html").get_attribute("lang") == t.lang
        assert page.locator(".vance-wizard-dialog").count() == 0  # no chat, no wizard from a cache
        expect(page.get_by_role("link", name=t("offline_retry"))).to_have_attribute("href", "/")
        assert_no_blocking(page, f"the offline page ({locale})")
    finally:
        context.close()
