"""Resolve LocalizableText maps to one language (spec section 2)."""

from __future__ import annotations

from collections.abc import Mapping


def localize(text: Mapping[str, str] | None, lang: str) -> str:
    """Exact language, then its base (`de-AT` -> `de`), then the first entry."""
    if not text:
        return ""
    if lang in text:
        return text[lang]
    base = lang.replace("_", "-").split("-")[0]
    if base in text:
        return text[base]
    for key, value in text.items():
        if key.replace("_", "-").split("-")[0] == base:
            return value
    return next(iter(text.values()))
