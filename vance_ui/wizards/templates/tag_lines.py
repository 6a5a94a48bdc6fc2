"""Whitespace the way template authors mean it: a line holding only tags leaves no trace.

Jinja's `trim_blocks` drops the newline after *every* block tag, so an inline
`{% if x %}(x){% endif %}` at the end of a line glues the next line on. We instead make lines
that hold nothing but tags and comments disappear (indentation and newline), and leave inline
tags alone. The indentation and the newline are moved *inside* the tag delimiters rather than
deleted, so Jinja's line numbers in error messages stay those of the file.
"""

from __future__ import annotations

import re

_TAG = r"\{%[-+]?(?:[^%]|%(?!\}))*?[-+]?%\}|\{#(?:[^#]|#(?!\}))*?#\}"
_STANDALONE = re.compile(rf"^([ \t]*)((?:(?:{_TAG})[ \t]*)+)(\r?\n)$")
_RAW_EDGE = re.compile(r"\{%[-+]?\s*(raw|endraw)\s*[-+]?%\}")
_OPENER = re.compile(r"^(\{[%#][-+]?)")
_CLOSER = re.compile(r"([-+]?[%#]\})$")


def _fold(indent: str, tags: str, newline: str) -> str:
    tags = tags.rstrip(" \t")
    tags = _OPENER.sub(lambda m: m.group(1) + indent, tags, count=1) if indent else tags
    return _CLOSER.sub(lambda m: newline + m.group(1), tags, count=1)


def fold_tag_lines(source: str) -> str:
    """Fold tag-only lines into their tags; text inside `{% raw %}` blocks is untouched."""
    out: list[str] = []
    in_raw = False
    for line in source.splitlines(keepends=True):
        edges = [m.group(1) for m in _RAW_EDGE.finditer(line)]
        standalone = _STANDALONE.match(line)
        if standalone and (not in_raw or edges == ["endraw"]):
            out.append(_fold(*standalone.groups()))
        else:
            out.append(line)
        for edge in edges:
            in_raw = edge == "raw" if not in_raw else edge != "endraw"
    return "".join(out)
