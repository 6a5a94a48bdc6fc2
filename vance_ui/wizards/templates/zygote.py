"""Workers forked from a copy that has already started: a new worker costs a fork (a few ms), not a
Python start and its imports (~0.1 s for a render worker, ~0.35 s for a load worker).

One zygote per kind of worker (`pipe.RENDER_WORKER`, `pipe.LOAD_WORKER`) and per app process, started
with the first worker of its kind as `python -m vance_ui.wizards.templates.zygote <module>`, with
the workers' minimal environment (no API key, no storage secret). It imports the worker module,
runs no template itself, and waits on a Unix socket. For each request (a worker's memory cap) it makes the
worker's two pipes and forks; the worker, in a session of its own, serves the pipes
(`worker.main`); the zygote hands the app the app's ends of the pipes and a pidfd of the worker
(SCM_RIGHTS), closes its own copies and reaps the workers that ended. The app kills a
worker through its pidfd (`ForkedProcess`): no signal can reach a process id reused meanwhile. The
zygote ends when the app does (its socket closes); it is in the app's process group, so a signal
to the group ends it too.

multiprocessing's forkserver does not fit: it starts its server with the app's environment (API
keys, the storage secret) and hands work over by pickle.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import signal
import socket
import subprocess
import sys
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass

from vance_ui.wizards.templates.limits import MEMORY_ENV

START_SECONDS = 20.0  # a zygote's start, a fork, or a new worker's "ready", before it counts as lost
REAP_SECONDS = 2.0  # how often an idle zygote reaps the workers that ended
ZYGOTE = "vance_ui.wizards.templates.zygote"


@dataclass(eq=False)
class ForkedProcess:
    """A worker the zygote forked, known by its pidfd. Once released (-1), no signal is sent."""

    pid: int
    pidfd: int

    def kill(self) -> None:
        if self.pidfd >= 0:
            with contextlib.suppress(ProcessLookupError):  # ended (and reaped) already
                signal.pidfd_send_signal(self.pidfd, signal.SIGKILL)

    def release(self) -> None:
        """The pidfd closed (once: its number may belong to another file afterwards)."""
        if self.pidfd >= 0:
            os.close(self.pidfd)
            self.pidfd = -1


class Zygote:
    """The app's side of one zygote: a fork at a time, over its socket."""

    def __init__(self, module: str, environment: dict[str, str], cwd: str) -> None:
        self.module = module
        self._lock = threading.Lock()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        with theirs:
            self.process = subprocess.Popen([sys.executable, "-m", ZYGOTE, module], stdin=theirs.fileno(),
                                            cwd=cwd, env=environment)
        self.control = ours
        self.control.settimeout(START_SECONDS)
        try:
            if self.control.recv(16) != b"ready":
                raise OSError("no answer")
        except OSError as exc:
            self.close()
            raise OSError(f"a render worker zygote did not start ({exc})") from None

    def usable(self) -> bool:
        return self.process.poll() is None

    def fork(self, memory_mb: int) -> tuple[ForkedProcess, int, int]:
        """A new worker capped at `memory_mb`: its process, and the app's ends of its request and
        reply pipes."""
        with self._lock:
            self.control.sendall(b"%d" % memory_mb)
            message, fds, _flags, _address = socket.recv_fds(self.control, 32, 3, socket.MSG_CMSG_CLOEXEC)
        if len(fds) != 3 or not message.isdigit():
            for fd in fds:
                os.close(fd)
            raise OSError("the zygote answered no worker")
        requests, replies, pidfd = fds
        return ForkedProcess(int(message), pidfd), requests, replies

    def close(self) -> None:
        self.control.close()
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()


_zygotes: dict[str, Zygote] = {}
_zygotes_lock = threading.Lock()


def _forget_zygotes() -> None:
    """In a forked copy of the app: its parent's zygotes are not its own (their sockets are closed
    here, so a zygote still ends with the process that started it); it starts its own."""
    global _zygotes_lock
    for zygote in _zygotes.values():
        zygote.control.close()
    _zygotes.clear()
    _zygotes_lock = threading.Lock()


os.register_at_fork(after_in_child=_forget_zygotes)


def fork_worker(module: str, memory_mb: int, environment: dict[str, str],
                cwd: str) -> tuple[ForkedProcess, int, int]:
    """A worker of kind `module` from this process' zygote of that kind (started now if there is
    none, or it was lost); OSError when none can be had."""
    with _zygotes_lock:
        zygote = _zygotes.get(module)
        if zygote is None or not zygote.usable():
            if zygote is not None:
                zygote.close()
            zygote = _zygotes[module] = Zygote(module, environment, cwd)
    try:
        return zygote.fork(memory_mb)
    except OSError:
        with _zygotes_lock:
            if _zygotes.get(module) is zygote:
                del _zygotes[module]
        zygote.close()
        raise


# -- the zygote process ----------------------------------------------------------------------------

def _reap() -> None:
    with contextlib.suppress(ChildProcessError):
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass


def _serve_worker(serve: Callable[[], None], control: socket.socket, memory_mb: int, pipes: tuple[int, int],
                  parent_ends: tuple[int, int]) -> None:
    """In the forked worker: its own session, the pipes on stdin and stdout, its memory cap."""
    try:
        os.setsid()
        control.close()
        for fd in parent_ends:
            os.close(fd)
        os.dup2(pipes[0], 0)
        os.dup2(pipes[1], 1)
        for fd in pipes:
            os.close(fd)
        os.environ[MEMORY_ENV] = str(memory_mb)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        serve()
    except BaseException:  # a worker that fails says why on stderr, and ends
        traceback.print_exc()
        os._exit(1)
    os._exit(0)


def _fork(serve: Callable[[], None], control: socket.socket, memory_mb: int) -> None:
    requests_read, requests_write = os.pipe()
    replies_read, replies_write = os.pipe()
    pid = os.fork()
    if pid == 0:
        _serve_worker(serve, control, memory_mb, (requests_read, replies_write), (requests_write, replies_read))
    pidfd = os.pidfd_open(pid)  # before any reaping: the pid is still this worker's
    try:
        socket.send_fds(control, [b"%d" % pid], [requests_write, replies_read, pidfd])
    finally:
        for fd in (requests_read, replies_write, requests_write, replies_read, pidfd):
            os.close(fd)


def main() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C in a terminal is for the app, which ends us
    serve: Callable[[], None] = importlib.import_module(sys.argv[1]).main
    control = socket.socket(fileno=os.dup(0))
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)
    control.sendall(b"ready")
    control.settimeout(REAP_SECONDS)
    while True:
        _reap()
        try:
            request = control.recv(32)
        except TimeoutError:
            continue
        except OSError:
            return
        if not request.isdigit():  # the app is gone (or said something no app says)
            return
        try:
            _fork(serve, control, int(request))
        except OSError:  # the app went away meanwhile; the worker ends when its pipes close
            return


if __name__ == "__main__":
    main()
