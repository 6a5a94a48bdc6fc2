"""The loopback ports the tests hand out (`free_port`): `make test` runs two pytest processes side by
side, each starting servers, PostgreSQL clusters and nginx; a port handed to both failed tests with
"address already in use"."""

from __future__ import annotations

import socket
import subprocess
import sys

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


def test_a_port_in_use_is_not_handed_out() -> None:
    listening = free_port()
    with socket.socket() as server:
        server.bind(("127.0.0.1", listening))
        server.listen()
        ports = {free_port() for _ in range(len(TEST_PORTS) // 4)}
    assert listening not in ports
