"""The LLM "Check" of a filled form (spec section 6, v2): suggestions, never a blocker."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from vance_ui.llm.client import ModelConfig, complete
from vance_ui.llm.json_answer import json_list

MAX_SUGGESTIONS = 20
MAX_SUGGESTION_CHARS = 1000

SYSTEM_PROMPT = """You review a filled-in form before its prompt is sent to an AI assistant.
Answer ONLY with a JSON object of this shape, nothing else:
{{"suggestions": [{{"field": "<field name or empty>", "suggestion": "<one short, concrete hint>"}}]}}
Use these field names: {fields}. Use "" for hints about the form as a whole.
Give at most 5 suggestions; an empty list when everything is fine. Write the hints in language '{lang}'."""


@dataclass(frozen=True, slots=True)
class Suggestion:
    field: str
    suggestion: str

    def as_dict(self) -> dict[str, str]:
        return {"field": self.field, "suggestion": self.suggestion}


def parse_suggestions(text: str) -> list[Suggestion]:
    """Accept `{"suggestions": [...]}` or a bare list; drop malformed entries."""
    items = json_list(text, "suggestions", "the check asks for")
    out: list[Suggestion] = []
    for item in items[:MAX_SUGGESTIONS]:
        if isinstance(item, dict) and isinstance(item.get("suggestion"), str) and item["suggestion"].strip():
            field = item.get("field") if isinstance(item.get("field"), str) else ""
            out.append(Suggestion(str(field)[:200], item["suggestion"].strip()[:MAX_SUGGESTION_CHARS]))
    return out


async def review_form(config: ModelConfig, prompt: str, field_names: Sequence[str], lang: str) -> list[Suggestion]:
    messages = [
        {"role": "system", "content": SYSTEM_PROMPT.format(fields=", ".join(field_names) or "(none)", lang=lang)},
        {"role": "user", "content": prompt},
    ]
    answer = await complete(config, messages, response_format={"type": "json_object"}, temperature=0)
    return parse_suggestions(answer)
