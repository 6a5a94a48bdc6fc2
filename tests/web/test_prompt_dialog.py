"""New wizard from a prompt, with the User fixture: the author pastes a prompt, makes fields of
selected parts (the browser's selection is stood in for), edits a proposal, removes one, sees the
preview, and Create opens the editor with a wizard that loads, saved as it is."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from nicegui.testing import User

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
    await eventually(lambda: str(one(user, "editor-status").text) == "The wizard loads.", what="the check")
    yaml = str(one(user, "editor-yaml").value)
    assert "Plan a trip to {{ city }} on {{ date }} for 4 people." in yaml
    assert "name: city" in yaml and "en: City" in yaml and "value: friendly" in yaml


async def test_create_without_a_prompt_is_refused_in_german(web_data: Path, user: User) -> None:
    await user.open("/editor?mode=prompt&lang=de")
    await eventually(lambda: bool(elements(user, "prompt-dialog")), what="the dialog")
    click(user, one(user, "prompt-create"))
    await eventually(lambda: bool(str(one(user, "prompt-refusal").text)), what="the refusal")
    assert one(user, "prompt-refusal").text == "Füge zuerst einen Prompt ein."
    assert elements(user, "prompt-dialog")  # still open: nothing was made
