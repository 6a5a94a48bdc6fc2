"""Conditional fields and multi-step wizards in the web form, as a user meets them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from nicegui.testing import User

from tests.support.web_user import elements, eventually, marked, one, open_dialogs, use_prompt
from tests.support.wizard_files import write_wizard

OFFSITE = """
title: { en: "Offsite planner" }
description: { en: "Plan a team offsite" }
fields:
  - name: kind
    type: select
    required: true
    label: { en: "Kind" }
    choices:
      - { value: remote, label: { en: "Remote" } }
      - { value: onsite, label: { en: "On site" } }
  - { name: city, type: string, required: true, label: { en: "City" }, showIf: "kind == 'onsite'" }
  - { name: topic, type: string, label: { en: "Topic" } }
  - { name: days, type: integer, integerMin: 1, integerMax: 5, required: true, label: { en: "Days" } }
  - { name: start, type: date, dateMin: 2026-01-01, label: { en: "Start" } }
  - { name: budget, type: integer, label: { en: "Budget" } }
pages:
  - { title: { en: "Basics" }, fields: [kind, city, topic] }
  - { title: { en: "Schedule" }, fields: [days, start] }
  - { title: { en: "Money" }, fields: [budget], showIf: "kind == 'onsite'" }
promptTemplate: "K={{ kind }} C={{ city }} T={{ topic }} D={{ days }} S={{ start }} B={{ budget }}"
"""


@pytest.fixture
def offsite(web_data: Path) -> Path:
    return write_wizard(web_data, "_vance", "offsite", OFFSITE)


def current_page(user: User) -> int:
    shown = [index for index in range(3) if marked(user, f"wizard-page-{index}")[0].visible]
    assert len(shown) == 1, f"exactly one page is shown, not {shown}"
    return shown[0]


def preview(user: User) -> str:
    return str(one(user, "wizard-preview").text)


async def open_offsite(user: User) -> None:
    await user.open("/")
    user.find(marker="wizard-offsite").click()
    await eventually(lambda: preview(user).startswith("K="), what="the first preview")


async def next_page(user: User) -> None:
    """Click Next; the callers wait for what it leads to (the server checks the page first)."""
    user.find(marker="wizard-next").click()


async def test_a_field_appears_when_a_choice_changes_and_what_was_typed_elsewhere_stays(
        offsite: Path, app_user: User) -> None:
    await open_offsite(app_user)
    one(app_user, "field-topic").value = "Q3 plans"
    assert not elements(app_user, "field-city"), "City is for on-site offsites only"

    one(app_user, "field-kind").value = "onsite"
    await eventually(lambda: bool(elements(app_user, "field-city")), what="City to appear")
    one(app_user, "field-city").value = "Berlin"
    await eventually(lambda: "C=Berlin" in preview(app_user), what="the preview with the city")
    assert one(app_user, "field-topic").value == "Q3 plans"

    one(app_user, "field-kind").value = "remote"
    await eventually(lambda: not elements(app_user, "field-city"), what="City to go away")
    await eventually(lambda: "C= " in preview(app_user), what="a hidden field reaching the template empty")
    one(app_user, "field-kind").value = "onsite"
    await eventually(lambda: bool(elements(app_user, "field-city")), what="City to come back")
    assert one(app_user, "field-city").value == "Berlin", "showing it again brings back what was typed"


async def test_three_pages_forward_and_back_with_errors_on_page_two(offsite: Path, app_user: User) -> None:
    await open_offsite(app_user)
    assert [s.visible for s in marked(app_user, "wizard-step")] == [True, True, False], "Money is for on site"
    assert not elements(app_user, "wizard-submit") and not elements(app_user, "wizard-back")
    one(app_user, "field-kind").value = "onsite"
    await eventually(lambda: bool(elements(app_user, "field-city")), what="City")
    assert [s.visible for s in marked(app_user, "wizard-step")] == [True, True, True]
    one(app_user, "field-city").value = "Berlin"

    await next_page(app_user)
    await eventually(lambda: current_page(app_user) == 1, what="page 2")
    await next_page(app_user)
    await eventually(lambda: one(app_user, "field-days").error == "This field is required.", what="the error")
    assert current_page(app_user) == 1, "a page with errors is not left"
    one(app_user, "field-days").value = "9"
    one(app_user, "field-start").value = "2025-05-05"
    await next_page(app_user)
    await eventually(lambda: one(app_user, "field-days").error == "Must be at most 5.", what="the bound at the field")
    assert one(app_user, "field-days").value == "9", "what the user typed is never changed"
    assert one(app_user, "field-start").error == "Must be on or after 2026-01-01."

    one(app_user, "field-days").value = "3"
    one(app_user, "field-start").value = "2026-03-02"
    await next_page(app_user)
    await eventually(lambda: current_page(app_user) == 2, what="page 3")
    assert elements(app_user, "wizard-submit") and not elements(app_user, "wizard-next")
    app_user.find(marker="wizard-back").click()
    await eventually(lambda: current_page(app_user) == 1, what="back on page 2")
    assert one(app_user, "field-days").value == "3"

    await next_page(app_user)
    await eventually(lambda: current_page(app_user) == 2, what="page 3 again")
    one(app_user, "field-budget").value = "900"
    await use_prompt(app_user)
    await eventually(lambda: not open_dialogs(app_user), what="the prompt used")
    assert one(app_user, "chat-input").value == "K=onsite C=Berlin T= D=3 S=2026-03-02 B=900"


async def test_a_page_whose_condition_is_false_is_skipped(offsite: Path, app_user: User) -> None:
    await open_offsite(app_user)
    one(app_user, "field-kind").value = "remote"
    await eventually(lambda: not marked(app_user, "wizard-step")[2].visible, what="the Money step to go")
    await next_page(app_user)
    await eventually(lambda: current_page(app_user) == 1, what="page 2")
    assert elements(app_user, "wizard-submit"), "the last shown page offers Use prompt"
    assert not elements(app_user, "wizard-next")


async def test_an_error_on_another_page_opens_that_page(offsite: Path, web_data: Path, app_user: User) -> None:
    drafts = web_data / "default" / "_user_local" / "drafts"
    drafts.mkdir(parents=True)
    (drafts / "offsite.json").write_text(json.dumps({"wizard": "offsite", "values": {"kind": "onsite"}, "page": 2}))
    await open_offsite(app_user)
    assert current_page(app_user) == 2, "the draft remembers the page"
    assert one(app_user, "draft-restored").visible

    await use_prompt(app_user)

    await eventually(lambda: current_page(app_user) == 0, what="the page of the first error")
    assert one(app_user, "field-city").error == "This field is required."
    await app_user.should_see("2 fields need attention.")

    app_user.find(marker="wizard-reset").click()
    await eventually(lambda: not marked(app_user, "draft-restored")[0].visible, what="the badge to go with the draft")


async def test_the_draft_keeps_the_page(offsite: Path, web_data: Path, app_user: User) -> None:
    await open_offsite(app_user)
    one(app_user, "field-kind").value = "remote"
    await next_page(app_user)
    await eventually(lambda: current_page(app_user) == 1, what="page 2")
    one(app_user, "field-days").value = "2"
    for dialog in open_dialogs(app_user):
        dialog.close()
    draft = web_data / "default" / "_user_local" / "drafts" / "offsite.json"
    await eventually(draft.exists, what="the draft")
    assert json.loads(draft.read_text())["page"] == 1


async def test_reset_starts_over_in_the_same_dialog(every_type: Path, web_data: Path, app_user: User) -> None:
    await app_user.open("/")
    app_user.find(marker="wizard-every-type").click()
    one(app_user, "field-title").value = "Changed"
    draft = web_data / "default" / "_user_local" / "drafts" / "every-type.json"
    await eventually(draft.exists, what="the draft")

    app_user.find(marker="wizard-reset").click()

    await eventually(lambda: one(app_user, "field-title").value == "Hello", what="the default back")
    assert open_dialogs(app_user), "Reset keeps the form open"
    assert not draft.exists()


@pytest.mark.parametrize(("typed", "message"), [("50", "Must be at most 9."), ("1.5", "Expected a whole number.")])
async def test_a_number_the_form_refuses_is_shown_at_the_field_and_kept(
        every_type: Path, app_user: User, typed: str, message: str) -> None:
    await app_user.open("/")
    app_user.find(marker="wizard-every-type").click()
    one(app_user, "field-count").value = typed
    elements(app_user, "field-name")[0].value = "Ada"

    await use_prompt(app_user)

    assert one(app_user, "field-count").error == message
    assert one(app_user, "field-count").value == typed, "never a value the user did not type"
    await app_user.should_see("1 field needs attention.")
    assert open_dialogs(app_user)


async def test_opening_and_closing_a_form_writes_no_draft(every_type: Path, web_data: Path, app_user: User) -> None:
    await app_user.open("/")
    app_user.find(marker="wizard-every-type").click()
    await eventually(lambda: preview(app_user).startswith("T="), what="the first preview")
    for dialog in open_dialogs(app_user):
        dialog.close()  # a draft due (typed or not) is written as the form closes
    await eventually(lambda: not open_dialogs(app_user), what="the dialog to close")

    # then another form, typed into and closed: its draft is asked for after any of the first form's
    app_user.find(marker="wizard-gremium").click()
    one(app_user, "field-purpose").value = "Pricing"
    for dialog in open_dialogs(app_user):
        dialog.close()
    drafts = web_data / "default" / "_user_local" / "drafts"
    await eventually(lambda: (drafts / "gremium.json").exists(), what="the typed form's draft")

    assert sorted(p.name for p in drafts.iterdir()) == ["gremium.json"], "nothing was typed: nothing to restore"
