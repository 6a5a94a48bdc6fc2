"""The browser security headers, on every HTTP response (pages, API, static files).

- `Content-Security-Policy: frame-ancestors 'none'` and `X-Frame-Options: DENY` (older browsers):
  no other site may frame the app and trick a user into clicking "Use prompt" or "Log out". The
  policy says nothing else on purpose: NiceGUI's pages run inline scripts a script policy would
  block.
- `X-Content-Type-Options: nosniff`: a JSON answer or a static file is never run as a script or
  rendered as a page in a type the server did not declare.
- `Referrer-Policy: same-origin`: deep links (`/?wizard=...`) do not leak to the sites that links
  in model output point to; the app's own navigations (`vance:` links are handled in-page) keep it.

A header a route already set wins. Plain ASGI, not `BaseHTTPMiddleware`, which costs a task and a
wrapped `receive` per request (see `vance_ui/web/nicegui_compat/fast_paths.py`).
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", b"frame-ancestors 'none'"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
)


class SecurityHeaders:
    """Add `HEADERS` to every HTTP response that does not set them itself."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers.extend(header for header in HEADERS if header[0] not in present)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
