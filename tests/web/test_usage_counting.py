"""What the web app counts while people use wizards (counts, never content), and the quick-start
cards an empty chat shows: the wizards people use most, the user's own recent ones first."""

from __future__ import annotations

from pathlib import Path

import pytest
from nicegui.testing import User

from tests.support.usage_counts import counted, service
from tests.support.web_user import eventually, one, use_prompt
from tests.support.wizard_files import TWO_PAGES, write_wizard
from vance_ui.documents.store import DocumentStore
from vance_ui.service import Scope
from vance_ui.usage import stats
from vance_ui.usage.events import Step

MARKER = "Wombat-7731-private"

NOTE = """
title: { en: "Quick note" }
description: { en: "One line" }
category: notes
fields:
  - { name: topic, type: string, required: true, label: { en: "Topic" } }
promptTemplate: "Note about {{ topic }}"
"""


def stored_usage(data: DocumentStore) -> list[bytes]:
    """Every stored byte of usage counts: the tenant's day documents and each user's own."""
    return [document.content for ref in data.addresses()
            if (ref.project == "_usage" or ref.path.startswith("usage/"))
            and (document := data.get(ref.tenant, ref.project, ref.path)) is not None]


async def test_a_prompt_used_and_sent_is_counted_and_nothing_typed_is_stored(web_data: Path, app_user: User) -> None:
    write_wizard(web_data, "_vance", "note", NOTE)
    await app_user.open("/")
    app_user.find(marker="wizard-note").click()
    await app_user.should_see("Quick note")
    one(app_user, "field-topic").value = MARKER
    await use_prompt(app_user)
    await eventually(lambda: MARKER in (one(app_user, "chat-input").value or ""), what="the prompt in the input")
    app_user.find(marker="chat-send").click()
    await eventually(lambda: counted("note").get(Step.SENT) == 1, what="the sent message counted")

    assert counted("note") == {"opened": 1, "opened.tab": 1, "used": 1, "use_seconds.5": 1, "sent": 1}
    assert service().usage_reader.recent("default", "local") == ["note"]
    stored = stored_usage(service().data)
    assert len(stored) == 2 and not any(MARKER.encode() in content or b"Note about" in content for content in stored)


async def test_a_form_closed_on_page_two_counts_the_page_and_the_abandon(web_data: Path, app_user: User) -> None:
    write_wizard(web_data, "_vance", "two-steps", TWO_PAGES)
    await app_user.open("/")
    app_user.find(marker="wizard-two-steps").click()
    await app_user.should_see("Two steps")
    app_user.find(marker="wizard-next").click()
    await app_user.should_see("Second")
    app_user.find(marker="wizard-close").click()
    await eventually(lambda: counted("two-steps").get(Step.ABANDONED) == 1, what="the abandon counted")
    assert counted("two-steps") == {"opened": 1, "opened.tab": 1, "page.2": 1, "abandoned": 1}


async def test_the_cards_show_what_people_use_most_and_the_user_s_own_first(web_data: Path, app_user: User,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats, "MOST_USED_SECONDS", 0.0)  # each page load reads the counts anew
    for letter in "abcdefgh":
        write_wizard(web_data, "_vance", f"team-{letter}", NOTE.replace("Quick note", f"Team {letter}")
                     .replace("category: notes", "category: aaa-team"))
    await app_user.open("/")
    await app_user.should_see(marker="quick-start")
    assert card_names(app_user)[:2] == ["team-a", "team-b"]  # a new install: the first of each category

    others, me = Scope("default", "someone-else"), Scope("default", "local")
    for _ in range(3):
        service().count_used(others, "team-h")
    service().count_used(me, "team-g")
    service().usage.flush()
    await app_user.open("/")
    await app_user.should_see(marker="quick-start")
    assert card_names(app_user)[:2] == ["team-g", "team-h"]  # the user's own recent one, then the most used
    assert "team-a" in card_names(app_user)  # filled up with the first of each category


def card_names(user: User) -> list[str]:
    assert user.client is not None
    cards = sorted((e for e in user.client.elements.values() if any(m.startswith("card-") for m in e._markers)),
                   key=lambda e: e.id)
    return [next(m for m in e._markers if m.startswith("card-"))[5:] for e in cards]


async def test_the_wizards_tab_lists_the_most_used_first_when_asked(web_data: Path, app_user: User,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats, "MOST_USED_SECONDS", 0.0)
    write_wizard(web_data, "_vance", "note", NOTE.replace("category: notes", "category: zzz-last"))
    for _ in range(2):
        service().count_used(Scope("default", "someone-else"), "note")
    service().usage.flush()
    await app_user.open("/")
    assert entry_names(app_user)[-1] == "note"  # by category, its category comes last
    one(app_user, "wizard-order").value = "used"
    await eventually(lambda: entry_names(app_user)[0] == "note", what="the most used on top")


def entry_names(user: User) -> list[str]:
    assert user.client is not None
    entries = sorted((e for e in user.client.elements.values() if "wizard-entry" in e._markers), key=lambda e: e.id)
    return [next(m for m in e._markers if m.startswith("wizard-") and m != "wizard-entry")[7:] for e in entries]
