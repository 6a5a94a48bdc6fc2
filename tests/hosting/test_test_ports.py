"""The loopback ports the tests hand out (`free_port`): `make test` runs two pytest processes side by
side, each starting servers, PostgreSQL clusters and nginx; a port handed to both failed tests with
"address already in use"."""

from __future__ import annotations

import os
import socket
import subprocess
import sys

from tests.support.app_server import PORT_BASE, PORTS_PER_PROCESS, free_port
from tests.support.paths import REPO

HAND_OUT = "from tests.support.app_server import free_port; print(*(free_port() for _ in range(200)))"


def ports_of_process(number: int) -> set[int]:
    env = {**os.environ, "VANCE_TEST_PORTS": str(number), "PYTHONPATH": str(REPO)}
    out = subprocess.run([sys.executable, "-c", HAND_OUT], env=env, cwd=REPO, capture_output=True, text=True,
                         check=True, timeout=60).stdout
    return {int(port) for port in out.split()}


def test_two_test_processes_never_get_the_same_port() -> None:
    first, second = ports_of_process(0), ports_of_process(1)
    assert len(first) == len(second) == 200, "a process never hands out a port twice"
    assert not first & second
    assert all(PORT_BASE + PORTS_PER_PROCESS <= port < PORT_BASE + 2 * PORTS_PER_PROCESS for port in second)


def test_a_port_in_use_is_not_handed_out() -> None:
    listening = free_port()
    with socket.socket() as server:
        server.bind(("127.0.0.1", listening))
        server.listen()
        ports = {free_port() for _ in range(PORTS_PER_PROCESS - 1)}  # once round the block
    assert listening not in ports
