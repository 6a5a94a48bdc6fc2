"""Bob, logged in, tries to reach Alice's user-layer wizard and chats through the page URL and the
events his browser sends. Every attempt shows Bob's own things or a clear notice; nothing answers 500."""

from __future__ import annotations

from pathlib import Path

import pytest
from nicegui.testing import User

from tests.support.web_login import logged_in
from tests.support.web_user import elements, emit, eventually, one, open_dialogs
from vance_ui.chat.sessions import SessionStore
from vance_ui.documents.filesystem import FileDocumentStore

NOT_FOUND = "There is no wizard named"

URL_TRICKS = [
    "/?project=_user_alice",
    "/?project=..",
    "/?project=%2e%2e",
    "/?project=../acme/_user_alice",
    "/?project=_user_alice&wizard=notes",
    "/?wizard=notes&project=_user_alice&topic=x",
    "/?wizard=../_user_alice/wizards/notes",
    "/?wizard=..%2F_user_alice%2Fwizards%2Fnotes",
    "/?wizard=notes%00",
    "/?wizard=notes%0A",
    "/?wizard=" + "n" * 5000,
    "/?lang=../../etc",
]


@pytest.fixture
def alice_chat(team: object, web_data: Path) -> str:
    return SessionStore(FileDocumentStore(web_data), "acme", "alice").create("Alice's private chat").id


async def test_page_url_tricks_never_show_alice_s_things(visitor: User, alice_chat: str) -> None:
    await logged_in(visitor, "bob", "pw-bob")
    for url in URL_TRICKS:
        response = await visitor.http_client.get(url)
        assert response.status_code < 500, (url, response.status_code)
        await visitor.open(url)
        await visitor.should_see("Bob Builder")
        await visitor.should_not_see("Alice notes")
        await visitor.should_not_see("Alice's private chat")
        for dialog in open_dialogs(visitor):  # a deep link may open Bob's own "notes", nothing else
            assert "Bob notes" in str(one(visitor, "wizard-title").text), url
            dialog.close()
        assert one(visitor, "project-switch").value in ("", None), url


async def test_a_name_outside_the_rules_gets_a_notice_not_a_form(visitor: User) -> None:
    await logged_in(visitor, "bob", "pw-bob")
    await visitor.open("/?wizard=..%2F_user_alice%2Fwizards%2Fnotes")
    await visitor.should_see(NOT_FOUND)
    assert not open_dialogs(visitor)


@pytest.mark.parametrize("link", [
    "#vance:/wizards/notes?kind=wizard&project=_user_alice&projectId=_user_alice",
    "#vance:/wizards/..%2F_user_alice%2Fwizards%2Fnotes?kind=wizard",
    "#vance:/_user_alice/wizards/notes?kind=wizard",
    "#vance://acme/_user_alice/wizards/notes?kind=wizard",
    "javascript:alert(1)",
    "",
])
async def test_crafted_link_events_open_only_bob_s_own_wizard(visitor: User, link: str) -> None:
    await logged_in(visitor, "bob", "pw-bob")
    emit(visitor, "vance_link", link)
    await eventually(lambda: bool(open_dialogs(visitor)) or bool(visitor.notify.messages), what="an answer")
    await visitor.should_not_see("Alice notes")
    if open_dialogs(visitor):
        assert "Bob notes" in str(one(visitor, "wizard-title").text)


async def test_malformed_event_payloads_leave_the_page_working(visitor: User) -> None:
    await logged_in(visitor, "bob", "pw-bob")
    for args in (None, 42, {"href": "#vance:/wizards/notes?kind=wizard"}, ["x" * 100_000], [[["deep"]]]):
        emit(visitor, "vance_link", args)
    visitor.find(marker="wizard-notes").click()
    await visitor.should_see("Bob notes")
    assert elements(visitor, "logout")

