"""Fill from chat in the wizard form: values from the current chat through the model, each filled field
marked until edited, one Undo, the status line; off with the reason without a model; a chip fills at once."""

from __future__ import annotations

import json
from pathlib import Path

from nicegui.testing import User
from nicegui.testing.user_interaction import UserInteraction

from tests.support.fake_llm import FakeLLM
from tests.support.web_user import elements, eventually, marked, one
from vance_ui.chat.sessions import SessionStore, StoredMessage
from vance_ui.documents.filesystem import FileDocumentStore

TALK = "We need a council on pricing: Ada, the CFO, and Linus, our CTO."


def chat_with(web_data: Path, *texts: str) -> None:
    """The chat the page opens, holding these user messages."""
    sessions = SessionStore(FileDocumentStore(web_data), "default", "local")
    session = sessions.create("pricing")
    session.messages = [StoredMessage("user", text) for text in texts]
    sessions.save(session)


def status_text(user: User) -> str:
    return " ".join(str(getattr(e, "text", "")) for e in one(user, "wizard-status").descendants()
                    if getattr(e, "text", ""))


async def test_without_a_model_the_button_is_off_and_says_why(app_user: User) -> None:
    await app_user.open("/")
    app_user.find(marker="wizard-gremium").click()
    assert not one(app_user, "wizard-fill").enabled
    assert [e.text for e in marked(app_user, "model-reason")] == \
        ["Check and Fill from chat need a model (VANCE_FAST_MODEL or VANCE_MODEL)"], "one line, for both buttons"


async def test_fill_marks_the_fields_says_what_was_left_out_and_undo_restores(
        model: FakeLLM, app_user: User, web_data: Path) -> None:
    chat_with(web_data, TALK)
    model.reply(json.dumps({"purpose": "Pricing decisions", "outputName": "pricing council",
                            "members": [{"name": "Ada", "description": "CFO"},
                                        {"name": "Linus", "description": "CTO"}],
                            "budget": 100}))
    await app_user.open("/")
    app_user.find(marker="wizard-gremium").click()
    one(app_user, "field-outputName").value = "my-council"  # typed: never overwritten

    app_user.find(marker="wizard-fill").click()

    await eventually(lambda: bool(marked(app_user, "filled-purpose")), timeout=30, what="the fill")
    assert one(app_user, "field-purpose").value == "Pricing decisions"
    assert one(app_user, "field-outputName").value == "my-council"
    assert [e.value for e in elements(app_user, "field-name")] == ["Ada", "Linus"]
    assert not marked(app_user, "filled-outputName")
    assert marked(app_user, "filled-members")
    note = next(e for e in marked(app_user, "filled-purpose")[0].descendants()
                if getattr(e, "text", "") == "Filled from the chat; check it")
    assert f"c{note.id}" in one(app_user, "field-purpose").props["aria-describedby"].split()  # read with the field
    text = status_text(app_user)
    assert "2 fields were filled from the chat." in text
    assert "budget was left out: The form has no such field." in text
    sent = model.requests[-1]["messages"]
    assert TALK in sent[-1]["content"]

    UserInteraction(app_user, {one(app_user, "status-action")}, None).click()  # Undo
    await eventually(lambda: one(app_user, "field-purpose").value == "", what="the form as it was")
    assert one(app_user, "field-outputName").value == "my-council"
    assert [e.value for e in elements(app_user, "field-name")] == ["", ""]
    assert not marked(app_user, "filled-members") and not marked(app_user, "filled-purpose")
    await app_user.should_see("The form is as it was before the fill.")

    app_user.find(marker="wizard-fill").click()  # again; then an edit ends a field's marker, not the others'
    await eventually(lambda: bool(marked(app_user, "filled-purpose")), timeout=30, what="the second fill")
    one(app_user, "field-purpose").value = "Pricing and packaging"
    await eventually(lambda: not marked(app_user, "filled-purpose"), what="the marker to go")
    elements(app_user, "field-name")[0].value = "Ada Lovelace"  # inside an entry: the repeat's marker goes
    await eventually(lambda: not marked(app_user, "filled-members"), what="the repeat's marker to go")


async def test_a_failing_model_leaves_the_form_unchanged(model: FakeLLM, app_user: User, web_data: Path) -> None:
    chat_with(web_data, TALK)
    model.reply("", status=500)
    await app_user.open("/")
    app_user.find(marker="wizard-gremium").click()
    one(app_user, "field-purpose").value = "Pricing"

    app_user.find(marker="wizard-fill").click()

    await app_user.should_see("Fill from chat failed, the form is unchanged: The model call failed", retries=300)
    assert one(app_user, "field-purpose").value == "Pricing"
    assert not marked(app_user, "filled-outputName")
    assert one(app_user, "wizard-fill").enabled


async def test_opening_a_suggestion_chip_fills_at_once(model: FakeLLM, app_user: User, web_data: Path) -> None:
    chat_with(web_data, "Ada (CFO) and Linus (CTO) should advise us.")
    model.reply(json.dumps({"outputName": "pricing-council"}))
    await app_user.open("/")
    chips = one(app_user, "suggest-chips")
    typed = "set up a council of experts for pricing"
    UserInteraction(app_user, {chips}, None).trigger("query", {"text": typed, "seq": 1, "dismissed": []})
    await eventually(lambda: any(c["name"] == "gremium" for c in chips.chips), what="the chip")

    UserInteraction(app_user, {chips}, None).trigger("open", {"name": "gremium", "text": typed})

    await eventually(lambda: bool(marked(app_user, "filled-outputName")), timeout=30, what="the fill")
    assert one(app_user, "field-outputName").value == "pricing-council"
    assert "Ada (CFO)" in model.requests[-1]["messages"][-1]["content"]
