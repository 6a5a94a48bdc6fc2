"""The REST API on a real uvicorn server on 127.0.0.1 (no NiceGUI needed for these routes): for one
local user (`api`, `http`), or for a team of two users with tokens (`team`).

The fixtures are imported into the conftest or test module that uses them."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
import uvicorn
from fastapi import FastAPI

from tests.support.app_server import free_port
from tests.support.wizard_files import write_wizard
from vance_ui.accounts.directory import UserDirectory
from vance_ui.api.app_setup import mount_api
from vance_ui.service import WizardService


@dataclass
class ApiServer:
    base_url: str
    service: WizardService

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.base_url, timeout=60)  # the first model call imports litellm


@contextlib.contextmanager
def running_api(service: WizardService, users: UserDirectory | None = None) -> Iterator[ApiServer]:
    """The API of `service` (multi-user with `users`) on a real uvicorn server on a free loopback
    port, in a thread."""
    app = FastAPI()
    mount_api(app, service, users)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=free_port(), log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "API server did not start"
        time.sleep(0.02)
    try:
        yield ApiServer(f"http://127.0.0.1:{server.config.port}", service)
    finally:
        server.should_exit = True
        thread.join(timeout=5)


@pytest.fixture
def api(service: WizardService) -> Iterator[ApiServer]:
    with running_api(service) as server:
        yield server


@pytest.fixture
def http(api: ApiServer) -> Iterator[httpx.Client]:
    with api.client() as client:
        yield client


# -- multi-user: alice (tenants acme + research) and bob (acme), the same wizard name in both user layers --

def personal(owner: str) -> str:
    """The text of `owner`'s own wizard "notes"."""
    return (f"title: {{en: '{owner} notes'}}\ndescription: {{en: 'only for {owner}'}}\nfields: []\n"
            f"promptTemplate: 'secret plan of {owner} for {{{{ user }}}}'\n")


@dataclass
class Team:
    base: str
    users: UserDirectory
    alice: str
    bob: str


@pytest.fixture
def team(service: WizardService, data_dir: Path, tmp_path: Path) -> Iterator[Team]:
    users = UserDirectory(tmp_path / "users.yaml")
    users.add_user("alice", "pw-a", ["acme", "research"])
    users.add_user("bob", "pw-b", ["acme"])
    for tenant in ("acme", "research"):
        write_wizard(data_dir, "_user_alice", "notes", personal("alice"), tenant=tenant)
    write_wizard(data_dir, "_user_bob", "notes", personal("bob"), tenant="acme")
    write_wizard(data_dir, "_user_bob", "bobonly", personal("bob"), tenant="acme")
    with running_api(service, users) as server:
        yield Team(server.base_url, users, users.add_token("alice"), users.add_token("bob"))
