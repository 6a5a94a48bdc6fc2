"""Every failure as JSON `{error, message[, errors]}`: never an HTML page, never a traceback."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from vance_ui.api.auth import TenantNotFound, Unauthorized
from vance_ui.api.disconnect import ClientGone
from vance_ui.documents.store import InvalidDocumentPath, StoreUnavailable
from vance_ui.llm.client import LlmError
from vance_ui.service import ChatNotFound, FormInvalid, RenderFailed, WizardNotFound
from vance_ui.wizards.templates.problems import RendererBusy

log = logging.getLogger("vance_ui.api")

LLM_STATUS = {"not_configured": 503, "rate_limit": 429, "timeout": 504}


def safe_text(value: Any, limit: int = 2000) -> str:
    """Error text that is always encodable: unpaired surrogates become `\\udxxx`, length bounded."""
    return str(value)[:limit].encode("utf-8", "backslashreplace").decode("utf-8")


def error_response(status: int, code: str, message: str, errors: list[dict[str, Any]] | None = None,
                   headers: dict[str, str] | None = None, extra: dict[str, Any] | None = None) -> JSONResponse:
    """`{"error", "message"}` (+ `errors`, + what `extra` adds, every text cleaned and cut)."""
    body: dict[str, Any] = {"error": code, "message": safe_text(message)}
    for key, value in (extra or {}).items():
        body[key] = _safe_value(value)
    if errors is not None:
        body["errors"] = [{key: _safe_value(value) for key, value in error.items()} for error in errors]
    return JSONResponse(body, status_code=status, headers=headers)


def _safe_value(value: Any) -> Any:
    """A page or a bound stays a number; text is cut and cleaned; parameters item by item."""
    if isinstance(value, int):
        return value
    if isinstance(value, dict):
        return {key: _safe_value(item) for key, item in value.items()}
    return safe_text(value, 300)


def _loc(loc: tuple[Any, ...]) -> str:
    parts = [p for p in loc if p not in ("body",)]
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return safe_text(text or "body", 200)


#: pydantic error types that keep their own name in `errors[].error`; everything else is `invalid_type`
_OWN_CODES = {"too_deep": "too_deep", "too_large": "too_large", "invalid_number": "invalid_number",
              "invalid_text": "invalid_text", "json_invalid": "invalid_json", "recursion_loop": "too_deep"}


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(Unauthorized)
    async def _unauthorized(_: Request, exc: Unauthorized) -> JSONResponse:
        return error_response(401, "unauthorized", str(exc), headers={"WWW-Authenticate": "Bearer"})

    @app.exception_handler(TenantNotFound)
    async def _no_tenant(_: Request, exc: TenantNotFound) -> JSONResponse:
        return error_response(404, "tenant_not_found", str(exc))

    @app.exception_handler(WizardNotFound)
    async def _not_found(_: Request, exc: WizardNotFound) -> JSONResponse:
        return error_response(404, "wizard_not_found", str(exc))

    @app.exception_handler(ChatNotFound)
    async def _no_chat(_: Request, exc: ChatNotFound) -> JSONResponse:
        return error_response(404, "chat_not_found", str(exc))

    @app.exception_handler(FormInvalid)
    async def _invalid(_: Request, exc: FormInvalid) -> JSONResponse:
        return error_response(400, "validation_failed", str(exc), [e.as_dict(exc.lang) for e in exc.errors],
                              headers={"Content-Language": exc.lang})

    @app.exception_handler(InvalidDocumentPath)
    async def _bad_path(_: Request, exc: InvalidDocumentPath) -> JSONResponse:
        return error_response(400, "invalid_name", str(exc))

    @app.exception_handler(RenderFailed)
    async def _render_failed(_: Request, exc: RenderFailed) -> JSONResponse:
        if isinstance(exc.problem, RendererBusy):
            return error_response(503, "renderer_busy", str(exc.problem))
        headers = {"Content-Language": exc.lang} if exc.lang is not None else None
        return error_response(422, f"template_{exc.problem.kind}", str(exc), headers=headers)

    @app.exception_handler(ClientGone)
    async def _gone(_: Request, exc: ClientGone) -> JSONResponse:  # nobody reads it; logged as 499, as nginx does
        return error_response(499, "client_closed_request", "the client closed the connection")

    @app.exception_handler(RendererBusy)
    async def _busy(_: Request, exc: RendererBusy) -> JSONResponse:
        return error_response(503, "renderer_busy", str(exc))

    @app.exception_handler(StoreUnavailable)
    async def _store_down(_: Request, exc: StoreUnavailable) -> JSONResponse:
        return error_response(503, "store_unavailable", str(exc), headers={"Retry-After": "2"})

    @app.exception_handler(LlmError)
    async def _llm(_: Request, exc: LlmError) -> JSONResponse:
        return error_response(LLM_STATUS.get(exc.kind, 502), f"model_{exc.kind}", exc.message)

    @app.exception_handler(RequestValidationError)
    async def _request_invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [
            {"field": _loc(tuple(e.get("loc", ()))[:20]), "error": _OWN_CODES.get(str(e.get("type")), "invalid_type"),
             "message": str(e.get("msg", ""))}
            for e in exc.errors()[:50]
        ]
        return error_response(400, "invalid_request", _what_is_invalid(exc.errors()), errors)


_PLACES = {"query": "query parameter", "path": "path parameter", "header": "header", "cookie": "cookie"}


def _what_is_invalid(errors: Sequence[Any]) -> str:
    """The body, or the first parameter that is not valid, and why (`query parameter days: ...`)."""
    first = errors[0] if errors and isinstance(errors[0], dict) else {}
    loc = tuple(first.get("loc", ()))
    if loc and loc[0] in _PLACES:
        name = ".".join(str(part) for part in loc[1:3])
        return safe_text(f"the {_PLACES[loc[0]]} {name} is not valid: {first.get('msg', '')}", 300)
    return "the request body is not valid"


def is_api_path(path: str) -> bool:
    return path.startswith("/brain/") or path == "/brain"


_HTTP_CODES = {400: ("invalid_request", "the request is not valid"), 404: ("not_found", "not found"),
               405: ("method_not_allowed", "method not allowed"),
               413: ("payload_too_large", "request body too large")}


def _body_problem(exc: Exception) -> tuple[str, str] | None:
    """FastAPI turns every body-parsing failure but a JSON syntax error into one bare 400; say which."""
    cause = exc.__cause__
    if cause is None:
        return None
    if isinstance(cause, RecursionError):
        return "too_deep", "the JSON body is nested too deeply"
    if isinstance(cause, UnicodeDecodeError):
        return "invalid_json", f"the request body is not UTF-8 text (invalid byte at offset {cause.start})"
    if isinstance(cause, ValueError) and "digits" in str(cause):
        return "too_large", "a number in the JSON body has too many digits"
    return "invalid_json", "the request body is not valid JSON"


def install_http_error_json(app: FastAPI) -> None:
    """400/404/405/413 on API paths answer JSON; other paths keep the app's own pages."""
    for status in _HTTP_CODES:
        previous = app.exception_handlers.get(status) or app.exception_handlers.get(StarletteHTTPException)

        async def handler(request: Request, exc: Exception, _previous: Any = previous, _status: int = status) -> Any:
            if not is_api_path(request.url.path) and _previous is not None:
                return await _previous(request, exc)
            code, fallback = _HTTP_CODES[_status]
            if _status == 400 and isinstance(exc.__cause__, _TooLarge):
                limit = exc.__cause__.limit
                return error_response(413, "payload_too_large", f"request body is larger than {limit} bytes")
            problem = _body_problem(exc) if _status == 400 else None
            if problem is not None:
                kind, message = problem
                return error_response(400, code, message, [{"field": "body", "error": kind, "message": message}])
            detail = getattr(exc, "detail", None) or fallback
            return error_response(_status, code, str(detail), headers=getattr(exc, "headers", None))

        app.add_exception_handler(status, handler)


class BodySizeLimit:
    """Refuse request bodies over `limit` bytes with 413 before they are read into memory."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(scope, receive, send)
            return
        received = 0

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise _TooLarge(self.limit)
            return message

        try:
            await self.app(scope, limited_receive, send)
        except _TooLarge:
            await self._refuse(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = error_response(413, "payload_too_large", f"request body is larger than {self.limit} bytes")
        await response(scope, receive, send)


class _TooLarge(Exception):
    """Raised from `receive` once a streamed body passes the limit (no content-length to refuse early)."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"request body is larger than {limit} bytes")
        self.limit = limit
