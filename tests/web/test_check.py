"""The Check button: suggestions as non-blocking hints at their fields; a clear hint without a model."""

from __future__ import annotations

import json
from typing import Any

from nicegui.testing import User

from tests.support.fake_llm import FakeLLM
from tests.support.web_user import elements, eventually, marked, one, open_dialogs, use_prompt


async def test_without_a_model_check_says_why_next_to_it_and_submit_still_works(app_user: User) -> None:
    await app_user.open("/")
    app_user.find(marker="wizard-gremium").click()

    assert not one(app_user, "wizard-check").enabled, "nothing to click that can only fail"
    assert one(app_user, "model-reason").text == \
        "Check and Fill from chat need a model (VANCE_FAST_MODEL or VANCE_MODEL)", "one line says it for both"
    one(app_user, "field-outputName").value = "council"
    one(app_user, "field-purpose").value = "Pricing"
    for index, name in enumerate(("Ada", "Linus")):
        elements(app_user, "field-name")[index].value = name
        elements(app_user, "field-description")[index].value = f"{name} knows numbers"
    await use_prompt(app_user)
    await eventually(lambda: not open_dialogs(app_user), what="the prompt used")


async def test_wizards_without_a_validator_offer_no_check(app_user: User) -> None:
    await app_user.open("/")
    app_user.find(marker="wizard-create-project").click()
    await app_user.should_see("Create a project")
    assert not elements(app_user, "wizard-check")


def one_field_box(control: Any) -> Any:
    """The field's own container (`data-field`), which holds its control, help, error and hint."""
    return next(e for e in control.ancestors() if "data-field" in e.props)


async def test_suggestions_appear_next_to_their_fields_and_submit_stays_possible(model: FakeLLM,
                                                                                 app_user: User) -> None:
    model.reply(json.dumps({"suggestions": [
        {"field": "members[1].description", "suggestion": "Say what this member cares about."},
        {"field": "", "suggestion": "Add a deliberate sceptic."},
    ]}))
    await app_user.open("/")
    app_user.find(marker="wizard-gremium").click()

    app_user.find(marker="wizard-check").click()

    await eventually(lambda: any(h.text for h in marked(app_user, "hint-description")), timeout=30,
                     what="the suggestion at the second member")
    hints = [h for h in marked(app_user, "hint-description") if h.visible and h.text]
    assert [h.text for h in hints] == ["Say what this member cares about."]
    first, second = (one_field_box(d) for d in elements(app_user, "field-description")[:2])
    assert second in hints[0].ancestors() and first not in hints[0].ancestors(), "the hint is at the second member"
    await app_user.should_see("Add a deliberate sceptic.")  # matches no field: shown as a general hint
    assert one(app_user, "wizard-submit").enabled
