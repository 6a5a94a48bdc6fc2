"""What a user does in a real browser: wizards into the chat input, streamed replies, deep links."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Dialog, Locator, Page, expect

from tests.support.app_server import AppServer
from tests.support.browser import screenshot
from tests.support.fake_llm import FakeLLM
from vance_ui.documents.filesystem import BundledStore, FileDocumentStore
from vance_ui.service import Scope, WizardService
from vance_ui.settings import BUNDLED_DEFAULTS_DIR, Settings

MEMBERS = [("Ada", "Mathematician, precise"), ("Grace", "Admiral, pragmatic"), ("Linus", "Engineer, blunt")]


def chat_input(page: Page) -> Locator:
    return page.locator(".vance-composer textarea")


def dialog(page: Page) -> Locator:
    return page.locator(".vance-wizard-dialog")


def open_gremium_with_three_members(page: Page, server: AppServer) -> None:
    page.goto(server.base_url)
    page.locator(".vance-side").get_by_text("Create a council").click()
    form = dialog(page)
    expect(form.get_by_text("Live preview")).to_be_visible()
    form.get_by_role("button", name="Add entry").click()
    form.get_by_label("Name (filename, no spaces) *").fill("tech-council")
    form.get_by_label("Purpose of the council? *").fill("Architecture decisions")
    for number, (name, description) in enumerate(MEMBERS, start=1):  # entry fields say their entry
        form.get_by_label(f"Name, entry {number}", exact=True).fill(name)
        form.get_by_label(f"Description / role / persona, entry {number}").fill(description)


def expected_gremium_prompt(tmp_data: Path) -> str:
    settings = Settings(_env_file=None, data_dir=tmp_data, watch=False)  # type: ignore[call-arg]
    service = WizardService(settings, FileDocumentStore(settings.data_dir), BundledStore(BUNDLED_DEFAULTS_DIR))
    return service.render(Scope("default", "local"), "gremium", {
        "outputName": "tech-council", "purpose": "Architecture decisions", "createNow": True,
        "members": [{"name": n, "description": d} for n, d in MEMBERS]}, "en").prompt


def test_the_council_wizard_fills_the_chat_input_with_the_exact_prompt(page: Page, server: AppServer,
                                                                        tmp_path: Path) -> None:
    page.goto(server.base_url)
    expect(page.get_by_text("Start with a wizard")).to_be_visible()
    screenshot(page, "01-empty-chat")
    open_gremium_with_three_members(page, server)
    expect(dialog(page).locator(".vance-preview")).to_contain_text("- Linus: Engineer, blunt")
    screenshot(page, "02-council-form")

    dialog(page).get_by_role("button", name="Use prompt").click()

    expect(dialog(page)).to_have_count(0)
    expect(chat_input(page)).to_have_value(expected_gremium_prompt(tmp_path))
    expect(chat_input(page)).to_be_focused()
    expect(page.locator(".vance-msg-user")).to_have_count(0)
    screenshot(page, "03-prompt-in-input")


def test_a_required_field_left_empty_shows_its_error_inline(page: Page, server: AppServer) -> None:
    open_gremium_with_three_members(page, server)
    third = dialog(page).get_by_label("Name, entry 3", exact=True)
    third.fill("")

    dialog(page).get_by_role("button", name="Use prompt").click()

    third_member = dialog(page).locator(".vance-item").nth(2)
    expect(third_member.locator(".q-field--error")).to_contain_text("Name *")
    expect(third_member.locator(".q-field--error")).to_contain_text("This field is required.")
    expect(dialog(page).locator(".q-field--error")).to_have_count(1)
    screenshot(page, "04-inline-error")


def test_a_streamed_vance_link_opens_the_follow_up_wizard_prefilled(page: Page, server: AppServer,
                                                                   model: FakeLLM) -> None:
    model.reply("Your recipe is ready. Next: [Write an essay with 'abc'](vance:/wizards/essay-mit-recipe"
                "?kind=wizard&recipe=abc)", chunk_delay=0.01, chunk_size=6)
    page.goto(server.base_url)
    chat_input(page).fill("Create the essay recipe")
    chat_input(page).press("Shift+Enter")
    chat_input(page).press_sequentially("now")
    expect(chat_input(page)).to_have_value("Create the essay recipe\nnow")
    chat_input(page).press("Enter")
    expect(page.locator(".vance-msg-user").last).to_have_text("Create the essay recipe\nnow")
    expect(chat_input(page)).to_have_value("")

    link = page.locator(".vance-markdown a", has_text="Write an essay with 'abc'")
    expect(link).to_be_visible(timeout=30_000)  # the server's first model call imports litellm
    page.get_by_role("tab", name="Live Progress").click()
    expect(page.locator(".vance-progress")).to_contain_text("Done")
    expect(page.locator(".vance-progress")).to_contain_text("openai/fake")
    screenshot(page, "05-streamed-reply")

    link.click()

    expect(dialog(page).get_by_text("Write an essay with a recipe")).to_be_visible()
    expect(dialog(page).get_by_label("Recipe *")).to_have_value("abc")
    expect(page.get_by_role("tab", name="Wizards")).to_have_attribute("aria-selected", "true")
    screenshot(page, "06-follow-up-prefilled")


LONG_ANSWER = "\n\n".join([
    "## A plan in parts", "First a paragraph with **bold** text and a [link](https://example.com).",
    "1. one\n2. two\n3. three", "- a bullet\n- another bullet",
    "```python\ndef f(x):\n\n    return x * 2\n```", "> a quote", "| a | b |\n| --- | --- |\n| 1 | 2 |",
    *(f"Paragraph {i} of the rest, long enough to wrap on a narrow screen maybe." for i in range(12)),
])


def test_a_streamed_answer_looks_exactly_as_it_does_after_a_reload(page: Page, server: AppServer,
                                                                  model: FakeLLM) -> None:
    """Streamed, the answer is several parts on the page; reloaded, it is rendered whole."""
    model.reply(LONG_ANSWER, chunk_delay=0.01, chunk_size=8)
    page.goto(server.base_url)
    chat_input(page).fill("A long plan please")
    chat_input(page).press("Enter")
    answer = page.locator(".vance-msg-assistant .vance-markdown").last
    expect(answer).to_contain_text("Paragraph 11 of the rest", timeout=30_000)
    expect(page.locator(".vance-msg-assistant.vance-streaming")).to_have_count(0)
    page.wait_for_timeout(300)  # the finished answer's whole render, if it differed
    assert answer.locator(":scope > div").count() > 2, "streamed in parts"
    streamed = answer.evaluate("e => [e.getBoundingClientRect().height, e.innerText]")

    page.reload()
    answer = page.locator(".vance-msg-assistant .vance-markdown").last
    expect(answer).to_contain_text("Paragraph 11 of the rest")
    assert answer.locator(":scope > div").count() == 1, "a stored answer is one part"
    assert answer.evaluate("e => [e.getBoundingClientRect().height, e.innerText]") == streamed


def test_model_output_cannot_run_script(page: Page, server: AppServer, model: FakeLLM) -> None:
    alerts: list[str] = []

    def on_dialog(alert: Dialog) -> None:
        alerts.append(alert.message)
        alert.dismiss()

    page.on("dialog", on_dialog)
    model.reply('Look <img src=x onerror="window.__pwned=1;alert(1)"> and [click me](javascript:window.__pwned=2)'
                ' <script>window.__pwned=3</script>')
    page.goto(server.base_url)
    chat_input(page).fill("hostile please")
    chat_input(page).press("Enter")

    answer = page.locator(".vance-msg-assistant .vance-markdown").last
    expect(answer).to_contain_text("click me")  # a javascript: target is no link at all, only text
    expect(answer).to_contain_text("<script>window.__pwned=3</script>")  # raw HTML is shown as text
    expect(page.locator(".vance-markdown img[onerror]")).to_have_count(0)
    expect(page.locator(".vance-markdown a[href^='javascript' i]")).to_have_count(0)
    answer.get_by_text("click me").click()
    page.wait_for_load_state()
    assert page.evaluate("window.__pwned") is None
    assert alerts == []


def test_a_wizard_form_is_fully_shown_in_the_first_frame_it_appears_in(page: Page, server: AppServer) -> None:
    """No fade-in: the form is opaque as soon as it is laid out, not 300 ms later."""
    page.goto(server.base_url)
    entry = page.locator(".vance-side").get_by_text("Create a council")
    expect(entry).to_be_visible()
    page.evaluate("""() => { window.firstFrameOpacity = null; const look = () => {
        const card = document.querySelector('.vance-wizard-dialog');
        if (card && card.getBoundingClientRect().height > 0) {
          let opacity = 1;
          for (let e = card; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
          window.firstFrameOpacity = opacity; return;
        }
        requestAnimationFrame(look); }; requestAnimationFrame(look); }""")
    entry.click()
    page.wait_for_function("window.firstFrameOpacity !== null")
    assert page.evaluate("window.firstFrameOpacity") == 1


def test_a_half_filled_form_survives_escape_and_a_reload(page: Page, server: AppServer) -> None:
    page.goto(server.base_url)
    page.locator(".vance-side").get_by_text("Plan Vogon strategy").click()
    dialog(page).get_by_label("Goal *").fill("Double the revenue by 2027")
    expect(dialog(page).locator(".vance-preview")).to_contain_text("Double the revenue by 2027")
    page.keyboard.press("Escape")
    expect(dialog(page)).to_have_count(0)

    page.reload()
    page.locator(".vance-side").get_by_text("Plan Vogon strategy").click()

    expect(dialog(page).get_by_label("Goal *")).to_have_value("Double the revenue by 2027")
    expect(dialog(page).get_by_text("Draft restored")).to_be_visible()


def test_a_shared_wizard_url_opens_the_form_prefilled(page: Page, server: AppServer) -> None:
    page.goto(f"{server.base_url}/?wizard=essay-mit-recipe&recipe=shared-recipe&targetLength=800")

    expect(dialog(page).get_by_label("Recipe *")).to_have_value("shared-recipe")
    expect(dialog(page).get_by_label("Length in words (optional)")).to_have_value("800")
    expect(chat_input(page)).to_have_value("")


def test_on_a_phone_the_side_panels_collapse(page: Page, server: AppServer) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server.base_url)
    expect(chat_input(page)).to_be_visible()
    expect(page.locator(".vance-side")).not_to_be_in_viewport()
    screenshot(page, "07-phone")
    page.locator(".vance-header button").last.click()
    expect(page.locator(".vance-side").get_by_text("Create a council")).to_be_in_viewport(ratio=1)
    page.wait_for_timeout(400)  # let the drawer finish sliding in before the picture (not an assertion)
    screenshot(page, "08-phone-wizards")

    page.locator(".vance-side").get_by_text("Create a council").click()
    expect(dialog(page).get_by_label("Name (filename, no spaces) *")).to_be_in_viewport()
    expect(dialog(page).get_by_role("button", name="Use prompt")).to_be_in_viewport()
    page.wait_for_timeout(400)  # the backdrop's fade-in, for the picture only
    screenshot(page, "09-phone-form")
