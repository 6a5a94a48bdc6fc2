"""The hard bound on templates: render worker processes that are killed past the deadline.

Jinja's sandbox checks run only where Python code runs; a filter chain in C (`sum`, `join`,
`list * n`, ...) holds the GIL until it is done, and no thread can stop it. So no template runs in
this process. A request goes to an idle worker (`worker`) over a pipe (`pipe`); the caller
waits at most the deadline plus `KILL_MARGIN_SECONDS`, then the worker is killed with SIGKILL and
a fresh one takes its place. The kernel caps each worker's memory and CPU time (`worker`),
and workers run at a lower priority, so a template bomb costs one core for about a second and
nobody else waits.

At most `size` renders run at once; more wait their turn, for up to `BUSY_WAIT_SECONDS`, with one
exception that breaks a cycle: an event loop reads its renders' answers itself, so a thread that
waits for a worker while that loop waits for the thread (a listing built on the loop, or one the loop
waits for under a lock) would wait until it gives up. A thread that has waited
`OVERFLOW_AFTER_SECONDS` (at once when it is the loop's own thread) gets one of up to `size` extra
workers, closed after that one request (without it, such pages would stall until the wait gave up). Threads
wait on a condition; `run_async` lets an event loop wait for a worker and its answer without any
thread (a thread hop and the GIL hand-back after it would cost more than the render itself).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
import weakref
from collections import deque
from typing import Any

from vance_ui.wizards.templates.limits import DEFAULT_MEMORY_MB, KILL_MARGIN_SECONDS, TemplateLimits
from vance_ui.wizards.templates.pipe import (
    RENDER_WORKER,
    Op,
    WorkerProcess,
    answer,
    encode_request,
    start_worker,
)
from vance_ui.wizards.templates.problems import RendererBusy

log = logging.getLogger("vance_ui.render")

BUSY_WAIT_SECONDS = 30.0
OVERFLOW_AFTER_SECONDS = 0.25
BUSY = "too many templates are rendering at once; try again"
CLOSED = "the template renderer has been shut down"  #: a closed pool (the app stops) starts no worker

# What an event loop waits for: a worker, or None for a free place to start one in.
Waiter = asyncio.Future[WorkerProcess | None]


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class RenderPool:
    """Up to `size` render workers, started when first needed and replaced when killed."""

    def __init__(self, size: int = 2, memory_mb: int = DEFAULT_MEMORY_MB, module: str = RENDER_WORKER) -> None:
        self.size = max(1, size)
        self.memory_mb = memory_mb
        self.module = module  # which kind of worker (`pipe.RENDER_WORKER`, `pipe.LOAD_WORKER`)
        self._idle: list[WorkerProcess] = []
        self._count = 0  # places taken: workers idle, busy or starting
        self._changed = threading.Condition()
        self._threads_waiting = 0
        self._loops_waiting: deque[Waiter] = deque()
        self._extras = 0  # extra workers out now (see the module's docstring), and their ids
        self._extra_ids: set[int] = set()
        self.killed = 0  # workers killed past a deadline or lost (for tests and logs)
        self.round_trips = 0  # requests sent to a worker and waited for (for tests and the bench)
        self._closed = False
        self._starting = 0  # workers started in the background, not handed out yet
        # a pool nobody closed (a command that ended, a test) ends its idle workers when it goes
        weakref.finalize(self, _end_workers, self._idle)

    def run(self, op: Op, source: str, origin: str, expression: bool, context: dict[str, Any] | None,
            limits: TemplateLimits) -> Any:
        """`op` on a worker: the names a template reads ("check"), its text ("render"), a wizard text's
        load ("load", on a load worker)."""
        request = encode_request(op, source, origin, expression, context, limits)
        return answer(self.ask(request, limits.deadline_seconds + KILL_MARGIN_SECONDS), limits, op)

    async def run_async(self, op: Op, source: str, origin: str, expression: bool, context: dict[str, Any] | None,
                        limits: TemplateLimits) -> Any:
        """The same for an event loop."""
        request = encode_request(op, source, origin, expression, context, limits)
        return answer(await self.ask_async(request, limits.deadline_seconds + KILL_MARGIN_SECONDS), limits, op)

    def ask(self, request: bytes, seconds: float) -> dict[str, Any] | None:
        """One round trip: `request` (encoded by `pipe`) to a worker, its answer within `seconds`;
        None when none came (that worker is killed)."""
        worker = self._acquire()
        self._count_round_trip()
        reply = None
        try:
            reply = worker.ask(request, seconds)
        finally:  # no answer (or this wait was given up): a late answer must not meet the next request
            self._release(worker, reply is not None and not reply.get("retire"))
        return reply

    async def ask_async(self, request: bytes, seconds: float) -> dict[str, Any] | None:
        """The same for an event loop. Cancelled (a client went away), it kills the worker at once:
        its place is free for the next request."""
        worker = await self._acquire_async()
        self._count_round_trip()
        reply = None
        try:
            reply = await worker.ask_async(request, seconds)
        finally:
            self._release(worker, reply is not None and not reply.get("retire"))
        return reply

    def _count_round_trip(self) -> None:
        with self._changed:
            self.round_trips += 1

    def busy(self) -> int:
        """How many workers are out on a request now (for tests and the bench)."""
        with self._changed:
            return self._count - len(self._idle) - self._starting + self._extras

    def _acquire(self) -> WorkerProcess:
        start = time.monotonic()
        give_up = start + BUSY_WAIT_SECONDS
        extra_at = start if _running_loop() is not None else start + OVERFLOW_AFTER_SECONDS
        extra = False
        with self._changed:
            if self._closed:
                raise RendererBusy(CLOSED)
            self._threads_waiting += 1
            try:
                while not self._idle and self._count >= self.size:
                    now = time.monotonic()
                    if now >= give_up:
                        raise RendererBusy(BUSY)
                    if now >= extra_at and self._extras < self.size:
                        self._extras += 1
                        extra = True
                        break
                    self._changed.wait(min(give_up, extra_at if now < extra_at else give_up) - now)
            finally:
                self._threads_waiting -= 1
            if not extra:
                if self._idle:
                    return self._idle.pop()
                self._count += 1
        return self._start_extra() if extra else self._start()

    def _start_extra(self) -> WorkerProcess:
        """An extra worker for one request, closed when it is given back."""
        try:
            worker = start_worker(self.memory_mb, self.module)
        except OSError as exc:
            log.error("%s", exc)
            with self._changed:
                self._extras -= 1
            raise RendererBusy("the template renderer is not available") from None
        with self._changed:
            self._extra_ids.add(id(worker))
        return worker

    async def _acquire_async(self) -> WorkerProcess:
        with self._changed:
            if self._closed:
                raise RendererBusy(CLOSED)
            if self._idle:
                return self._idle.pop()
            waiter: Waiter | None = None
            if self._count < self.size:
                self._count += 1
            else:
                waiter = asyncio.get_running_loop().create_future()
                self._loops_waiting.append(waiter)
        if waiter is not None:
            try:
                handed = await asyncio.wait_for(waiter, BUSY_WAIT_SECONDS)
            except (TimeoutError, asyncio.CancelledError) as stopped:
                if waiter.done() and not waiter.cancelled():  # handed over just as this wait ended
                    self._give(waiter.result())
                if isinstance(stopped, TimeoutError):
                    raise RendererBusy(BUSY) from None
                raise
            if handed is not None:
                return handed
        starting = asyncio.ensure_future(asyncio.to_thread(self._start))  # in a place that is ours now
        try:
            return await asyncio.shield(starting)
        except asyncio.CancelledError:  # the worker still starts: it goes to the pool, not astray
            starting.add_done_callback(self._keep_started)
            raise

    def _keep_started(self, starting: asyncio.Future[WorkerProcess]) -> None:
        if not starting.cancelled() and starting.exception() is None:
            self._give(starting.result())

    def _start(self) -> WorkerProcess:
        try:
            return start_worker(self.memory_mb, self.module)
        except OSError as exc:
            log.error("%s", exc)
            self._give(None)
            raise RendererBusy("the template renderer is not available") from None

    def _release(self, worker: WorkerProcess, keep: bool) -> None:
        with self._changed:
            extra = id(worker) in self._extra_ids
            if extra:
                self._extra_ids.discard(id(worker))
                self._extras -= 1
        if extra:  # not one of the `size` places: nobody waits for it
            worker.close()
            return
        if not keep:
            worker.close()
            with self._changed:
                self.killed += 1
        self._give(worker if keep else None)

    def _give(self, worker: WorkerProcess | None) -> None:
        """Hand a worker, or (None) the free place of one, to whoever waits: a thread first, then
        the event loop that waited longest; else keep it."""
        with self._changed:
            while self._threads_waiting == 0 and self._loops_waiting:
                waiter = self._loops_waiting.popleft()
                if not waiter.done():
                    loop = waiter.get_loop()
                    try:
                        if _running_loop() is loop:  # most often: a render on this loop just finished
                            loop.call_soon(self._hand_over, waiter, worker)
                        else:
                            loop.call_soon_threadsafe(self._hand_over, waiter, worker)
                        return
                    except RuntimeError:  # that loop is closed: the next one in line
                        continue
            if worker is not None and not self._closed:
                self._idle.append(worker)
            else:
                self._count -= 1
            self._changed.notify()
        if worker is not None and self._closed:
            worker.close()

    def _hand_over(self, waiter: Waiter, worker: WorkerProcess | None) -> None:
        if waiter.done():  # it gave up meanwhile: the next one gets it
            self._give(worker)
        else:
            waiter.set_result(worker)

    def prestart(self) -> None:
        """Start every worker now (the zygote's start costs ~0.1-0.35 s; the first renders need not wait for it),
        and wait for those starting in the background. Stops when the pool is closed meanwhile
        (a closed pool takes no worker back, so its count never reaches `size`)."""
        while True:
            with self._changed:
                if self._closed:
                    return
                if self._count >= self.size:
                    while self._starting:
                        self._changed.wait()
                    return
                self._count += 1
            try:
                worker = self._start()
            except RendererBusy:
                return
            self._give(worker)

    def prestart_one_in_background(self) -> None:
        """Start one worker in a thread of its own, so that the first request finds it (or finds
        it starting, and waits less) without anybody waiting for it now."""
        with self._changed:
            if self._idle or self._count >= self.size:
                return
            self._count += 1
            self._starting += 1
        threading.Thread(target=self._start_and_give, name="render-pool-prestart", daemon=True).start()

    def _start_and_give(self) -> None:
        try:
            self._give(self._start())
        except RendererBusy:  # logged; the place was given back
            pass
        finally:
            with self._changed:
                self._starting -= 1
                self._changed.notify_all()

    def close(self) -> None:
        """End the idle workers (busy ones end when their caller gives them back or at exit; one
        that finishes starting after this is ended at once)."""
        with self._changed:
            self._closed = True
            idle = list(self._idle)
            self._idle.clear()
            self._count -= len(idle)
        for worker in idle:
            worker.close()

    def pids(self) -> list[int]:
        """The idle workers' process ids (for tests)."""
        with self._changed:
            return [worker.process.pid for worker in self._idle]


def _end_workers(idle: list[WorkerProcess]) -> None:
    while idle:
        idle.pop().close()
