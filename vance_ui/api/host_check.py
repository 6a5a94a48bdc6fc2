"""Answer only requests addressed to this install's own host names (DNS rebinding protection).

A page on attacker.example whose DNS name the attacker re-points at 127.0.0.1 is same-origin with
the attacker's own page, so a browser lets it read `/` (the stored chat) and `/brain/...` (no token
in single-user mode). Its requests still carry `Host: attacker.example`, so refusing host names this
install was not configured for closes that. Starlette's `TrustedHostMiddleware` does the same check
(same patterns: exact names, `*.example.com`, `*`) but answers plain text; this one answers API
paths with the JSON error every API client expects, never redirects, and refuses WebSocket
handshakes (socket.io) before they are accepted. Imports nothing from the app: `settings` uses it.
"""

from __future__ import annotations

import contextlib
import ipaddress
import re
from collections.abc import Iterable, Sequence

from starlette.datastructures import Headers
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketClose

LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")
#: bind addresses that mean "every interface": not a name anyone reaches the app by
WILDCARD_BINDS = frozenset({"", "0.0.0.0", "::", "[::]", "*"})
#: paths whose clients are programs: a refusal there is JSON
JSON_PATHS = ("/brain/", "/healthz", "/openapi.json")

_HEADER = re.compile(r"(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::[0-9]{1,5})?")
_PATTERN = re.compile(r"\*|(\*\.)?[a-z0-9_-]+(\.[a-z0-9_-]+)*|\[[0-9a-f:.]+\]")
_WILDCARDS = "wildcards only as '*' or '*.example.com'"


def host_pattern(text: str) -> str:
    """One allowed-host entry, lowercased (an IPv6 address gets its brackets); ValueError if not a host name."""
    pattern = text.strip().lower()
    if ":" in pattern and not pattern.startswith("["):
        with contextlib.suppress(ValueError):
            pattern = f"[{ipaddress.IPv6Address(pattern)}]"
    if not _PATTERN.fullmatch(pattern):
        raise ValueError(f"{text!r} is not a host name (no scheme, no port; {_WILDCARDS})")
    return pattern


def allowed_hosts(bind_host: str, extra: Iterable[str] = ()) -> list[str]:
    """The loopback names, the bind address unless it is a wildcard, and `extra` (VANCE_ALLOWED_HOSTS)."""
    hosts = list(LOOPBACK_HOSTS)
    if bind_host.strip().lower() not in WILDCARD_BINDS:
        with contextlib.suppress(ValueError):  # e.g. an IPv6 address with a zone id: no browser sends that
            hosts.append(host_pattern(bind_host))
    hosts.extend(host_pattern(host) for host in extra)
    return list(dict.fromkeys(hosts))


def host_of(header: str | None) -> str | None:
    """`Example.com:8080` -> `example.com`, `[::1]:80` -> `[::1]`; None for a missing or malformed header."""
    match = _HEADER.fullmatch((header or "").strip().lower())
    return match.group(1) if match else None


def is_allowed(host: str, patterns: Sequence[str]) -> bool:
    return any(p == "*" or host == p or (p.startswith("*.") and host.endswith(p[1:])) for p in patterns)


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
