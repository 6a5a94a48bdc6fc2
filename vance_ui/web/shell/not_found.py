"""Unknown paths answer a small 404 of our own, never NiceGUI's error page.

NiceGUI answers a 404 with a whole page and the client object behind it. For the paths that skip
the session middleware (`fast_paths.py`: `/healthzz`, `/docs`, `/redoc`, anything under `/brain/`)
that client has no session, and NiceGUI's storage prune task then failed on it with a traceback
every 10 s until the client was dropped about a minute later. Nobody needs a NiceGUI page to read
"not found": API-like paths get the JSON error every API client expects, others a short HTML page
with a link home.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from starlette.responses import HTMLResponse, Response

from vance_ui.api.errors import error_response, is_api_path
from vance_ui.web.nicegui_compat.fast_paths import API_PATHS

PAGE = ('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head>'
        '<body><h1>Not found</h1><p>There is no page at this address. '
        '<a href="/">Back to Vance Prompt Wizards</a></p></body></html>')


def install_plain_404(app: FastAPI) -> None:
    """Replace the 404 handler (call after `mount_api`: `/brain` keeps that one's JSON errors)."""
    api_handler: Any = app.exception_handlers.get(404)

    async def not_found(request: Request, exc: Exception) -> Response:
        path = request.url.path
        if is_api_path(path) and api_handler is not None:
            return await api_handler(request, exc)  # type: ignore[no-any-return]
        if path.startswith(API_PATHS):
            return error_response(404, "not_found", "not found")
        return HTMLResponse(PAGE, status_code=404)

    app.add_exception_handler(404, not_found)
