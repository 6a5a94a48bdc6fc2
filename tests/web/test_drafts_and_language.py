"""Half-filled forms come back (passwords never stored); UI texts follow the language switch."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from nicegui.testing import User
from pydantic import TypeAdapter

from tests.support.web_user import elements, eventually, marked, one, open_dialogs, use_prompt
from vance_ui.chat.drafts import strip_secrets
from vance_ui.wizards.format.schema import FormField


async def test_a_half_filled_form_survives_closing_and_a_new_page_but_the_password_does_not(
        every_type: Path, web_data: Path, app_user: User) -> None:
    await app_user.open("/")
    app_user.find(marker="wizard-every-type").click()
    one(app_user, "field-title").value = "Half done"
    one(app_user, "field-secret").value = "hunter2"
    elements(app_user, "field-name")[0].value = "Ada"
    app_user.find("Cancel").click()
    await eventually(lambda: not open_dialogs(app_user), what="the dialog to close")

    draft = web_data / "default" / "_user_local" / "drafts" / "every-type.json"
    await eventually(draft.exists, timeout=5, what="the draft (written in a thread as the dialog closes)")
    assert "hunter2" not in draft.read_text()
    assert json.loads(draft.read_text())["values"]["title"] == "Half done"

    await app_user.open("/")
    app_user.find(marker="wizard-every-type").click()
    await app_user.should_see("Draft restored")
    assert one(app_user, "field-title").value == "Half done"
    assert elements(app_user, "field-name")[0].value == "Ada"
    assert one(app_user, "field-secret").value == ""


async def test_a_submitted_form_leaves_no_draft(every_type: Path, web_data: Path, app_user: User) -> None:
    await app_user.open("/")
    app_user.find(marker="wizard-every-type").click()
    elements(app_user, "field-name")[0].value = "Ada"
    await use_prompt(app_user)
    await eventually(lambda: bool(one(app_user, "chat-input").value), what="the prompt in the input")
    assert not (web_data / "default" / "_user_local" / "drafts" / "every-type.json").exists()


def test_password_values_are_stripped_also_inside_repeat_items() -> None:
    fields = TypeAdapter(list[FormField]).validate_python([
        {"name": "token", "type": "password", "label": {"en": "T"}},
        {"name": "rows", "type": "repeat", "label": {"en": "R"}, "item": [
            {"name": "pin", "type": "password", "label": {"en": "P"}},
            {"name": "n", "type": "string", "label": {"en": "N"}}]}])
    assert strip_secrets(fields, {"token": "s3", "rows": [{"pin": "1", "n": "a"}], "junk": 1}) == {
        "rows": [{"n": "a"}]}


async def test_the_ui_speaks_german_after_switching(app_user: User) -> None:
    await app_user.open("/")
    await app_user.should_see("New chat")
    one(app_user, "language").value = "de"
    await app_user.open("/")  # the switch navigates to a fresh page
    await app_user.should_see("Neuer Chat")
    await app_user.should_see("Gremium anlegen")  # wizard texts follow the language too
    await app_user.should_see("Live-Fortschritt")


async def test_the_tenant_language_is_the_default(web_data: Path, app_user: User) -> None:
    tenant = web_data / "default" / "_vance"
    tenant.mkdir(parents=True)
    (tenant / "tenant.yaml").write_text("defaultLanguage: de\n")
    await app_user.open("/")
    await app_user.should_see("Mit einem Wizard starten")


@pytest.mark.slow
async def test_reset_starts_over_and_forgets_the_draft(every_type: Path, web_data: Path, app_user: User) -> None:
    await app_user.open("/")
    app_user.find(marker="wizard-every-type").click()
    one(app_user, "field-title").value = "Something else"
    await eventually(lambda: (web_data / "default" / "_user_local" / "drafts" / "every-type.json").exists(),
                     what="the draft to be written")

    app_user.find("Reset form").click()

    await eventually(lambda: [f.value for f in marked(app_user, "field-title") if not f.is_deleted][-1] == "Hello",
                     what="a fresh form with the default")
    assert not (web_data / "default" / "_user_local" / "drafts" / "every-type.json").exists()
