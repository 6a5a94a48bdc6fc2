"""Debian's nginx in front of the app for tests (and `make load-pg`): the site configuration of
docs/hosting.md, generated from `docs/nginx.conf.template` (the one template both use), inside a
minimal main configuration of the test's own, listening on loopback only.

Template lines naming `@PAGE_SERVER@` or `@API_SERVER@` are repeated once per server; the other
placeholders are replaced where they stand. The access log (`vance_upstream` format) names the
instance(s) each request went to, which is how tests see who served what.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

from tests.support.app_server import free_port
from tests.support.paths import REPO

TEMPLATE = REPO / "docs" / "nginx.conf.template"
NGINX = "/usr/sbin/nginx"  # Debian's package (`make nginx`)

MAIN = """daemon off;
worker_processes 2;
{user}
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    client_body_temp_path {prefix}/tmp/body;
    proxy_temp_path {prefix}/tmp/proxy;
    fastcgi_temp_path {prefix}/tmp/fastcgi;
    uwsgi_temp_path {prefix}/tmp/uwsgi;
    scgi_temp_path {prefix}/tmp/scgi;
    include {prefix}/vance.conf;
}}
"""


class NginxMissing(RuntimeError):
    pass


def render(pages: list[str], apis: list[str], listen: str, server_name: str, access_log: str) -> str:
    """The site configuration for these page and API servers (`host:port` each)."""
    lines: list[str] = []
    for line in TEMPLATE.read_text().splitlines():
        if "@PAGE_SERVER@" in line:
            lines += [line.replace("@PAGE_SERVER@", server) for server in pages]
        elif "@API_SERVER@" in line:
            lines += [line.replace("@API_SERVER@", server) for server in apis]
        else:
            lines.append(line.replace("@LISTEN@", listen).replace("@SERVER_NAME@", server_name)
                         .replace("@ACCESS_LOG@", access_log))
    return "\n".join(lines) + "\n"


def documented() -> str:
    """The configuration as docs/hosting.md shows it: two machines, TLS on 443."""
    return render(["10.0.0.11:8080", "10.0.0.12:8080"], ["10.0.0.11:8081", "10.0.0.12:8081"], "443 ssl",
                  "vance.example.com", "/var/log/nginx/vance.log")


@dataclass(frozen=True)
class Served:
    """One access-log line: the request, its status, and the upstream(s) tried, the last one answered."""

    request: str
    status: int
    upstreams: tuple[str, ...]
    upstream_statuses: tuple[str, ...]

    @property
    def upstream(self) -> str:
        return self.upstreams[-1] if self.upstreams else ""


@dataclass
class Nginx:
    process: subprocess.Popen[bytes]
    prefix: Path
    port: int

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def access_log(self) -> list[Served]:
        """Every request so far, oldest first (nginx writes each line when the request ends)."""
        path = self.prefix / "access.log"
        served = []
        for line in (path.read_text().splitlines() if path.exists() else []):
            parts = line.split('"')
            # after the request: $status $upstream_addr $upstream_status $request_time (lists ", "-separated)
            tail = parts[2].replace(", ", ",").split() if len(parts) >= 3 else []
            if len(tail) < 3 or not tail[0].isdigit():
                continue
            tried = tuple(tail[1].split(",")) if tail[1] != "-" else ()
            served.append(Served(parts[1], int(tail[0]), tried, tuple(tail[2].split(","))))
        return served

    def error_log(self) -> str:
        path = self.prefix / "error.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()  # nginx: fast shutdown
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)


def start_nginx(prefix: Path, pages: list[str], apis: list[str], timeout: float = 15.0) -> Nginx:
    """nginx on a free loopback port in front of `pages` and `apis`; returns once it accepts."""
    if not Path(NGINX).exists() and shutil.which("nginx") is None:
        raise NginxMissing("nginx not found: install Debian's nginx (make test does: `make nginx`)")
    prefix.mkdir(parents=True, exist_ok=True)
    (prefix / "tmp").mkdir(exist_ok=True)
    port = free_port()
    (prefix / "vance.conf").write_text(render(pages, apis, f"127.0.0.1:{port}", "localhost",
                                              str(prefix / "access.log")))
    # workers as root when the tests run as root: the temp dirs are the test's own
    user = "user root;" if os.geteuid() == 0 else ""
    (prefix / "nginx.conf").write_text(MAIN.format(prefix=prefix, user=user))
    binary = NGINX if Path(NGINX).exists() else str(shutil.which("nginx"))
    check = subprocess.run([binary, "-t", "-p", str(prefix), "-c", str(prefix / "nginx.conf"),
                            "-e", str(prefix / "error.log")], capture_output=True, text=True, timeout=30)
    if check.returncode != 0:
        raise RuntimeError(f"nginx refused the configuration:\n{check.stderr}")
    process = subprocess.Popen([binary, "-p", str(prefix), "-c", str(prefix / "nginx.conf"),
                                "-e", str(prefix / "error.log")], stdout=subprocess.DEVNULL,
                               stderr=subprocess.STDOUT)
    nginx = Nginx(process, prefix, port)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"nginx exited with {process.returncode}:\n{nginx.error_log()}")
        try:
            httpx.get(f"{nginx.base_url}/healthz", timeout=1)
            return nginx
        except httpx.HTTPError:
            time.sleep(0.05)
    nginx.stop()
    raise RuntimeError(f"nginx did not accept within {timeout} s:\n{nginx.error_log()}")
