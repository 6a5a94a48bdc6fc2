"""Asking a model for a form's values from a conversation ("Fill from chat").

The answer's shape goes as `response_format` (a JSON Schema) where litellm knows the model supports
structured output, else as JSON mode with the schema in the instructions; either way the text is
read tolerantly (JSON inside prose or a code fence) and checked by the caller, never trusted.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from vance_ui.llm.client import LlmError, ModelConfig, complete, supports_response_schema
from vance_ui.llm.json_answer import json_payload

SYSTEM_PROMPT = """You fill in a form from a conversation. Answer ONLY with one JSON object that matches this JSON
Schema, nothing else:
{schema}
Take values only from what the conversation says (the user's draft message last). Leave out every field the
conversation does not clearly answer: never guess or invent a value. Use the choice values exactly as listed.
Write texts in language '{lang}' unless the conversation quotes them otherwise."""


async def response_format(config: ModelConfig, schema: Mapping[str, Any]) -> dict[str, Any]:
    if await supports_response_schema(config.model):
        return {"type": "json_schema", "json_schema": {"name": "form_values", "schema": dict(schema), "strict": False}}
    return {"type": "json_object"}


async def ask_for_values(config: ModelConfig, schema: Mapping[str, Any], conversation: str,
                         lang: str) -> dict[str, Any]:
    """The model's values by field name (unchecked). `LlmError` when the call fails or the answer
    holds no JSON object."""
    messages = [
        {"role": "system", "content": SYSTEM_PROMPT.format(schema=json.dumps(schema, ensure_ascii=False), lang=lang)},
        {"role": "user", "content": conversation},
    ]
    answer = await complete(config, messages, response_format=await response_format(config, schema), temperature=0)
    payload = json_payload(answer, "with the form's values")
    if isinstance(payload, dict) and isinstance(payload.get("values"), dict) and len(payload) == 1:
        payload = payload["values"]  # some models wrap the object once more
    if not isinstance(payload, dict):
        raise LlmError("bad_response", "The model's answer was not an object of the form's values.")
    return payload
