"""The hosting layout of docs/hosting.md on one machine, for tests and `make load-pg`: two instances
("machines" A and B), each the web app (`vance serve`) and the REST API (`vance api`), on one
PostgreSQL database, behind Debian's nginx with the documented configuration (tests/support/nginx.py),
loopback only, one storage secret everywhere; multi-user mode with the accounts in the database
unless the caller says otherwise.

An instance can be killed (SIGKILL to its whole process group, like a machine that goes away),
stopped gracefully (SIGTERM to each server process, like `systemctl stop` or `kill`) and started
again on the same ports (a rolling upgrade)."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from tests.support.app_server import AppServer, free_port, start_app
from tests.support.db_link import DbLink
from tests.support.nginx import Nginx, Served, start_nginx

SECRET = "hosting-test-storage-secret-0123456789abcdef"
ROUTE_COOKIE = "vance_route"  # docs/nginx.conf.template: the routing key nginx hands a browser
FAIL_TIMEOUT_S = 10  # docs/nginx.conf.template: how long nginx leaves a failed instance out
SERVE = (sys.executable, "-m", "vance_ui.cli.main", "serve", "--port", "{port}")


def api_command(workers: int) -> tuple[str, ...]:
    return (sys.executable, "-m", "vance_ui.cli.main", "api", "--port", "{port}", "--workers", str(workers))


@dataclass
class Instance:
    name: str
    root: Path
    env: dict[str, str]
    api_workers: int = 1
    link: DbLink | None = None  # its own link to the database, which a test can cut
    page_port: int = field(default_factory=free_port)
    api_port: int = field(default_factory=free_port)
    app: AppServer | None = None
    api: AppServer | None = None

    @property
    def page_address(self) -> str:
        return f"127.0.0.1:{self.page_port}"

    @property
    def api_address(self) -> str:
        return f"127.0.0.1:{self.api_port}"

    @property
    def base_url(self) -> str:
        return f"http://{self.page_address}"

    def start(self, timeout: float = 60.0) -> None:
        """Both servers, each returning once it answers /healthz."""
        data = self.root / "data"
        # NiceGUI's own per-process files (app.storage.user) in the instance's dir, as on a machine of its own
        env = {**self.env, "NICEGUI_STORAGE_PATH": str(self.root / "nicegui")}
        if self.link is not None:
            env["VANCE_DATABASE_URL"] = self.link.url
        self.app = start_app(data, env, timeout, SERVE, self.page_port, own_group=True)
        self.api = start_app(data, env, timeout, api_command(self.api_workers), self.api_port, own_group=True)

    def wait_ready(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                if httpx.get(f"{self.base_url}/readyz", timeout=5).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"instance {self.name} not ready within {timeout} s:\n{self.log()[-3000:]}")
            time.sleep(0.1)

    def servers(self) -> list[AppServer]:
        return [server for server in (self.app, self.api) if server is not None]

    def kill(self) -> None:
        """SIGKILL to every process of both servers at once (render and API workers included)."""
        for server in self.servers():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(server.process.pid, signal.SIGKILL)
        for server in self.servers():
            server.process.wait(timeout=10)
        self.app = self.api = None

    def terminate(self, timeout: float = 30.0) -> None:
        """SIGTERM to each server process, then wait until they have exited (a graceful stop)."""
        servers = self.servers()
        for server in servers:
            server.process.send_signal(signal.SIGTERM)
        for server in servers:
            server.process.wait(timeout=timeout)
        self.app = self.api = None

    def log(self) -> str:
        return "".join(path.read_text(errors="replace") for path in sorted(self.root.glob("app-*.log")))

    def stop(self) -> None:
        for server in self.servers():
            server.stop()
            with contextlib.suppress(ProcessLookupError):  # what the server left behind (a worker of a killed parent)
                os.killpg(server.process.pid, signal.SIGKILL)
        self.app = self.api = None


@dataclass
class Site:
    """The two instances behind nginx; `url` is what a browser opens."""

    nginx: Nginx
    instances: list[Instance]
    database_url: str

    @property
    def url(self) -> str:
        return self.nginx.base_url

    def by_address(self, address: str) -> Instance:
        return next(i for i in self.instances if address in (i.page_address, i.api_address))

    def other(self, instance: Instance) -> Instance:
        return next(i for i in self.instances if i is not instance)

    def served(self) -> list[Served]:
        return self.nginx.access_log()

    def load(self, marker: str, route: str | None = None) -> tuple[httpx.Response, Served]:
        """A page load (the login page, `?r=marker` to find it in the log) by a browser whose routing
        cookie is `route` (None: a new browser); the answer and nginx's log line for it."""
        response = httpx.get(f"{self.url}/login?r={marker}", cookies={ROUTE_COOKIE: route} if route else {},
                             timeout=30)
        request = f"GET /login?r={marker} "

        def logged() -> list[Served]:
            return [s for s in self.served() if s.request.startswith(request)]

        eventually(lambda: bool(logged()), "nginx did not log the request", 5)  # written once the answer is sent
        return response, logged()[-1]

    def wait_routed(self, instance: Instance) -> None:
        """Until nginx sends browsers to `instance` again: an instance it saw fail stays out for up to
        its fail_timeout after it is ready (the wait an operator's rolling restart needs too)."""
        probes = iter(range(1_000_000))

        def routed() -> bool:
            response, served = self.load(f"routed-{instance.name}-{next(probes)}")
            return response.status_code == 200 and self.by_address(served.upstream) is instance

        eventually(routed, f"nginx sends no browser to {instance.name}", FAIL_TIMEOUT_S * 3)

    def log(self) -> str:
        return "\n".join(f"--- {i.name} ---\n{i.log()[-6000:]}" for i in self.instances) + \
            f"\n--- nginx ---\n{self.nginx.error_log()[-3000:]}"

    def ensure_up(self) -> None:
        """Start what is not running, and wait until every instance answers /readyz with 200 and nginx
        routes browsers to it."""
        for instance in self.instances:
            if instance.app is None:
                instance.start()
        for instance in self.instances:
            instance.wait_ready()
        for instance in self.instances:  # and nginx sends browsers to each again (see `wait_routed`)
            self.wait_routed(instance)

    def stop(self) -> None:
        self.nginx.stop()
        for instance in self.instances:
            instance.stop()
            if instance.link is not None:
                instance.link.close()


def eventually(check: Callable[[], bool], what: str, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.1)


MULTI_USER = {"VANCE_MULTI_USER": "1", "VANCE_TENANT": "acme"}  # accounts in the database


def start_site(root: Path, database_url: str, env: Mapping[str, str] = MULTI_USER, api_workers: int = 1,
               links: bool = False) -> Site:
    """`links`: each instance reaches the database through a `DbLink` of its own (`Instance.link`)."""
    shared = {"VANCE_DATABASE_URL": database_url, "VANCE_STORAGE_SECRET": SECRET, **env}
    instances = [Instance(name, root / name, shared, api_workers, DbLink(database_url) if links else None)
                 for name in ("A", "B")]
    started: list[Instance] = []
    try:
        for instance in instances:
            instance.start()
            started.append(instance)
        nginx = start_nginx(root / "nginx", [i.page_address for i in instances], [i.api_address for i in instances])
    except BaseException:
        for instance in started:
            instance.stop()
        for instance in instances:
            if instance.link is not None:
                instance.link.close()
        raise
    return Site(nginx, instances, database_url)
