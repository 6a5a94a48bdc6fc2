"""The hard bound on templates: render worker processes that are killed past the deadline.

Jinja's sandbox checks run only where Python code runs; a filter chain in C (`sum`, `join`,
`list * n`, ...) holds the GIL until it is done, and no thread can stop it. So no template runs in
this process. A request goes to an idle `render_worker` over a pipe (~60 us round trip, JSON both
ways: neither side unpickles what the other sent); the caller waits at most the deadline plus
`KILL_MARGIN_SECONDS`, then kills the worker with SIGKILL and a fresh one takes its place on the
next request. The kernel caps each worker's memory and CPU time (see `render_worker`), and workers
run at a lower priority, so a template bomb costs one core for about a second and nobody else waits.

At most `size` renders run at once, more wait their turn for up to `BUSY_WAIT_SECONDS`. Sync callers
block their own thread; `run_async` lets an event loop wait for the answer without any thread (a
thread hop and the GIL hand-back after it cost more than the render itself).
"""

from __future__ import annotations

import asyncio
import atexit
import functools
import json
import logging
import os
import struct
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, Literal

from vance_ui.wizards.render_worker import DEFAULT_MEMORY_MB, MEMORY_ENV
from vance_ui.wizards.sandbox import TemplateLimits
from vance_ui.wizards.templating import TemplateProblem

log = logging.getLogger("vance_ui.render")

KILL_MARGIN_SECONDS = 0.05
BUSY_WAIT_SECONDS = 30.0
START_SECONDS = 20.0
PIPE_BUFFER_BYTES = 60_000  # Linux pipes hold 64 KiB: a smaller request is written without waiting
PACKAGE_PARENT = str(Path(__file__).resolve().parents[2])

Op = Literal["check", "render"]


@functools.cache
def _as_dict(limits: TemplateLimits) -> dict[str, Any]:
    return asdict(limits)


def _encode(op: Op, source: str, origin: str, expression: bool, context: dict[str, Any] | None,
            limits: TemplateLimits) -> bytes:
    try:
        return json.dumps({"op": op, "source": source, "origin": origin, "expression": expression,
                           "context": context, "limits": _as_dict(limits)}, ensure_ascii=False).encode()
    except (TypeError, ValueError) as exc:
        raise TemplateProblem("runtime", f"the values are not plain data ({exc})") from None


def _answer(reply: dict[str, Any] | None, limits: TemplateLimits) -> Any:
    if reply is None:
        raise TemplateProblem("limit", f"rendering took longer than {limits.deadline_seconds:g} s "
                                       "or ran out of memory, and was stopped")
    if "problem" in reply:
        kind, message, line = reply["problem"]
        raise TemplateProblem(kind, message, line)
    return reply["ok"]


async def _receive(fd: int) -> bytes:
    """One message as `Connection.send_bytes` frames it (a 4-byte big-endian length, then the
    bytes), read whenever the event loop says the pipe is readable: a large answer arrives in
    pieces, and the loop never waits for one. The pipe is blocking again afterwards, for `run`
    (the event loop, uvloop's at least, makes a watched descriptor non-blocking)."""
    loop = asyncio.get_running_loop()
    readable = asyncio.Event()
    loop.add_reader(fd, readable.set)
    os.set_blocking(fd, False)
    try:
        data = bytearray()
        size = None
        while size is None or len(data) < size + 4:
            want = 4 - len(data) if size is None else size + 4 - len(data)
            try:
                chunk = os.read(fd, min(want, 1 << 20))
            except BlockingIOError:
                readable.clear()
                await readable.wait()
                continue
            if not chunk:
                raise EOFError("the render worker closed its pipe")
            data += chunk
            if size is None and len(data) >= 4:
                size = struct.unpack("!i", data[:4])[0]
                if size < 0:
                    raise ValueError("an answer larger than 2 GiB")
        return bytes(data[4:])
    finally:
        loop.remove_reader(fd)
        os.set_blocking(fd, True)


@dataclass(eq=False)
class _Worker:
    process: subprocess.Popen[bytes]
    requests: Connection
    replies: Connection

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        for connection in (self.requests, self.replies):
            connection.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL is not refused
            log.error("render worker %d did not end after SIGKILL", self.process.pid)


def _start_worker(memory_mb: int) -> _Worker:
    """A new worker with a minimal environment: no API keys or secrets reach a process that runs
    hostile templates."""
    to_worker_r, to_worker_w = os.pipe()
    from_worker_r, from_worker_w = os.pipe()
    python_path = os.pathsep.join(p for p in (PACKAGE_PARENT, os.environ.get("PYTHONPATH", "")) if p)
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "vance_ui.wizards.render_worker"],
            stdin=to_worker_r, stdout=from_worker_w, cwd=PACKAGE_PARENT, start_new_session=True,
            env={"PYTHONPATH": python_path, MEMORY_ENV: str(memory_mb), "PATH": os.defpath},
        )
    finally:
        os.close(to_worker_r)
        os.close(from_worker_w)
    worker = _Worker(process, Connection(to_worker_w, readable=False), Connection(from_worker_r, writable=False))
    try:
        if not worker.replies.poll(START_SECONDS) or json.loads(worker.replies.recv_bytes()) != "ready":
            raise OSError("no answer")
    except (OSError, EOFError, ValueError) as exc:
        worker.close()
        raise OSError(f"a render worker did not start ({exc})") from None
    return worker


class RenderPool:
    """Up to `size` render workers, started when first needed and replaced when killed."""

    def __init__(self, size: int = 2, memory_mb: int = DEFAULT_MEMORY_MB) -> None:
        self.size = max(1, size)
        self.memory_mb = memory_mb
        self._idle: list[_Worker] = []
        self._count = 0  # workers alive: idle, busy or starting
        self._changed = threading.Condition()
        self.killed = 0  # workers killed past a deadline or lost (for tests and logs)

    def run(self, op: Op, source: str, origin: str, expression: bool, context: dict[str, Any] | None,
            limits: TemplateLimits) -> Any:
        """`op` on a worker: the names a template reads ("check") or its text ("render")."""
        request = _encode(op, source, origin, expression, context, limits)
        worker = self._acquire()
        reply: dict[str, Any] | None = None
        try:
            worker.requests.send_bytes(request)
            if worker.replies.poll(limits.deadline_seconds + KILL_MARGIN_SECONDS):
                reply = json.loads(worker.replies.recv_bytes())
        except (OSError, EOFError, ValueError):
            reply = None
        finally:
            self._release(worker, reply is not None and not reply.get("retire"))
        return _answer(reply, limits)

    async def run_async(self, op: Op, source: str, origin: str, expression: bool, context: dict[str, Any] | None,
                        limits: TemplateLimits) -> Any:
        """The same from an event loop, which only waits: no thread sits blocked on the pipe. A request
        too large for the pipe's buffer, or one that has to wait for a worker, goes through a thread."""
        request = _encode(op, source, origin, expression, context, limits)
        worker = self._try_acquire() if len(request) < PIPE_BUFFER_BYTES else None
        if worker is None:
            return await asyncio.to_thread(self.run, op, source, origin, expression, context, limits)
        reply: dict[str, Any] | None = None
        try:
            worker.requests.send_bytes(request)  # fits into the empty pipe: never blocks
            message = await asyncio.wait_for(_receive(worker.replies.fileno()),
                                             limits.deadline_seconds + KILL_MARGIN_SECONDS)
            reply = json.loads(message)
        except (OSError, EOFError, ValueError, TimeoutError):
            reply = None
        finally:
            self._release(worker, reply is not None and not reply.get("retire"))
        return _answer(reply, limits)

    def _try_acquire(self) -> _Worker | None:
        """An idle worker, if there is one (cancelled waits kill theirs: a late answer would be the
        answer to the next request)."""
        with self._changed:
            return self._idle.pop() if self._idle else None

    def _acquire(self) -> _Worker:
        give_up = time.monotonic() + BUSY_WAIT_SECONDS
        with self._changed:
            while not self._idle and self._count >= self.size:
                left = give_up - time.monotonic()
                if left <= 0:
                    raise TemplateProblem("limit", "too many templates are rendering at once; try again")
                self._changed.wait(left)
            if self._idle:
                return self._idle.pop()
            self._count += 1
        try:
            return _start_worker(self.memory_mb)
        except OSError as exc:
            log.error("%s", exc)
            with self._changed:
                self._count -= 1
                self._changed.notify()
            raise TemplateProblem("limit", "the template renderer is not available") from None

    def _release(self, worker: _Worker, keep: bool) -> None:
        if not keep:
            worker.close()
        with self._changed:
            if keep:
                self._idle.append(worker)
            else:
                self._count -= 1
                self.killed += 1
            self._changed.notify()

    def close(self) -> None:
        """End the idle workers (busy ones end when their caller gives them back or at exit)."""
        with self._changed:
            idle, self._idle = self._idle, []
            self._count -= len(idle)
        for worker in idle:
            worker.close()

    def pids(self) -> list[int]:
        """The idle workers' process ids (for tests)."""
        with self._changed:
            return [worker.process.pid for worker in self._idle]


_POOL: RenderPool | None = None
_POOL_LOCK = threading.Lock()


def configure_render_pool(size: int, memory_mb: int) -> RenderPool:
    """The process' pool with these settings (the running one if it has them)."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is not None and (_POOL.size, _POOL.memory_mb) == (max(1, size), memory_mb):
            return _POOL
        old, _POOL = _POOL, RenderPool(size, memory_mb)
    if old is not None:
        old.close()
    return _POOL


def render_pool() -> RenderPool:
    global _POOL
    pool = _POOL
    if pool is None:
        with _POOL_LOCK:
            if _POOL is None:
                _POOL = RenderPool()
            pool = _POOL
    return pool


@atexit.register
def _close_pool() -> None:
    if _POOL is not None:
        _POOL.close()
