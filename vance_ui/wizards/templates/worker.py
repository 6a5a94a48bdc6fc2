"""A render worker: a process that compiles and renders wizard templates, and may be killed.

Forked for the pool (`pool`) by a zygote that imported this module (`zygote`); it reads length-prefixed
JSON requests on stdin and answers each on stdout. A load worker (`vance_ui.wizards.load_worker`)
is the same process with more jobs (`main(jobs)`): it loads wizard text. Before it serves, it caps
itself with limits the kernel enforces whatever the template does (a filter chain running in C never reaches a Python
check): its address space (`RLIMIT_AS`, its size after start-up plus `VANCE_RENDER_MEMORY_MB`)
and, per request, its CPU time (`RLIMIT_CPU`, a backstop behind the pool's wall-clock kill). It
runs at a lower priority, so the web app's event loop gets the CPU first. It imports Jinja and the
sandbox only: no app, no data dir, no secrets.
"""

from __future__ import annotations

import functools
import json
import math
import os
import resource
import signal
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import replace
from multiprocessing.connection import Connection
from typing import Any

from jinja2.environment import Template

from vance_ui.wizards.templates.compiled import compile_source, constants_used, render_compiled
from vance_ui.wizards.templates.limits import DEFAULT_MEMORY_MB, KILL_MARGIN_SECONDS, MEMORY_ENV, TemplateLimits
from vance_ui.wizards.templates.problems import TemplateProblem

CACHE_TEMPLATES = 128  # compiled templates kept per worker (a few KB to ~1 MB each)
CACHE_SOURCE_CHARS = 200_000  # ~7 MB compiled
GROWTH_ALLOWANCE_BYTES = 32 * 1024 * 1024  # what the cache and the heap's slack may add over a worker's life
#: what loading wizard text may leave behind: a load worker that grew more during one is replaced before
#: the next job, so the next load starts where this one did (the same text always gets the same verdict)
CHECK_GROWTH_BYTES = 8 * 1024 * 1024
NICENESS = 5
CPU_SLACK_SECONDS = 2  # RLIMIT_CPU is whole seconds: the soft limit is the used time + the deadline + this
OUT_OF_MEMORY: dict[str, Any] = {
    "problem": ["limit", "rendering needed more memory than a template may use", None], "retire": True}
LOAD_OUT_OF_MEMORY: dict[str, Any] = {
    "problem": ["limit", "loading needed more memory than a wizard file may use", None], "retire": True}


class CompiledCache:
    """The templates this worker compiled lately, by (kind, origin, source), least recent out first."""

    def __init__(self) -> None:
        self._entries: OrderedDict[tuple[bool, str, str], tuple[Template, frozenset[str]]] = OrderedDict()
        self._chars = 0

    def get(self, source: str, origin: str, expression: bool) -> tuple[Template, frozenset[str]]:
        key = (expression, origin, source)
        found = self._entries.get(key)
        if found is not None:
            self._entries.move_to_end(key)
            return found
        found = compile_source(source, origin, expression)
        self._entries[key] = found
        self._chars += len(source)
        while len(self._entries) > CACHE_TEMPLATES or self._chars > CACHE_SOURCE_CHARS:
            (_, _, old), _ = self._entries.popitem(last=False)
            self._chars -= len(old)
        return found


class MemoryCap:
    """`RLIMIT_AS`, which the kernel enforces whatever code allocates. The hard limit is set once:
    the size at start + the growth allowance + what one request may use (never above a hard limit
    the worker inherited). Before each request the soft limit is the size now + what one request
    may use, so what earlier requests left behind (the compiled-template cache) does not eat into
    a render's share; a worker that grew past its allowance retires after the request."""

    def __init__(self, per_request: int) -> None:
        self._statm = os.open("/proc/self/statm", os.O_RDONLY)
        self._page = os.sysconf("SC_PAGE_SIZE")
        self.per_request = per_request
        self.start = self.before = self.size()
        inherited = resource.getrlimit(resource.RLIMIT_AS)[1]
        self.hard = self.start + GROWTH_ALLOWANCE_BYTES + per_request
        if inherited != resource.RLIM_INFINITY:
            self.hard = min(self.hard, inherited)
        resource.setrlimit(resource.RLIMIT_AS, (self.hard, self.hard))

    def size(self) -> int:
        return int(os.pread(self._statm, 64, 0).split()[0]) * self._page

    def before_request(self) -> None:
        self.before = self.size()
        resource.setrlimit(resource.RLIMIT_AS, (min(self.before + self.per_request, self.hard), self.hard))

    def grown(self, checked_text: bool) -> bool:
        """Past its allowance over the worker's life, or (after loading wizard text: `checked_text`)
        past what one load may leave behind."""
        size = self.size()
        if size > self.start + GROWTH_ALLOWANCE_BYTES:
            return True
        return checked_text and size > self.before + CHECK_GROWTH_BYTES


def cap_cpu(seconds: float) -> None:
    """The kernel ends this process (SIGXCPU) once this request used `seconds` more CPU. Only the
    soft limit moves: a process that is not root may not raise its hard limit again."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    used = usage.ru_utime + usage.ru_stime
    soft = math.ceil(used + seconds) + CPU_SLACK_SECONDS
    hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
    resource.setrlimit(resource.RLIMIT_CPU, (soft if hard == resource.RLIM_INFINITY else min(soft, hard), hard))


@functools.cache
def _limits(**numbers: float) -> TemplateLimits:
    return TemplateLimits(**numbers)  # type: ignore[arg-type]


def render_batch(request: dict[str, Any], cache: CompiledCache) -> dict[str, Any]:
    """Op "batch": the jobs of one step of a request, rendered in order, each within the request's
    `limits` and all of them within its `budget` (seconds). Each render is also stopped by the
    kernel: SIGALRM (its default action ends this process) fires `KILL_MARGIN_SECONDS` after its
    deadline, so a filter chain in C that never reaches a Python check ends there too, as the
    pool's kill ends a single render. Answers `{"ok": [{"ok": text} or {"problem": ...}, ...]}`, or
    `{"spent": true}` once the budget is gone (the request stops: what was rendered is not needed)."""
    limits = _limits(**request["limits"])
    templates = request["templates"]
    ends = time.monotonic() + request["budget"]
    results: list[dict[str, Any]] = []
    for index, context in request["jobs"]:
        left = ends - time.monotonic()
        if left <= 0:
            return {"spent": True}
        these = limits if limits.deadline_seconds <= left else replace(limits, deadline_seconds=left)
        source, origin, expression = templates[index]
        signal.setitimer(signal.ITIMER_REAL, these.deadline_seconds + KILL_MARGIN_SECONDS)
        try:
            template, _ = cache.get(source, origin, expression)
            results.append({"ok": render_compiled(template, origin, context, these)})
        except TemplateProblem as problem:
            if these is not limits and problem.kind == "limit" and time.monotonic() >= ends:
                return {"spent": True}  # stopped by what was left of the budget, not by its own deadline
            results.append({"problem": [problem.kind, problem.message, problem.lineno]})
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    return {"ok": results}


#: more requests a worker answers (a load worker's "load" and "yaml"): each gets the request, answers JSON data
Jobs = Mapping[str, Callable[[dict[str, Any]], Any]]


def handle(request: dict[str, Any], cache: CompiledCache, jobs: Jobs) -> dict[str, Any]:
    """One request: `op` "check" answers the names a template reads (compiled, not kept: loads check
    thousands of templates), "constants" the attribute names and strings it uses (for lint),
    "render" its text, "batch" the texts of several (`render_batch`); any other op is one of `jobs`."""
    limits = _limits(**request["limits"])
    try:
        if request["op"] == "check":
            return {"ok": sorted(compile_source(request["source"], request["origin"], request["expression"])[1])}
        if request["op"] == "constants":
            return {"ok": sorted(constants_used(request["source"], request["origin"], request["expression"]))}
        if request["op"] == "batch":
            return render_batch(request, cache)
        if request["op"] in jobs:
            return {"ok": jobs[request["op"]](request)}
        template, _ = cache.get(request["source"], request["origin"], request["expression"])
        return {"ok": render_compiled(template, request["origin"], request["context"], limits)}
    except TemplateProblem as problem:
        return {"problem": [problem.kind, problem.message, problem.lineno]}
    except MemoryError:
        return LOAD_OUT_OF_MEMORY if request["op"] in jobs else OUT_OF_MEMORY
    except Exception as exc:
        return {"problem": ["runtime", f"{type(exc).__name__}: {exc}", None]}


def serve(reader: Connection, writer: Connection, memory: MemoryCap, jobs: Jobs) -> None:
    cache = CompiledCache()
    while True:
        try:
            request = json.loads(reader.recv_bytes())
        except (EOFError, OSError):  # the app went away
            return
        cap_cpu(request.get("budget", request["limits"]["deadline_seconds"]))
        memory.before_request()
        try:
            reply = handle(request, cache, jobs)
            if not reply.get("retire") and memory.grown(request["op"] in jobs):  # replaced before the next job
                reply = {**reply, "retire": True}
            payload = json.dumps(reply, ensure_ascii=False).encode()
        except MemoryError:  # the answer itself did not fit
            reply = OUT_OF_MEMORY
            payload = json.dumps(reply).encode()
        try:
            writer.send_bytes(payload)
        except OSError:  # the app went away while this request ran
            return
        if reply.get("retire"):
            return


def main(jobs: Jobs | None = None) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C in a terminal is for the app, which ends us
    signal.signal(signal.SIGALRM, signal.SIG_DFL)  # ends this process: a batch's render past its deadline
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    os.nice(NICENESS)
    reader = Connection(os.dup(0), writable=False)
    writer = Connection(os.dup(1), readable=False)
    devnull = os.open(os.devnull, os.O_RDWR)  # nothing else may read or write the request and reply pipes
    os.dup2(devnull, 0)
    os.dup2(devnull, 1)
    warm = compile_source("{% for m in x %}{{ m.a | upper }}{% endfor %}", "warm-up")[0]
    render_compiled(warm, "warm-up", {"x": [{"a": "b"}]})
    memory = MemoryCap(int(os.environ.get(MEMORY_ENV, DEFAULT_MEMORY_MB)) * 1024 * 1024)
    try:
        writer.send_bytes(b'"ready"')
    except OSError:  # the app closed its pool while this worker started: nobody to serve
        return
    serve(reader, writer, memory, jobs or {})


if __name__ == "__main__":
    main()
