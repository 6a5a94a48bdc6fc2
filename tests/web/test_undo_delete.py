"""Undo after a delete: the Wizards tab says what was deleted and writes it back on Undo, without
overwriting a wizard made again under the same name meanwhile."""

from __future__ import annotations

from pathlib import Path

import pytest
from nicegui import ui
from nicegui.testing import User

from tests.support.web_user import click, elements, eventually, one
from tests.support.wizard_files import write_wizard
from tests.web.test_editor import SIMPLE


def notice(user: User) -> str:
    """The notice's text, "" while it has nothing to say."""
    return " ".join(e.text for e in one(user, "wizard-deleted").descendants() if isinstance(e, ui.label))


async def delete_from_the_menu(user: User, name: str) -> None:
    click(user, one(user, f"wizard-actions-{name}"))
    await eventually(lambda: bool(elements(user, "wizard-delete")), what="the menu")
    click(user, one(user, "wizard-delete"))
    await eventually(lambda: bool(elements(user, "wizard-delete-confirm-ok")), what="the confirmation")
    click(user, one(user, "wizard-delete-confirm-ok"))


@pytest.mark.slow
async def test_undo_brings_the_deleted_wizard_back_as_it_was(web_data: Path, user: User) -> None:
    path = write_wizard(web_data, "_user_local", "simple", SIMPLE)
    await user.open("/")
    assert notice(user) == ""
    await delete_from_the_menu(user, "simple")
    await eventually(lambda: not path.exists(), what="the file removed")
    await eventually(lambda: notice(user) == "Deleted 'simple'.", what="the notice")
    assert one(user, "wizard-undo-delete").props["aria-label"] == "Undo: restore 'simple'"

    click(user, one(user, "wizard-undo-delete"))
    await eventually(lambda: path.exists(), what="the file written back")
    assert path.read_text(encoding="utf-8") == SIMPLE  # comments and all
    await eventually(lambda: notice(user) == "Restored 'simple'.", what="the confirmation")
    click(user, one(user, "wizard-deleted-close"))
    assert notice(user) == ""


async def test_undo_does_not_overwrite_a_wizard_made_again_meanwhile(web_data: Path, user: User) -> None:
    path = write_wizard(web_data, "_user_local", "simple", SIMPLE)
    await user.open("/")
    await delete_from_the_menu(user, "simple")
    await eventually(lambda: notice(user) == "Deleted 'simple'.", what="the notice")
    newer = SIMPLE.replace("Simple notes", "Newer notes")
    path.write_text(newer, encoding="utf-8")

    click(user, one(user, "wizard-undo-delete"))
    await eventually(lambda: "was not restored" in notice(user), what="the refusal")
    assert notice(user) == "'simple' was not restored: a wizard of that name is there again"
    assert path.read_text(encoding="utf-8") == newer


async def test_a_delete_in_the_editor_over_the_chat_page_offers_undo_too(web_data: Path, user: User) -> None:
    path = write_wizard(web_data, "_user_local", "simple", SIMPLE)
    await user.open("/")
    click(user, one(user, "wizard-actions-simple"))
    await eventually(lambda: bool(elements(user, "wizard-edit")), what="the menu")
    click(user, one(user, "wizard-edit"))
    await eventually(lambda: any(d.value for d in elements(user, "editor-dialog")), what="the editor open")
    click(user, one(user, "editor-action-delete"))
    await eventually(lambda: bool(elements(user, "editor-delete-confirm-ok")), what="the confirmation")
    click(user, one(user, "editor-delete-confirm-ok"))

    await eventually(lambda: notice(user) == "Deleted 'simple'.", what="the notice in the Wizards tab")
    assert not path.exists()
    click(user, one(user, "wizard-undo-delete"))
    await eventually(lambda: path.exists() and path.read_text(encoding="utf-8") == SIMPLE, what="the file back")
