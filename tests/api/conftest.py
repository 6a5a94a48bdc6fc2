"""The REST API on a real uvicorn server on 127.0.0.1 (no NiceGUI needed for these routes)."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass

import httpx
import pytest
import uvicorn
from fastapi import FastAPI

from tests.support.app_server import free_port
from vance_ui.api.app_setup import mount_api
from vance_ui.service import WizardService


@dataclass
class ApiServer:
    base_url: str
    service: WizardService

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.base_url, timeout=60)  # the first model call imports litellm


@contextlib.contextmanager
def running_api(service: WizardService) -> Iterator[ApiServer]:
    """The API of `service` on a real uvicorn server on a free loopback port, in a thread."""
    app = FastAPI()
    mount_api(app, service)
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
