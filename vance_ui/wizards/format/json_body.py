"""A wizard sent as a JSON object (the write API's `application/json` bodies): the YAML text that
is stored for it, with multi-line texts (templates) as `|` blocks, as an author writes them.

User text: converted only in a load worker (`vance_ui.wizards.load_worker`), bounded like a load.
"""

from __future__ import annotations

import json
from typing import Any

import yaml

from vance_ui.wizards.format.yaml_source import MAX_DEPTH, MAX_NODES


class JsonRefused(ValueError):
    """The body is no JSON object that can be a wizard file (the message says why)."""


class _BlockDumper(yaml.SafeDumper):
    """Multi-line texts as `|` blocks."""


def _block_text(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|" if "\n" in value else None)


_BlockDumper.add_representer(str, _block_text)


def _check_shape(data: Any) -> None:
    """As many values and as deep as a wizard file may hold, before any of it is written out."""
    budget = MAX_NODES
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        budget -= 1
        if budget < 0:
            raise JsonRefused(f"the JSON body has more than {MAX_NODES} values")
        if depth > MAX_DEPTH:
            raise JsonRefused(f"the JSON body is nested more than {MAX_DEPTH} levels deep")
        if isinstance(value, dict):
            stack.extend((item, depth + 1) for item in value.values())
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)


def yaml_of_json(body: bytes) -> str:
    """The YAML text of a JSON object, or `JsonRefused`."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        raise JsonRefused("the request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise JsonRefused("the JSON body must be an object: the wizard")
    _check_shape(data)
    try:
        return yaml.dump(data, Dumper=_BlockDumper, sort_keys=False, allow_unicode=True, width=100)
    except (RecursionError, ValueError, yaml.YAMLError):
        raise JsonRefused("the JSON body cannot be written as YAML") from None
