"""The Wizards tab: grouped by category, alphabetical, searchable, following project and disk."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from nicegui.testing import User

from tests.support.web_user import browser_away, browser_back, elements, eventually, one
from tests.support.wizard_files import EVERY_TYPE, write_wizard
from vance_ui.service import WizardService
from vance_ui.web.chat.page import ChatPage
from vance_ui.web.shell.changes import ChangeHub
from vance_ui.web.shell.icons import FALLBACK, SPRITE_URL, wizard_icon
from vance_ui.wizards.catalog.views import WizardSummary


def listed(user: User) -> list[str]:
    return [e.props["data-wizard"] for e in elements(user, "wizard-entry")]


async def test_wizards_are_grouped_by_category_and_sorted_by_title(app_user: User) -> None:
    await app_user.open("/")
    await app_user.should_see("Setup")
    await app_user.should_see("Strategy")  # the bundled English name of the category `strategie`
    await app_user.should_see("Writing")
    assert listed(app_user) == ["create-project", "gremium", "vogon-strategie", "essay-recipe", "essay-mit-recipe"]


async def test_search_narrows_the_list(app_user: User) -> None:
    await app_user.open("/")
    one(app_user, "wizard-search").value = "essay"
    await eventually(lambda: listed(app_user) == ["essay-recipe", "essay-mit-recipe"], what="essay wizards only")
    one(app_user, "wizard-search").value = "nothing matches this"
    await app_user.should_see("No wizards match.")


async def test_the_list_follows_the_project_switcher(web_data: Path, app_user: User) -> None:
    (web_data / "default" / "research").mkdir(parents=True)
    write_wizard(web_data, "research", "lab-notes", EVERY_TYPE.replace("Every field type", "Lab notes"))
    await app_user.open("/")
    assert "create-project" in listed(app_user) and "lab-notes" not in listed(app_user)

    one(app_user, "project-switch").value = "research"

    await eventually(lambda: "lab-notes" in listed(app_user), what="the project's own wizard")
    assert "create-project" not in listed(app_user), "availableIn hides it inside a project"


@pytest.fixture
def watching(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VANCE_WATCH", "true")


async def test_a_wizard_file_written_on_disk_appears_without_a_reload(web_data: Path, watching: None,
                                                                      app_user: User) -> None:
    await app_user.open("/")
    assert "every-type" not in listed(app_user)

    write_wizard(web_data, "_vance", "every-type", EVERY_TYPE)

    await eventually(lambda: "every-type" in listed(app_user), timeout=10, what="the new wizard in the list")
    await app_user.should_see("Every field type")


class ListReads:
    """`WizardService.list_wizards`, counted, each read taking 0.2 s longer: how many reads ran,
    and how many at once at most."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = self.running = self.most_at_once = 0
        self._lock = threading.Lock()
        original = WizardService.list_wizards

        def counted(service: WizardService, *args: Any, **kwargs: Any) -> tuple[WizardSummary, ...]:
            with self._lock:
                self.calls, self.running = self.calls + 1, self.running + 1
                self.most_at_once = max(self.most_at_once, self.running)
            try:
                time.sleep(0.2)
                return original(service, *args, **kwargs)
            finally:
                with self._lock:
                    self.running -= 1

        monkeypatch.setattr(WizardService, "list_wizards", counted)


class Deliveries:
    """Each open page's "a wizard changed" callback as the change hub calls it, counted."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.pages: list[ChatPage] = []
        self.count = 0
        original = ChangeHub.add

        def add(hub: ChangeHub, callback: Callable[[], None]) -> int:
            self.pages.append(getattr(callback, "__self__"))  # noqa: B009 - the page whose method it is

            def counted() -> None:
                self.count += 1
                callback()
            return original(hub, counted)

        monkeypatch.setattr(ChangeHub, "add", add)


@pytest.fixture
def deliveries(monkeypatch: pytest.MonkeyPatch) -> Deliveries:
    return Deliveries(monkeypatch)


async def test_many_changes_at_once_reread_the_list_one_read_at_a_time(app_user: User, monkeypatch: pytest.MonkeyPatch,
                                                                       deliveries: Deliveries) -> None:
    await app_user.open("/")
    reads = ListReads(monkeypatch)
    [page] = deliveries.pages

    page.files_changed()  # a wizard saved elsewhere
    await eventually(lambda: reads.running == 1, what="the page to read its list")
    for _ in range(19):  # nineteen more saved while it reads
        page.files_changed()
    await page.list_reads.idle()

    assert reads.most_at_once == 1, "never two reads of one page's list at once"
    assert reads.calls == 2, "one read, and one more for what changed during it"


async def test_a_page_whose_browser_is_away_reads_the_list_when_it_comes_back(
        web_data: Path, watching: None, app_user: User, monkeypatch: pytest.MonkeyPatch,
        deliveries: Deliveries) -> None:
    await app_user.open("/")
    reads = ListReads(monkeypatch)
    browser_away(app_user)

    write_wizard(web_data, "_vance", "every-type", EVERY_TYPE)

    await eventually(lambda: deliveries.count > 0, timeout=10, what="the change to reach the page")
    assert reads.calls == 0, "no read for a page nobody sees"
    assert "every-type" not in listed(app_user)
    await browser_back(app_user)
    await eventually(lambda: "every-type" in listed(app_user), timeout=10, what="the new wizard once back")


def test_every_heroicon_name_draws_from_the_sprite_with_a_neutral_fallback() -> None:
    assert wizard_icon("users") == f"svguse:{SPRITE_URL}#users"
    assert wizard_icon("calendar-days") == f"svguse:{SPRITE_URL}#calendar-days"
    assert wizard_icon("light-bulb-outline") == f"svguse:{SPRITE_URL}#light-bulb"
    assert wizard_icon("no-such-icon") == f"svguse:{SPRITE_URL}#{FALLBACK}"
    assert wizard_icon(None) == f"svguse:{SPRITE_URL}#{FALLBACK}"
