"""Error and hint lines of fields that have no built-in error slot (checkbox, choices, repeats).

They are created only when there is something to show; a user must still see them under the
right field, above a Check hint, and see them go away when the field is changed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from nicegui import ui
from nicegui.testing import User

from tests.support.fake_llm import FakeLLM
from tests.support.web_user import eventually, one, use_prompt
from tests.support.wizard_files import write_wizard

REQUIRED = "This field is required."

CONSENT = """
title: { en: "Consent form" }
description: { en: "Choices that must be made" }
icon: check
category: testing
fields:
  - { name: agree, type: boolean, required: true, label: { en: "I agree" } }
  - name: tags
    type: multi_select
    required: true
    label: { en: "Tags" }
    choices:
      - { value: red, label: { en: "Red" } }
      - { value: blue, label: { en: "Blue" } }
  - name: people
    type: repeat
    required: true
    label: { en: "People" }
    item:
      - { name: name, type: string, label: { en: "Name" } }
promptTemplate: |
  A={{ agree }} T={% for t in tags %}{{ t }},{% endfor %} P={% for p in people %}{{ p.name }};{% endfor %}
"""


@pytest.fixture
def consent(web_data: Path) -> Path:
    return write_wizard(web_data, "_vance", "consent", CONSENT)


def box(user: User, name: str) -> ui.element:
    """The container of field `name` (`data-field`)."""
    assert user.client is not None
    found = [e for e in user.client.elements.values() if e.props.get("data-field") == name]
    assert len(found) == 1, f"expected one field box '{name}', found {len(found)}"
    return found[0]


def shown(container: ui.element, css: str) -> list[str]:
    """Texts of the visible elements with class `css` inside `container`."""
    return [e.text for e in container.descendants() if css in e.classes and e.visible and getattr(e, "text", "")]


def hint_texts(container: ui.element) -> list[str]:
    return [e.text for e in container.descendants()
            if "whitespace-pre-line" in e.classes and e.visible and all(a.visible for a in e.ancestors())]


async def open_consent(user: User) -> None:
    await user.open("/")
    user.find(marker="wizard-consent").click()
    await user.should_see("Consent form")


async def test_errors_appear_under_their_fields_and_go_away_when_changed(consent: Path, app_user: User) -> None:
    await open_consent(app_user)
    assert all(shown(box(app_user, n), "vance-error") == [] for n in ("agree", "tags", "people"))

    await use_prompt(app_user)

    for name in ("agree", "tags", "people"):
        assert shown(box(app_user, name), "vance-error") == [REQUIRED], name
        assert "vance-invalid" in box(app_user, name).classes
    one(app_user, "field-agree").value = True
    assert shown(box(app_user, "agree"), "vance-error") == []
    assert "vance-invalid" not in box(app_user, "agree").classes
    assert shown(box(app_user, "tags"), "vance-error") == [REQUIRED], "other fields keep their error"
    app_user.find(marker="add-people").click()
    assert shown(box(app_user, "people"), "vance-error") == []

    await use_prompt(app_user)
    assert shown(box(app_user, "tags"), "vance-error") == [REQUIRED], "the error comes back on the next submit"
    assert shown(box(app_user, "agree"), "vance-error") == []


CONSENT_WITH_CHECK = CONSENT.replace("promptTemplate:", "validatorPrompt: |\n  Check {{ tags }}\npromptTemplate:")


async def test_a_hint_stays_below_the_error_of_the_same_field(model: FakeLLM, web_data: Path,
                                                              app_user: User) -> None:
    write_wizard(web_data, "_vance", "consent", CONSENT_WITH_CHECK)
    model.reply(json.dumps({"suggestions": [{"field": "tags", "suggestion": "Pick at least blue."}]}))
    await open_consent(app_user)

    app_user.find(marker="wizard-check").click()
    await eventually(lambda: hint_texts(box(app_user, "tags")) == ["Pick at least blue."], timeout=30,
                     what="the hint at the tags")
    await use_prompt(app_user)

    tags = box(app_user, "tags")
    assert shown(tags, "vance-error") == [REQUIRED]
    children: list[Any] = list(tags.default_slot.children)
    error_at = next(i for i, e in enumerate(children) if "vance-error" in e.classes)
    hint_at = next(i for i, e in enumerate(children) if "vance-hint" in e.classes)
    assert error_at < hint_at, "the error line comes first, the Check hint after it"
    assert hint_texts(box(app_user, "agree")) == [], "the hint is only at its own field"
