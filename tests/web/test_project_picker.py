"""The project picker offers only folders that are valid project ids; a remembered project that
became unusable (renamed on disk, deleted) falls back to the personal namespace with a notice."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from nicegui.testing import User

from tests.support.web_user import elements, eventually, one
from tests.support.wizard_files import EVERY_TYPE, write_wizard
from vance_ui.web.shell.auth import BrowserState, browser_storage

GONE_EN = "The project 'research' is not available any more; showing your personal wizards."
GONE_DE = "Das Projekt 'research' ist nicht mehr verfügbar; es werden deine persönlichen Wizards gezeigt."


def listed(user: User) -> list[str]:
    return [e.props["data-wizard"] for e in elements(user, "wizard-entry")]


def remembered(user: User) -> BrowserState:
    """The browser's kept state, as the page sees it (found by the page's request)."""
    assert user.client is not None
    with user.client:
        return browser_storage()


def picker_options(user: User) -> list[str]:
    options = one(user, "project-switch").options
    return list(options) if isinstance(options, dict) else [str(o) for o in options]


async def test_a_folder_that_is_no_project_id_is_never_offered(web_data: Path, app_user: User) -> None:
    for name in ("zz bad project", "-dash", "ümlaut", "x" * 70):
        (web_data / "default" / name / "wizards").mkdir(parents=True)
    (web_data / "default" / "research").mkdir()
    response = await app_user.http_client.get("/")
    assert response.status_code == 200
    await app_user.open("/")
    assert picker_options(app_user) == ["", "research"]


async def test_a_remembered_bad_folder_name_gives_a_notice_not_a_400(web_data: Path, app_user: User) -> None:
    """What an older version left behind: it offered `zz bad project` and the browser chose it."""
    (web_data / "default" / "zz bad project" / "wizards").mkdir(parents=True)
    await app_user.open("/")
    remembered(app_user)["project"] = "zz bad project"

    response = await app_user.http_client.get("/")
    assert response.status_code == 200
    await app_user.open("/")
    await app_user.should_see("The project 'zz bad project' is not available any more")
    assert one(app_user, "project-switch").value in ("", None)
    assert remembered(app_user).get("project") is None


async def test_choosing_a_project_then_its_folder_going_bad_never_locks_the_browser_out(
    web_data: Path, app_user: User
) -> None:
    write_wizard(web_data, "research", "lab-notes", EVERY_TYPE.replace("Every field type", "Lab notes"))
    await app_user.open("/")
    one(app_user, "project-switch").value = "research"
    await eventually(lambda: "lab-notes" in listed(app_user), what="the project's own wizard")

    (web_data / "default" / "research").rename(web_data / "default" / "zz bad project")

    response = await app_user.http_client.get("/")
    assert response.status_code == 200
    await app_user.open("/")
    await app_user.should_see(GONE_EN)
    assert one(app_user, "project-switch").value in ("", None)
    assert "create-project" in listed(app_user) and "lab-notes" not in listed(app_user)
    app_user.notify.messages.clear()
    await app_user.open("/")  # the storage forgot the project: no second notice
    await app_user.should_not_see(GONE_EN)


@pytest.mark.parametrize(("lang", "notice"), [("en", GONE_EN), ("de", GONE_DE)])
async def test_a_remembered_project_that_was_deleted_falls_back_with_a_notice(
    web_data: Path, app_user: User, lang: str, notice: str
) -> None:
    (web_data / "default" / "research").mkdir(parents=True)
    await app_user.open(f"/?lang={lang}")
    one(app_user, "project-switch").value = "research"
    await app_user.open(f"/?lang={lang}")
    assert one(app_user, "project-switch").value == "research", "remembered by the browser"

    shutil.rmtree(web_data / "default" / "research")

    await app_user.open(f"/?lang={lang}")
    await app_user.should_see(notice)
    assert one(app_user, "project-switch").value in ("", None)
