"""Fixtures for the reliability battery: the API on a real uvicorn server, as in tests/api."""

from __future__ import annotations

from tests.support.api_server import api, http

__all__ = ["api", "http"]  # the shared fixtures
