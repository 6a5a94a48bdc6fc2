"""`make load`: start the app on loopback with a fresh data dir and put it under load (issue 6, item 6).

The web app and, next to it on the same data dir, the REST API alone in worker processes (`vance
api --workers 2`, the hosting layout the README recommends under load); `--api-in-app` sends the
API clients to the web app's own API instead (everything in one process, as `make run`).
- 50 API clients (httpx, one connection each) loop over list / get / render / a mixed sequence
  against `/brain/default/wizards` for `--seconds` (60 by default);
- 20 browser-like web clients loop like a tab that loads the page and navigates away: GET `/` (the
  full page HTML), then connect that page's socket over a real WebSocket to NiceGUI's endpoint
  (`/_nicegui_ws/socket.io/`, the client id from the page, NiceGUI's implicit handshake, answered
  by socket.io's `40`), then close it; NiceGUI drops the page once its reconnect timeout passes. No
  JavaScript runs: a real browser per client is too heavy for this machine, so this measures the
  server's page build and socket handshake, not rendering.

`--postgres`: the hosting layout of docs/hosting.md on one machine (tests/support/hosting.py): a
throwaway PostgreSQL cluster, two instances on one database (each a web app and `vance api` with
`--api-workers` workers, its own instance dir, one storage secret) behind Debian's nginx with the
documented configuration. The API and web clients go through nginx (the web clients keep nginx's
routing cookie, so a page's socket reaches the instance that built the page); `--writers` clients
save a wizard through `PUT .../source?layer=USER` on one instance's API directly and count it an
error unless the other instance lists it within `--propagation` seconds (then delete it there, and
the same the other way). A request that takes longer than 10 s counts as an error here (a stall,
not a slow answer). `--kill-after S` kills instance A (SIGKILL, every process) S seconds into the
measured run, without writers: each error is reported as in flight at the kill (begun before it,
ended after) or begun after it; only the first kind is expected. The cluster is dropped at the end.

Bounded: loopback only (the app binds 127.0.0.1), a fixed number of clients, a hard time limit and a
cap on requests (`--max-requests`). Reports requests, errors, p50/p99 latency per kind and each
server's RSS (from /proc, worker processes included): idle after start, after `--warmup` seconds
of the same load (the clients' working set), at the end of the measured run (growth from the
warm-up reading would be a leak) and after `--settle` idle seconds. Exit status 1 when any
request failed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import platform
import re
import statistics
import sys
import tempfile
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlencode

import httpx
import websockets

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.support.app_server import AppServer, start_app  # noqa: E402
from tests.support.hosting import Site, start_site  # noqa: E402

API = "/brain/default/wizards"
RENDER_WIZARD, RENDER_VALUES = "essay-mit-recipe", {"recipe": "load-test", "topic": "Load", "targetLength": 800}
VERIFY_TLS = False  # plain HTTP on loopback: no CA bundle to load per client (~20 ms each, 70 at once)
CLIENT_TIMEOUT = 30.0  # seconds; --postgres: 10, so a stall (a page or request waiting >10 s) counts as an error
CLIENT_ID = re.compile(r"'client_id': '([0-9a-f-]{36})'")  # in the page's inline options


class Stats:
    def __init__(self, max_requests: int) -> None:
        self.latency: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, int] = defaultdict(int)
        self.samples: dict[str, str] = {}
        self.failures: list[tuple[str, float, float, str]] = []  # kind, began, ended (monotonic), detail
        self.max_requests = max_requests
        self.count = 0

    def full(self) -> bool:
        return self.count >= self.max_requests

    def record(self, kind: str, started: float, ok: bool, detail: str = "", began: float | None = None) -> None:
        """`started`: perf_counter at the request's start; `began` (monotonic): when the user's action that
        led to it began, if earlier (a page's socket: the page load)."""
        self.count += 1
        seconds = time.perf_counter() - started
        self.latency[kind].append(seconds * 1000)
        if not ok:
            self.errors[kind] += 1
            self.samples.setdefault(kind, detail[:200])
            ended = time.monotonic()
            self.failures.append((kind, ended - seconds if began is None else began, ended, detail[:200]))


def rss_mb(pid: int) -> float:
    """The process's RSS plus its children's (uvicorn's worker processes); FileNotFoundError once it is gone."""
    total = 0.0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            total += int(line.split()[1]) / 1024
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        with contextlib.suppress(FileNotFoundError, ProcessLookupError):
            total += rss_mb(int(child))
    return total


class Servers:
    """The processes measured (RSS, logs) and where the clients go: the API and web clients round-robin
    over `api_urls` and `web_urls`, the writers (`writer_urls`: two, or none) on each directly."""

    def __init__(self, processes: dict[str, AppServer], api_urls: list[str], web_urls: list[str],
                 writer_urls: list[str] | None = None, site: Site | None = None) -> None:
        self.processes, self.api_urls, self.web_urls = processes, api_urls, web_urls
        self.writer_urls = writer_urls or []
        self.site = site

    def rss(self) -> dict[str, float]:
        readings = {}
        for name, server in self.processes.items():
            with contextlib.suppress(FileNotFoundError, ProcessLookupError):  # killed
                readings[name] = rss_mb(server.process.pid)
        return readings

    def log(self) -> str:
        return "".join(server.log() for server in self.processes.values())

    def stop(self) -> None:
        if self.site is not None:
            self.site.stop()
        for server in self.processes.values():
            server.stop()


async def timed(stats: Stats, kind: str, call: object) -> None:
    started = time.perf_counter()
    try:
        response = await call  # type: ignore[misc]
        ok = response.status_code == 200
        stats.record(kind, started, ok, f"{response.status_code} {response.text[:150]}")
    except Exception as error:  # every failure is counted and sampled
        stats.record(kind, started, False, repr(error))


async def api_client(number: int, base: str, deadline: float, stats: Stats) -> None:
    kinds = ("list", "get", "render", "mixed")
    kind = kinds[number % len(kinds)]
    async with httpx.AsyncClient(base_url=base, timeout=CLIENT_TIMEOUT, verify=VERIFY_TLS) as client:
        while time.monotonic() < deadline and not stats.full():
            if kind in ("list", "mixed"):
                await timed(stats, "list", client.get(API))
            if kind in ("get", "mixed"):
                await timed(stats, "get", client.get(f"{API}/gremium"))
            if kind in ("render", "mixed"):
                await timed(stats, "render", client.post(f"{API}/{RENDER_WIZARD}/render",
                                                         json={"values": RENDER_VALUES}))


async def web_client(base: str, deadline: float, stats: Stats) -> None:
    """Like a browser tab that loads the page, connects its socket, then navigates away."""
    ws_base = base.replace("http://", "ws://") + "/_nicegui_ws/socket.io/?EIO=4&transport=websocket"
    tab = uuid.uuid4()  # one tab navigating again and again, as a browser keeps its tab id
    async with httpx.AsyncClient(base_url=base, timeout=CLIENT_TIMEOUT, verify=VERIFY_TLS) as client:
        while time.monotonic() < deadline and not stats.full():
            started, began = time.perf_counter(), time.monotonic()
            try:
                page = await client.get("/")
            except httpx.HTTPError as error:
                stats.record("page", started, False, repr(error))
                continue
            stats.record("page", started, page.status_code == 200, f"{page.status_code} {page.text[:150]}")
            found = CLIENT_ID.search(page.text)
            if found is None:
                stats.record("socket", time.perf_counter(), False, "no client_id in the page", began)
                continue
            query = urlencode({"client_id": found.group(1), "document_id": uuid.uuid4(), "tab_id": tab,
                               "next_message_id": 0, "implicit_handshake": "true"})
            started = time.perf_counter()
            cookies = "; ".join(f"{name}={value}" for name, value in client.cookies.items())  # nginx's routing key
            try:
                async with websockets.connect(f"{ws_base}&{query}", open_timeout=30, close_timeout=5,
                                              additional_headers={"Cookie": cookies} if cookies else None) as socket:
                    opening = await asyncio.wait_for(socket.recv(), timeout=30)  # engine.io open
                    await socket.send("40")  # socket.io connect: the server's implicit handshake
                    answer = await asyncio.wait_for(socket.recv(), timeout=30)
                ok = str(opening).startswith("0") and str(answer).startswith("40")
                stats.record("socket", started, ok, f"{str(opening)[:80]} / {str(answer)[:120]}", began)
            except Exception as error:
                stats.record("socket", started, False, repr(error), began)


WIZARD_YAML = "title: {{en: '{title}'}}\ndescription: {{en: 'saved under load'}}\nfields: []\npromptTemplate: 'hi'\n"


async def listed(client: httpx.AsyncClient, name: str, want: bool, seconds: float) -> bool:
    """Whether the instance's listing shows (or, with want=False, no longer shows) `name` within `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        response = await client.get(API)
        if response.status_code == 200 and (name in {w["name"] for w in response.json()["wizards"]}) == want:
            return True
        if time.monotonic() >= deadline:
            return False
        await asyncio.sleep(0.05)


async def writer_client(number: int, bases: list[str], deadline: float, stats: Stats, seconds: float) -> None:
    """Saves a wizard on one instance, expects the other to list it within `seconds`, deletes it there and
    expects the first to drop it; then the same the other way round."""
    clients = [httpx.AsyncClient(base_url=base, timeout=CLIENT_TIMEOUT, verify=VERIFY_TLS) for base in bases]
    try:
        turn = 0
        while time.monotonic() < deadline and not stats.full():
            writer, reader = clients[turn % len(clients)], clients[(turn + 1) % len(clients)]
            name = f"load-w{number}-{turn}"
            source = f"{API}/{name}/source?layer=USER"
            started = time.perf_counter()
            try:
                saved = await writer.put(source, content=WIZARD_YAML.format(title=f"Load {name}"),
                                         headers={"content-type": "application/yaml"})
                stats.record("write", started, saved.status_code in (200, 201),
                             f"{saved.status_code} {saved.text[:150]}")
                started = time.perf_counter()
                seen = await listed(reader, name, True, seconds)
                stats.record("seen", started, seen, f"{name} saved on {writer.base_url} not listed on "
                                                    f"{reader.base_url} within {seconds} s")
                started = time.perf_counter()
                gone = await reader.delete(source)
                stats.record("write", started, gone.status_code == 204, f"{gone.status_code} {gone.text[:150]}")
                started = time.perf_counter()
                dropped = await listed(writer, name, False, seconds)
                stats.record("seen", started, dropped, f"{name} deleted on {reader.base_url} still listed on "
                                                       f"{writer.base_url} after {seconds} s")
            except Exception as error:
                stats.record("seen", started, False, repr(error))
            turn += 1
    finally:
        for client in clients:
            await client.aclose()


def percentile(values: list[float], q: int) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if q < 100 else max(values)


KINDS = ("list", "get", "render", "page", "socket", "write", "seen")
GROUPS = ("clients", "writers")  # the API and web clients; the writers ('write' is the save or delete on one
# instance, 'seen' the time until the other instance shows it)


def report(all_stats: dict[str, Stats], seconds: float, rss: tuple[dict[str, float], dict[str, float]],
           servers: Servers, killed_at: float | None = None) -> int:
    """The figures; exit status 1 for any error, or with `killed_at` (monotonic) for any error of a
    request that began after the kill."""
    total = sum(len(v) for stats in all_stats.values() for v in stats.latency.values())
    errors = sum(sum(stats.errors.values()) for stats in all_stats.values())
    print(f"\nmachine: {platform.node()} {platform.machine()}, {os.cpu_count()} CPUs, "
          f"load average before/after: {LOAD_BEFORE} / {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"duration {seconds:.1f} s, {total} requests ({total / seconds:.0f}/s), {errors} errors")
    for where, stats in all_stats.items():
        if not stats.latency:
            continue
        if len(all_stats) > 1:
            print(f"{where}:")
        print(f"{'kind':8} {'requests':>9} {'errors':>7} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
        for kind in KINDS:
            values = stats.latency.get(kind, [])
            if values:
                print(f"{kind:8} {len(values):9d} {stats.errors[kind]:7d} {percentile(values, 50):8.1f} "
                      f"{percentile(values, 99):8.1f} {max(values):8.1f}")
    for name, start in rss[0].items():
        end = rss[1].get(name)
        print(f"{name} RSS: {start:.1f} MB at start, " + ("killed" if end is None else
              f"{end:.1f} MB at end ({(end - start) / start * 100:+.1f} %)"))
    for where, stats in all_stats.items():
        for kind, sample in stats.samples.items():
            print(f"first {kind} error ({where}): {sample}")
    if errors and "Traceback" in servers.log():
        print("server log has tracebacks:\n" + servers.log()[-3000:])
    if killed_at is None:
        return 1 if errors else 0
    failures = [f for stats in all_stats.values() for f in stats.failures]
    before = [f for f in failures if f[2] < killed_at]
    in_flight = [f for f in failures if f[1] <= killed_at <= f[2]]
    after = [f for f in failures if f[1] > killed_at]
    print(f"instance A killed: {len(in_flight)} errors of requests in flight at the kill "
          f"({', '.join(f'{k} {n}' for k, n in sorted(Counter(f[0] for f in in_flight).items())) or 'none'}), "
          f"{len(after)} of requests begun after it, {len(before)} before it")
    for kind, began, ended, detail in (after + before)[:5]:
        print(f"  {kind} began {began - killed_at:+.2f} s, ended {ended - killed_at:+.2f} s from the kill: {detail}")
    return 1 if after or before else 0


LOAD_BEFORE = ""


async def run(servers: Servers, seconds: float, args: argparse.Namespace, stats: dict[str, Stats],
              kill: Callable[[], None] | None = None) -> tuple[float, float | None]:
    """The clients; `stats` "clients" (API and web) and "writers". With `kill`, calls it (in a thread)
    `args.kill_after` seconds in. Returns the duration and when the kill began (monotonic)."""
    deadline = time.monotonic() + seconds
    started = time.monotonic()
    apis, webs, clients = servers.api_urls, servers.web_urls, stats["clients"]
    tasks = [api_client(n, apis[n % len(apis)], deadline, clients) for n in range(args.api_clients)]
    tasks += [web_client(webs[n % len(webs)], deadline, clients) for n in range(args.web_clients)]
    bases = servers.writer_urls
    if bases:
        tasks += [writer_client(n, bases[n % 2:] + bases[:n % 2], deadline, stats["writers"], args.propagation)
                  for n in range(args.writers)]
    killed_at: list[float] = []

    async def killer() -> None:
        await asyncio.sleep(args.kill_after)
        killed_at.append(time.monotonic())
        await asyncio.to_thread(kill)  # type: ignore[arg-type]

    if kill is not None:
        tasks.append(killer())
    await asyncio.wait_for(asyncio.gather(*tasks), timeout=seconds + 120)
    return time.monotonic() - started, (killed_at[0] if killed_at else None)


def main() -> int:
    global LOAD_BEFORE, CLIENT_TIMEOUT
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--api-clients", type=int, default=50)
    parser.add_argument("--web-clients", type=int, default=20)
    parser.add_argument("--max-requests", type=int, default=500_000)
    parser.add_argument("--settle", type=float, default=20.0, help="idle seconds before the last RSS reading")
    parser.add_argument("--warmup", type=float, default=10.0,
                        help="seconds of the same load before the start reading (the working set of the clients)")
    parser.add_argument("--api-workers", type=int, default=2, help="worker processes of `vance api` (1-4)")
    parser.add_argument("--api-in-app", action="store_true",
                        help="send the API clients to the web app's own API (one process, as `make run`)")
    parser.add_argument("--postgres", action="store_true",
                        help="two instances on one throwaway PostgreSQL database, behind nginx (docs/hosting.md)")
    parser.add_argument("--writers", type=int, default=4,
                        help="with --postgres: clients saving on one instance, expecting the other to list it")
    parser.add_argument("--propagation", type=float, default=2.0,
                        help="with --postgres: seconds until the other instance must list a save (else an error)")
    parser.add_argument("--kill-after", type=float, default=None,
                        help="with --postgres: kill instance A (SIGKILL) this many seconds into the run; no writers")
    args = parser.parse_args()
    if not (0 < args.seconds <= 600 and 0 <= args.api_clients <= 200 and 0 <= args.web_clients <= 100
            and 1 <= args.api_workers <= 4 and 0 <= args.writers <= 20 and 0 < args.propagation <= 30
            and (args.kill_after is None or (args.postgres and 0 < args.kill_after < args.seconds))):
        parser.error("bounded: --seconds 1..600, at most 200 API and 100 web clients, 1-4 API workers, 20 writers; "
                     "--kill-after only with --postgres, within --seconds")
    LOAD_BEFORE = " ".join(f"{x:.2f}" for x in os.getloadavg())
    with tempfile.TemporaryDirectory(prefix="vance-load-") as tmp:
        if args.postgres:
            CLIENT_TIMEOUT = 10.0
            return two_instances(Path(tmp), args)
        data = Path(tmp) / "data"
        app = start_app(data, timeout=60)  # no model: litellm stays unimported
        api = None if args.api_in_app else start_app(data, timeout=60, command=(
            sys.executable, "-m", "vance_ui.cli.main", "api", "--port", "{port}", "--workers", str(args.api_workers)))
        api_url = app.base_url if api is None else api.base_url
        servers = Servers({"web app": app} | ({} if api is None else {"API workers": api}), [api_url], [app.base_url])
        try:
            return measure(servers, args)
        finally:
            servers.stop()


def two_instances(tmp: Path, args: argparse.Namespace) -> int:
    """docs/hosting.md's layout on a throwaway cluster: two instances behind nginx, single-user mode."""
    from tests.support.postgres import drop_cluster, start_cluster

    cluster = start_cluster()
    try:
        site = start_site(tmp, cluster.create_database(), {}, args.api_workers)
        a, b = site.instances
        assert a.app and a.api and b.app and b.api
        processes = {"instance A web app": a.app, "instance A API workers": a.api,
                     "instance B web app": b.app, "instance B API workers": b.api}
        writers = [] if args.kill_after is not None else [a.api.base_url, b.api.base_url]
        servers = Servers(processes, [site.url], [site.url], writers, site)
        try:
            return measure(servers, args, a.kill if args.kill_after is not None else None)
        finally:
            servers.stop()
    finally:
        drop_cluster(cluster)


def measure(servers: Servers, args: argparse.Namespace, kill: Callable[[], None] | None = None) -> int:
    with httpx.Client(timeout=60) as warm:  # first page build, first render, on every instance
        for url in {*servers.web_urls, *(server.base_url for server in servers.processes.values())}:
            warm.get(f"{url}/")
        for url in {*servers.api_urls, *servers.writer_urls}:
            check = warm.post(f"{url}{API}/{RENDER_WIZARD}/render", json={"values": RENDER_VALUES})
            if check.status_code != 200:
                print(f"render warm-up failed: {check.status_code} {check.text[:300]}")
                return 2
    rss_cold = servers.rss()
    if args.warmup > 0:  # unrecorded: growth after this is what a leak would show
        asyncio.run(run(servers, args.warmup, args, {name: Stats(args.max_requests) for name in GROUPS}))
    rss_start = servers.rss()
    for name, cold in rss_cold.items():
        print(f"{name} RSS: {cold:.1f} MB idle after start, {rss_start[name]:.1f} MB after {args.warmup:.0f} s "
              "of warm-up load", flush=True)
    stats = {name: Stats(args.max_requests) for name in GROUPS}
    if servers.site is None:
        where = ("the web app's own API" if len(servers.processes) == 1
                 else f"`vance api` with {args.api_workers} workers")
    else:
        where = (f"through nginx to 2 instances on one PostgreSQL database, each `vance api` with {args.api_workers} "
                 f"workers") + (f") + {args.writers} writers (save on one instance, listed on the other within "
                                f"{args.propagation:.0f} s" if servers.writer_urls else "")
    print(f"{args.api_clients} API clients ({where}) + {args.web_clients} web clients for {args.seconds:.0f} s"
          + (f", instance A killed after {args.kill_after:.0f} s" if kill else "") + " ...", flush=True)
    elapsed, killed_at = asyncio.run(run(servers, args.seconds, args, stats, kill))
    code = report(stats, elapsed, (rss_start, servers.rss()), servers, killed_at)
    time.sleep(args.settle)  # pages are dropped after NiceGUI's reconnect timeout; memory is trimmed every 30 s
    idle = ", ".join(f"{name} {mb:.1f} MB" for name, mb in servers.rss().items())
    print(f"RSS after {args.settle:.0f} s idle: {idle}")
    return code


if __name__ == "__main__":
    raise SystemExit(main())
