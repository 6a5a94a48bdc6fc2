"""Item 1: POST render of gremium (3 members) vs. the GET /healthz floor, same client, interleaved.

The rounds use `lean_http` (one connection per concurrent client, one write per request); one
more pair at c=1 with httpx shows what that client's own cost does to the ratio. Beside the
throughput, the app process' own CPU per request (utime + stime from /proc over each round; the
render workers' CPU is theirs, not the app's) for both kinds, and their ratio.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import httpx

from bench.lean_http import Connection, request_bytes
from bench.stats import Figure, percentile

RENDER_PATH = "/brain/default/wizards/gremium/render"
GREMIUM_VALUES: dict[str, Any] = {"values": {
    "outputName": "council", "purpose": "Product and pricing decisions for our B2B SaaS",
    "members": [{"name": "Ada", "description": "CTO, pragmatic"}, {"name": "Bo", "description": "Sales lead"},
                {"name": "Cy", "description": "CFO, sceptical of growth at any cost"}],
    "createNow": True,
}}
RENDER_BODY = json.dumps(GREMIUM_VALUES).encode()  # encoded once: the client's own work stays minimal
JSON_HEADERS = {"content-type": "application/json"}
MAX_REQUESTS_PER_ROUND = 20_000  # a hard bound next to the duration


@dataclass
class Round:
    requests: int = 0
    seconds: float = 0.0
    latencies_ms: list[float] = field(default_factory=list)
    errors: int = 0
    cpu_seconds: float = 0.0  # the app process' CPU over the round

    @property
    def cpu_ms_per_request(self) -> float:
        return self.cpu_seconds * 1000 / self.requests if self.requests else 0.0

    @property
    def rps(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0


Sender = Callable[[], Awaitable[int]]  # sends one request, returns its status


def process_cpu_seconds(pid: int) -> float:
    """utime + stime of `pid` (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _round(senders: list[Sender], duration: float, pid: int | None = None) -> Round:
    """Each sender back to back (one concurrent client each) for `duration` seconds; with `pid`,
    that process' CPU over the round too."""
    result = Round()
    cpu_before = process_cpu_seconds(pid) if pid is not None else 0.0
    stop_at = time.perf_counter() + duration
    issued = 0

    async def worker(send: Sender) -> None:
        nonlocal issued
        while time.perf_counter() < stop_at and issued < MAX_REQUESTS_PER_ROUND:
            issued += 1
            t0 = time.perf_counter()
            status = await send()
            result.latencies_ms.append((time.perf_counter() - t0) * 1000)
            result.errors += status != 200
            result.requests += 1

    start = time.perf_counter()
    await asyncio.gather(*(worker(s) for s in senders))
    result.seconds = time.perf_counter() - start
    if pid is not None:
        result.cpu_seconds = process_cpu_seconds(pid) - cpu_before
    return result


def _lean_sender(connection: Connection, kind: str) -> Sender:
    request = (request_bytes("POST", RENDER_PATH, connection.host, RENDER_BODY) if kind == "render"
               else request_bytes("GET", "/healthz", connection.host))

    async def send() -> int:
        return (await connection.send(request))[0]
    return send


async def _lean_round(connections: list[Connection], duration: float, pid: int, kind: str) -> Round:
    return await _round([_lean_sender(c, kind) for c in connections], duration, pid)


def _httpx_sender(client: httpx.AsyncClient, kind: str) -> Sender:
    async def send() -> int:
        if kind == "render":
            return (await client.post(RENDER_PATH, content=RENDER_BODY, headers=JSON_HEADERS)).status_code
        return (await client.get("/healthz")).status_code
    return send


Results = dict[int | str, dict[str, list[Round]]]
HTTPX = "httpx, c=1"


async def _interleaved(rounds: int, run: Callable[[str], Awaitable[Round]]) -> dict[str, list[Round]]:
    out: dict[str, list[Round]] = {"healthz": [], "render": []}
    for index in range(rounds):
        for kind in ("healthz", "render") if index % 2 == 0 else ("render", "healthz"):
            out[kind].append(await run(kind))
    return out


async def _run(base_url: str, pid: int, concurrencies: list[int], rounds: int, duration: float) -> Results:
    out: Results = {}
    async with httpx.AsyncClient(base_url=base_url, timeout=30) as client:
        check = await client.post(RENDER_PATH, json=GREMIUM_VALUES)
        check.raise_for_status()
        assert "Cy" in check.json()["prompt"], "render did not use the three members"
        for concurrency in concurrencies:
            connections = [await Connection.open(base_url) for _ in range(concurrency)]
            try:
                await _round([_lean_sender(c, "healthz") for c in connections], min(duration, 0.5))  # warm up
                out[concurrency] = await _interleaved(rounds, partial(_lean_round, connections, duration, pid))
            finally:
                for connection in connections:
                    await connection.close()
        await _round([_httpx_sender(client, "healthz")], min(duration, 0.5))
        out[HTTPX] = await _interleaved(rounds, lambda kind: _round([_httpx_sender(client, kind)], duration))
    return out


RATIO_TARGET = 0.5  # render / healthz throughput: a render is a round trip to a killable worker
CPU_RATIO_TARGET = 2.0  # the app's CPU per render / per /healthz


def measure(base_url: str, pid: int, *, concurrencies: list[int], rounds: int, duration: float) -> list[Figure]:
    results = asyncio.run(_run(base_url, pid, concurrencies, rounds, duration))
    figures: list[Figure] = []
    for concurrency, kinds in results.items():
        if concurrency == HTTPX:  # informational: what httpx's own cost per POST does to the ratio
            ratios = [r.rps / h.rps for r, h in zip(kinds["render"], kinds["healthz"], strict=True) if h.rps]
            figures.append(Figure("http.httpx.c1.ratio", f"render / healthz throughput, {HTTPX} client", "x",
                                  ratios, note="httpx writes a POST's headers and body apart (lean_http.py)"))
            continue
        for kind in ("healthz", "render"):
            rs = kinds[kind]
            latencies = [ms for r in rs for ms in r.latencies_ms]
            errors = sum(r.errors for r in rs)
            note = f"{sum(r.requests for r in rs)} requests, {errors} errors"
            figures.append(Figure(f"http.c{concurrency}.{kind}.rps", f"{kind} req/s, c={concurrency}", "req/s",
                                  [r.rps for r in rs], note=note))
            figures.append(Figure(f"http.c{concurrency}.{kind}.latency", f"{kind} latency, c={concurrency}", "ms",
                                  [percentile(r.latencies_ms, 50) for r in rs], p99_samples=latencies))
            figures.append(Figure(f"http.c{concurrency}.{kind}.cpu", f"app CPU per {kind} request, c={concurrency}",
                                  "ms", [r.cpu_ms_per_request for r in rs]))
        pairs = list(zip(kinds["render"], kinds["healthz"], strict=True))
        ratio = Figure(f"http.c{concurrency}.ratio", f"render / healthz throughput, c={concurrency}", "x",
                       [r.rps / h.rps for r, h in pairs if h.rps], target=f">= {RATIO_TARGET}")
        ratio.met = ratio.median >= RATIO_TARGET
        cpu = Figure(f"http.c{concurrency}.cpu_ratio", f"app CPU per render / per healthz, c={concurrency}", "x",
                     [r.cpu_ms_per_request / h.cpu_ms_per_request for r, h in pairs if h.cpu_ms_per_request],
                     target=f"<= {CPU_RATIO_TARGET}")
        cpu.met = cpu.median <= CPU_RATIO_TARGET
        figures += [ratio, cpu]
    return figures
