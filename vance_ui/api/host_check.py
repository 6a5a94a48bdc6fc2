"""Answer only requests addressed to this install's own host names (DNS rebinding protection).

A page on attacker.example whose DNS name the attacker re-points at 127.0.0.1 is same-origin with
the attacker's own page, so a browser lets it read `/` (the stored chat) and `/brain/...` (no token
in single-user mode). Its requests still carry `Host: attacker.example`, so refusing host names this
install was not configured for closes that. Starlette's `TrustedHostMiddleware` does the same check
(same patterns: exact names, `*.example.com`, `*`) but answers plain text; this one answers API
paths with the JSON error every API client expects, never redirects, and refuses WebSocket
handshakes (socket.io) before they are accepted. The host patterns: `vance_ui/host_names.py`.
"""

from __future__ import annotations

from collections.abc import Sequence

from starlette.datastructures import Headers
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketClose

from vance_ui.host_names import host_of, host_pattern, is_allowed

#: paths whose clients are programs: a refusal there is JSON
JSON_PATHS = ("/brain/", "/healthz", "/readyz", "/openapi.json")


class HostCheck:
    """Refuse (400) requests and WebSocket handshakes whose `Host` matches none of `allowed`."""

    def __init__(self, app: ASGIApp, allowed: Sequence[str], json_everywhere: bool = False) -> None:
        self.app = app
        self.allowed = [host_pattern(host) for host in allowed]
        self.allow_any = "*" in self.allowed
        self.json_everywhere = json_everywhere

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.allow_any or scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = host_of(Headers(scope=scope).get("host"))
        if host is not None and is_allowed(host, self.allowed):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":  # closed before it is accepted: the server answers 403
            await WebSocketClose(code=1008, reason="invalid host")(scope, receive, send)
            return
        await self._refusal(host, scope["path"])(scope, receive, send)

    def _refusal(self, host: str | None, path: str) -> Response:
        message = (f"this server does not answer requests for host {host[:100]!r}; "
                   "if that is its address, add it to VANCE_ALLOWED_HOSTS") if host else "invalid Host header"
        if self.json_everywhere or path.startswith(JSON_PATHS) or path == "/brain":
            return JSONResponse({"error": "invalid_host", "message": message}, status_code=400)
        return PlainTextResponse(message, status_code=400)
