"""Mount the API on a FastAPI app (NiceGUI's own app, or a bare one in tests)."""

from __future__ import annotations

import logging

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse
from starlette.middleware import Middleware

from vance_ui.accounts.directory import UserDirectory
from vance_ui.api.cross_site import CrossSiteGuard
from vance_ui.api.errors import BodySizeLimit, error_response, install_error_handlers, install_http_error_json
from vance_ui.api.host_check import HostCheck
from vance_ui.api.routes import router
from vance_ui.api.security_headers import SecurityHeaders
from vance_ui.api.source_routes import install_source_errors
from vance_ui.api.source_routes import router as source_router
from vance_ui.api.stats_routes import install_stats
from vance_ui.host_names import WILDCARD_BINDS, allowed_hosts
from vance_ui.service import WizardService
from vance_ui.settings import Settings

API_TITLE = "Vance Prompt Wizards API"
log = logging.getLogger("vance_ui.api")


def mount_api(app: FastAPI, service: WizardService, users: UserDirectory | None = None) -> None:
    """`users` switches on multi-user mode: every /brain request then needs a Bearer token."""
    app.state.wizard_service = service
    app.state.user_directory = users
    install_error_handlers(app)
    install_http_error_json(app)
    install_source_errors(app)
    app.include_router(router)
    app.include_router(source_router)
    install_stats(app)
    app.add_middleware(BodySizeLimit, limit=service.settings.max_body_bytes)
    app.add_middleware(CrossSiteGuard)  # outside the size limit: a refused request is never read

    @app.get("/healthz", tags=["meta"])
    def healthz() -> dict[str, str]:
        """Liveness probe (and the HTTP floor the benchmark compares against)."""
        return {"status": "ok"}

    @app.get("/readyz", tags=["meta"], responses={503: {"description": "not ready: `checks` says why"}})
    async def readyz() -> JSONResponse:
        """Readiness probe (for a proxy or orchestrator): 503 until the document store answers and
        the render workers render; `/healthz` stays the liveness probe."""
        problems = await service.readiness()
        if problems:
            return error_response(503, "not_ready", "not ready: " + ", ".join(sorted(problems)),
                                  extra={"checks": problems})
        return JSONResponse({"status": "ready"})

    if app.openapi_url is None:  # NiceGUI's app serves no schema; the API it carries still has one
        _serve_schema(app)


def _serve_schema(app: FastAPI) -> None:
    """`/openapi.json` of the API routes only (not NiceGUI's pages, internals or static files)."""

    @app.get("/openapi.json", include_in_schema=False)
    def openapi() -> JSONResponse:
        if app.openapi_schema is None:
            schema = get_openapi(title=API_TITLE, version=app.version, routes=app.routes)
            schema["paths"] = {path: item for path, item in schema.get("paths", {}).items()
                               if path.startswith(("/brain/", "/healthz", "/readyz"))}
            app.openapi_schema = schema
        return JSONResponse(app.openapi_schema)


def install_guards(app: FastAPI, settings: Settings, json_everywhere: bool = False) -> None:
    """Host check and security headers as the outermost middlewares (call after every other one).

    Outermost, so a request for a foreign host gets no session cookie, storage or page at all.
    """
    hosts = allowed_hosts(settings.host, settings.allowed_hosts)
    if settings.host.strip().lower() in WILDCARD_BINDS and not settings.allowed_hosts:
        log.warning("VANCE_HOST=%s, but VANCE_ALLOWED_HOSTS is empty: only requests for %s are answered; "
                    "set VANCE_ALLOWED_HOSTS to the name(s) users reach the app by", settings.host, ", ".join(hosts))
    app.user_middleware[0:0] = [Middleware(SecurityHeaders),
                                Middleware(HostCheck, allowed=hosts, json_everywhere=json_everywhere)]
    app.middleware_stack = None
