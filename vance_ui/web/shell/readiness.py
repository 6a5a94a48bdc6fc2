"""No new browsers for an instance that is not ready.

A `ReadinessMonitor` runs the checks of `/readyz` (the store answers a read, a render worker
renders) once a second in the background; while the last run failed, `ReadinessGate` answers the
page routes (GET and HEAD of `/`, `/login`, `/editor`) with 503 and a short notice that reloads
itself, instead of building a page. Everything else passes: an open page keeps its socket and
its assets, the API answers as it always does, `/healthz` and `/readyz` answer for themselves.

Open-source nginx has no active health checks. With `proxy_next_upstream ... http_503` it sends
such a page request on to the next instance, so the browser gets that instance's page, and leaves
this instance out for `fail_timeout` (docs/hosting.md has the configuration, tests/hosting what
is tested). Without a proxy (or with every instance not ready) the browser shows the notice and
tries again by itself. Until the first check has run, pages are served: the process binds its
port only after start-up, and start-up fails when the store cannot be reached.
"""

from __future__ import annotations

import asyncio
import html
import logging

from starlette.datastructures import Headers
from starlette.responses import HTMLResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from vance_ui.service import WizardService
from vance_ui.web.shell.i18n import Texts, pick_language

log = logging.getLogger("vance_ui.web")

INTERVAL_S = 1.0
CHECK_TIMEOUT_S = 10.0  # a check that hangs (a store that stopped answering) counts as failed; not sooner:
# under heavy load the checks take seconds, and a busy instance is no unready one (make load-pg)
RETRY_AFTER_S = 2


class ReadinessMonitor:
    def __init__(self, service: WizardService) -> None:
        self.service = service
        self.problems: dict[str, str] = {}

    @property
    def ready(self) -> bool:
        return not self.problems

    async def check(self) -> None:
        try:
            problems = await asyncio.wait_for(self.service.readiness(), CHECK_TIMEOUT_S)
        except TimeoutError:
            problems = {"timeout": f"the readiness checks took longer than {CHECK_TIMEOUT_S:.0f} s"}
        if problems and not self.problems:
            log.warning("not ready (%s): pages answer 503 until it is", ", ".join(sorted(problems)))
        elif self.problems and not problems:
            log.warning("ready again: pages are served")
        self.problems = problems

    async def run(self) -> None:
        """Until cancelled (NiceGUI cancels its background tasks at shutdown)."""
        while True:
            await self.check()
            await asyncio.sleep(INTERVAL_S)


def notice(lang: str) -> str:
    t = Texts(lang)
    return (f'<!doctype html><html lang="{t.lang}"><head><meta charset="utf-8">'
            f'<meta http-equiv="refresh" content="{RETRY_AFTER_S}">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{html.escape(t("not_ready_title"))} · {html.escape(t("app_name"))}</title></head>'
            f'<body><main><h1>{html.escape(t("not_ready_title"))}</h1>'
            f'<p role="status">{html.escape(t("not_ready_text"))}</p></main></body></html>')


class ReadinessGate:
    """ASGI middleware: the page routes answer 503 while `monitor` is not ready."""

    def __init__(self, app: ASGIApp, monitor: ReadinessMonitor, pages: frozenset[str]) -> None:
        self.app, self.monitor, self.pages = app, monitor, pages

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (scope["type"] == "http" and not self.monitor.ready and scope["path"] in self.pages
                and scope["method"] in ("GET", "HEAD")):
            lang = pick_language(Headers(scope=scope).get("accept-language", "").split(",")[0].split(";")[0])
            response = HTMLResponse(notice(lang), status_code=503,
                                    headers={"Retry-After": str(RETRY_AFTER_S), "Cache-Control": "no-store"})
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)
