"""Filling a wizard without getting lost, in real Chromium: a refused form shows the field and names
it, the status follows what is still wrong, fields a condition shows come into view, visited steps
can be pressed, Reset can be undone, nothing empty takes room, and the date picker behaves."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.support.app_server import AppServer
from tests.support.browser import screenshot
from tests.support.wizard_form import announced, assert_in_sight, dialog, focused, open_fresh, status


def fill_council_but_the_second_description(page: Page, server: AppServer, lang: str = "en") -> None:
    form = open_fresh(page, server.base_url, "gremium", lang)
    de = lang == "de"
    form.get_by_label("Name (Dateiname, ohne Spaces) *" if de else "Name (filename, no spaces) *").fill("council")
    form.get_by_label("Wozu soll das Gremium beraten? *" if de else "Purpose of the council? *").fill("Strategy")
    entry = "Eintrag" if de else "entry"
    form.get_by_label(f"Name, {entry} 1", exact=True).fill("Ada")
    form.get_by_label(f"{'Beschreibung / Rolle / Persona' if de else 'Description / role / persona'}, {entry} 1") \
        .fill("Engineer")
    form.get_by_label(f"Name, {entry} 2", exact=True).fill("Bo")


def test_use_prompt_with_a_missing_field_shows_the_field_and_names_it_as_a_link(page: Page,
                                                                                 server: AppServer) -> None:
    fill_council_but_the_second_description(page, server)
    form = dialog(page)
    form.locator(".vance-form-pane").evaluate("pane => pane.scrollTop = 0")
    form.get_by_role("button", name="Use prompt").click()

    missing = form.get_by_label("Description / role / persona, entry 2")
    expect(missing).to_be_focused()
    assert_in_sight(page, missing, "the missing description")
    expect(status(page)).to_contain_text("1 field needs attention.")
    link = status(page).get_by_role("link", name="Description / role / persona, entry 2: This field is required.")
    expect(link).to_be_visible()
    screenshot(page, "flow-refused-field-in-sight")

    form.locator(".vance-form-pane").evaluate("pane => pane.scrollTop = 0")  # away from it again
    form.get_by_label("Name, entry 1", exact=True).focus()
    link.click()
    expect(missing).to_be_focused()
    assert_in_sight(page, missing, "the description the link went to")


@pytest.mark.parametrize(("lang", "words"), [
    ("en", {"id": "Project ID *", "has": "The project has a target date", "date": "Target date *",
            "use": "Use prompt", "why": "Target date: February 2027 has no 30th day, only 28."}),
    ("de", {"id": "Projekt-ID *", "has": "Das Projekt hat einen Zieltermin", "date": "Zieltermin *",
            "use": "Prompt übernehmen", "why": "Zieltermin: Der Februar 2027 hat keinen 30. Tag, nur 28."}),
])
def test_an_impossible_date_is_explained_in_the_ui_s_language_and_not_hidden(page: Page, server: AppServer,
                                                                              lang: str, words: dict[str, str]) -> None:
    form = open_fresh(page, server.base_url, "create-project", lang)
    form.get_by_label(words["id"]).fill("apollo")
    form.get_by_role("checkbox", name=words["has"]).click()
    date = form.get_by_label(words["date"])
    expect(date).to_be_visible()
    date.fill("2027-02-30")
    form.locator(".vance-form-pane").evaluate("pane => pane.scrollTop = 0")
    form.get_by_role("button", name=words["use"]).click()
    expect(status(page)).to_contain_text(words["why"])
    expect(form.locator('[data-field="deadline"]')).to_contain_text(words["why"].split(": ", 1)[1])
    expect(date).to_be_focused()
    assert_in_sight(page, date, "the impossible date")


def test_the_status_follows_the_fields_as_they_are_fixed(page: Page, server: AppServer) -> None:
    """German, as reported: "2 Felder bitte prüfen." stayed after both were fixed."""
    form = open_fresh(page, server.base_url, "gremium", "de")
    form.get_by_label("Name (Dateiname, ohne Spaces) *").fill("rat")
    form.get_by_role("button", name="Prompt übernehmen").click()
    expect(status(page)).to_contain_text("5 Felder bitte prüfen.")

    form.get_by_label("Wozu soll das Gremium beraten? *").fill("Strategie")
    for name in ("Name, Eintrag 1", "Name, Eintrag 2"):
        form.get_by_label(name, exact=True).fill("Ada")
    form.get_by_label("Beschreibung / Rolle / Persona, Eintrag 1").fill("Technik")
    expect(status(page)).to_contain_text("1 Feld bitte prüfen.")
    links = status(page).get_by_role("link")
    expect(links).to_have_count(1)
    expect(links).to_have_text("Beschreibung / Rolle / Persona, Eintrag 2: Dieses Feld ist erforderlich.")

    form.get_by_label("Beschreibung / Rolle / Persona, Eintrag 2").fill("Vertrieb")
    expect(status(page)).to_be_hidden()
    expect(form.locator(".vance-invalid")).to_have_count(0)


def test_a_field_a_condition_shows_below_the_fold_comes_into_view_and_is_announced(page: Page,
                                                                                   server: AppServer) -> None:
    page.set_viewport_size({"width": 1440, "height": 620})
    form = open_fresh(page, server.base_url, "create-project")
    form.get_by_label("Project ID *").fill("apollo")
    deadline = form.get_by_role("checkbox", name="The project has a target date")
    deadline.evaluate("box => box.scrollIntoView({ block: 'end' })")  # the last thing the pane shows
    date = form.get_by_label("Target date *")
    expect(date).to_be_hidden()
    deadline.click()

    expect(date).to_be_visible()
    expect(announced(page)).to_have_text("1 more field")
    expect(date).to_be_in_viewport(ratio=1)
    expect(deadline).to_be_in_viewport()  # the field being worked on stays in sight
    screenshot(page, "flow-revealed-field")

    deadline.click()
    expect(date).to_be_hidden()
    expect(announced(page)).to_have_text("1 field hidden")


def test_visited_steps_can_be_pressed_and_later_ones_do_not_look_clickable(page: Page, server: AppServer) -> None:
    form = open_fresh(page, server.base_url, "vogon-strategie")
    steps = form.locator(".vance-steps").get_by_role("button")
    expect(steps).to_have_count(4)
    for later in (1, 2, 3):
        expect(steps.nth(later)).to_be_disabled()
    assert steps.nth(3).evaluate("b => getComputedStyle(b).cursor") == "default"

    form.get_by_label("Goal *").fill("Double the revenue")
    form.get_by_role("button", name="Next").click()
    expect(steps.nth(1)).to_have_attribute("aria-current", "step")
    first = steps.nth(0)
    expect(first).to_be_enabled()
    assert first.evaluate("b => getComputedStyle(b).cursor") == "pointer"
    expect(steps.nth(2)).to_be_disabled()

    first.click()
    expect(steps.nth(0)).to_have_attribute("aria-current", "step")
    expect(form.get_by_label("Goal *")).to_be_focused()
    steps.nth(1).click()  # forward to a visited page: page 1 passes
    expect(steps.nth(1)).to_have_attribute("aria-current", "step")

    steps.nth(0).click()
    form.get_by_label("Goal *").fill("")
    steps.nth(1).click()  # forward past a page that does not pass: refused there
    expect(status(page)).to_contain_text("Goal: This field is required.")
    expect(steps.nth(0)).to_have_attribute("aria-current", "step")
    expect(form.get_by_label("Goal *")).to_be_focused()


def test_reset_can_be_undone(page: Page, server: AppServer) -> None:
    fill_council_but_the_second_description(page, server)
    form = dialog(page)
    form.get_by_role("button", name="Reset form").click()
    expect(form.get_by_label("Name, entry 1", exact=True)).to_have_value("")
    expect(status(page)).to_contain_text("The form was reset.")
    screenshot(page, "flow-reset-undo")

    form.get_by_role("button", name="Undo").click()
    expect(form.get_by_label("Name, entry 1", exact=True)).to_have_value("Ada")
    expect(form.get_by_label("Purpose of the council? *")).to_have_value("Strategy")
    expect(status(page)).to_be_hidden()
    expect(form.get_by_label("Name (filename, no spaces) *")).to_be_focused()

    form.get_by_role("button", name="Reset form").click()
    expect(status(page)).to_contain_text("The form was reset.")
    form.get_by_label("Name, entry 1", exact=True).fill("Cy")  # typing on: the offer is over
    expect(form.get_by_role("button", name="Undo")).to_have_count(0)


def test_no_empty_status_strip_after_next(page: Page, server: AppServer) -> None:
    form = open_fresh(page, server.base_url, "vogon-strategie")
    form.get_by_label("Goal *").fill("Double the revenue")
    form.get_by_role("button", name="Next").click()
    expect(form.get_by_role("button", name="Back")).to_be_visible()
    expect(status(page)).to_be_hidden()
    assert status(page).evaluate("s => s.getBoundingClientRect().height") == 0


def test_the_date_picker_has_no_empty_header_and_closes_on_a_picked_day(page: Page, server: AppServer) -> None:
    form = open_fresh(page, server.base_url, "create-project")
    form.get_by_role("checkbox", name="The project has a target date").click()
    date = form.get_by_label("Target date *")
    expect(date).to_be_visible()
    form.locator('[data-field="deadline"]').get_by_role("button", name="Pick a date").click()
    picker = page.locator(".q-date")
    expect(picker).to_be_visible()
    expect(picker).not_to_contain_text("—")
    picker.locator(".q-date__calendar-item--in button").filter(has_text="15").first.click()
    expect(picker).to_be_hidden()
    expect(date).to_have_value(re.compile(r"^\d{4}-\d{2}-15$"))


def test_next_by_keyboard_leaves_the_focus_on_the_next_page_s_first_field(page: Page, server: AppServer) -> None:
    form = open_fresh(page, server.base_url, "vogon-strategie")
    goal = form.get_by_label("Goal *")
    goal.fill("Double the revenue")
    form.get_by_role("button", name="Next").focus()
    page.keyboard.press("Enter")
    expect(form.get_by_role("button", name="Back")).to_be_visible()
    expect(form.get_by_role("combobox", name="Time horizon *")).to_be_focused()
    expect(announced(page)).to_have_text("Step 2 of 4: Frame")
    assert focused(page)["inDialog"]
    for title in ("Step 3 of 4: Stakeholders and success", "Step 4 of 4: Results"):  # and so on
        form.get_by_role("button", name="Next").focus()
        page.keyboard.press("Enter")
        expect(announced(page)).to_have_text(title)
    expect(form.get_by_role("button", name="Use prompt")).to_be_visible()
    expect(form.get_by_label("Number of strategy options *")).to_be_focused()


def test_a_field_chosen_while_the_form_opens_keeps_the_focus_and_the_typing(page: Page, server: AppServer) -> None:
    """The form's opening ends with the focus on its first field (the dialog's `show`, after its
    animation); a user who clicked another field during the animation keeps it: here the `show`
    comes once the purpose is chosen and typed into."""
    form = open_fresh(page, server.base_url, "gremium")
    name, purpose = form.get_by_label("Name (filename, no spaces) *"), form.get_by_label("Purpose of the council? *")
    expect(name).to_be_focused()  # the opening's own focus
    purpose.click()
    page.keyboard.type("Arch")
    pane = form.locator(".vance-form-pane")
    pane.evaluate("(el) => vanceFormTop(el.id, 'keyboard')")  # the opening's show, late
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.keyboard.type("itecture")
    expect(purpose).to_be_focused()
    expect(purpose).to_have_value("Architecture")
    expect(name).to_have_value("")
