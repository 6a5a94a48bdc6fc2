"""No state-changing API request from another site's page (CSRF), whatever the route.

A page of another site can make a browser send a "simple" request without asking the server
first (no CORS preflight): GET, HEAD or POST, with no body or a `text/plain`,
`application/x-www-form-urlencoded` or `multipart/form-data` one. Every other request (another
method, a JSON or YAML body, an `Authorization` header) needs a preflight, which no route answers.
So, before any route runs, an unsafe request (POST, PUT, PATCH, DELETE) to the API is refused

- with 415 `unsupported_media_type` when its body is one of those three simple types (the routes
  take JSON or YAML, or no body at all), and
- with 403 `cross_site_request` when the browser says it comes from another origin: a
  `Sec-Fetch-Site` other than `same-origin` or `none`, or an `Origin` that is not the address the
  request was sent to (`null` included). This covers the body-less POST (`.../restore`) that a
  page could send with `fetch(..., {mode: "no-cors"})`. Clients outside a browser (the CLI, curl)
  send neither header.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

from vance_ui.api.errors import error_response, is_api_path

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
#: the body types a form or a `no-cors` fetch of another site can send without a preflight
SIMPLE_TYPES = frozenset({"text/plain", "application/x-www-form-urlencoded", "multipart/form-data"})
SAME_SITE_FETCHES = frozenset({"same-origin", "none"})


def media_type(content_type: str) -> str:
    return content_type.split(";", 1)[0].strip().lower()


def _cross_origin(headers: dict[bytes, bytes]) -> bool:
    fetch_site = headers.get(b"sec-fetch-site")
    if fetch_site is not None and fetch_site.decode("latin-1").strip().lower() not in SAME_SITE_FETCHES:
        return True
    origin = headers.get(b"origin")
    if origin is None:
        return False
    host = headers.get(b"host", b"").decode("latin-1").strip().lower()
    return urlsplit(origin.decode("latin-1").strip().lower()).netloc != host or not host


class CrossSiteGuard:
    """Plain ASGI, before routing (see the module's docstring); other requests pass untouched."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in UNSAFE_METHODS or not is_api_path(scope["path"]):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        refusal = None
        if media_type(headers.get(b"content-type", b"").decode("latin-1")) in SIMPLE_TYPES:
            refusal = error_response(415, "unsupported_media_type",
                                     "send JSON (or, for a wizard's source, YAML): plain text and form bodies "
                                     "are refused, as another site's page could send them")
        elif _cross_origin(headers):
            refusal = error_response(403, "cross_site_request",
                                     "a page of another site may not change anything here")
        if refusal is None:
            await self.app(scope, receive, send)
        else:
            await refusal(scope, receive, send)
