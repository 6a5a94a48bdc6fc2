"""`availableIn`: glob patterns on the project id that decide listing visibility (spec section 2a)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

#: The comparison value when a listing has no project context.
NO_PROJECT = "_tenant"


@lru_cache(maxsize=4096)
def _compile(pattern: str) -> re.Pattern[str]:
    """`*` matches any run of characters except `/`; everything else is literal."""
    return re.compile("[^/]*".join(re.escape(part) for part in pattern.split("*")))


def is_available(patterns: Sequence[str], project_id: str | None) -> bool:
    """Visible when a positive pattern matches and no `!` pattern does; only excludes imply `*`."""
    if not patterns:
        return True
    target = project_id or NO_PROJECT
    includes = [p for p in patterns if not p.startswith("!")]
    excludes = [p[1:] for p in patterns if p.startswith("!")]
    if any(_compile(p).fullmatch(target) for p in excludes):
        return False
    if not includes:
        return True
    return any(_compile(p).fullmatch(target) for p in includes)
