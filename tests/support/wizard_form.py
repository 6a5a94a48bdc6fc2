"""The wizard dialog in real Chromium: opening a bundled wizard fresh, its parts, what has the focus,
and whether a field can be seen (inside the form pane, not under the status line)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import FloatRect, Locator, Page, expect

from vance_ui.web.shell.i18n import Texts

FOCUSED = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const button = e.closest("button");
  const words = (b) => {  // a button's words without its icons' ligatures ("arrow_forward")
    const icons = [...b.querySelectorAll(".q-icon")].map((i) => i.innerText.trim());
    return b.innerText.split("\\n").map((s) => s.trim()).filter((s) => s && !icons.includes(s)).join(" ");
  };
  return { tag: e.tagName, role: e.getAttribute("role"), label: e.getAttribute("aria-label") ?? "",
           text: (e.innerText || "").trim().replace(/\\s+/g, " ").slice(0, 120), type: e.getAttribute("type"),
           required: e.getAttribute("aria-required") === "true", readonly: e.readOnly === true,
           value: e.value ?? null, placeholder: e.getAttribute("placeholder") ?? "",
           button: button ? (button.getAttribute("aria-label") || words(button)) : null,
           inDialog: !!e.closest(".vance-wizard-dialog"), inMenu: !!e.closest("[role=menu]") };
}"""


def dialog(page: Page) -> Locator:
    return page.locator(".vance-wizard-dialog")


def open_fresh(page: Page, base_url: str, wizard: str, lang: str = "en") -> Locator:
    """The wizard's dialog with nothing typed: a draft an earlier test left is reset (and the
    reset's Undo offer gone with the first typing, see the tests)."""
    page.goto(f"{base_url}/?lang={lang}&wizard={wizard}")
    form = dialog(page)
    expect(form.locator(".vance-preview")).not_to_be_empty()
    restored = form.get_by_text(Texts(lang)("draft_restored"))
    if restored.is_visible():
        form.get_by_role("button", name=Texts(lang)("reset")).click()
        expect(restored).to_be_hidden()
        expect(form.get_by_role("button", name=Texts(lang)("undo"))).to_be_visible()
    return form


def focused(page: Page) -> dict[str, Any]:
    """What has the focus: tag, role, label, text, a button's words, a field's value and state,
    whether it is in the wizard dialog or a menu; {} for nothing (the body)."""
    return page.evaluate(FOCUSED) or {}


def status(page: Page) -> Locator:
    return dialog(page).locator(".vance-status")


def announced(page: Page) -> Locator:
    """The dialog's live region for screen readers only."""
    return dialog(page).locator(".vance-sr-only[aria-live=polite]")


def box_of(locator: Locator) -> FloatRect:
    box = locator.bounding_box()
    assert box is not None, f"{locator} is not laid out"
    return box


def assert_in_sight(page: Page, field: Locator, what: str) -> None:
    """Wholly inside the visible part of the form (the pane, or the dialog body on a phone) and
    not under the status line or the footer."""
    expect(field).to_be_in_viewport(ratio=1)
    top, bottom = box_of(field)["y"], box_of(field)["y"] + box_of(field)["height"]
    scroller = dialog(page).locator(".vance-form-pane" if page.viewport_size and page.viewport_size["width"] > 760
                                    else ".vance-wizard-body")
    view = box_of(scroller)
    assert top >= view["y"] - 0.5 and bottom <= view["y"] + view["height"] + 0.5, \
        f"{what} lies at y = {top:.0f}-{bottom:.0f}, the form shows {view['y']:.0f}-{view['y'] + view['height']:.0f}"
    below = dialog(page).locator(".vance-status")
    if below.is_visible():
        assert bottom <= box_of(below)["y"] + 0.5, f"{what} ends at y = {bottom:.0f}, under the status line"
