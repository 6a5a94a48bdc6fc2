"""Chat engines shared by the web chat and `vance chat`.

`LlmEngine` streams from litellm with VANCE_MODEL; `EchoEngine` answers without any model
with what a model would have received, plus the wizard follow-up links in it, so authors can
click through a wizard chain without an API key.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from vance_ui.llm.client import LlmError, ModelConfig, Usage, stream

Role = Literal["user", "assistant", "system"]
RunState = Literal["waiting", "streaming", "done", "failed", "stopped"]

VANCE_LINK_RE = re.compile(r"\[([^\]\n]*)\]\((vance:/wizards/[^)\s]+)\)")


@dataclass(frozen=True)
class ChatMessage:
    role: Role
    content: str


@dataclass
class RunProgress:
    """What the Live Progress panel shows about one model run."""

    model: str
    state: RunState = "waiting"
    started: float = field(default_factory=time.monotonic)
    ended: float | None = None
    prompt_tokens: int = 0
    completion_tokens: int = 0
    error: str | None = None
    error_kind: str | None = None

    @property
    def elapsed(self) -> float:
        return (self.ended or time.monotonic()) - self.started

    def finish(self, state: RunState, error: LlmError | None = None) -> None:
        self.state = state
        self.ended = time.monotonic()
        if error is not None:
            self.error, self.error_kind = error.message, error.kind


class ChatEngine(Protocol):
    @property
    def label(self) -> str:
        """What the UI names this engine ("echo (no model configured)" or the model name)."""
        ...

    @property
    def is_echo(self) -> bool: ...

    def stream(self, messages: Sequence[ChatMessage], progress: RunProgress) -> AsyncIterator[str]:
        """Yield text deltas; sets progress.state to streaming/done, raises LlmError on failure."""
        ...


class LlmEngine:
    def __init__(self, config: ModelConfig) -> None:
        self.config = config

    @property
    def label(self) -> str:
        return self.config.model

    @property
    def is_echo(self) -> bool:
        return False

    async def stream(self, messages: Sequence[ChatMessage], progress: RunProgress) -> AsyncIterator[str]:
        usage = Usage()
        payload = [{"role": m.role, "content": m.content} for m in messages]
        try:
            async for delta in stream(self.config, payload, usage):
                progress.state = "streaming"
                progress.completion_tokens = max(progress.completion_tokens + 1, usage.completion_tokens)
                yield delta
        except LlmError as error:
            progress.finish("failed", error)
            raise
        progress.prompt_tokens = usage.prompt_tokens or progress.prompt_tokens
        progress.completion_tokens = usage.completion_tokens or progress.completion_tokens
        progress.finish("done")


def echo_answer(messages: Sequence[ChatMessage]) -> str:
    """The echo engine's reply: the last user message as a model would receive it, and its links."""
    last = next((m.content for m in reversed(messages) if m.role == "user"), "")
    lines = [
        "**Echo engine** - no model is configured (set `VANCE_MODEL` to talk to a real model).",
        "",
        f"A model would have received this conversation of {len(messages)} message(s); the last one:",
        "",
        "```text",
        last.replace("```", "'''"),
        "```",
    ]
    links = VANCE_LINK_RE.findall(last)
    if links:
        lines += ["", "Follow-up wizards offered in this prompt:"]
        lines += [f"- [{label}]({url})" for label, url in links]
    return "\n".join(lines)


class EchoEngine:
    """Answers instantly in small pieces, so the UI's streaming path is exercised too."""

    def __init__(self, chunk_chars: int = 80, delay: float = 0.0) -> None:
        self.chunk_chars = chunk_chars
        self.delay = delay

    @property
    def label(self) -> str:
        return "echo (no model configured)"

    @property
    def is_echo(self) -> bool:
        return True

    async def stream(self, messages: Sequence[ChatMessage], progress: RunProgress) -> AsyncIterator[str]:
        text = echo_answer(messages)
        progress.prompt_tokens = sum(len(m.content.split()) for m in messages)
        progress.state = "streaming"
        for start in range(0, len(text), self.chunk_chars):
            progress.completion_tokens += 1
            yield text[start:start + self.chunk_chars]
            await asyncio.sleep(self.delay)
        progress.finish("done")


def create_engine(config: ModelConfig | None) -> ChatEngine:
    return LlmEngine(config) if config is not None else EchoEngine()
