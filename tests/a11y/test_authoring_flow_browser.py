"""The whole authoring flow in Chromium on a 390 px phone, in English and German, by keyboard and
mouse: a pasted prompt becomes four fields of four types (each part selected with Shift+arrows and
made a field with Ctrl+Shift+Enter), Create opens the editor, where a showIf is typed after a click,
two pages are added by keyboard (the "Pages" jump link, Enter on "Add page") and a field is moved
onto page 2 with its Page picker by mouse; Ctrl+S saves it. On the chat page the wizard opens from
the Wizards tab (the side panel's drawer), its field comes and goes as its showIf says, Next leads
to page 2, and Use prompt puts the prompt with the values typed into the chat input. axe finds
nothing critical or serious in the dialog, the editor and on both pages of the form, and none of
them is wider than the phone."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.support.a11y import LANGS, settle
from tests.support.app_server import AppServer
from tests.support.axe import assert_no_blocking
from tests.support.browser import chat_input
from tests.support.editor_page import field_card
from tests.support.wizard_form import dialog as wizard_dialog
from vance_ui.web.shell.i18n import Texts

WIDTH = 390
#: the parts of the first line made fields, with the names and types the dialog proposes
PARTS = (("berlin", "string"), ("date", "date"), ("number", "integer"))
SHOW_IF = "berlin"  # the number of people is asked only once the city is set


@dataclass(frozen=True)
class Trip:
    """A prompt as an author in one language pastes it, and how the wizard made of it is used."""

    prompt: str
    parts: tuple[str, str, str]  # the city, the date and the number in the prompt's first line
    name: str  # the file name the dialog proposes
    labels: tuple[str, str, str, str]  # of the four fields: the city's text, then the generic ones
    typed: tuple[str, str, str, tuple[str, str]]  # city, date, number, the list's entries
    used: str  # the prompt these values make


# each language its own prompt: the module's app is shared, and a second wizard of the same name
# would (rightly) ask whether to overwrite the first
TRIPS = {
    "en": Trip("Plan a trip to Berlin on 2026-12-03 for 4 people.\n- museums\n- food",
               ("Berlin", "2026-12-03", "4"), "plan-a-trip-to-berlin-on-2026-12-03-for",
               ("Berlin", "Date", "Number", "List"), ("Lisbon", "2027-05-14", "3", ("beaches", "fado")),
               "Plan a trip to Lisbon on 2027-05-14 for 3 people.\n- beaches\n- fado"),
    "de": Trip("Plane eine Reise nach Berlin am 03.12.2026 für 4 Personen.\n- Museen\n- Essen",
               ("Berlin", "03.12.2026", "4"), "plane-eine-reise-nach-berlin-am-03-12",
               ("Berlin", "Datum", "Zahl", "Liste"), ("Lissabon", "2027-05-14", "3", ("Strände", "Fado")),
               "Plane eine Reise nach Lissabon am 2027-05-14 für 3 Personen.\n- Strände\n- Fado"),
}


def assert_fits(page: Page, where: str, box: Locator | None) -> None:
    """Nothing scrolls sideways, and the dialog `box` (if any) lies within the screen."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= WIDTH, f"{where} is {width} px wide on a {WIDTH} px screen"
    bounds = box.bounding_box() if box is not None else None
    assert box is None or (bounds is not None and bounds["x"] >= 0 and bounds["x"] + bounds["width"] <= WIDTH), \
        f"{where} lies at {bounds} on a {WIDTH} px screen"


def axe_clean(page: Page, where: str, box: Locator | None = None) -> None:
    settle(page)
    assert_no_blocking(page, f"{where} ({WIDTH} px)")
    assert_fits(page, where, box)


def select_in_prompt(page: Page, start: int, length: int) -> None:
    """Shift+arrows select `length` characters from `start` in the focused textarea."""
    page.keyboard.press("Control+Home")
    for _ in range(start):
        page.keyboard.press("ArrowRight")
    for _ in range(length):
        page.keyboard.press("Shift+ArrowRight")


def make_fields_by_keyboard(page: Page, t: Texts, trip: Trip, lang: str) -> Locator:
    """Paste, then each part selected and made a field with Ctrl+Shift+Enter; returns the dialog."""
    dialog = page.get_by_role("dialog", name=t("prompt_new"))
    expect(dialog).to_be_visible()
    source = dialog.get_by_role("textbox", name=t("prompt_text"))
    source.focus()
    page.keyboard.insert_text(trip.prompt)
    said = dialog.locator("[aria-live=polite]")  # what a screen reader hears

    def made(number: int, name: str, kind: str) -> None:
        expect(said).to_have_text(t("prompt_field_made", name=name, type=t(f"field_type_{kind}")))
        expect(dialog.get_by_role("textbox", name=t("prompt_field_name", n=number))).to_have_value(name)
        expect(dialog.get_by_role("combobox", name=t("prompt_field_type", n=number))) \
            .to_have_value(t(f"field_type_{kind}"))
        expect(source).to_be_focused()  # ready for the next selection

    for number, (text, (name, kind)) in enumerate(zip(trip.parts, PARTS, strict=True), start=1):
        select_in_prompt(page, trip.prompt.index(text), len(text))
        page.keyboard.press("Control+Shift+Enter")
        made(number, name, kind)
    page.keyboard.press("Control+End")  # the list: from the end of its last line up to its first line's start
    page.keyboard.press("Shift+ArrowUp")
    page.keyboard.press("Shift+Home")
    page.keyboard.press("Control+Shift+Enter")
    made(4, "items", "repeat")
    first_line, _ = trip.prompt.split("\n", 1)
    for text, label in zip(trip.parts, trip.labels[:3], strict=True):
        first_line = first_line.replace(text, f"[{label}]", 1)
    expect(dialog.get_by_role("region", name=t("prompt_preview"))).to_have_text(f"{first_line}\n[{trip.labels[3]}]")
    axe_clean(page, f"New wizard from a prompt with four fields ({lang})", dialog)
    return dialog


def edit_in_the_form_view(page: Page, t: Texts, lang: str) -> None:
    """A showIf typed after a click, two pages added by keyboard, the list moved to page 2 by mouse."""
    show_if = field_card(page, "number").get_by_role("textbox", name=f"{t('field_show_if')} (number)")
    show_if.click()
    page.keyboard.type(SHOW_IF)
    expect(show_if).to_have_value(SHOW_IF)

    jump = page.get_by_role("navigation", name=t("editor_jump")).get_by_role("button", name=t("editor_pages"))
    jump.focus()
    page.keyboard.press("Enter")
    add_page = page.get_by_role("button", name=t("add_page"), exact=True)
    expect(add_page).to_be_focused()  # the section's first control
    page.keyboard.press("Enter")  # page 1, with every field
    expect(page.get_by_role("textbox", name=f"{t('page_title')} 1", exact=True)).to_have_value(f"{t('page')} 1")
    expect(add_page).to_be_focused()  # kept there for the next page
    page.keyboard.press("Enter")  # page 2, empty for now
    expect(page.get_by_role("textbox", name=f"{t('page_title')} 2", exact=True)).to_have_value(f"{t('page')} 2")

    picker = field_card(page, "items").get_by_role("combobox", name=f"{t('field_page')} (items)")
    expect(picker).to_have_value(f"{t('page')} 1")
    picker.click()
    page.get_by_role("option", name=f"{t('page')} 2", exact=True).click()
    expect(picker).to_have_value(f"{t('page')} 2")
    expect(page.locator(".vance-editor-status")).to_have_text(t("editor_loads"))
    axe_clean(page, f"the editor with a showIf and two pages ({lang})")


def use_from_the_wizards_tab(page: Page, base_url: str, t: Texts, trip: Trip, lang: str) -> None:
    """Open the wizard from the Wizards tab, fill both pages, Use prompt."""
    city, date, people, items = trip.typed
    page.goto(f"{base_url}/?lang={lang}")
    page.get_by_role("button", name=t("toggle_panel")).click()  # the side panel is a drawer on a phone
    page.locator(f'.vance-side .vance-wizard-entry[data-wizard="{trip.name}"]').click()
    form = wizard_dialog(page)
    city_box = form.get_by_role("textbox", name=f"{trip.labels[0]} *", exact=True)
    people_box = form.get_by_label(f"{trip.labels[2]} *", exact=True)
    expect(city_box).to_be_visible()
    expect(people_box).to_be_hidden()  # no city yet
    city_box.click()
    page.keyboard.type(city)
    expect(people_box).to_be_visible()
    page.keyboard.press("Control+a")
    page.keyboard.press("Backspace")
    expect(people_box).to_be_hidden()
    page.keyboard.type(city)
    expect(people_box).to_be_visible()
    page.keyboard.press("Tab")
    expect(form.get_by_role("textbox", name=f"{trip.labels[1]} *", exact=True)).to_be_focused()
    page.keyboard.type(date)
    people_box.click()
    page.keyboard.type(people)
    first_line = trip.used.split("\n", 1)[0]
    expect(form.locator(".vance-preview")).to_contain_text(first_line)
    axe_clean(page, f"the new wizard's first page ({lang})", form)

    form.get_by_role("button", name=t("next"), exact=True).click()
    expect(form.locator(".vance-steps [aria-current=step]")).to_contain_text(f"{t('page')} 2")
    add = form.get_by_role("button", name=t("add_item"), exact=True)
    for number, item in enumerate(items, start=1):
        add.click()
        form.get_by_role("textbox", name=t("field_in_entry", label="Text", n=number), exact=True).click()
        page.keyboard.type(item)
    expect(form.locator(".vance-preview")).to_contain_text(trip.used)
    axe_clean(page, f"the new wizard's second page ({lang})", form)

    form.get_by_role("button", name=t("use_prompt"), exact=True).focus()
    page.keyboard.press("Enter")
    expect(form).to_have_count(0)
    expect(chat_input(page)).to_have_value(trip.used)


@pytest.mark.parametrize("lang", LANGS)
def test_a_pasted_prompt_becomes_a_wizard_with_two_pages_used_from_the_wizards_tab(
        page: Page, echo_server: AppServer, lang: str) -> None:
    t, trip = Texts(lang), TRIPS[lang]
    page.set_viewport_size({"width": WIDTH, "height": 844})
    page.goto(f"{echo_server.base_url}/editor?mode=prompt&lang={lang}")
    dialog = make_fields_by_keyboard(page, t, trip, lang)

    dialog.get_by_role("button", name=t("prompt_create")).click()
    expect(dialog).to_have_count(0)
    expect(page.get_by_role("textbox", name=t("editor_name"))).to_have_value(trip.name)
    expect(page.locator(".vance-editor-status")).to_have_text(t("editor_loads"))
    edit_in_the_form_view(page, t, lang)

    page.keyboard.press("Control+s")
    expect(page.get_by_text(t("editor_saved", name=trip.name))).to_be_visible()

    use_from_the_wizards_tab(page, echo_server.base_url, t, trip, lang)
