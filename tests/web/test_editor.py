"""The wizard editor (`/editor`) with the User fixture: an author makes, breaks, fixes, customizes,
duplicates and deletes wizards, in single- and multi-user mode; what they see and what lands on disk."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from nicegui import ui
from nicegui.testing import User

from tests.support.web_login import login
from tests.support.web_user import click, elements, eventually, one, path_of
from tests.support.wizard_files import write_wizard
from vance_ui.accounts.directory import UserDirectory
from vance_ui.web.editor import dialogs
from vance_ui.web.editor.preview import EditorPreview

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
    assert problems == ["Line 5 · Field 'topic': 'strnig' is not a field type: choose one from the list."]
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


def open_dialog_marks(user: User) -> list[str]:
    assert user.client is not None
    return [m for e in user.client.elements.values() if isinstance(e, ui.dialog) and e.value
            for child in e.descendants() for m in child._markers if m.startswith("editor-")]


async def test_leaving_with_unsaved_changes_asks_first_and_cancel_stays(web_data: Path, user: User) -> None:
    write_wizard(web_data, "_user_local", "simple", SIMPLE)
    await user.open("/editor?wizard=simple&layer=USER")
    await eventually(lambda: status(user) == "The wizard loads.", what="the check")
    one(user, "editor-title").set_value("Changed, not saved")
    click(user, one(user, "editor-back"))
    await eventually(lambda: bool(elements(user, "editor-leave")), what="the leave question")
    await user.should_see("Leave without saving?")
    click(user, one(user, "editor-leave-cancel"))
    await eventually(lambda: not elements(user, "editor-leave"), what="the question gone")
    assert one(user, "editor-title").value == "Changed, not saved"  # still editing, nothing lost


async def test_delete_asks_and_removes_only_my_file(web_data: Path, user: User) -> None:
    path = write_wizard(web_data, "_user_local", "simple", SIMPLE)
    await user.open("/editor?wizard=simple&layer=USER")
    await eventually(lambda: status(user) == "The wizard loads.", what="the check")
    click(user, one(user, "editor-action-delete"))
    await eventually(lambda: bool(elements(user, "editor-delete-confirm-ok")), what="the confirmation")
    assert path.exists()
    click(user, one(user, "editor-delete-confirm-ok"))
    await eventually(lambda: not path.exists(), what="the file removed")


async def test_a_tenant_wizard_is_customized_not_edited_by_a_non_admin(web_data: Path, visitor: User) -> None:
    """Bob is no admin of acme: the tenant layer (`_vance`) is not his to write, so asking to edit
    it opens a copy for his own layer, which then wins for him alone."""
    tenant = write_wizard(web_data, "_vance", "simple", SIMPLE, tenant="acme")
    await login(visitor, "bob", "pw-bob", "/editor?wizard=simple")
    await eventually(lambda: bool(elements(visitor, "editor-status")) and status(visitor) == "The wizard loads.",
                     what="the check")
    assert "Mine (USER)" in str(one(visitor, "editor-layer").text)
    assert [str(v) for v in one(visitor, "editor-layer-select").options] == ["USER"]
    one(visitor, "editor-title").set_value("Bob's own simple")
    await eventually(lambda: save_enabled(visitor), what="Save enabled")
    click(visitor, one(visitor, "editor-save"))
    mine = web_data / "acme" / "_user_bob" / "wizards" / "simple.yaml"
    await eventually(mine.exists, what="Bob's copy")
    assert tenant.read_text(encoding="utf-8") == SIMPLE  # the tenant's file is untouched


async def test_the_user_layer_is_always_my_own(web_data: Path, visitor: User) -> None:
    """Alice and Bob both have a wizard `notes`: Bob's editor opens Bob's, whatever the URL says."""
    await login(visitor, "bob", "pw-bob", "/editor?wizard=notes&layer=USER")
    await eventually(lambda: bool(elements(visitor, "editor-yaml")) and "Bob" in yaml_text(visitor),
                     what="Bob's notes")
    assert "Alice" not in yaml_text(visitor)


async def test_a_visitor_who_is_not_logged_in_is_sent_to_the_login(team: object, user: User) -> None:
    await user.open("/editor?wizard=notes&layer=USER")
    await eventually(lambda: path_of(user).startswith("/login"), what="the login page")


async def test_in_single_user_mode_the_local_user_edits_the_tenant_layer(web_data: Path, user: User) -> None:
    tenant = write_wizard(web_data, "_vance", "simple", SIMPLE)
    await user.open("/editor?wizard=simple")
    await eventually(lambda: status(user) == "The wizard loads.", what="the check")
    assert "Tenant (VANCE)" in str(one(user, "editor-layer").text)
    one(user, "editor-title").set_value("Tenant simple v2")
    await eventually(lambda: save_enabled(user), what="Save enabled")
    click(user, one(user, "editor-save"))
    await eventually(lambda: "Tenant simple v2" in tenant.read_text(encoding="utf-8"), what="the tenant file saved")


async def test_duplicate_asks_for_a_new_name_and_keeps_the_original(web_data: Path, user: User) -> None:
    original = write_wizard(web_data, "_user_local", "simple", SIMPLE)
    await user.open("/editor?wizard=simple&from=USER&mode=duplicate")
    await eventually(lambda: status(user) == "The wizard loads.", what="the check")
    assert one(user, "editor-name").value == ""
    one(user, "editor-name").set_value("simple-copy")
    await eventually(lambda: save_enabled(user), what="Save enabled")
    click(user, one(user, "editor-save"))
    copy = web_data / "default" / "_user_local" / "wizards" / "simple-copy.yaml"
    await eventually(copy.exists, what="the copy")
    assert copy.read_text(encoding="utf-8") == SIMPLE == original.read_text(encoding="utf-8")


async def test_switching_views_loses_nothing_typed_in_yaml(web_data: Path, user: User) -> None:
    write_wizard(web_data, "_user_local", "simple", SIMPLE)
    await user.open("/editor?wizard=simple&layer=USER")
    await eventually(lambda: status(user) == "The wizard loads.", what="the check")
    typed = SIMPLE.replace("Simple notes", "Typed in YAML") + "# a comment typed in YAML\n"
    one(user, "editor-yaml").set_value(typed)
    one(user, "editor-tabs").set_value("yaml")
    one(user, "editor-tabs").set_value("form")
    await eventually(lambda: one(user, "editor-title").value == "Typed in YAML", what="the form view to follow")
    one(user, "editor-title").set_value("Then in the form")
    await eventually(lambda: "Then in the form" in yaml_text(user), what="the YAML view to follow")
    assert "# a comment typed in YAML" in yaml_text(user)


def card(user: User, name: str) -> Any:
    found = [e for e in elements(user, f"editor-field-{name}")]
    assert found, f"no field card for {name}"
    return found[-1]


def inside(user: User, container: Any, marker: str) -> list[Any]:
    return [e for e in elements(user, marker) if container in e.ancestors()]


async def test_every_setting_of_the_form_view_lands_in_a_file_that_loads(web_data: Path, user: User) -> None:
    """Head, a select with its choices, a repeat with an item field and its bounds, a boolean default,
    a follow-up: each made in the form view, and the YAML loads (Save is offered) at the end."""
    await user.open("/editor?mode=new")
    await eventually(lambda: status(user) == "The wizard loads.", what="the check")
    one(user, "editor-name").set_value("every-setting")
    one(user, "editor-icon").set_value("users")
    one(user, "editor-category").set_value("teams")
    one(user, "editor-available-in").set_value(["alpha", "beta"])
    one(user, "editor-text-language").set_value("de")
    await eventually(lambda: one(user, "editor-title").value == "", what="the German texts (none yet)")
    one(user, "editor-title").set_value("Alles")
    for kind, label in (("select", "Mood"), ("repeat", "People"), ("boolean", "Urgent?")):
        elements(user, "editor-new-field-label")[-1].set_value(label)  # the top-level row is the last one
        elements(user, "editor-new-field-type")[-1].set_value(kind)
        click(user, elements(user, "editor-add-field")[-1])
        await eventually(lambda k=kind: any(f"type: {k}" in line for line in yaml_text(user).splitlines()),
                         what=f"a {kind} field")
    select = card(user, "mood")  # named after its label
    inside(user, select, "editor-choice-value")[0].set_value("calm")
    inside(user, select, "editor-choice-label")[0].set_value("Ruhig")
    click(user, inside(user, select, "editor-add-choice")[0])
    await eventually(lambda: "value: choice2" in yaml_text(user), what="a second choice")
    repeat = card(user, "people")
    inside(user, repeat, "editor-field-min")[0].set_value(1)
    inside(user, repeat, "editor-field-max")[0].set_value(4)
    boolean = card(user, "urgent")
    boolean_default = [e for e in boolean.descendants() if isinstance(e, ui.select)
                       and "true" in (e.options or {})]
    boolean_default[0].set_value("true")
    click(user, one(user, "editor-add-follow-up"))
    await eventually(lambda: "suggestedFollowUps" in yaml_text(user), what="a follow-up")
    await eventually(lambda: "min: 1" in yaml_text(user) and "max: 4" in yaml_text(user), what="the repeat bounds")
    text = yaml_text(user)
    for expected in ("icon: users", "category: teams", "- alpha", "de: Alles", "value: calm", "de: Ruhig",
                     "defaultValue: true", "wizard: wizard-name"):
        assert expected in text, expected
    assert "item:" in text  # a repeat field gets an item field to start with
    await eventually(lambda: status(user) == "The wizard loads." and save_enabled(user), what="Save offered")


async def test_test_values_typed_into_the_preview_form_show_in_the_prompt(web_data: Path, user: User) -> None:
    write_wizard(web_data, "_user_local", "simple", SIMPLE)
    await user.open("/editor?wizard=simple&layer=USER")
    await eventually(lambda: "Notes about" in str(one(user, "editor-prompt").text), what="the preview")
    preview = one(user, "editor-preview")
    topic = [e for e in preview.descendants() if isinstance(e, ui.input) and e.props.get("label") == "Topic"]
    assert len(topic) == 1  # the form as users see it, with its field
    for typed in ("T", "Te", "Tea"):
        topic[0].set_value(typed)
    await eventually(lambda: str(one(user, "editor-prompt").text).strip() == "Notes about Tea", what="the prompt")
    one(user, "editor-yaml").set_value(SIMPLE.replace("Notes about", "Minutes on"))
    await eventually(lambda: str(one(user, "editor-prompt").text).strip() == "Minutes on Tea",
                     what="the new template with the test value kept")


async def test_a_shape_the_form_cannot_show_sends_the_author_to_the_yaml_view(web_data: Path, user: User) -> None:
    write_wizard(web_data, "_user_local", "simple", SIMPLE)
    await user.open("/editor?wizard=simple&layer=USER")
    await eventually(lambda: status(user) == "The wizard loads.", what="the check")
    odd = SIMPLE.replace("fields:\n", "fields:\n  - just a string\n").replace('title: { en: "Simple notes" }',
                                                                            "title: 42")
    one(user, "editor-yaml").set_value(odd)
    one(user, "editor-tabs").set_value("yaml")
    one(user, "editor-tabs").set_value("form")
    await eventually(lambda: bool(elements(user, "editor-form-unavailable")), what="the form view's notice")
    await eventually(lambda: "problem" in status(user), what="the problems")
    assert not save_enabled(user)
    assert yaml_text(user) == odd  # nothing of the text was lost


async def test_delete_from_the_wizards_tab_asks_and_removes_my_file(web_data: Path, user: User) -> None:
    path = write_wizard(web_data, "_user_local", "simple", SIMPLE)
    await user.open("/")
    click(user, one(user, "wizard-actions-simple"))
    await eventually(lambda: bool(elements(user, "wizard-delete")), what="the menu")
    assert elements(user, "wizard-edit") and not elements(user, "wizard-customize")  # nothing of mine is below
    click(user, one(user, "wizard-delete"))
    await eventually(lambda: bool(elements(user, "wizard-delete-confirm-ok")), what="the confirmation")
    assert path.exists()
    click(user, one(user, "wizard-delete-confirm-ok"))
    await eventually(lambda: not path.exists(), what="the file removed")


async def test_a_tenant_admin_may_customize_into_the_tenant_layer(web_data: Path, team: UserDirectory,
                                                                  user: User) -> None:
    """Carol administers acme: her Customize of a bundled wizard may go to the tenant layer, where it
    then wins for everyone of acme."""
    team.add_user("carol", "pw-carol", ["acme"], name="Carol Admin", admin_of=["acme"])
    await login(user, "carol", "pw-carol", "/editor?wizard=gremium&from=RESOURCE&mode=customize")
    await eventually(lambda: bool(elements(user, "editor-status")) and status(user) == "The wizard loads.",
                     what="the check")
    layer = one(user, "editor-layer-select")
    assert list(layer.options) == ["USER", "VANCE"] and layer.value == "USER"
    layer.set_value("VANCE")
    await eventually(lambda: "Tenant (VANCE)" in str(one(user, "editor-layer").text), what="the chosen layer")
    click(user, one(user, "editor-save"))
    copy = web_data / "acme" / "_vance" / "wizards" / "gremium.yaml"
    await eventually(copy.exists, what="the tenant's copy")


async def test_edit_in_the_wizards_tab_opens_with_the_preview_and_then_the_whole_form(web_data: Path,
                                                                                     user: User) -> None:
    """The dialog opens showing the rendered prompt already (no blank preview first); the form's
    first screen comes with it and its lower sections (the prompt template, follow-ups) right after."""
    write_wizard(web_data, "_user_local", "simple", SIMPLE)
    await user.open("/")
    click(user, one(user, "wizard-actions-simple"))
    await eventually(lambda: bool(elements(user, "wizard-edit")), what="the menu")
    click(user, one(user, "wizard-edit"))
    await eventually(lambda: any(d.value for d in elements(user, "editor-dialog")), what="the dialog open")
    assert "Notes about" in str(one(user, "editor-prompt").text)
    assert one(user, "editor-title").value == "Simple notes"
    await eventually(lambda: bool(elements(user, "editor-promptTemplate")), what="the rest of the form")
    assert "Notes about {{ topic }}" in str(one(user, "editor-promptTemplate").value)
    assert elements(user, "editor-add-follow-up") and len(elements(user, "editor-field")) == 1


async def test_a_multi_select_s_default_is_chosen_from_its_choices(web_data: Path, user: User) -> None:
    await user.open("/editor?mode=new")
    await eventually(lambda: status(user) == "The wizard loads.", what="the check")
    one(user, "editor-name").set_value("multi-default")
    elements(user, "editor-new-field-label")[-1].set_value("Colours")
    elements(user, "editor-new-field-type")[-1].set_value("multi_select")
    click(user, elements(user, "editor-add-field")[-1])
    await eventually(lambda: "type: multi_select" in yaml_text(user), what="a multi_select field")
    multi = card(user, "colours")
    click(user, inside(user, multi, "editor-add-choice")[0])
    await eventually(lambda: "value: choice2" in yaml_text(user), what="a second choice")
    choices = {e.value for e in inside(user, card(user, "colours"), "editor-choice-value")}
    default = inside(user, card(user, "colours"), "editor-field-default")[0]
    assert set(default.options) == choices and len(choices) == 2  # what can be chosen: the choices
    default.set_value(["choice2"])
    await eventually(lambda: "- choice2" in yaml_text(user).split("defaultValue:", 1)[-1],
                     what="the default in the file")
    await eventually(lambda: status(user) == "The wizard loads." and save_enabled(user), what="Save offered")
    inside(user, card(user, "colours"), "editor-field-default")[0].set_value([])
    await eventually(lambda: "defaultValue" not in yaml_text(user), what="no default: the key goes")


async def test_keywords_per_language_in_the_form_view(web_data: Path, user: User) -> None:
    """Keywords for chat suggestions, per text language, land in the file as `keywords: {en: [...]}` and load."""
    await user.open("/editor?mode=new")
    await eventually(lambda: status(user) == "The wizard loads.", what="the check")
    one(user, "editor-name").set_value("with-keywords")
    one(user, "editor-keywords").set_value(["council", "advisory board"])
    await eventually(lambda: "en: [council, advisory board]" in yaml_text(user), what="the English keywords")
    one(user, "editor-text-language").set_value("de")
    await eventually(lambda: one(user, "editor-keywords").value == [], what="the German keywords (none yet)")
    one(user, "editor-keywords").set_value(["Gremium"])
    await eventually(lambda: "de: [Gremium]" in yaml_text(user), what="the German keywords")
    one(user, "editor-text-language").set_value("en")
    await eventually(lambda: one(user, "editor-keywords").value == ["council", "advisory board"],
                     what="the English keywords again")
    one(user, "editor-keywords").set_value([])
    await eventually(lambda: "council" not in yaml_text(user) and "de: [Gremium]" in yaml_text(user),
                     what="English keywords removed")
    await eventually(lambda: status(user) == "The wizard loads.", what="the check")


async def test_a_text_field_can_be_marked_to_receive_the_chat_message(web_data: Path, user: User) -> None:
    write_wizard(web_data, "_user_local", "simple", SIMPLE)
    await user.open("/editor?wizard=simple&layer=USER")
    await eventually(lambda: status(user) == "The wizard loads.", what="the check")
    taker = inside(user, card(user, "topic"), "editor-field-from-message")[0]
    assert taker.value is False
    taker.set_value(True)
    await eventually(lambda: "fromMessage: true" in yaml_text(user), what="fromMessage in the file")
    await eventually(lambda: status(user) == "The wizard loads.", what="the check")
    taker.set_value(False)
    await eventually(lambda: "fromMessage" not in yaml_text(user), what="fromMessage removed")


async def test_import_asks_over_the_open_editor_even_when_its_preview_is_slow(web_data: Path, user: User,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Import in the Wizards tab opens the editor and asks for the file over it: the question comes
    once the editor is open, whatever the preview's first render takes (a busy machine)."""
    first_runs_done = EditorPreview._first_runs_done

    async def slow_first_runs(preview: EditorPreview) -> None:
        await asyncio.sleep(0.3)  # longer than the editor waits before it asks
        await first_runs_done(preview)

    editor_open_when_asked: list[bool] = []

    async def ask_import(t: object) -> None:
        editor_open_when_asked.append(any(d.value for d in elements(user, "editor-dialog")))

    monkeypatch.setattr(EditorPreview, "_first_runs_done", slow_first_runs)
    monkeypatch.setattr(dialogs, "ask_import", ask_import)
    await user.open("/")
    click(user, one(user, "wizard-import"))
    await eventually(lambda: bool(editor_open_when_asked), what="the question")
    assert editor_open_when_asked == [True]
