"""Bounds on posted form values, checked before pydantic or the form validator walk them.

The body-size cap (413) bounds bytes; these bound shape: how deep values nest, how many
values there are in all, and that every number and text is something JSON can carry
(no NaN/Infinity, no unpaired UTF-16 surrogates, which cannot be encoded as UTF-8).
The walk is iterative, so no input can make it recurse.
"""

from __future__ import annotations

import math
import re
from typing import Any

from pydantic_core import PydanticCustomError

MAX_VALUE_DEPTH = 32  # a form nests repeats 3 levels deep: values stay well under 10
MAX_VALUE_NODES = 50_000  # 200 fields x 200 repeat items is the largest sensible form
_SURROGATE = re.compile("[\ud800-\udfff]")


def _where(path: str, key: Any) -> str:
    return f"{path}[{key}]" if isinstance(key, int) else f"{path}.{key}"


def _printable(key: str) -> str:
    text = key[:40].encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(key) <= 40 else text + "..."


def check_json_values(data: Any) -> Any:
    """Return `data` unchanged, or raise a `PydanticCustomError` naming the first problem."""
    budget = MAX_VALUE_NODES
    stack: list[tuple[Any, str, int]] = [(data, "values", 0)]
    while stack:
        value, path, depth = stack.pop()
        budget -= 1
        if budget < 0:
            raise PydanticCustomError(
                "too_large", "values hold more than {max} items in all", {"max": MAX_VALUE_NODES})
        if depth > MAX_VALUE_DEPTH:
            raise PydanticCustomError(
                "too_deep", "{path} is nested more than {max} levels deep", {"path": path, "max": MAX_VALUE_DEPTH})
        if isinstance(value, str):
            if _SURROGATE.search(value):
                raise PydanticCustomError(
                    "invalid_text", "{path} contains an unpaired surrogate, which is not valid Unicode text",
                    {"path": path})
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise PydanticCustomError(
                    "invalid_number", "{path} is NaN or Infinity, which JSON does not allow", {"path": path})
        elif isinstance(value, dict):
            for key, item in value.items():
                if isinstance(key, str) and _SURROGATE.search(key):
                    raise PydanticCustomError(
                        "invalid_text", "a key in {path} contains an unpaired surrogate", {"path": path})
                stack.append((item, _where(path, _printable(str(key))), depth + 1))
        elif isinstance(value, list):
            stack.extend((item, _where(path, index), depth + 1) for index, item in enumerate(value))
    return data
