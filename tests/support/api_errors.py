"""The API's error answers as the README promises them: JSON `{"error": "<code>", "message": "..."}`."""

from __future__ import annotations

from typing import Any

import httpx


def assert_error(response: httpx.Response, status: int, error: str, message: str | None = None) -> dict[str, Any]:
    """`response` is the error answer `status` with the code `error` exactly and a readable message
    (exactly `message` when given); returns the whole answer for any further checks."""
    assert response.status_code == status, (status, error, response.status_code, response.text[:300])
    assert response.headers.get("content-type", "").startswith("application/json"), response.headers
    return assert_error_body(response.json(), error, message)


def assert_error_body(body: Any, error: str, message: str | None = None) -> dict[str, Any]:
    """An error answer's JSON (e.g. what `vance render` prints): `error` exactly, and a readable message."""
    assert isinstance(body, dict) and body.get("error") == error, body
    if message is None:
        assert isinstance(body.get("message"), str) and body["message"].strip(), body
    else:
        assert body.get("message") == message, body
    return body
