"""`vance api`: the REST API alone, in two worker processes, on the web app's data dir."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.support.api_errors import assert_error
from tests.support.app_server import AppServer, start_app
from tests.support.cli import VANCE, child_env
from tests.support.wizard_files import write_wizard

pytestmark = pytest.mark.slow  # `vance api` worker processes

BASE = "/brain/default/wizards"
GREMIUM = {"outputName": "rat", "purpose": "Strategie",
           "members": [{"name": "Ada", "description": "CTO"}, {"name": "Bo", "description": "CFO"}]}


@pytest.fixture(scope="module")
def workers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    data = tmp_path_factory.mktemp("api-workers") / "data"
    server = start_app(data, timeout=90,
                       command=(VANCE, "api", "--host", "127.0.0.1", "--port", "{port}", "--workers", "2"))
    yield server
    server.stop()


def fresh_get(server: AppServer, path: str) -> httpx.Response:
    """A new connection each time, so the requests spread over the workers."""
    with httpx.Client(base_url=server.base_url, timeout=10) as http:
        return http.get(path)


def test_the_workers_answer_the_api_as_the_web_app_does(workers: AppServer) -> None:
    with httpx.Client(base_url=workers.base_url, timeout=10) as http:
        assert "gremium" in {w["name"] for w in http.get(BASE).json()["wizards"]}
        rendered = http.post(f"{BASE}/gremium/render", json={"values": GREMIUM})
        assert rendered.status_code == 200 and "Ada" in rendered.json()["prompt"]
        invalid = http.post(f"{BASE}/gremium/render", json={"values": {"members": "nobody"}})
        assert_error(invalid, 400, "validation_failed")
        assert_error(http.get(f"{BASE}/no-such-wizard"), 404, "wizard_not_found")


def test_no_web_pages_only_json(workers: AppServer) -> None:
    page = fresh_get(workers, "/")  # not an API path: FastAPI's own `{"detail": "Not Found"}`
    assert page.status_code == 404 and page.headers["content-type"].startswith("application/json")


def test_every_worker_sees_a_wizard_the_app_writes_to_the_data_dir(workers: AppServer) -> None:
    write_wizard(workers.data_dir, "_vance", "fresh", "title: {en: Fresh}\ndescription: {en: new}\n"
                 "fields: []\npromptTemplate: 'fresh prompt'\n")
    deadline = time.monotonic() + 15
    seen_in_a_row = 0
    while seen_in_a_row < 12:  # a dozen new connections in a row, whichever worker takes each
        assert time.monotonic() < deadline, "a worker still lists no 'fresh' wizard"
        names = {w["name"] for w in fresh_get(workers, BASE).json()["wizards"]}
        seen_in_a_row = seen_in_a_row + 1 if "fresh" in names else 0
        if not seen_in_a_row:
            time.sleep(0.1)


def test_bad_worker_counts_and_exposed_single_user_apis_are_refused(tmp_path: Path) -> None:
    env = child_env(VANCE_DATA_DIR=str(tmp_path))
    zero = subprocess.run([VANCE, "api", "--workers", "0"], env=env, capture_output=True, text=True, timeout=60)
    assert zero.returncode == 1 and "--workers must be between 1 and 16" in zero.stderr
    exposed = subprocess.run([VANCE, "api", "--host", "0.0.0.0"], env=env, capture_output=True, text=True,
                             timeout=60)
    assert exposed.returncode == 1 and "refusing to start" in exposed.stderr and "VANCE_USERS_FILE" in exposed.stderr
