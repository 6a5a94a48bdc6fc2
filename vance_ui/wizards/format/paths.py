"""Where something sits in a nested structure: one path shape for a value in a form and a place in
a wizard file. `("members", 2, "name")` inside the app, `members[2].name` on the wire (errors,
Check hints, the API, lint's messages): validation, visibility, loading, lint, the web form and the
CLI all use these.
"""

from __future__ import annotations

import re

Path = tuple[str | int, ...]

_NAME = r"[A-Za-z][A-Za-z0-9_]*"
_PATH = re.compile(rf"{_NAME}(?:\[[0-9]{{1,6}}\])*(?:\.{_NAME}(?:\[[0-9]{{1,6}}\])*)*")
_TOKEN = re.compile(rf"({_NAME})|\[([0-9]+)\]")


def path_text(path: Path) -> str:
    """`("members", 2, "name")` -> `members[2].name`."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else part
    return text


def parse_path(text: str) -> Path | None:
    """The inverse of `path_text`; None for anything that is not such a path."""
    text = text.strip()
    if not _PATH.fullmatch(text):
        return None
    return tuple(name or int(index) for name, index in _TOKEN.findall(text))
