"""Authors' text patterns (`pattern:` of a text field), compiled with RE2: matching is linear in the
text's length whatever the pattern, so no pattern can make a check hang (no ReDoS). RE2 has no
backreferences or lookaround; a pattern using them is refused at load with RE2's reason."""

from __future__ import annotations

import functools
from typing import Any

import re2


class PatternRefused(ValueError):
    """The pattern is no RE2 regular expression."""


_OPTIONS = re2.Options()
_OPTIONS.log_errors = False  # a refused pattern is reported to the author, not logged by RE2


@functools.lru_cache(maxsize=512)
def compile_pattern(pattern: str) -> Any:
    """The compiled pattern (cached: each check of a field reuses it)."""
    try:
        return re2.compile(pattern, _OPTIONS)
    except re2.error as error:
        reason = error.args[0] if error.args else b""
        text = reason.decode("utf-8", "replace") if isinstance(reason, bytes) else str(reason)
        raise PatternRefused(text or "not a regular expression RE2 accepts") from None


def matches(pattern: str, text: str) -> bool:
    """Whether the whole `text` matches `pattern` (as an HTML input's pattern does)."""
    return compile_pattern(pattern).fullmatch(text) is not None
