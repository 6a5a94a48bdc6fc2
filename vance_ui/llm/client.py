"""A thin async adapter over litellm: one place for model errors, timeouts and the lazy import."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any, Literal

ErrorKind = Literal["not_configured", "auth", "rate_limit", "network", "timeout", "bad_request", "model_error",
                    "bad_response"]


class LlmError(Exception):
    """A model call that failed, in words a user can act on."""

    def __init__(self, kind: ErrorKind, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


@dataclass(frozen=True)
class ModelConfig:
    model: str
    api_base: str | None = None
    api_key: str | None = None
    timeout: float = 60.0

    def kwargs(self) -> dict[str, Any]:
        extra: dict[str, Any] = {"model": self.model, "timeout": self.timeout, "num_retries": 0}
        if self.api_base:
            extra["api_base"] = self.api_base
        if self.api_key:
            extra["api_key"] = self.api_key
        elif self.api_base:
            extra["api_key"] = "not-needed"  # local OpenAI-compatible servers rarely check keys
        return extra


@dataclass
class Usage:
    prompt_tokens: int = 0
    completion_tokens: int = 0


def import_litellm() -> Any:
    """litellm, imported on first use (seconds), with the app's settings applied."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm

    litellm.suppress_debug_info = True
    litellm.drop_params = True
    return litellm


async def _litellm_async() -> Any:
    """The first import takes seconds: do it off the event loop so other requests keep flowing.

    Once imported, no thread hop (it cost 10-30 ms of every answer's first token)."""
    module = sys.modules.get("litellm")
    if module is not None and not getattr(module.__spec__, "_initializing", False):  # fully imported
        return import_litellm()
    return await asyncio.to_thread(import_litellm)


async def supports_response_schema(model: str) -> bool:
    """Whether litellm knows `model` to take a JSON Schema as `response_format` (unknown models: no)."""
    litellm = await _litellm_async()
    try:
        return bool(litellm.supports_response_schema(model=model))
    except Exception:  # litellm raises for some model names it cannot map to a provider
        return False


def _translate(exc: Exception) -> LlmError:
    litellm = import_litellm()
    text = str(exc).split("\n")[0][:300]
    if isinstance(exc, litellm.AuthenticationError):
        return LlmError("auth", "The model provider rejected the API key (check VANCE_LLM_API_KEY).")
    if isinstance(exc, litellm.RateLimitError):
        return LlmError("rate_limit", "The model provider is rate-limiting requests; try again in a moment.")
    if isinstance(exc, litellm.Timeout):
        return LlmError("timeout", "The model did not answer in time.")
    if isinstance(exc, litellm.APIConnectionError):
        return LlmError("network", f"Could not reach the model provider: {text}")
    if isinstance(exc, (litellm.BadRequestError, litellm.NotFoundError)):
        return LlmError("bad_request", f"The model provider refused the request: {text}")
    return LlmError("model_error", f"The model call failed: {text}")


async def complete(config: ModelConfig, messages: list[dict[str, str]], **options: Any) -> str:
    """One non-streamed answer as text."""
    litellm = await _litellm_async()
    try:
        response = await litellm.acompletion(messages=messages, **config.kwargs(), **options)
    except Exception as exc:
        raise _translate(exc) from None
    try:
        content = response.choices[0].message.content
    except (AttributeError, IndexError, KeyError):
        raise LlmError("bad_response", "The model sent an answer without text.") from None
    return content or ""


async def stream(config: ModelConfig, messages: list[dict[str, str]], usage: Usage | None = None,
                 **options: Any) -> AsyncIterator[str]:
    """Text deltas as they arrive; fills `usage` when the provider reports it."""
    litellm = await _litellm_async()
    try:
        response = await litellm.acompletion(
            messages=messages, stream=True, stream_options={"include_usage": True}, **config.kwargs(), **options
        )
        async for chunk in response:
            if usage is not None and getattr(chunk, "usage", None):
                usage.prompt_tokens = chunk.usage.prompt_tokens or usage.prompt_tokens
                usage.completion_tokens = chunk.usage.completion_tokens or usage.completion_tokens
            choices = getattr(chunk, "choices", None) or []
            if choices:
                delta = getattr(choices[0].delta, "content", None)
                if delta:
                    yield delta
    except LlmError:
        raise
    except Exception as exc:
        raise _translate(exc) from None
