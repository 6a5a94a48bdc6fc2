"""An instance that is not ready answers page loads with 503 and a notice in the browser's language
(what nginx retries on the other instance: docs/hosting.md); everything else passes through, and
pages are served again once the checks pass."""

from __future__ import annotations

import asyncio

import httpx
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse

from vance_ui.web.shell.readiness import ReadinessGate, ReadinessMonitor


class Service:
    """The part of WizardService the monitor uses: what /readyz checks."""

    def __init__(self) -> None:
        self.problems: dict[str, str] = {}

    async def readiness(self) -> dict[str, str]:
        return dict(self.problems)


async def ok(_: Request) -> PlainTextResponse:
    return PlainTextResponse("served")


def gated(monitor: ReadinessMonitor) -> httpx.AsyncClient:
    app = Starlette()
    for path in ("/", "/login", "/readyz", "/brain/default/wizards", "/_nicegui/x.js"):
        app.add_route(path, ok, methods=["GET", "HEAD", "POST"])
    app.add_middleware(ReadinessGate, monitor=monitor, pages=frozenset({"/", "/login"}))
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test")


def test_page_loads_answer_503_while_the_checks_fail_and_nothing_else_does() -> None:
    service = Service()
    monitor = ReadinessMonitor(service)  # type: ignore[arg-type]

    async def scenario() -> None:
        async with gated(monitor) as client:
            await monitor.check()
            assert (await client.get("/")).text == "served"
            service.problems = {"store": "cannot reach PostgreSQL"}
            await monitor.check()
            page = await client.get("/login", headers={"accept-language": "de-DE,de;q=0.9"})
            assert page.status_code == 503 and page.headers["retry-after"] == "2"
            assert "Vorübergehend nicht verfügbar" in page.text and '<html lang="de">' in page.text
            english = await client.get("/")
            assert english.status_code == 503 and "Temporarily unavailable" in english.text
            assert (await client.head("/")).status_code == 503
            for path in ("/readyz", "/brain/default/wizards", "/_nicegui/x.js"):
                assert (await client.get(path)).text == "served", path
            assert (await client.post("/login")).text == "served"  # page loads only: nginx sends no POST elsewhere
            service.problems = {}
            await monitor.check()
            assert (await client.get("/")).text == "served"

    asyncio.run(scenario())
