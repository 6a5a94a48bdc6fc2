"""New wizard from a prompt, with the User fixture: the author pastes a prompt, makes fields of
selected parts (the browser's selection is stood in for), edits a proposal, removes one, sees the
preview, and Create opens the editor with a wizard that loads; with a model (the fake one), Suggest
fields lists the checked suggestions to accept or reject."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from nicegui.testing import User

from tests.support.fake_llm import FakeLLM
from tests.support.web_user import click, elements, eventually, one, texts
from vance_ui.web.editor import browser

PROMPT = "Plan a trip to Berlin on 2026-12-03 for 4 people.\nTone: formal\n"


class Selection:
    """What the browser answers for the prompt's selection (`vanceEditor.promptSelection`)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.range = (0, 0)
        real = browser.call

        def call(function: str, *args: object, timeout: float = 1.0) -> Any:
            if function != "promptSelection":
                return real(function, *args, timeout=timeout)
            answer: asyncio.Future[list[int]] = asyncio.get_running_loop().create_future()
            answer.set_result(list(self.range))
            return answer

        monkeypatch.setattr(browser, "call", call)

    def of(self, text: str) -> None:
        start = PROMPT.index(text)
        self.range = (start, start + len(text))


async def test_a_pasted_prompt_becomes_a_wizard_that_loads(web_data: Path, user: User,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    selection = Selection(monkeypatch)
    await user.open("/editor?mode=prompt")
    await eventually(lambda: bool(elements(user, "prompt-dialog")), what="the dialog")
    one(user, "prompt-source").set_value(PROMPT)
    assert texts(user, "prompt-no-fields")

    click(user, one(user, "prompt-make-field"))  # nothing selected: said so, nothing made
    await eventually(lambda: "Select a part" in str(one(user, "prompt-refusal").text), what="the refusal")

    for part in ("Berlin", "2026-12-03", "4"):
        selection.of(part)
        click(user, one(user, "prompt-make-field"))
        made = f"Made of: {part}"
        await eventually(lambda made=made: made in texts(user, "prompt-field-text"),  # type: ignore[misc]
                         what=f"the field for {part}")
    assert one(user, "prompt-refusal").text == ""
    assert "Field number made (Whole number)." in str(one(user, "prompt-said").text)
    one(user, "prompt-one-of").set_value(True)
    one(user, "prompt-options").set_value("casual\nfriendly")
    selection.of("formal")
    click(user, one(user, "prompt-make-field"))
    await eventually(lambda: len(elements(user, "prompt-field")) == 4, what="the choice")
    assert [e.value for e in elements(user, "prompt-field-type")] == ["string", "date", "integer", "select"]

    selection.of("to Berlin")  # overlaps the city: refused in words
    click(user, one(user, "prompt-make-field"))
    await eventually(lambda: "overlaps" in str(one(user, "prompt-refusal").text), what="the overlap refused")

    elements(user, "prompt-field-name")[0].set_value("city")
    elements(user, "prompt-field-label")[0].set_value("City")
    await eventually(lambda: "Plan a trip to [City] on [Date] for [Number]" in str(one(user, "prompt-preview").text),
                     what="the preview")
    click(user, elements(user, "prompt-field-remove")[2])  # the number stays as it is
    await eventually(lambda: len(elements(user, "prompt-field")) == 3, what="the removal")

    click(user, one(user, "prompt-create"))
    await eventually(lambda: not elements(user, "prompt-dialog"), what="the dialog to close")
    await eventually(lambda: "{{ city }}" in str(one(user, "editor-yaml").value), what="the wizard in the editor")
    await eventually(lambda: str(one(user, "editor-status").text) == "The wizard loads.", what="the check")
    yaml = str(one(user, "editor-yaml").value)
    assert one(user, "editor-name").value == "plan-a-trip-to-berlin-on-2026-12-03-for"  # proposed, editable
    assert "Plan a trip to {{ city }} on {{ date }} for 4 people." in yaml
    assert "name: city" in yaml and "en: City" in yaml and "value: friendly" in yaml


async def test_create_without_a_prompt_is_refused_in_german(web_data: Path, user: User) -> None:
    await user.open("/editor?mode=prompt&lang=de")
    await eventually(lambda: bool(elements(user, "prompt-dialog")), what="the dialog")
    click(user, one(user, "prompt-create"))
    await eventually(lambda: bool(str(one(user, "prompt-refusal").text)), what="the refusal")
    assert one(user, "prompt-refusal").text == "Füge zuerst einen Prompt ein."
    assert elements(user, "prompt-dialog")  # still open: nothing was made


async def test_without_a_model_suggest_fields_is_disabled_and_says_why(web_data: Path, user: User) -> None:
    await user.open("/editor?mode=prompt")
    await eventually(lambda: bool(elements(user, "prompt-dialog")), what="the dialog")
    assert not one(user, "prompt-suggest").enabled
    assert "need a model" in str(one(user, "prompt-suggest-why").text)


async def test_suggested_fields_are_checked_and_each_accepted_or_rejected(model: FakeLLM, web_data: Path,
                                                                          user: User) -> None:
    model.reply(json.dumps({"fields": [
        {"text": "Berlin", "name": "city", "label": "City", "type": "string", "options": []},
        {"text": "Paris", "name": "other", "label": "Other", "type": "string", "options": []},  # not in the prompt
        {"text": "2026-12-03", "name": "day", "label": "Day", "type": "date", "options": []},
        {"text": "formal", "name": "tone", "label": "Tone", "type": "select", "options": ["casual"]},
    ]}))
    await user.open("/editor?mode=prompt")
    await eventually(lambda: bool(elements(user, "prompt-dialog")), what="the dialog")
    one(user, "prompt-source").set_value(PROMPT)
    click(user, one(user, "prompt-suggest"))
    await eventually(lambda: len(elements(user, "prompt-suggestion")) == 3, what="the checked suggestions")
    assert texts(user, "prompt-suggestion-text") == [
        "City (Text (one line)): Berlin", "Day (Date): 2026-12-03", "Tone (One of several choices): formal"]
    assert "3 fields suggested." in str(one(user, "prompt-said").text)
    request = model.requests[-1]
    assert request["response_format"]["type"] == "json_schema"  # structured output
    assert request["messages"][-1]["content"] == PROMPT

    click(user, elements(user, "prompt-accept")[0])
    await eventually(lambda: len(elements(user, "prompt-suggestion")) == 2, what="the city accepted")
    click(user, elements(user, "prompt-reject")[0])
    await eventually(lambda: len(elements(user, "prompt-suggestion")) == 1, what="the day rejected")
    click(user, elements(user, "prompt-accept")[0])
    await eventually(lambda: len(elements(user, "prompt-field")) == 2, what="the tone accepted")
    assert "[City]" in str(one(user, "prompt-preview").text) and "2026-12-03" in str(one(user, "prompt-preview").text)

    click(user, one(user, "prompt-create"))
    await eventually(lambda: not elements(user, "prompt-dialog"), what=f"Create ({texts(user, 'prompt-refusal')})")
    await eventually(lambda: "{{ city }}" in str(one(user, "editor-yaml").value), what="the wizard in the editor")
    await eventually(lambda: str(one(user, "editor-status").text) == "The wizard loads.", what="the check")
    yaml = str(one(user, "editor-yaml").value)
    assert "{{ city }} on 2026-12-03" in yaml and "Tone: {{ tone }}" in yaml and "value: casual" in yaml


async def test_a_model_that_fails_says_so_in_the_dialog(model: FakeLLM, web_data: Path, user: User) -> None:
    model.reply("not json at all")
    await user.open("/editor?mode=prompt")
    await eventually(lambda: bool(elements(user, "prompt-dialog")), what="the dialog")
    one(user, "prompt-source").set_value(PROMPT)
    click(user, one(user, "prompt-suggest"))
    await eventually(lambda: "No suggestions:" in str(one(user, "prompt-refusal").text), what="the failure")
    assert not elements(user, "prompt-suggestion")


async def test_the_wizards_tab_offers_new_wizard_from_a_prompt(web_data: Path, user: User) -> None:
    await user.open("/")
    click(user, one(user, "wizard-from-prompt"))
    await eventually(lambda: bool(elements(user, "prompt-dialog")), what="the dialog over the editor")
    assert elements(user, "editor-dialog")
    click(user, one(user, "prompt-cancel"))
    await eventually(lambda: not elements(user, "prompt-dialog"), what="the dialog to close")
    assert "{{ topic }}" in str(one(user, "editor-yaml").value)  # cancelled: the editor's new wizard as it was
