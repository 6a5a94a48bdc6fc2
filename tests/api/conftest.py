"""The REST API on a real uvicorn server on 127.0.0.1 (tests/support/api_server.py)."""

from __future__ import annotations

from tests.support.api_server import api, http

__all__ = ["api", "http"]  # the shared fixtures
