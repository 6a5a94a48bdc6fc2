"""A chat message's origin (the wizard form behind its text) is stored with the chat in either store,
only in its owner's chats, read back as it was, and carried by `vance store copy` so that the
form opens again unchanged from the other store."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.wizard_files import TRIP
from vance_ui.chat.drafts import Draft
from vance_ui.chat.origin import PromptOrigin, reopening
from vance_ui.chat.sessions import SessionStore, StoredMessage
from vance_ui.cli.main import main
from vance_ui.documents.filesystem import BundledStore, FileDocumentStore
from vance_ui.documents.postgres import PostgresDocumentStore
from vance_ui.documents.store import DocumentStore
from vance_ui.service import Scope, WizardService
from vance_ui.settings import BUNDLED_DEFAULTS_DIR, Settings

SCOPE = Scope("default", "ada", None)


def service_on(store: DocumentStore, tmp_path: Path) -> Iterator[WizardService]:
    settings = Settings(_env_file=None, data_dir=tmp_path / "settings-dir", watch=False)  # type: ignore[call-arg]
    service = WizardService(settings, store, BundledStore(BUNDLED_DEFAULTS_DIR))
    yield service
    service.close()


@pytest.fixture
def service(store: DocumentStore, tmp_path: Path) -> Iterator[WizardService]:
    store.put("default", "_vance", "wizards/trip.yaml", TRIP.encode())
    yield from service_on(store, tmp_path)


def sent_from_trip(service: WizardService, store: DocumentStore) -> tuple[PromptOrigin, str]:
    """Ada's chat with one message from the trip wizard (its form had a password and an unknown key)."""
    origin = PromptOrigin.of(service.wizard(SCOPE, "trip"),
                             Draft({"destination": "Oslo", "token": "pw-secret-1", "budget": 900, "old": 1}, 1))
    sessions = SessionStore(store, "default", "ada")
    session = sessions.create()
    session.messages.append(StoredMessage("user", "Plan a trip to Oslo by train for 900 EUR.", origin=origin))
    sessions.save(session)
    return origin, session.id


def test_the_origin_is_stored_with_the_chat_without_passwords(service: WizardService, store: DocumentStore) -> None:
    origin, chat = sent_from_trip(service, store)
    assert origin == PromptOrigin("trip", "VANCE", origin.version, Draft({"destination": "Oslo", "budget": 900}, 1))
    again = SessionStore(store, "default", "ada").get(chat)
    assert again is not None and again.messages[0].origin == origin
    raw = store.get("default", "_user_ada", f"chats/{chat}.json")
    assert raw is not None and b"pw-secret-1" not in raw.content
    assert json.loads(raw.content)["messages"][0]["origin"]["form"] == {"values": {"destination": "Oslo",
                                                                                  "budget": 900}, "page": 1}
    reopened = reopening(again.messages[0].origin, service.wizard(SCOPE, "trip"))  # type: ignore[arg-type]
    assert (reopened.form, reopened.changed, reopened.dropped) == (origin.form, False, ())


def test_only_the_owner_sees_the_origin(service: WizardService, store: DocumentStore) -> None:
    _, chat = sent_from_trip(service, store)
    bob = SessionStore(store, "default", "bob")
    assert bob.get(chat) is None and bob.list() == []


def test_a_chat_stored_without_origins_still_loads(store: DocumentStore) -> None:
    store.put("default", "_user_ada", "chats/1-old.json", json.dumps({
        "id": "1-old", "messages": [{"role": "user", "content": "hello"},
                                    {"role": "user", "content": "odd", "origin": {"wizard": "x", "form": []}}]
    }).encode())
    chat = SessionStore(store, "default", "ada").get("1-old")
    assert chat is not None and [(m.content, m.origin) for m in chat.messages] == [("hello", None), ("odd", None)]


def test_store_copy_carries_the_origin_and_the_form_opens_unchanged(tmp_path: Path, pg_url: str) -> None:
    files = FileDocumentStore(tmp_path / "data")
    files.put("default", "_vance", "wizards/trip.yaml", TRIP.encode())
    for service in service_on(files, tmp_path / "a"):
        origin, chat = sent_from_trip(service, files)
    assert main(["store", "copy", "--from", str(tmp_path / "data"), "--to", pg_url]) == 0
    pg = PostgresDocumentStore.open(pg_url)
    try:
        copied = SessionStore(pg, "default", "ada").get(chat)
        assert copied is not None and copied.messages[0].origin == origin
        for service in service_on(pg, tmp_path / "b"):
            reopened = reopening(origin, service.wizard(SCOPE, "trip"))
            assert (reopened.form, reopened.changed, reopened.dropped) == (origin.form, False, ())
    finally:
        pg.close()
