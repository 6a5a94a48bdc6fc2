"""Keep NiceGUI's page middlewares off the API, the probes and the static files.

Relies on: `app.user_middleware` as the list `ui.run` fills (the four classes in `EXPECTED`, from
these modules), rebuilt when `middleware_stack` is reset, and the static prefix
`/_nicegui/<version>/`. A class it no longer finds is logged as a warning at start-up
(tests/api/test_app_process.py fails on it; docs/nicegui-upgrade.md).
Buys: NiceGUI wraps every request in its session cookie, `RequestTrackingMiddleware` (a browser id
and a user storage for every cookie-less request) and two `BaseHTTPMiddleware`s (a task and a
wrapped `receive` each). None of that means anything for `/brain/...` (Bearer tokens, no browser
state), `/healthz`, `/readyz` or versioned static files; without this it costs those requests
about twice the app's CPU and memory for storages nobody reads (the current figures are in
docs/nicegui-upgrade.md). Pages, the login and socket.io keep the full stack.
"""

from __future__ import annotations

import logging
from typing import Any

from nicegui import app
from nicegui.middlewares import RedirectWithPrefixMiddleware, SetCacheControlMiddleware
from nicegui.storage import RequestTrackingMiddleware
from nicegui.version import __version__
from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

API_PATHS = ("/brain/", "/healthz", "/readyz", "/openapi.json", "/docs", "/redoc")
STATIC_PREFIX = f"/_nicegui/{__version__}/"
DYNAMIC_PREFIX = f"{STATIC_PREFIX}dynamic_resources/"
PAGE_ONLY = (RequestTrackingMiddleware, SessionMiddleware, RedirectWithPrefixMiddleware)
EXPECTED = {*PAGE_ONLY, SetCacheControlMiddleware}  # what NiceGUI 3.18's `ui.run` adds, with a storage secret
log = logging.getLogger(__name__)


def skips_page_middlewares(path: str) -> bool:
    if path.startswith(API_PATHS) or path.startswith("/assets/"):
        return True
    return path.startswith(STATIC_PREFIX) and not path.startswith(DYNAMIC_PREFIX)


class PagesOnly:
    """Run `inner` (a NiceGUI page middleware) for everything but the API and static paths."""

    def __init__(self, app: ASGIApp, inner: type, *args: Any, **kwargs: Any) -> None:
        self.app = app
        self.inner = inner(app, *args, **kwargs)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and skips_page_middlewares(scope["path"]):
            await self.app(scope, receive, send)
        else:
            await self.inner(scope, receive, send)


class CacheVersionedFiles:
    """NiceGUI's `SetCacheControlMiddleware` as plain ASGI: versioned files may be cached for long."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or not path.startswith(STATIC_PREFIX) or path.startswith(DYNAMIC_PREFIX):
            await self.app(scope, receive, send)
            return

        async def send_with_cache_control(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [h for h in message.get("headers", []) if h[0].lower() != b"cache-control"]
                headers.append((b"cache-control", app.config.cache_control_directives.encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_cache_control)


def install_fast_paths() -> set[type]:
    """Rewrite NiceGUI's middleware list (call at start-up; the stack is rebuilt on the next request).
    Returns the expected middleware classes it did not find (logged: NiceGUI changed)."""
    rewritten: list[Middleware] = []
    found: set[type] = set()
    for middleware in app.user_middleware:
        cls: Any = middleware.cls
        if cls is SetCacheControlMiddleware:
            rewritten.append(Middleware(CacheVersionedFiles))
        elif cls in PAGE_ONLY:
            rewritten.append(Middleware(PagesOnly, cls, *middleware.args, **middleware.kwargs))
        else:
            rewritten.append(middleware)
        found.add(cls)
    app.user_middleware[:] = rewritten
    app.middleware_stack = None
    missing = EXPECTED - found
    if missing:
        log.warning("NiceGUI's middlewares changed, not found: %s (see docs/nicegui-upgrade.md)",
                    ", ".join(sorted(c.__name__ for c in missing)))
    return missing
