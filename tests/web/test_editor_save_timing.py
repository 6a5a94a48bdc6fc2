"""Save clicked right after an edit, while the edit is still being checked: the click waits for
the check and saves (it used to reach a button disabled for the check and was dropped), and a
text that does not load is refused with a message, not silently."""

from __future__ import annotations

from pathlib import Path

from nicegui.testing import User

from tests.support.web_user import click, eventually, one
from tests.support.wizard_files import write_wizard
from tests.web.test_editor import SIMPLE, status


async def test_save_right_after_an_edit_saves_that_edit(web_data: Path, user: User) -> None:
    path = write_wizard(web_data, "_user_local", "simple", SIMPLE)
    await user.open("/editor?wizard=simple&layer=USER")
    await eventually(lambda: status(user) == "The wizard loads.", what="the check")
    one(user, "editor-title").set_value("Saved at once")
    click(user, one(user, "editor-save"))  # the edit's check has only just started
    await eventually(lambda: "Saved at once" in path.read_text(encoding="utf-8"), what="the file saved")


async def test_save_right_after_breaking_the_text_says_why_it_did_not_save(web_data: Path, user: User) -> None:
    path = write_wizard(web_data, "_user_local", "simple", SIMPLE)
    await user.open("/editor?wizard=simple&layer=USER")
    await eventually(lambda: status(user) == "The wizard loads.", what="the check")
    one(user, "editor-yaml").set_value(SIMPLE.replace("promptTemplate", "promptTemplat"))
    click(user, one(user, "editor-save"))
    await user.should_see("Not saved: the wizard does not load.")
    assert path.read_text(encoding="utf-8") == SIMPLE
