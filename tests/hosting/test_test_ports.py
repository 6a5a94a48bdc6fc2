"""The loopback ports the tests hand out (`free_port`): pytest processes side by side (`make test`
and `make test-fast` run two, an engineer may run more) each start servers, PostgreSQL clusters and
nginx; a port handed to two of them failed tests with "address already in use"."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading

from tests.support.app_server import TEST_PORTS, free_port
from tests.support.paths import REPO

#: a process that takes 300 ports, says which, and holds them until its standard input closes
HOLDER = "from tests.support.app_server import free_port; import sys; " \
         "print(*(free_port() for _ in range(300)), flush=True); sys.stdin.read()"


def test_processes_side_by_side_never_get_the_same_port() -> None:
    holders = [subprocess.Popen([sys.executable, "-c", HOLDER], cwd=REPO, stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, text=True) for _ in range(3)]
    try:
        taken = [{int(port) for port in holder.stdout.readline().split()} for holder in holders]  # type: ignore[union-attr]
        mine = {free_port() for _ in range(300)}
    finally:
        for holder in holders:
            holder.communicate("", timeout=30)
    assert [len(ports) for ports in taken] == [300, 300, 300], "a process never hands out a port twice"
    everyone = [*taken, mine]
    for index, ports in enumerate(everyone):
        assert all(port in TEST_PORTS for port in ports)
        assert not any(ports & other for other in everyone[index + 1:])


#: a process whose next candidate port is the one given: which port it hands out
NEXT_FROM = "import itertools, sys; from tests.support import app_server as ports; " \
            "ports._next_port = itertools.count(int(sys.argv[1]) - ports.TEST_PORTS.start); print(ports.free_port())"


def handed_out_after(port: int) -> int:
    out = subprocess.run([sys.executable, "-c", NEXT_FROM, str(port)], cwd=REPO, capture_output=True, text=True,
                         check=True, timeout=60).stdout
    return int(out)


def test_a_port_in_use_or_given_to_another_process_is_skipped() -> None:
    given = free_port()  # this process holds it; nothing listens there yet
    assert handed_out_after(given) != given
    unheld = handed_out_after(given + 2_000)  # by a process that has ended: nobody holds it now
    with socket.socket() as server:
        server.bind(("127.0.0.1", unheld))
        server.listen()
        assert handed_out_after(unheld) != unheld, "in use"
    assert handed_out_after(unheld) == unheld, "free again: handed out as it comes"


def test_a_port_handed_out_while_another_thread_starts_processes_can_be_bound() -> None:
    """A child forked by another thread holds a copy of the port check's socket until it execs: the
    server's own bind (SO_REUSEADDR, as uvicorn's) must still succeed."""
    stop = threading.Event()

    def start_processes() -> None:
        while not stop.is_set():
            subprocess.run(["true"], check=True)

    starter = threading.Thread(target=start_processes)
    starter.start()
    refused = 0
    try:
        for _ in range(1_000):
            with socket.socket() as server:
                server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                try:
                    server.bind(("127.0.0.1", free_port()))
                except OSError:
                    refused += 1
    finally:
        stop.set()
        starter.join()
    assert refused == 0, f"{refused} of 1,000 ports handed out were in use when the server bound them"
