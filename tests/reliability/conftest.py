"""Fixtures for the reliability battery: the API on a real uvicorn server, as in tests/api."""

from __future__ import annotations

from tests.api.conftest import ApiServer, api, http, running_api

__all__ = ["ApiServer", "api", "http", "running_api"]
