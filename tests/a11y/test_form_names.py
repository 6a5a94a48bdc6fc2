"""What a screen reader learns about each form field (issue 17): required and invalid state, the
help text as description, a group for a multi-select, and entry-numbered names in a repeat that
follow when entries come and go. Checked in Chromium: a select's attributes are set by vance.js."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from tests.support.app_server import AppServer

REQUIRED = "This field is required."


def open_every_type(page: Page, server: AppServer) -> Locator:
    page.goto(f"{server.base_url}/?wizard=every-type")
    dialog = page.get_by_role("dialog", name="Every field type")
    expect(dialog.locator(".vance-preview")).not_to_be_empty()
    return dialog


def test_fields_say_whether_they_are_required_and_carry_their_help(page: Page, echo_server: AppServer) -> None:
    form = open_every_type(page, echo_server)
    title = form.get_by_role("textbox", name="Title *")
    expect(title).to_have_attribute("aria-required", "true")
    expect(title).to_have_accessible_description("A short title")
    expect(form.get_by_role("textbox", name="Notes")).not_to_have_attribute("aria-required", "true")
    expect(form.get_by_role("spinbutton", name="Count")).to_have_accessible_description("Between 1 and 9")
    expect(form.get_by_role("checkbox", name="Agree *")).to_have_attribute("aria-required", "true")
    expect(form.get_by_role("combobox", name="Tone *")).to_have_attribute("aria-required", "true")
    tags = form.get_by_role("group", name="Tags *")
    expect(tags).to_have_accessible_description("Pick at least one")
    expect(tags.get_by_role("checkbox")).to_have_count(2)
    expect(form.get_by_role("group", name="People")).to_have_accessible_description("Who takes part")

    form.get_by_role("button", name="Show or hide the password").press("Enter")
    expect(form.get_by_label("Secret")).to_have_attribute("type", "text")


def test_repeat_entries_name_their_fields_with_the_entry_number(page: Page, echo_server: AppServer) -> None:
    form = open_every_type(page, echo_server)
    expect(form.get_by_role("textbox", name="Name *", exact=True)).to_have_count(0)
    for number in (1, 2):
        entry = form.get_by_role("group", name=f"Entry {number}")
        expect(entry.get_by_role("textbox", name=f"Name, entry {number}")).to_have_attribute("aria-required", "true")
        expect(entry.get_by_role("checkbox", name=f"Active, entry {number}")).to_be_visible()
        expect(entry.get_by_role("combobox", name=f"Role, entry {number}")).to_be_visible()
        expect(entry.get_by_role("group", name=f"Skills, entry {number}")).to_be_visible()
        expect(form.get_by_role("button", name=f"Remove entry {number}")).to_be_disabled()  # min 2

    form.get_by_role("textbox", name="Name, entry 2").fill("second")
    form.get_by_role("button", name="Add entry").click()
    expect(form.get_by_role("textbox", name="Name, entry 3")).to_be_visible()
    form.get_by_role("button", name="Remove entry 1").click()
    expect(form.get_by_role("textbox", name="Name, entry 3")).to_have_count(0)
    expect(form.get_by_role("textbox", name="Name, entry 1")).to_have_value("second")
    expect(form.get_by_role("combobox", name="Role, entry 2")).to_be_visible()
    expect(form.get_by_role("button", name="Remove entry 2")).to_be_disabled()


def test_fields_with_errors_are_marked_invalid_until_changed(page: Page, echo_server: AppServer) -> None:
    form = open_every_type(page, echo_server)
    form.get_by_role("button", name="Use prompt").click()
    title = form.get_by_role("textbox", name="Title *")
    expect(title).to_have_attribute("aria-invalid", "true")
    expect(form.get_by_role("combobox", name="Tone *")).to_have_attribute("aria-invalid", "true")
    agree = form.get_by_role("checkbox", name="Agree *")
    expect(agree).to_have_attribute("aria-invalid", "true")
    expect(agree).to_have_accessible_description(REQUIRED)
    tags = form.get_by_role("group", name="Tags *")
    expect(tags).to_have_attribute("aria-invalid", "true")
    expect(tags).to_have_accessible_description(f"Pick at least one {REQUIRED}")
    expect(form.get_by_role("textbox", name="Name, entry 2")).to_have_attribute("aria-invalid", "true")

    title.fill("Now given")
    agree.click()
    expect(title).not_to_have_attribute("aria-invalid", "true")
    expect(agree).not_to_have_attribute("aria-invalid", "true")
    expect(agree).to_have_accessible_description("")


def test_every_field_type_is_either_required_by_its_control_or_a_group() -> None:
    """aria-required only where the role takes it (ARIA 1.2): every type of the format is one or the
    other, so a new field type cannot go unconsidered."""
    from vance_ui.web.form.aria import _REQUIRABLE
    from vance_ui.wizards.format.schema import FIELD_TYPES

    assert set(_REQUIRABLE) | {"multi_select", "repeat"} == set(FIELD_TYPES)
    assert not set(_REQUIRABLE) & {"multi_select", "repeat"}
