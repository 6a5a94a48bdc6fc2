"""The Wizards tab: grouped by category, alphabetical, searchable, following project and disk."""

from __future__ import annotations

from pathlib import Path

import pytest
from nicegui.testing import User

from tests.support.web_user import elements, eventually, one
from tests.support.wizard_files import EVERY_TYPE, write_wizard
from vance_ui.web.shell.icons import FALLBACK, SPRITE_URL, wizard_icon


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


def test_every_heroicon_name_draws_from_the_sprite_with_a_neutral_fallback() -> None:
    assert wizard_icon("users") == f"svguse:{SPRITE_URL}#users"
    assert wizard_icon("calendar-days") == f"svguse:{SPRITE_URL}#calendar-days"
    assert wizard_icon("light-bulb-outline") == f"svguse:{SPRITE_URL}#light-bulb"
    assert wizard_icon("no-such-icon") == f"svguse:{SPRITE_URL}#{FALLBACK}"
    assert wizard_icon(None) == f"svguse:{SPRITE_URL}#{FALLBACK}"
