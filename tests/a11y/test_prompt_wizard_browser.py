"""New wizard from a prompt in Chromium, by keyboard, on a 390 px phone, in both languages: paste a
prompt, select a part with Shift+arrows, Ctrl+Shift+Enter makes it a field, Create opens the editor
with a wizard that loads; axe finds nothing critical or serious in the dialog."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.support.a11y import LANGS, settle
from tests.support.app_server import AppServer
from tests.support.axe import assert_no_blocking
from vance_ui.web.shell.i18n import Texts

PROMPT = "Plan a trip to Berlin on 2026-12-03."


@pytest.mark.parametrize("lang", LANGS)
def test_a_prompt_becomes_a_wizard_by_keyboard_on_a_phone(page: Page, echo_server: AppServer, lang: str) -> None:
    t = Texts(lang)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{echo_server.base_url}/editor?mode=prompt&lang={lang}")
    dialog = page.get_by_role("dialog", name=t("prompt_new"))
    expect(dialog).to_be_visible()
    source = dialog.get_by_role("textbox", name=t("prompt_text"))
    source.focus()
    page.keyboard.insert_text(PROMPT)
    page.keyboard.press("Control+Home")
    for _ in range(PROMPT.index("Berlin")):
        page.keyboard.press("ArrowRight")
    for _ in range(len("Berlin")):
        page.keyboard.press("Shift+ArrowRight")
    page.keyboard.press("Control+Shift+Enter")
    name = dialog.get_by_role("textbox", name=t("prompt_field_name", n=1))
    expect(name).to_have_value("berlin")
    preview = dialog.get_by_role("region", name=t("prompt_preview"))
    expect(preview).to_have_text("Plan a trip to [Berlin] on 2026-12-03.")
    expect(dialog.get_by_role("button", name=t("prompt_field_remove", name="berlin"))).to_be_visible()
    settle(page)
    assert_no_blocking(page, f"New wizard from a prompt with a field ({lang})")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the dialog is {width} px wide on a 390 px screen"

    dialog.get_by_role("button", name=t("prompt_create")).focus()
    page.keyboard.press("Enter")
    expect(dialog).to_have_count(0)
    expect(page.get_by_role("textbox", name=t("editor_name"))).to_have_value("plan-a-trip-to-berlin-on-2026-12-03")
    expect(page.locator(".vance-editor-preview .vance-preview")).to_contain_text("Plan a trip to")
    expect(page.get_by_text(t("editor_loads"), exact=True).first).to_be_visible()
