"""Keep NiceGUI's page middlewares off the API and the static files.

NiceGUI wraps every request in its session cookie, `RequestTrackingMiddleware` (which gives every
cookie-less request a new browser id and a user storage that stays in memory for good) and two
`BaseHTTPMiddleware`s (each a task and a wrapped `receive` per request). None of that means
anything for `/brain/...` (Bearer tokens, no browser state), `/healthz` or versioned static files,
where it cost memory per API call (`make load` grew the server by +284 %) and most of the time of a
small request. Pages, the login and socket.io keep the full stack.

Still pays (A/B against the same app with `install_fast_paths` a no-op, 4 interleaved rounds of
4 s per request kind, one keep-alive connection, c=1; 2-core AMD EPYC VM, load average ~5 from
other work, 2026-12-03): the app's CPU per request /healthz 0.85 -> 1.88 ms, gremium render 1.32
-> 3.36 ms, a static file 1.76 -> 3.97 ms without it; render p50 2.8 -> 8.3 ms; 10 s of cookie-less
API GETs grew the server by 3.4 MB without it, by 0 with it.

It relies on NiceGUI's internals: `app.user_middleware` as the list `ui.run` fills (these four
classes, from these modules) and the static prefix `/_nicegui/<version>/`. A class it no longer
finds is logged as a warning at start-up (tests/api/test_app_process.py fails on it; see
docs/nicegui-upgrade.md).
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
