"""The one FormFields engine: every field type, defaults, bounds, repeat add/remove."""

from __future__ import annotations

from pathlib import Path

from nicegui import ui
from nicegui.testing import User

from tests.support.web_user import click, elements, eventually, one, open_dialogs, use_prompt


async def open_every_type(user: User) -> None:
    await user.open("/")
    user.find(marker="wizard-every-type").click()
    await user.should_see("Every field type")


async def test_every_field_type_is_rendered_with_label_help_and_default(every_type: Path, app_user: User) -> None:
    await open_every_type(app_user)

    title = one(app_user, "field-title")
    assert isinstance(title, ui.input) and title.props["label"] == "Title *" and title.value == "Hello"
    await app_user.should_see("A short title")
    notes = one(app_user, "field-notes")
    assert isinstance(notes, ui.textarea) and notes.props["rows"] == 5
    secret = one(app_user, "field-secret")
    assert secret.props["type"] == "password"
    count = one(app_user, "field-count")
    assert isinstance(count, ui.input) and count.props["type"] == "number" and count.value == "3"
    assert "min" not in count.props and "max" not in count.props, "NiceGUI would clamp what the user types"
    await app_user.should_see("Between 1 and 9")
    loud = one(app_user, "field-loud")
    assert isinstance(loud, ui.checkbox) and loud.value is True
    tone = one(app_user, "field-tone")
    assert isinstance(tone, ui.select) and tone.value == "casual" and tone.options == {"formal": "Formal",
                                                                                      "casual": "Casual"}
    for choice in ("Red", "Green", "Blue"):
        await app_user.should_see(choice)


async def test_repeat_starts_at_min_add_stops_at_max_remove_stops_at_min(every_type: Path, app_user: User) -> None:
    await open_every_type(app_user)
    add = one(app_user, "add-people")

    assert len(elements(app_user, "remove-people")) == 1
    assert not elements(app_user, "remove-people")[0].enabled, "cannot go below min"

    app_user.find(marker="add-people").click()
    app_user.find(marker="add-people").click()
    assert len(elements(app_user, "field-name")) == 3
    assert not add.enabled, "add is disabled at max"
    assert all(button.enabled for button in elements(app_user, "remove-people"))

    elements(app_user, "field-name")[0].value = "typed before removing"
    click(app_user, elements(app_user, "remove-people")[1])
    names = elements(app_user, "field-name")
    assert [n.value for n in names] == ["typed before removing", ""], "other items keep what was typed"
    assert add.enabled
    await app_user.should_see("Entry 2")
    await app_user.should_not_see("Entry 3")


async def test_the_live_preview_follows_the_form(every_type: Path, app_user: User) -> None:
    await open_every_type(app_user)
    preview = one(app_user, "wizard-preview")
    await eventually(lambda: "T=Hello" in preview.text and "C=3" in preview.text, timeout=10, what="the first preview")

    one(app_user, "field-title").value = "Changed"
    one(app_user, "field-tone").value = "formal"
    await app_user.should_see("T=Changed", retries=20)
    assert "O=formal" in preview.text


async def test_values_collected_from_the_form_render_through_the_service(every_type: Path, app_user: User) -> None:
    await open_every_type(app_user)
    elements(app_user, "field-name")[0].value = "Ada"
    elements(app_user, "field-age")[0].value = "36"
    app_user.find("Green").click()

    await use_prompt(app_user)

    chat_input = one(app_user, "chat-input")
    assert "T=Hello" in chat_input.value and "G=green," in chat_input.value and "P=Ada/36;" in chat_input.value
    assert not open_dialogs(app_user), "the form closes after a successful submit"
