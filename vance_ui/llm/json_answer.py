"""A model's JSON answer, read tolerantly: bare, in a code fence, or inside prose."""

from __future__ import annotations

import json
import re
from typing import Any

from vance_ui.llm.client import LlmError

_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)


def json_payload(text: str, what: str) -> Any:
    """The JSON value in `text`; `LlmError("bad_response")` saying `what` was asked for otherwise."""
    stripped = text.strip()
    fenced = _FENCE.search(stripped)
    if fenced:
        stripped = fenced.group(1).strip()
    try:
        return json.loads(stripped)
    except ValueError:
        start, end = stripped.find("{"), stripped.rfind("}")
        if 0 <= start < end:
            try:
                return json.loads(stripped[start:end + 1])
            except ValueError:
                pass
    raise LlmError("bad_response", f"The model's answer was not the JSON {what}.")


def json_list(text: str, key: str, what: str) -> list[Any]:
    """The list under `key` of the model's JSON answer (`{key: [...]}`), or the answer when it is a
    bare list; `LlmError("bad_response")` otherwise."""
    payload = json_payload(text, what)
    items = payload.get(key) if isinstance(payload, dict) else payload
    if not isinstance(items, list):
        raise LlmError("bad_response", f"The model's answer had no list of {key}.")
    return items
