"""One hostile request against a running app, measured as its other users notice it: how long the
attacker waited for the answer, how long `/healthz` took meanwhile, how much the app's RSS grew,
and how much CPU the app and its workers spent on it (unlike the wall time, that does not depend
on how busy the machine is)."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from tests.support.app_server import AppServer


def rss(pid: int) -> int:
    """The resident set size of a process, in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


def _cpu_of(stat: str, children_too: bool) -> float:
    fields = stat.rsplit(")", 1)[1].split()  # after the command name, which may hold spaces
    ticks = int(fields[11]) + int(fields[12]) + ((int(fields[13]) + int(fields[14])) if children_too else 0)
    return ticks / os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """CPU time of a process and of every process below it, living or ended and reaped (the render
    workers are the children of the app's zygotes)."""
    parents: dict[int, int] = {}
    stats: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # ended meanwhile
            continue
        parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
        stats[int(entry.name)] = stat
    total = 0.0
    below = [pid]
    while below:
        process = below.pop()
        if process in stats:  # its own time and that of its children it reaped
            total += _cpu_of(stats[process], children_too=True)
        below += [child for child, parent in parents.items() if parent == process]
    return total


@dataclass
class Attacked:
    response: httpx.Response
    took: float  # seconds until the attacker had the answer
    latencies: list[float] = field(default_factory=list)  # each /healthz asked meanwhile
    grown: int = 0  # the app's RSS after minus before, in bytes
    cpu: float = 0.0  # seconds of CPU the app and its workers spent meanwhile
    app_cpu: float = 0.0  # of that, the app's own process (its event loop and threads)

    @property
    def worst(self) -> float:
        return max(self.latencies, default=0.0)


def attack(app: AppServer, send: Callable[[httpx.Client], httpx.Response]) -> Attacked:
    """`send` in a thread of its own while another client asks `/healthz` every 20 ms."""
    outcome: dict[str, httpx.Response | float] = {}
    with httpx.Client(base_url=app.base_url, timeout=60) as attacker, \
            httpx.Client(base_url=app.base_url, timeout=60) as other:
        for _ in range(5):
            other.get("/healthz")
        before, cpu_before = rss(app.process.pid), cpu_seconds(app.process.pid)
        app_before = _cpu_of(Path(f"/proc/{app.process.pid}/stat").read_text(), children_too=False)

        def run() -> None:
            started = time.monotonic()
            outcome["response"] = send(attacker)
            outcome["took"] = time.monotonic() - started

        thread = threading.Thread(target=run)
        thread.start()
        latencies: list[float] = []
        while thread.is_alive():
            started = time.monotonic()
            assert other.get("/healthz").status_code == 200
            latencies.append(time.monotonic() - started)
            thread.join(0.02)
        response = outcome["response"]
        assert isinstance(response, httpx.Response)
        app_cpu = _cpu_of(Path(f"/proc/{app.process.pid}/stat").read_text(), children_too=False) - app_before
        return Attacked(response, float(outcome["took"]), latencies, rss(app.process.pid) - before,
                        cpu_seconds(app.process.pid) - cpu_before, app_cpu)
