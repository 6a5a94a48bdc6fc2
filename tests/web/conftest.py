"""User-fixture tests of the web UI: app.py runs in-process against a fresh data dir per test.
The helpers these tests use are in tests/support/web_user.py, web_login.py and web_chat.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from nicegui.testing import User

from tests.support.fake_llm import FakeLLM
from tests.support.web_login import SECRET, personal
from tests.support.wizard_files import EVERY_TYPE, write_wizard
from vance_ui.accounts.directory import UserDirectory
from vance_ui.llm.client import import_litellm
from vance_ui.web.form import actions as form_actions


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
    """The app's chat and Check model: litellm's real HTTP path to the fake server on loopback.
    litellm is imported here (seconds, once a process), as the app's warm-up would at startup."""
    import_litellm()
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


# multi-user mode: Alice (tenants acme + research) and Bob (acme), each with a wizard "notes"

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
