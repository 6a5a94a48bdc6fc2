"""Multi-user mode in a real browser: Alice and Bob log in side by side (two browser contexts)
and each sees only their own user-layer wizard and chats; the session cookie's flags."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.support.app_server import AppServer, start_app
from tests.support.browser import screenshot
from tests.support.wizard_files import write_wizard
from vance_ui.accounts.directory import UserDirectory
from vance_ui.chat.sessions import SessionStore
from vance_ui.documents.filesystem import FileDocumentStore

PASSWORDS = {"alice": "pw-alice-e2e", "bob": "pw-bob-e2e"}


def personal(owner: str) -> str:
    return (f"title: {{en: '{owner} notes'}}\ndescription: {{en: 'only for {owner}'}}\nfields: []\n"
            f"promptTemplate: 'plan of {owner}'\n")


@pytest.fixture(scope="module")
def team_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    root = tmp_path_factory.mktemp("e2e-team")
    data = root / "data"
    users = UserDirectory(root / "users.yaml")
    users.add_user("alice", PASSWORDS["alice"], ["acme", "research"], name="Alice Example")
    users.add_user("bob", PASSWORDS["bob"], ["acme"], name="Bob Builder")
    store = FileDocumentStore(data)
    for owner in ("Alice", "Bob"):
        write_wizard(data, f"_user_{owner.lower()}", "notes", personal(owner), tenant="acme")
        SessionStore(store, "acme", owner.lower()).create(f"{owner}'s private chat")
    app = start_app(data, {"VANCE_USERS_FILE": str(users.path), "VANCE_TENANT": "acme",
                           "VANCE_STORAGE_SECRET": "e2e-storage-secret-0123456789abcdef"})
    yield app
    app.stop()


def log_in(context: BrowserContext, server: AppServer, user_id: str) -> Page:
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{server.base_url}/?wizard=notes")
    expect(page).to_have_url(f"{server.base_url}/login?next=%2F%3Fwizard%3Dnotes")
    expect(page.get_by_label("User id")).to_be_visible()
    if user_id == "alice":
        screenshot(page, "multi-user-login")
    page.get_by_label("User id").fill(user_id)
    page.get_by_label("Password", exact=True).fill(PASSWORDS[user_id])
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(f"{server.base_url}/?wizard=notes")
    return page


def test_alice_and_bob_each_see_only_their_own(browser: Browser, team_server: AppServer) -> None:
    alice_context = browser.new_context(viewport={"width": 1440, "height": 900})
    bob_context = browser.new_context(viewport={"width": 1440, "height": 900})
    try:
        alice = log_in(alice_context, team_server, "alice")
        bob = log_in(bob_context, team_server, "bob")
        for page, me, other in ((alice, "Alice", "Bob"), (bob, "Bob", "Alice")):
            # the deep link survived the login and opened this user's own wizard
            expect(page.locator(".vance-wizard-dialog").get_by_text(f"{me} notes")).to_be_visible()
            page.keyboard.press("Escape")
            expect(page.locator(".vance-side").get_by_text(f"{me} notes")).to_be_visible()
            expect(page.get_by_text(f"{me}'s private chat")).to_be_visible()
            expect(page.get_by_text(f"{other} notes")).to_have_count(0)
            expect(page.get_by_text(f"{other}'s private chat")).to_have_count(0)
        expect(alice.get_by_text("Alice Example")).to_be_visible()
        expect(bob.get_by_text("Bob Builder")).to_be_visible()
        screenshot(alice, "multi-user-alice")

        cookie = next(c for c in alice_context.cookies() if c["name"] == "session")
        assert cookie["httpOnly"] is True and cookie["sameSite"] == "Lax"

        second_tab = alice_context.new_page()
        second_tab.goto(team_server.base_url)
        expect(second_tab.get_by_text("Alice Example")).to_be_visible()
        alice.locator(".vance-header").get_by_role("button").filter(has_text="logout").click()
        expect(alice).to_have_url(f"{team_server.base_url}/login")
        expect(second_tab).to_have_url(f"{team_server.base_url}/login")  # every tab of the browser
        alice.goto(team_server.base_url)
        expect(alice).to_have_url(f"{team_server.base_url}/login")
        bob.reload()  # Bob is unaffected by Alice logging out
        expect(bob.get_by_text("Bob's private chat")).to_be_visible()
    finally:
        alice_context.close()
        bob_context.close()
