"""One render worker process, and how requests and answers cross its pipes.

Requests and answers are JSON, framed as `multiprocessing.connection.Connection` frames them (a
4-byte length, then the bytes): neither side unpickles what the other sent. A worker gets an
empty environment: no API key or storage secret reaches a process that runs hostile templates.
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
import struct
from dataclasses import asdict, dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, Literal

import vance_ui
from vance_ui.wizards.templates.limits import TemplateLimits
from vance_ui.wizards.templates.problems import TemplateProblem
from vance_ui.wizards.templates.zygote import START_SECONDS, ForkedProcess, fork_worker

MAX_ANSWER_BYTES = 16 * 1024 * 1024  # an answer is at most 200,000 characters of JSON text
PIPE_BUFFER_BYTES = 60_000  # Linux pipes hold 64 KiB: a smaller request is written without waiting
PACKAGE_PARENT = str(Path(vance_ui.__file__).resolve().parents[1])  # where `-m vance_ui...` is found

#: "check", "constants" and "render" are every worker's; "load", "yaml" and "bounds" (wizard text) a load worker's
Op = Literal["check", "constants", "render", "load", "yaml", "bounds"]
#: one template of a batch, as it crosses the pipe: source, origin, whether it is an expression
BatchTemplate = tuple[str, str, bool]
#: the two kinds of worker process: templates only, and templates plus wizard text (`vance_ui.wizards.load_worker`)
RENDER_WORKER = "vance_ui.wizards.templates.worker"
LOAD_WORKER = "vance_ui.wizards.load_worker"


@functools.cache
def _as_dict(limits: TemplateLimits) -> dict[str, Any]:
    return asdict(limits)


def encode_request(op: Op, source: str, origin: str, expression: bool, context: dict[str, Any] | None,
                   limits: TemplateLimits) -> bytes:
    try:
        return json.dumps({"op": op, "source": source, "origin": origin, "expression": expression,
                           "context": context, "limits": _as_dict(limits)}, ensure_ascii=False).encode()
    except (TypeError, ValueError) as exc:
        raise TemplateProblem("runtime", f"the values are not plain data ({exc})") from None


def encode_batch(templates: list[BatchTemplate], jobs: list[tuple[int, dict[str, Any]]], limits: TemplateLimits,
                 budget_seconds: float) -> bytes:
    """Op "batch": each job (an index into `templates`, a context) rendered in order within
    `limits`, all of them within `budget_seconds` (`worker.render_batch`). Each template crosses once."""
    try:
        return json.dumps({"op": "batch", "templates": templates, "jobs": jobs, "limits": _as_dict(limits),
                           "budget": budget_seconds}, ensure_ascii=False).encode()
    except (TypeError, ValueError) as exc:
        raise TemplateProblem("runtime", f"the values are not plain data ({exc})") from None


def answer(reply: dict[str, Any] | None, limits: TemplateLimits, op: Op) -> Any:
    """What the worker answered, or the `TemplateProblem` it reported; None: it was stopped."""
    if reply is None:
        doing = {"render": "rendering", "load": "loading", "yaml": "reading", "bounds": "reading"}.get(op, "compiling")
        raise TemplateProblem("limit", f"{doing} took longer than {limits.deadline_seconds:g} s "
                                       "or ran out of memory, and was stopped")
    if "problem" in reply:
        kind, message, line = reply["problem"]
        raise TemplateProblem(kind, message, line)
    return reply["ok"]


@dataclass(eq=False)
class WorkerProcess:
    process: ForkedProcess
    requests: Connection
    replies: Connection

    def ask(self, request: bytes, seconds: float) -> dict[str, Any] | None:
        """Send `request`; the answer, or None if none came within `seconds` or the pipe broke."""
        try:
            self.requests.send_bytes(request)
            if self.replies.poll(seconds):
                reply: dict[str, Any] = json.loads(self.replies.recv_bytes(MAX_ANSWER_BYTES))
                return reply
        except (OSError, EOFError, ValueError, RecursionError):
            pass
        return None

    async def ask_async(self, request: bytes, seconds: float) -> dict[str, Any] | None:
        """The same on an event loop, which waits without blocking (a request too large for the
        empty pipe is written by a thread while the worker reads it)."""
        try:
            if len(request) < PIPE_BUFFER_BYTES:
                self.requests.send_bytes(request)  # fits into the empty pipe: never blocks
            else:
                await asyncio.to_thread(self.requests.send_bytes, request)
            reply: dict[str, Any] = json.loads(await _receive(self.replies.fileno(), seconds))
            return reply
        except (OSError, EOFError, ValueError, RecursionError, TimeoutError):
            return None

    def close(self) -> None:
        """Killed, and not waited for: the zygote reaps it, and no answer waits for the kernel to
        free what a bomb allocated."""
        self.process.kill()
        for connection in (self.requests, self.replies):
            connection.close()
        self.process.release()


class _Frame:
    """One frame read by the event loop's reader callback whenever the pipe is readable: a large
    answer arrives in pieces, and the loop never waits for one (no task, no thread per answer)."""

    def __init__(self, fd: int, done: asyncio.Future[bytes]) -> None:
        self.fd, self.done = fd, done
        self.data = bytearray()
        self.size: int | None = None

    def readable(self) -> None:
        try:
            while not self.done.done():
                want = 4 - len(self.data) if self.size is None else self.size + 4 - len(self.data)
                chunk = os.read(self.fd, min(want, 1 << 20))
                if not chunk:
                    raise EOFError("the render worker closed its pipe")
                self.data += chunk
                if self.size is None and len(self.data) >= 4:
                    self.size = struct.unpack("!i", self.data[:4])[0]
                    if not 0 <= self.size <= MAX_ANSWER_BYTES:
                        raise ValueError("an answer larger than any render can give")
                if self.size is not None and len(self.data) == self.size + 4:
                    self.done.set_result(bytes(self.data[4:]))
        except BlockingIOError:
            pass
        except (OSError, EOFError, ValueError) as exc:
            self.done.set_exception(exc)


def _time_out(done: asyncio.Future[bytes]) -> None:
    if not done.done():
        done.set_exception(TimeoutError())


async def _receive(fd: int, seconds: float) -> bytes:
    """One frame within `seconds`. The pipe is blocking again afterwards, for `ask` (the event
    loop, uvloop's at least, makes a watched descriptor non-blocking)."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[bytes] = loop.create_future()
    os.set_blocking(fd, False)
    loop.add_reader(fd, _Frame(fd, done).readable)
    timer = loop.call_later(seconds, _time_out, done)
    try:
        return await done
    finally:
        timer.cancel()
        loop.remove_reader(fd)
        os.set_blocking(fd, True)


def worker_environment() -> dict[str, str]:
    """All the environment a zygote and its workers get: where Python finds this package."""
    python_path = os.pathsep.join(p for p in (PACKAGE_PARENT, os.environ.get("PYTHONPATH", "")) if p)
    return {"PYTHONPATH": python_path, "PATH": os.defpath}


def start_worker(memory_mb: int, module: str = RENDER_WORKER) -> WorkerProcess:
    """A new worker (`module`: which kind), forked by this process' zygote of that kind (`zygote`),
    which was started with a minimal environment: no API keys or secrets reach a process that runs
    hostile templates."""
    process, requests, replies = fork_worker(module, memory_mb, worker_environment(), PACKAGE_PARENT)
    worker = WorkerProcess(process, Connection(requests, readable=False), Connection(replies, writable=False))
    try:
        if not worker.replies.poll(START_SECONDS) or json.loads(worker.replies.recv_bytes()) != "ready":
            raise OSError("no answer")
    except (OSError, EOFError, ValueError) as exc:
        worker.close()
        raise OSError(f"a render worker did not start ({exc})") from None
    return worker
