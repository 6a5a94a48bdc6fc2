"""The unsent chat input survives a reload, per chat; one that may hold a password never reaches the disk."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from nicegui.testing import User

from tests.support.web_user import click, elements, emit, eventually, one, run_state, use_prompt
from tests.support.wizard_files import write_wizard
from vance_ui.web.chat import input_draft

PASSWORD = "pw-7f3a-Zebra-Quartz-91"
GOAL_WIZARD = """
title: { en: "Goal note" }
description: { en: "One line" }
fields:
  - { name: goal, type: string, required: true, label: { en: "Goal" } }
promptTemplate: "Our goal: {{ goal }}"
"""
LOGIN_WIZARD = """
title: { en: "Log in to the wiki" }
description: { en: "A prompt that carries a password" }
fields:
  - { name: account, type: string, required: true, label: { en: "Account" } }
  - { name: token, type: password, label: { en: "Token" } }
promptTemplate: "Log in to the wiki as {{ account }} with the token {{ token }} and list my pages."
"""


@pytest.fixture(autouse=True)
def quick_saves(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(input_draft, "SAVE_DELAY", 0.05)


def inputs_dir(web_data: Path) -> Path:
    return web_data / "default" / "_user_local" / "inputs"


def kept(web_data: Path) -> dict[str, str]:
    """Every kept input on disk, by chat id (one the app removes while this reads is not kept)."""
    inputs: dict[str, str] = {}
    for path in sorted(inputs_dir(web_data).glob("*.json")):
        with contextlib.suppress(FileNotFoundError):
            inputs[path.stem] = json.loads(path.read_text())["text"]
    return inputs


def chat_input(user: User) -> str:
    return str(one(user, "chat-input").value)


async def test_typed_text_survives_a_reload_and_goes_once_sent(web_data: Path, app_user: User) -> None:
    await app_user.open("/")
    one(app_user, "chat-input").value = "Half a thought about the offsite"
    await eventually(lambda: list(kept(web_data).values()) == ["Half a thought about the offsite"], timeout=5,
                     what="the input on disk")

    await app_user.open("/")
    assert chat_input(app_user) == "Half a thought about the offsite"

    app_user.find(marker="chat-send").click()
    await eventually(lambda: run_state(app_user) == "Done", what="the run to finish")
    await eventually(lambda: kept(web_data) == {}, timeout=5, what="the sent input to be forgotten")
    await app_user.open("/")
    assert chat_input(app_user) == ""


async def test_a_wizards_prompt_is_kept_at_once(web_data: Path, app_user: User) -> None:
    write_wizard(web_data, "_vance", "goal-note", GOAL_WIZARD)
    await app_user.open("/?wizard=goal-note")
    one(app_user, "field-goal").value = "Double the revenue by 2027"
    await use_prompt(app_user)
    prompt = chat_input(app_user)
    assert "Double the revenue by 2027" in prompt
    await eventually(lambda: list(kept(web_data).values()) == [prompt], timeout=5, what="the prompt on disk")

    await app_user.open("/")
    assert chat_input(app_user) == prompt


async def test_a_prompt_from_a_password_wizard_is_never_stored(web_data: Path, app_user: User) -> None:
    write_wizard(web_data, "_vance", "wiki-login", LOGIN_WIZARD)
    await app_user.open("/")
    one(app_user, "chat-input").value = "an older draft"
    await eventually(lambda: bool(kept(web_data)), timeout=5, what="the older draft on disk")

    emit(app_user, "vance_link", "#vance:/wizards/wiki-login?kind=wizard&account=ada")
    one(app_user, "field-token").value = PASSWORD
    await use_prompt(app_user)
    assert PASSWORD in chat_input(app_user)
    one(app_user, "chat-input").value = chat_input(app_user) + " Thanks!"  # edited: still the secret prompt
    await eventually(lambda: kept(web_data) == {}, timeout=5, what="the older draft to be removed")
    await app_user.open("/")
    assert chat_input(app_user) == ""

    files = [p for p in web_data.rglob("*") if p.is_file()]
    assert files and not [p for p in files if PASSWORD.encode() in p.read_bytes()], "nowhere on disk"


async def test_a_secret_input_is_kept_once_it_was_emptied(web_data: Path, app_user: User) -> None:
    write_wizard(web_data, "_vance", "wiki-login", LOGIN_WIZARD)
    await app_user.open("/?wizard=wiki-login&account=ada")
    one(app_user, "field-token").value = PASSWORD
    await use_prompt(app_user)
    one(app_user, "chat-input").value = ""
    one(app_user, "chat-input").value = "Something new"
    await eventually(lambda: list(kept(web_data).values()) == ["Something new"], timeout=5, what="the new text")


async def test_each_chat_keeps_its_own_input(web_data: Path, app_user: User) -> None:
    await app_user.open("/")
    one(app_user, "chat-input").value = "hello"
    app_user.find(marker="chat-send").click()  # "New chat" opens another chat only when this one is not empty
    await eventually(lambda: run_state(app_user) == "Done", what="the run to finish")
    one(app_user, "chat-input").value = "for the first chat"
    app_user.find(marker="new-chat").click()
    await eventually(lambda: len(elements(app_user, "session-title")) == 2, what="two chats")
    assert chat_input(app_user) == "", "a new chat starts empty"
    one(app_user, "chat-input").value = "for the second chat"
    await eventually(lambda: sorted(kept(web_data).values()) == ["for the first chat", "for the second chat"],
                     timeout=5, what="both inputs on disk")

    await app_user.open("/")
    assert chat_input(app_user) == "for the second chat"
    first, second = sorted(kept(web_data), key=lambda chat: kept(web_data)[chat] != "for the first chat")
    click(app_user, one(app_user, f"session-{first}"))
    await eventually(lambda: chat_input(app_user) == "for the first chat", timeout=5, what="the first chat's input")
    click(app_user, one(app_user, f"session-{second}"))
    await eventually(lambda: chat_input(app_user) == "for the second chat", timeout=5, what="the second's again")
