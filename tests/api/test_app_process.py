"""The API served by the real app process (NiceGUI and all): API clients get no browser state.

Before `vance_ui/web/nicegui_compat/fast_paths.py`, every cookie-less API request got a new browser id in a
`Set-Cookie` and a user storage that stayed in the server's memory for good.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest

from tests.support.api_errors import assert_error
from tests.support.app_server import AppServer, start_app

pytestmark = pytest.mark.slow  # app.py as a process

RENDER = "/brain/default/wizards/gremium/render"
MEMBERS = {"outputName": "council", "purpose": "pricing", "members": [{"name": "Ada", "description": "CTO"},
                                                                   {"name": "Bo", "description": "Sales"}]}


@pytest.fixture(scope="module")
def app_process(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    server = start_app(tmp_path_factory.mktemp("app-process") / "data")
    yield server
    server.stop()


def test_api_answers_carry_no_session_cookie(app_process: AppServer) -> None:
    with httpx.Client(base_url=app_process.base_url, timeout=30) as client:
        answers = [client.get("/brain/default/wizards"), client.get("/brain/default/wizards/essay-recipe"),
                   client.post(RENDER, json={"values": MEMBERS}), client.get("/healthz"),
                   client.get("/brain/default/wizards/no-such")]
        assert [a.status_code for a in answers] == [200, 200, 200, 200, 404]
        assert_error(answers[-1], 404, "wizard_not_found")
        assert all("set-cookie" not in a.headers for a in answers)
        assert not client.cookies  # nothing to carry from one API call to the next


def test_every_middleware_it_keeps_off_the_api_was_found(app_process: AppServer) -> None:
    """`install_fast_paths` warns when NiceGUI's `ui.run` no longer adds what it rewrites."""
    httpx.get(app_process.base_url + "/healthz", timeout=30)
    assert "middlewares changed" not in app_process.log()


def test_pages_still_get_their_signed_browser_session(app_process: AppServer) -> None:
    page = httpx.get(app_process.base_url + "/", timeout=30)
    assert page.status_code == 200
    assert page.headers["set-cookie"].startswith("session=")
    assert "httponly" in page.headers["set-cookie"].lower()


def test_versioned_static_files_may_be_cached_for_a_year(app_process: AppServer) -> None:
    page = httpx.get(app_process.base_url + "/", timeout=30)
    scripts = re.findall(r'src="(/_nicegui/[^"]+/static/[^"]+\.js)"', page.text)
    assert scripts, "the page loads NiceGUI's versioned scripts"
    script = httpx.get(app_process.base_url + scripts[0], timeout=30)
    assert script.status_code == 200 and "set-cookie" not in script.headers
    assert "max-age=31536000" in script.headers["cache-control"]
    assert "immutable" in script.headers["cache-control"]


def test_a_big_body_is_still_refused_with_413(app_process: AppServer) -> None:
    huge = b'{"values": {"outputName": "' + b"x" * 2_000_000 + b'"}}'
    answer = httpx.post(app_process.base_url + RENDER, content=huge, timeout=30,
                        headers={"content-type": "application/json"})
    assert_error(answer, 413, "payload_too_large")


def test_the_listing_is_compressed_once(app_process: AppServer) -> None:
    answer = httpx.get(app_process.base_url + "/brain/default/wizards", headers={"accept-encoding": "gzip"})
    assert answer.headers["content-encoding"] == "gzip"  # ours; NiceGUI's GZip middleware leaves it alone
    assert {w["name"] for w in answer.json()["wizards"]} >= {"gremium", "essay-recipe"}


def test_ready_once_the_store_answers_and_a_render_worker_renders(app_process: AppServer) -> None:
    """A proxy sends browsers only to an instance that answers /readyz 200; /healthz stays liveness."""
    with httpx.Client(base_url=app_process.base_url, timeout=30) as client:
        ready = client.get("/readyz")
        assert (ready.status_code, ready.json()) == (200, {"status": "ready"})
        assert "set-cookie" not in ready.headers
        assert "/readyz" in client.get("/openapi.json").json()["paths"]
