"""Submit: the server validates; errors land at the exact field; success fills the chat input."""

from __future__ import annotations

from nicegui.testing import User

from tests.support.web_user import elements, one, open_dialogs, use_prompt
from vance_ui.service import Scope, WizardService

MEMBERS = [("Ada", "Mathematician, precise"), ("Grace", "Admiral, pragmatic"), ("Linus", "Engineer, blunt")]


async def open_gremium_with_three_members(user: User) -> None:
    await user.open("/")
    user.find(marker="wizard-gremium").click()
    await user.should_see("Create a council")
    user.find(marker="add-members").click()
    one(user, "field-outputName").value = "tech-council"
    one(user, "field-purpose").value = "Architecture decisions"
    for (name, description), name_input, description_input in zip(
            MEMBERS, elements(user, "field-name"), elements(user, "field-description"), strict=True):
        name_input.value = name
        description_input.value = description


async def test_a_submitted_council_lands_in_the_chat_input_exactly_as_rendered(
        app_user: User, service: WizardService, scope: Scope) -> None:
    await open_gremium_with_three_members(app_user)

    await use_prompt(app_user)

    expected = service.render(scope, "gremium", {
        "outputName": "tech-council", "purpose": "Architecture decisions", "createNow": True,
        "members": [{"name": n, "description": d} for n, d in MEMBERS],
    }, "en").prompt
    assert one(app_user, "chat-input").value == expected
    assert not open_dialogs(app_user)
    assert not elements(app_user, "message-user"), "nothing is sent automatically"


async def test_an_empty_required_field_in_the_third_member_shows_its_error_there(app_user: User) -> None:
    await open_gremium_with_three_members(app_user)
    third_name = elements(app_user, "field-name")[2]
    third_name.value = ""

    await use_prompt(app_user)

    assert third_name.error == "This field is required."
    assert [n.error for n in elements(app_user, "field-name")[:2]] == [None, None]
    assert one(app_user, "field-outputName").error is None
    assert open_dialogs(app_user), "the form stays open"
    assert one(app_user, "chat-input").value in ("", None)

    third_name.value = "Linus"
    assert third_name.error is None, "typing clears the error"


async def test_top_level_errors_are_shown_at_their_fields(app_user: User) -> None:
    await app_user.open("/")
    app_user.find(marker="wizard-gremium").click()

    await use_prompt(app_user)

    assert one(app_user, "field-outputName").error == "This field is required."
    assert one(app_user, "field-purpose").error == "This field is required."
    assert all(n.error == "This field is required." for n in elements(app_user, "field-name"))


async def test_a_file_name_with_a_space_is_refused_at_its_field_with_the_wizard_s_words(app_user: User) -> None:
    """gremium's "Name (filename, no spaces)" has the pattern it promises."""
    await open_gremium_with_three_members(app_user)
    name = one(app_user, "field-outputName")
    name.value = "tech council"

    await use_prompt(app_user)

    assert name.error == 'A file name: no spaces and none of / \\ : * ? " < > |'
    assert open_dialogs(app_user) and one(app_user, "chat-input").value in ("", None)
    name.value = "tech-council"
    await use_prompt(app_user)
    assert not open_dialogs(app_user)
