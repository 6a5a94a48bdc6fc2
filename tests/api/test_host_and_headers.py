"""Host check, security headers and plain 404s on the real processes (app.py and `vance api`).

One app process for the module, configured as a hosted install would be (VANCE_ALLOWED_HOSTS).
The unknown paths are requested as soon as it is up; the last test waits until 32 s after that
(three runs of NiceGUI's 10 s storage prune) and reads the log: NiceGUI's own 404 page for a path
without a session used to make every prune log a traceback for about a minute.
"""

from __future__ import annotations

import re
import socket
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass

import httpx
import pytest
from nicegui.version import __version__ as nicegui_version

from tests.support.api_errors import assert_error
from tests.support.app_server import AppServer, start_app
from tests.support.paths import REPO

pytestmark = pytest.mark.slow  # an app process for the module, and its log watched for 32 s

HOSTED = "vance.example.com,*.corp.example"
LIST = "/brain/default/wizards"
WATCH_SECONDS = 32.0
JSON_404 = ["/healthzz", "/docs", "/redoc", "/brain/nope", "/brain/default/nope", "/brain"]
HTML_404 = ["/nope", "/login", "/wizards/x"]
SECURITY = {"content-security-policy": "frame-ancestors 'none'", "x-frame-options": "DENY",
            "x-content-type-options": "nosniff", "referrer-policy": "same-origin"}


@dataclass
class Unknown:
    answers: dict[str, httpx.Response]
    asked_at: float


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    server = start_app(tmp_path_factory.mktemp("hardening") / "data", {"VANCE_ALLOWED_HOSTS": HOSTED})
    yield server
    server.stop()


@pytest.fixture(scope="module")
def unknown(app: AppServer) -> Unknown:
    with httpx.Client(base_url=app.base_url, timeout=30) as client:
        answers = {path: client.get(path) for path in [*JSON_404, *HTML_404]}
        answers["static"] = client.get(f"/_nicegui/{nicegui_version}/static/no-such.js")
    return Unknown(answers, time.monotonic())


def get(app: AppServer, path: str, host: str | None = None) -> httpx.Response:
    return httpx.get(app.base_url + path, headers={"Host": host} if host else None, timeout=30)


def upgrade_status(app: AppServer, host: str) -> int:
    """The status of a socket.io WebSocket handshake sent with this `Host`."""
    url = httpx.URL(app.base_url)
    assert url.host and url.port
    with socket.create_connection((url.host, url.port), timeout=10) as sock:
        sock.sendall(("GET /_nicegui_ws/socket.io/?EIO=4&transport=websocket HTTP/1.1\r\n"
                      f"Host: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        status_line = sock.recv(4096).split(b"\r\n", 1)[0]
    return int(status_line.split()[1])


def test_unknown_paths_answer_a_plain_404(unknown: Unknown) -> None:
    for path in JSON_404:
        assert_error(unknown.answers[path], 404, "not_found")
    for path in [*HTML_404, "static"]:
        answer = unknown.answers[path]
        assert answer.status_code == 404, path
        assert "nicegui" not in answer.text.lower() and len(answer.text) < 1000, path  # not NiceGUI's page


def test_a_dns_rebinding_host_gets_neither_the_page_nor_the_api(app: AppServer) -> None:
    page = get(app, "/", "attacker.example:8080")
    assert page.status_code == 400 and "set-cookie" not in page.headers
    assert "VANCE_ALLOWED_HOSTS" in page.text and "<html" not in page.text
    api = get(app, LIST, "attacker.example:8080")
    assert "VANCE_ALLOWED_HOSTS" in assert_error(api, 400, "invalid_host")["message"]
    for path in ("/healthz", "/openapi.json"):
        assert_error(get(app, path, "attacker.example"), 400, "invalid_host")
    assert get(app, f"/_nicegui/{nicegui_version}/static/nicegui.js", "attacker.example").status_code == 400
    polling = get(app, "/_nicegui_ws/socket.io/?EIO=4&transport=polling", "attacker.example")
    assert polling.status_code == 400
    assert get(app, "/", "vance.example.com.attacker.example").status_code == 400
    assert get(app, "/", "corp.example").status_code == 400


def test_loopback_names_and_configured_hosts_are_answered(app: AppServer) -> None:
    port = httpx.URL(app.base_url).port
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", "LOCALHOST", "vance.example.com",
                 "vance.example.com:443", "team.corp.example"):
        page = get(app, "/", host)
        assert page.status_code == 200 and "set-cookie" in page.headers, host
        assert get(app, LIST, host).status_code == 200, host


def test_socketio_websockets_for_a_foreign_host_are_refused(app: AppServer) -> None:
    assert upgrade_status(app, "attacker.example") == 403
    assert upgrade_status(app, "127.0.0.1") == 101
    assert upgrade_status(app, "vance.example.com") == 101


def test_every_kind_of_answer_carries_the_security_headers(app: AppServer, unknown: Unknown) -> None:
    page = get(app, "/")
    scripts = re.findall(r'src="(/_nicegui/[^"]+/static/[^"]+\.js)"', page.text)
    answers = {"/": page, "/?wizard=gremium": get(app, "/?wizard=gremium"), LIST: get(app, LIST),
               "/healthz": get(app, "/healthz"), "script": get(app, scripts[0]),
               "/assets/vance.js": get(app, "/assets/vance.js"), "/nope": unknown.answers["/nope"],
               "/brain/nope": unknown.answers["/brain/nope"], "refused": get(app, "/", "attacker.example")}
    for name, answer in answers.items():
        assert answer.status_code in (200, 400, 404), name
        for header, value in SECURITY.items():
            assert answer.headers.get_list(header) == [value], (name, header)


def test_the_documented_api_urls_answer(app: AppServer) -> None:
    """Every `http://127.0.0.1:8080/...` link in the README answers on the web app."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"<http://127\.0\.0\.1:8080(/[^>]*)>", readme)
    assert "/openapi.json" in links
    for path in links:
        assert get(app, path).status_code == 200, path
    schema = get(app, "/openapi.json").json()
    assert schema["info"]["title"] == "Vance Prompt Wizards API"
    assert set(schema["paths"]) == {"/brain/{tenant}/wizards", "/brain/{tenant}/wizards/{name}", "/healthz", "/readyz",
                                    "/brain/{tenant}/wizards/{name}/render", "/brain/{tenant}/wizards/{name}/state",
                                    "/brain/{tenant}/wizards/{name}/validate",
                                    "/brain/{tenant}/wizards/{name}/prefill",  # Fill from chat (issue 31)
                                    # the write API (issue 16)
                                    "/brain/{tenant}/wizards/{name}/source",
                                    "/brain/{tenant}/wizards/{name}/source/check",
                                    "/brain/{tenant}/wizards/{name}/history",
                                    "/brain/{tenant}/wizards/{name}/history/{entry}",
                                    "/brain/{tenant}/wizards/{name}/history/{entry}/restore",
                                    # usage insights (issue 32)
                                    "/brain/{tenant}/wizards/{name}/stats", "/brain/{tenant}/stats/wizards"}


def test_vance_api_checks_hosts_and_serves_its_docs(tmp_path_factory: pytest.TempPathFactory) -> None:
    api = start_app(tmp_path_factory.mktemp("api") / "data", timeout=60,
                    command=(sys.executable, "-m", "vance_ui.cli.main", "api", "--host", "127.0.0.1",
                             "--port", "{port}", "--workers", "1"))
    try:
        refused = get(api, LIST, "attacker.example")
        assert_error(refused, 400, "invalid_host")
        assert_error(get(api, "/", "attacker.example"), 400, "invalid_host")  # no pages: JSON everywhere
        docs = get(api, "/docs", "localhost")
        assert docs.status_code == 200 and "swagger-ui" in docs.text
        assert get(api, "/openapi.json").json()["info"]["title"] == "Vance Prompt Wizards API"
        for answer in (refused, docs, get(api, LIST)):
            assert {h: answer.headers.get(h) for h in SECURITY} == SECURITY
    finally:
        api.stop()


def test_no_traceback_or_error_in_the_log_after_unknown_paths(app: AppServer, unknown: Unknown) -> None:
    """Last in the module: the other tests ran in the meantime, on the same process."""
    time.sleep(max(0.0, unknown.asked_at + WATCH_SECONDS - time.monotonic()))
    assert app.process.poll() is None
    log = app.log()
    assert "Traceback" not in log and " ERROR " not in log, log[-3000:]
    assert "not found" not in log, log[-3000:]  # NiceGUI's 404 page (it logs a warning) was not built
