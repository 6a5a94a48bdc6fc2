"""Fixtures for the reliability battery: the API on a real uvicorn server, as in tests/api."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator

import uvicorn
from fastapi import FastAPI

from tests.api.conftest import ApiServer, api, http
from vance_ui.api.app_setup import mount_api
from vance_ui.service import WizardService

__all__ = ["ApiServer", "api", "http", "running_api"]


@contextlib.contextmanager
def running_api(service: WizardService) -> Iterator[ApiServer]:
    """The same server as the `api` fixture, for module-scoped fixtures."""
    app = FastAPI()
    mount_api(app, service)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "API server did not start"
        time.sleep(0.02)
    try:
        yield ApiServer(f"http://127.0.0.1:{port}", service)
    finally:
        server.should_exit = True
        thread.join(timeout=5)
