"""One machine's network link to PostgreSQL, for tests that cut it: a relay on a Unix socket of its
own in front of the test cluster's socket. `cut()` drops every connection through it and closes each
new one at once (the database is unreachable from that machine only) until `restore()`."""

from __future__ import annotations

import contextlib
import socket
import tempfile
import threading
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit


class DbLink:
    def __init__(self, database_url: str) -> None:
        parts = urlsplit(database_url)
        query = dict(parse_qsl(parts.query))
        self.target = str(Path(query["host"]) / f".s.PGSQL.{query['port']}")
        self.directory = tempfile.mkdtemp(prefix="vlink-")  # short: a socket path has at most 107 bytes
        query["host"] = self.directory
        self.url = urlunsplit(parts._replace(query=urlencode(query)))
        self.open = True
        self.lock = threading.Lock()
        self.connections: list[socket.socket] = []
        self.listener = socket.socket(socket.AF_UNIX)
        self.listener.bind(str(Path(self.directory) / f".s.PGSQL.{query['port']}"))
        self.listener.listen(64)
        threading.Thread(target=self._accept, daemon=True, name="db link").start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:  # closed
                return
            if not self.open:
                client.close()
                continue
            server = socket.socket(socket.AF_UNIX)
            try:
                server.connect(self.target)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.connections += [client, server]
            threading.Thread(target=self._pump, args=(client, server), daemon=True).start()
            threading.Thread(target=self._pump, args=(server, client), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while chunk := source.recv(65536):
                sink.sendall(chunk)
        for end in (source, sink):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        self.open = False
        with self.lock:
            dropped, self.connections = self.connections, []
        for connection in dropped:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
            connection.close()

    def restore(self) -> None:
        self.open = True

    def close(self) -> None:
        self.cut()
        self.listener.close()
        with contextlib.suppress(OSError):
            for path in Path(self.directory).iterdir():
                path.unlink()
            Path(self.directory).rmdir()
