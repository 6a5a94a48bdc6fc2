"""A local OpenAI-compatible model server on 127.0.0.1 for tests (stdlib only).

litellm talks to it over real HTTP (`model="openai/<any>"`, `api_base=server.base_url`), so
tests exercise litellm's real request, response and streaming code. Queue answers with
`server.reply(...)`; each request pops one (the last one repeats).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Reply:
    text: str = ""
    status: int = 200
    error_body: dict[str, Any] | None = None
    chunk_delay: float = 0.0
    first_token_delay: float = 0.0
    chunk_size: int = 8


@dataclass
class FakeLLM:
    server: ThreadingHTTPServer
    replies: list[Reply] = field(default_factory=list)
    requests: list[dict[str, Any]] = field(default_factory=list)

    @property
    def base_url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host!s}:{port}/v1" if isinstance(host, str) else f"http://127.0.0.1:{port}/v1"

    def reply(self, text: str = "", **options: Any) -> None:
        self.replies.append(Reply(text, **options))

    def next_reply(self) -> Reply:
        if not self.replies:
            return Reply("OK")
        return self.replies.pop(0) if len(self.replies) > 1 else self.replies[0]


def _handler(fake: FakeLLM) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def do_POST(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            body = json.loads(self.rfile.read(length) or b"{}")
            fake.requests.append(body)
            reply = fake.next_reply()
            if reply.status != 200:
                payload = json.dumps(reply.error_body or {"error": {"message": "fake error", "type": "error"}})
                self.send_response(reply.status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload.encode())
                return
            if body.get("stream"):
                self._stream(reply, body)
            else:
                self._json(reply, body)

        def _json(self, reply: Reply, body: dict[str, Any]) -> None:
            time.sleep(reply.first_token_delay)
            payload = json.dumps({
                "id": "chatcmpl-fake", "object": "chat.completion", "created": int(time.time()),
                "model": body.get("model", "fake"),
                "choices": [{"index": 0, "message": {"role": "assistant", "content": reply.text},
                             "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 11, "completion_tokens": max(1, len(reply.text) // 4),
                          "total_tokens": 11 + max(1, len(reply.text) // 4)},
            }).encode()
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def _stream(self, reply: Reply, body: dict[str, Any]) -> None:
            self.send_response(200)
            self.send_header("content-type", "text/event-stream")
            self.send_header("cache-control", "no-cache")
            self.end_headers()
            time.sleep(reply.first_token_delay)
            model = body.get("model", "fake")
            for piece in _pieces(reply.text, reply.chunk_size):
                self._event({"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 0, "model": model,
                             "choices": [{"index": 0, "delta": {"content": piece}, "finish_reason": None}]})
                time.sleep(reply.chunk_delay)
            self._event({"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 0, "model": model,
                         "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
            tokens = max(1, len(reply.text) // 4)
            self._event({"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 0, "model": model,
                         "choices": [], "usage": {"prompt_tokens": 11, "completion_tokens": tokens,
                                                  "total_tokens": 11 + tokens}})
            self.wfile.write(b"data: [DONE]\n\n")
            self.wfile.flush()

        def _event(self, data: dict[str, Any]) -> None:
            try:
                self.wfile.write(f"data: {json.dumps(data)}\n\n".encode())
                self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                pass

    return Handler


def _pieces(text: str, size: int) -> Iterator[str]:
    for start in range(0, len(text), max(1, size)):
        yield text[start:start + size]


def start_fake_llm() -> FakeLLM:
    server = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    fake = FakeLLM(server)
    server.RequestHandlerClass = _handler(fake)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, name="fake-llm", daemon=True).start()
    return fake


def stop_fake_llm(fake: FakeLLM) -> None:
    fake.server.shutdown()
    fake.server.server_close()


def use_fake_model(settings: Any, fake: FakeLLM, monkeypatch: Any, *, setting: str = "fast_model",
                   model: str = "openai/fake-fast", timeout: float = 10.0) -> None:
    """A service's settings (for this test) pointed at `fake`: `setting` (`fast_model` for the Check and
    Fill from chat, `model` for the chat) names `model`, litellm's requests go to the fake server."""
    monkeypatch.setattr(settings, setting, model)
    monkeypatch.setattr(settings, "llm_api_base", fake.base_url)
    monkeypatch.setattr(settings, "llm_timeout_seconds", timeout)
