"""`vance:/wizards/<name>?kind=wizard&k=v` deep links (spec 5a) and prefill coercion.

Model output is rendered by `messages.AnswerMarkdown` (markdown-it with raw HTML off, then DOMPurify
on the client, which drops link targets with unknown URL schemes). `rewrite_vance_links` turns
`](vance:...)` into `](#vance:...)`, which survives sanitizing as long as the target has no quote,
`<`, `>` or space; one delegated click listener (assets/vance.js) emits `vance_link` to Python.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from vance_ui.wizards.format.schema import FormField
from vance_ui.wizards.rules.validation import value_from_text

NAME_RE = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$")
_LINK_TARGET_RE = re.compile(r"\]\(\s*<?vance:", re.IGNORECASE)
MAX_PREFILL_CHARS = 10_000


@dataclass(frozen=True)
class WizardLink:
    name: str
    prefill: dict[str, str]


def rewrite_vance_links(markdown: str) -> str:
    """Make vance: link targets survive the sanitizer; fenced code blocks stay untouched."""
    parts = markdown.split("```")
    for index in range(0, len(parts), 2):
        parts[index] = _LINK_TARGET_RE.sub("](#vance:", parts[index])
    return "```".join(parts)


def parse_wizard_link(href: str) -> WizardLink | None:
    """`(#)vance:/wizards/<name>?kind=wizard&...` -> name and prefill; anything else -> None."""
    href = href.strip().removeprefix("#")
    if not href.lower().startswith("vance:"):
        return None
    parts = urlsplit(href)
    segments = parts.path.strip("/").split("/")
    if len(segments) != 2 or segments[0] != "wizards" or not NAME_RE.match(segments[1]):
        return None
    query = parse_qsl(parts.query, keep_blank_values=True)
    if ("kind", "wizard") not in query:
        return None
    return WizardLink(segments[1], query_prefill(query))


def query_prefill(pairs: Sequence[tuple[str, str]], reserved: Sequence[str] = ("kind",)) -> dict[str, str]:
    prefill: dict[str, str] = {}
    for key, value in pairs:
        if key not in reserved and key not in prefill:
            prefill[key] = value
    return prefill


def coerce_prefill(fields: Sequence[FormField], prefill: Mapping[str, str]) -> dict[str, Any]:
    """Prefill values as the fields' types: unknown keys ignored, repeat fields skipped, bad values dropped."""
    by_name = {f.name: f for f in fields}
    values: dict[str, Any] = {}
    for key, raw in prefill.items():
        field = by_name.get(key)
        if field is None or len(raw) > MAX_PREFILL_CHARS:
            continue
        value = value_from_text(field, raw)
        if value is not None:
            values[key] = value
    return values
