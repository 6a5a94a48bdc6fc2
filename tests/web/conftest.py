"""User-fixture tests of the web UI: app.py runs in-process against a fresh data dir per test."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from nicegui import ui
from nicegui.testing import User
from nicegui.testing.user_interaction import UserInteraction

from tests.conftest import write_wizard
from tests.support.fake_llm import FakeLLM
from vance_ui.accounts.directory import UserDirectory
from vance_ui.web.form import actions as form_actions

EVERY_TYPE = """
title: { en: "Every field type", de: "Alle Feldtypen" }
description: { en: "One field of each kind", de: "Ein Feld jeder Art" }
icon: no-such-heroicon
category: testing
fields:
  - { name: title, type: string, required: true, defaultValue: "Hello",
      label: { en: "Title" }, help: { en: "A short title" } }
  - { name: notes, type: textarea, rows: 5, label: { en: "Notes" } }
  - { name: secret, type: password, label: { en: "Secret" } }
  - { name: count, type: integer, integerMin: 1, integerMax: 9, defaultValue: 3, label: { en: "Count" } }
  - { name: loud, type: boolean, defaultValue: true, label: { en: "Loud" } }
  - name: tone
    type: select
    defaultValue: casual
    label: { en: "Tone" }
    choices:
      - { value: formal, label: { en: "Formal" } }
      - { value: casual, label: { en: "Casual" } }
  - name: tags
    type: multi_select
    label: { en: "Tags" }
    choices:
      - { value: red, label: { en: "Red" } }
      - { value: green, label: { en: "Green" } }
      - { value: blue, label: { en: "Blue" } }
  - name: people
    type: repeat
    min: 1
    max: 3
    label: { en: "People" }
    item:
      - { name: name, type: string, required: true, label: { en: "Name" } }
      - { name: age, type: integer, label: { en: "Age" } }
promptTemplate: |
  T={{ title }} N={{ notes }} C={{ count }} L={{ loud }} O={{ tone }} G={% for t in tags %}{{ t }},{% endfor %}
  P={% for p in people %}{{ p.name }}/{{ p.age }};{% endfor %}
"""


@pytest.fixture(autouse=True)
def simulated_host(monkeypatch: pytest.MonkeyPatch) -> None:
    """The User fixture's requests say `Host: test`: an allowed host like any hosted install's name."""
    monkeypatch.setenv("VANCE_ALLOWED_HOSTS", "test")


@pytest.fixture(autouse=True)
def spinner_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Use prompt's spinner for any render still running on the loop's next turn, so `use_prompt`
    can wait for it to go (in a page it shows only for a render slower than SPINNER_DELAY)."""
    monkeypatch.setattr(form_actions, "SPINNER_DELAY", 0)


@pytest.fixture
def web_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    data = tmp_path / "web-data"
    data.mkdir()
    monkeypatch.setenv("VANCE_DATA_DIR", str(data))
    monkeypatch.setenv("VANCE_WATCH", "false")
    return data


@pytest.fixture
def model(fake_llm: FakeLLM, monkeypatch: pytest.MonkeyPatch) -> FakeLLM:
    """The app's chat and Check model: litellm's real HTTP path to the fake server on loopback."""
    monkeypatch.setenv("VANCE_MODEL", "openai/fake")
    monkeypatch.setenv("VANCE_LLM_API_BASE", fake_llm.base_url)
    monkeypatch.setenv("VANCE_LLM_API_KEY", "x")
    return fake_llm


@pytest.fixture
def every_type(web_data: Path) -> Path:
    return write_wizard(web_data, "_vance", "every-type", EVERY_TYPE)


@pytest.fixture
def app_user(web_data: Path, user: User) -> User:
    """The simulated user, with the app reading and writing `web_data`."""
    return user


def elements(user: User, marker: str) -> list[Any]:
    """Elements with a marker in creation (= page) order; none is an empty list."""
    try:
        found = user.find(marker=marker).elements
    except AssertionError:
        return []
    return sorted(found, key=lambda e: e.id)


def marked(user: User, marker: str) -> list[Any]:
    """All elements with a marker, hidden ones included, in page order."""
    assert user.client is not None
    return sorted((e for e in user.client.elements.values() if marker in e._markers), key=lambda e: e.id)


def one(user: User, marker: str) -> Any:
    found = elements(user, marker)
    assert len(found) == 1, f"expected one '{marker}', found {len(found)}"
    return found[0]


def emit(user: User, event: str, args: Any) -> None:
    """A global event as the browser would send it (e.g. `vance_link` from assets/vance.js)."""
    assert user.client is not None
    UserInteraction(user, {user.client.layout}, None).trigger(event, args)


async def eventually(check: Callable[[], bool], timeout: float = 45.0, what: str = "condition") -> None:
    """Wait until `check()` holds (the UI updates asynchronously), failing after `timeout` seconds.

    Generous by default: the first model call of a process waits for litellm to import (~10 s).
    """
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():
        assert asyncio.get_running_loop().time() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.05)


async def use_prompt(user: User) -> None:
    """Click the open wizard's "Use prompt" and wait until the server is done with it (the button
    is busy from the click until the prompt is used or the errors are shown)."""
    user.find(marker="wizard-submit").click()
    # The spinner's timer (delay 0) is due before this sleep's: after it, a render still running
    # shows the spinner, and one already done has cancelled it.
    await asyncio.sleep(0.01)
    await eventually(lambda: not any("loading" in b.props for b in elements(user, "wizard-submit")),
                     timeout=10, what="Use prompt to finish")


def run_state(user: User) -> str:
    return str(one(user, "run-state").text)


def click(user: User, element: Any) -> None:
    """Click exactly this element (user.find(...).click() picks the first of several)."""
    UserInteraction(user, {element}, None).click()


def open_dialogs(user: User) -> list[ui.dialog]:
    assert user.client is not None
    return [e for e in user.client.elements.values() if isinstance(e, ui.dialog) and e.value]


# -- multi-user mode: Alice (tenants acme + research) and Bob (acme), each with a wizard "notes" --

SECRET = "web-test-secret-0123456789abcdef"


def personal(owner: str) -> str:
    return (f"title: {{en: '{owner} notes'}}\ndescription: {{en: 'only for {owner}'}}\n"
            "fields:\n  - { name: topic, type: string, label: { en: 'Topic' } }\n"
            f"promptTemplate: 'plan of {owner}: {{{{ topic }}}}'\n")


@pytest.fixture
def team(web_data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> UserDirectory:
    users = UserDirectory(tmp_path / "users.yaml")
    users.add_user("alice", "pw-alice", ["acme", "research"], name="Alice Example")
    users.add_user("bob", "pw-bob", ["acme"], name="Bob Builder")
    write_wizard(web_data, "_user_alice", "notes", personal("Alice"), tenant="acme")
    write_wizard(web_data, "_user_alice", "notes", personal("Alice research"), tenant="research")
    write_wizard(web_data, "_user_bob", "notes", personal("Bob"), tenant="acme")
    monkeypatch.setenv("VANCE_USERS_FILE", str(users.path))
    monkeypatch.setenv("VANCE_STORAGE_SECRET", SECRET)
    return users


@pytest.fixture
def visitor(team: UserDirectory, user: User) -> User:
    return user


def texts(user: User, marker: str) -> list[str]:
    return [str(getattr(e, "text", "")) for e in elements(user, marker)]


def path_of(user: User) -> str:
    """Where the current page really is (after redirects)."""
    if user.client is None or user.client.request is None:
        return ""
    url = user.client.request.url
    return url.path + (f"?{url.query}" if url.query else "")


async def login(user: User, user_id: str, password: str, path: str = "/") -> None:
    await user.open(path)
    await eventually(lambda: bool(elements(user, "login-user")), what="the login form")
    one(user, "login-user").set_value(user_id)
    one(user, "login-password").set_value(password)
    click(user, one(user, "login-submit"))


async def logged_in(user: User, user_id: str, password: str, path: str = "/") -> None:
    await login(user, user_id, password, path)
    await eventually(lambda: bool(elements(user, "logout")), what="the chat page after login")


async def refused(user: User, user_id: str, password: str) -> str:
    await login(user, user_id, password)
    await eventually(lambda: any(texts(user, "login-error")), what="the login error")
    return texts(user, "login-error")[0]
