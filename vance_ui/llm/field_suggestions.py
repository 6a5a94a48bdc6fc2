""""Suggest fields": the fast model reads a pasted prompt and names the parts that change, as
structured output (a JSON schema through litellm's `response_format`). What comes back is raw: the
author's side (`authoring.suggested_fields`) keeps only what fits the prompt."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from vance_ui.llm.client import ModelConfig, complete
from vance_ui.llm.json_answer import json_list

MAX_SUGGESTED = 30
MAX_TEXT_CHARS = 4000

SYSTEM_PROMPT = """You turn a prompt that a user reuses into a form. Find the parts of the prompt that
change from one use to the next (a topic, a name, a date, a number, a list of lines, one of several
options) and answer ONLY with JSON of this shape:
{{"fields": [{{"text": "<the part, copied exactly from the prompt>", "name": "<camelCase field name>",
"label": "<short label in language '{lang}'>", "type": "<one of {types}>", "options": ["<other values>"]}}]}}
Copy each text character for character; give options only for type select. At most {limit} fields."""


@dataclass(frozen=True)
class SuggestedField:
    """One part as the model named it, unchecked."""

    text: str
    name: str
    label: str
    type: str
    options: tuple[str, ...]


def _schema(types: Sequence[str]) -> dict[str, Any]:
    text = {"type": "string"}
    field = {"type": "object", "additionalProperties": False,
             "required": ["text", "name", "label", "type", "options"],
             "properties": {"text": text, "name": text, "label": text, "type": {"type": "string", "enum": list(types)},
                            "options": {"type": "array", "items": text}}}
    return {"type": "object", "additionalProperties": False, "required": ["fields"],
            "properties": {"fields": {"type": "array", "items": field}}}


def _text(item: dict[str, Any], key: str) -> str:
    value = item.get(key)
    return value[:MAX_TEXT_CHARS] if isinstance(value, str) else ""


def parse_fields(answer: str) -> list[SuggestedField]:
    """`{"fields": [...]}` (or a bare list) as suggestions; entries that are no such object are dropped."""
    items = json_list(answer, "fields", "with the proposed fields")
    out: list[SuggestedField] = []
    for item in items[:MAX_SUGGESTED]:
        if isinstance(item, dict) and _text(item, "text").strip():
            options = item.get("options")
            listed = tuple(o[:MAX_TEXT_CHARS] for o in options if isinstance(o, str)) if isinstance(options, list) \
                else ()
            out.append(SuggestedField(_text(item, "text"), _text(item, "name"), _text(item, "label"),
                                      _text(item, "type"), listed))
    return out


async def suggest_fields(config: ModelConfig, prompt: str, types: Sequence[str], lang: str) -> list[SuggestedField]:
    """The parts of `prompt` the model would make fields of (raises `LlmError` in words a user can act on)."""
    messages = [
        {"role": "system", "content": SYSTEM_PROMPT.format(lang=lang, types=", ".join(types), limit=MAX_SUGGESTED)},
        {"role": "user", "content": prompt},
    ]
    response_format = {"type": "json_schema",
                       "json_schema": {"name": "prompt_fields", "strict": True, "schema": _schema(types)}}
    answer = await complete(config, messages, response_format=response_format, temperature=0)
    return parse_fields(answer)
