"""A browser survives the loss of its instance (docs/hosting.md, "What is tested"): Alice, logged in
(multi-user mode, accounts in PostgreSQL), has chosen a tenant, a project and German, has a chat
with a message, unsent text in the chat input and a half-filled wizard. The instance serving her
is killed (SIGKILL), or stopped gracefully (SIGTERM) and started again, one instance after the
other (a rolling upgrade). Within a few seconds her page comes from the other instance, through
nginx with the configuration of docs/hosting.md: still logged in, with the same tenant, project and
language, the chat, the input and the draft, and no error page on the way."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Browser, Page, Response, expect

from tests.support.hosting import Instance, Site
from vance_ui.accounts.directory import UserDirectory
from vance_ui.accounts.sources import StoreUsersSource
from vance_ui.chat.drafts import DraftStore, InputDraftStore
from vance_ui.chat.sessions import SessionStore
from vance_ui.documents.postgres import PostgresDocumentStore

PASSWORD = "alice's long password"
FAILOVER_S = 10.0  # "within a few seconds": from the kill until the other instance's page is there
TRIP = """
title: { en: "Trip note", de: "Reisenotiz" }
description: { en: "Where to", de: "Wohin" }
fields:
  - { name: goal, type: string, required: true, label: { en: "Goal", de: "Ziel" } }
  - { name: budget, type: string, required: true, label: { en: "Budget", de: "Budget" } }
promptTemplate: "Trip to {{ goal }} for {{ budget }}"
"""
LAB = "title: {en: 'Lab note', de: 'Labornotiz'}\ndescription: {en: 'x'}\nfields: []\npromptTemplate: 'lab'\n"


@pytest.fixture(scope="module")
def store(site: Site) -> Iterator[PostgresDocumentStore]:
    """The database of the site, as a third party sees it; Alice's account and the wizards in it."""
    opened = PostgresDocumentStore.open(site.database_url)
    UserDirectory(StoreUsersSource(opened)).add_user("alice", PASSWORD, ["acme", "research"], name="Alice Example")
    opened.put("research", "_vance", "wizards/trip-note.yaml", TRIP.encode())
    opened.put("research", "lab", "wizards/lab-note.yaml", LAB.encode())
    yield opened
    opened.close()


@dataclass
class Alice:
    """Alice's tab, and every HTML document it was served (an error page would be among them)."""

    page: Page
    documents: list[tuple[str, int]] = field(default_factory=list)

    def record(self, response: Response) -> None:
        if response.request.resource_type == "document":
            self.documents.append((response.url, response.status))


def eventually(check: Callable[[], bool], what: str, seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def serving(site: Site) -> Instance:
    """The instance that served the last page load (nginx's access log)."""
    pages = [s for s in site.served() if s.request.startswith("GET / ") and s.status == 200]
    assert pages, "no page load in the access log"
    return site.by_address(pages[-1].upstream)


def open_wizard(page: Page) -> None:
    """The trip note from the side panel (after a chat answer it shows the live progress)."""
    page.get_by_role("tab", name="Wizards").click()
    page.locator(".vance-side").get_by_text("Reisenotiz").click()


def set_up_alice(page: Page, site: Site, store: PostgresDocumentStore, goal: str) -> str:
    """Logged in, tenant research, German, project lab, a chat with a message, unsent text in the
    input, the wizard half-filled (`goal`, new in each test) and open; everything she did saved.
    Returns the chat's id."""
    page.goto(site.url)
    page.get_by_label("User id").fill("alice")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text("Alice Example")).to_be_visible()
    page.locator(".vance-tenant").click()
    page.get_by_role("option", name="research").click()
    expect(page.locator(".vance-tenant")).to_contain_text("research")
    page.get_by_role("button", name="DE", exact=True).click()
    expect(page.get_by_role("button", name="Abmelden")).to_be_visible()
    page.locator(".vance-project").click()
    page.get_by_role("option", name="lab").click()
    expect(page.locator(".vance-side").get_by_text("Labornotiz")).to_be_visible()

    box = page.locator(".vance-composer textarea")
    sessions = SessionStore(store, "research", "alice")
    earlier = {s.id: len(s.messages) for s in sessions.list()}  # an earlier test's chats
    box.fill("hello before the failover")
    box.press("Enter")
    expect(page.locator(".vance-transcript").get_by_text("hello before the failover").first).to_be_visible()

    def new_chats() -> list[str]:
        return [s.id for s in sessions.list() if len(s.messages) >= earlier.get(s.id, 0) + 2]

    eventually(lambda: bool(new_chats()), "the chat and its answer are not saved")
    chat = new_chats()[0]
    box.fill("still unsent")
    eventually(lambda: InputDraftStore(store, "research", "alice").load(chat) == "still unsent",
               "the chat input is not kept")

    open_wizard(page)
    page.locator(".vance-wizard-dialog").get_by_label("Ziel *").fill(goal)
    drafts = DraftStore(store, "research", "alice")

    def kept_goal() -> object:
        draft = drafts.load("trip-note")
        return draft.values.get("goal") if draft is not None else None

    eventually(lambda: kept_goal() == goal, "the draft is not kept")
    return chat


def assert_all_there(page: Page, goal: str) -> None:
    """What set_up_alice left, on the page the other instance built."""
    expect(page.get_by_text("Alice Example")).to_be_visible()
    expect(page.get_by_role("button", name="Abmelden")).to_be_visible()  # still German
    expect(page.locator(".vance-tenant")).to_contain_text("research")
    expect(page.locator(".vance-project")).to_contain_text("lab")
    expect(page.locator(".vance-transcript").get_by_text("hello before the failover").first).to_be_visible()
    expect(page.locator(".vance-composer textarea")).to_have_value("still unsent")
    dialog = page.locator(".vance-wizard-dialog")
    if dialog.count() == 0:
        open_wizard(page)
    expect(dialog.get_by_label("Ziel *")).to_have_value(goal)
    expect(dialog.get_by_text("Entwurf wiederhergestellt")).to_be_visible()


def failed_over(alice: Alice, site: Site, gone: Instance, stop: Callable[[], None]) -> float:
    """Stop `gone` (the instance serving Alice) with `stop`; seconds until the other one's page is there."""
    alice.page.evaluate("window.vanceBeforeFailover = true")
    started = time.monotonic()
    stop()
    alice.page.wait_for_function("window.vanceBeforeFailover === undefined", timeout=FAILOVER_S * 3 * 1000)
    expect(alice.page.get_by_text("Alice Example")).to_be_visible()
    elapsed = time.monotonic() - started
    assert serving(site) is site.other(gone)
    return elapsed


@pytest.fixture
def alice(browser: Browser, both_up: Site) -> Iterator[Alice]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(20_000)
    tab = Alice(page)
    page.on("response", tab.record)
    yield tab
    context.close()


def test_a_killed_instance_loses_the_browser_nothing(alice: Alice, both_up: Site,
                                                     store: PostgresDocumentStore) -> None:
    site = both_up
    set_up_alice(alice.page, site, store, "Oslo")
    victim = serving(site)
    elapsed = failed_over(alice, site, victim, victim.kill)
    assert_all_there(alice.page, "Oslo")
    print(f"\nSIGKILL: the other instance's page after {elapsed:.1f} s")
    assert elapsed < FAILOVER_S, f"the failover took {elapsed:.1f} s"
    assert all(status < 400 for _, status in alice.documents), alice.documents  # no error page on the way


def test_a_rolling_restart_of_both_instances_loses_the_browser_nothing(alice: Alice, both_up: Site,
                                                                       store: PostgresDocumentStore) -> None:
    site = both_up
    set_up_alice(alice.page, site, store, "Bergen")
    for _ in site.instances:  # the one serving her first, then the other, where she is then
        current = serving(site)
        elapsed = failed_over(alice, site, current, current.terminate)
        assert_all_there(alice.page, "Bergen")
        alice.page.keyboard.press("Escape")
        print(f"\nSIGTERM of {current.name}: the other instance's page after {elapsed:.1f} s")
        assert elapsed < FAILOVER_S, f"the failover took {elapsed:.1f} s"
        current.start()  # the upgraded instance
        current.wait_ready()
        site.wait_routed(current)  # before the next stop, as docs/hosting.md tells an operator
    assert all(status < 400 for _, status in alice.documents), alice.documents
    for instance in site.instances:
        assert "Traceback" not in instance.log(), instance.log()[-3000:]
