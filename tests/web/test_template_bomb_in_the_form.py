"""A wizard whose template is a bomb cannot freeze the page: the live preview and "Use prompt" say
within about a second that it took too long, and the page keeps answering meanwhile (issue 14)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from nicegui.testing import User

from tests.support.web_user import one, open_dialogs, use_prompt
from tests.support.wizard_files import write_wizard

BOMB = """title: {en: Bomb}
description: {en: A template that never ends}
fields:
  - {name: topic, type: string, label: {en: Topic}}
promptTemplate: "{{ ([range(2500)|list]*2500)|sum(start=[])|length }} {{ topic }}"
"""


@pytest.mark.slow
async def test_a_bomb_in_the_preview_and_on_use_is_stopped_and_the_page_keeps_answering(web_data: Path,
                                                                                      app_user: User) -> None:
    write_wizard(web_data, "_vance", "bomb", BOMB)
    await app_user.open("/")
    app_user.find(marker="wizard-bomb").click()
    await app_user.should_see("A template that never ends")
    preview = one(app_user, "wizard-preview")

    ticks: list[float] = []  # the event loop's heartbeat while the worker is busy with the bomb
    started = time.monotonic()
    while "longer than" not in preview.text and time.monotonic() - started < 10:
        before = time.monotonic()
        await asyncio.sleep(0.01)
        ticks.append(time.monotonic() - before)
    assert "Preview not available" in preview.text and "longer than 1 s" in preview.text, preview.text
    assert max(ticks) < 0.25, f"the event loop stalled for {max(ticks):.2f} s"

    started = time.monotonic()
    await use_prompt(app_user)
    assert time.monotonic() - started < 5
    await app_user.should_see("The prompt could not be rendered")
    assert open_dialogs(app_user), "the form stays open with its error"
    assert one(app_user, "chat-input").value in ("", None), "nothing reached the chat input"
