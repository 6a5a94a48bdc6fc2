"""The wizard editor (`/editor`) with the User fixture: an author makes, breaks, fixes, customizes
and restores wizards; what they see and what lands in the data dir."""

from __future__ import annotations

from pathlib import Path

from nicegui.testing import User

from tests.conftest import write_wizard
from tests.web.conftest import click, elements, eventually, one

SIMPLE = """\
# kept comment
title: { en: "Simple notes" }
description: { en: "A note" }
fields:
  - name: topic   # what about
    type: string
    label: { en: Topic }
promptTemplate: |
  Notes about {{ topic }}
"""



def status(user: User) -> str:
    return str(one(user, "editor-status").text)


def yaml_text(user: User) -> str:
    return str(one(user, "editor-yaml").value)


def save_enabled(user: User) -> bool:
    return bool(one(user, "editor-save").enabled)


async def test_a_user_wizard_opens_in_form_view_and_its_edit_is_saved_with_comments(web_data: Path, user: User) -> None:
    path = write_wizard(web_data, "_user_local", "simple", SIMPLE)
    await user.open("/editor?wizard=simple&layer=USER")
    await eventually(lambda: status(user) == "The wizard loads.", what="the check")
    await eventually(lambda: "Notes about" in str(one(user, "editor-prompt").text), what="the preview")
    title = one(user, "editor-title")
    assert title.value == "Simple notes"
    title.set_value("Simple notes v2")
    await eventually(lambda: "Simple notes v2" in yaml_text(user), what="the YAML view to follow")
    await eventually(lambda: save_enabled(user), what="Save enabled")
    click(user, one(user, "editor-save"))
    await eventually(lambda: "Simple notes v2" in path.read_text(encoding="utf-8"), what="the file saved")
    saved = path.read_text(encoding="utf-8")
    assert "# kept comment" in saved and "# what about" in saved


async def test_broken_yaml_shows_the_problem_at_its_line_and_save_is_refused(web_data: Path, user: User) -> None:
    path = write_wizard(web_data, "_user_local", "simple", SIMPLE)
    await user.open("/editor?wizard=simple&layer=USER")
    await eventually(lambda: status(user) == "The wizard loads.", what="the check")
    broken = SIMPLE.replace("type: string", "type: strnig")
    one(user, "editor-yaml").set_value(broken)
    await eventually(lambda: "problem" in status(user), what="the problem")
    problems = [str(e.text) for e in elements(user, "editor-problem")]
    assert any(p.startswith("5:5: fields[0]: unknown field type") for p in problems), problems
    assert not save_enabled(user)
    assert path.read_text(encoding="utf-8") == SIMPLE


def listed_sources(user: User) -> dict[str, str]:
    return {e.props["data-wizard"]: e.props["data-source"] for e in elements(user, "wizard-entry")}


async def test_customize_a_bundled_wizard_from_the_wizards_tab_makes_my_copy_win(web_data: Path, user: User) -> None:
    await user.open("/")
    assert listed_sources(user)["gremium"] == "RESOURCE"
    click(user, one(user, "wizard-actions-gremium"))
    await eventually(lambda: bool(elements(user, "wizard-customize")), what="the menu")
    assert not elements(user, "wizard-edit") and not elements(user, "wizard-delete")  # the bundled layer is read-only
    click(user, one(user, "wizard-customize"))
    await eventually(lambda: bool(elements(user, "editor-save")), what="the editor")
    await eventually(lambda: save_enabled(user), what="Save enabled")
    assert "Mine (USER)" in str(one(user, "editor-layer").text)
    click(user, one(user, "editor-save"))
    copy = web_data / "default" / "_user_local" / "wizards" / "gremium.yaml"
    await eventually(copy.exists, what="my copy written")
    await user.open("/")
    assert listed_sources(user)["gremium"] == "USER"
    assert "Mine (USER)" in [str(e.text) for e in elements(user, "wizard-source")]


async def test_a_new_wizard_needs_a_valid_name_before_it_can_be_saved(web_data: Path, user: User) -> None:
    await user.open("/")
    click(user, one(user, "wizard-new"))
    await eventually(lambda: bool(elements(user, "editor-save")), what="the editor")
    await eventually(lambda: status(user) == "The wizard loads.", what="the check")
    assert not save_enabled(user)  # no name yet
    one(user, "editor-name").set_value("Bad Name")
    await eventually(lambda: status(user) == "The wizard loads.", what="the check")
    assert not save_enabled(user)
    one(user, "editor-name").set_value("team-intro")
    await eventually(lambda: save_enabled(user), what="Save enabled")
    click(user, one(user, "editor-save"))
    made = web_data / "default" / "_user_local" / "wizards" / "team-intro.yaml"
    await eventually(made.exists, what="the new file")
    assert "My new wizard" in made.read_text(encoding="utf-8")
