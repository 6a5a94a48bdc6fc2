"""The REST API on a real uvicorn server on 127.0.0.1 (no NiceGUI needed for these routes)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass

import httpx
import pytest
import uvicorn
from fastapi import FastAPI

from vance_ui.api.app_setup import mount_api
from vance_ui.service import WizardService


@dataclass
class ApiServer:
    base_url: str
    service: WizardService

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.base_url, timeout=60)  # the first model call imports litellm


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def api(service: WizardService) -> Iterator[ApiServer]:
    app = FastAPI()
    mount_api(app, service)
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "API server did not start"
        time.sleep(0.02)
    yield ApiServer(f"http://127.0.0.1:{port}", service)
    server.should_exit = True
    thread.join(timeout=5)


@pytest.fixture
def http(api: ApiServer) -> Iterator[httpx.Client]:
    with api.client() as client:
        yield client
