"""Host names the app answers: allowed-host patterns and `Host` header parsing (standard library only).

Apart from `vance_ui/api/host_check.py` so that `settings` (which validates VANCE_ALLOWED_HOSTS
with it) and with it the CLI do not import Starlette.
"""

from __future__ import annotations

import contextlib
import ipaddress
import re
from collections.abc import Iterable, Sequence

LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")
#: bind addresses that mean "every interface": not a name anyone reaches the app by
WILDCARD_BINDS = frozenset({"", "0.0.0.0", "::", "[::]", "*"})

_HEADER = re.compile(r"(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::[0-9]{1,5})?")
_PATTERN = re.compile(r"\*|(\*\.)?[a-z0-9_-]+(\.[a-z0-9_-]+)*|\[[0-9a-f:.]+\]")
_WILDCARDS = "wildcards only as '*' or '*.example.com'"


def host_pattern(text: str) -> str:
    """One allowed-host entry, lowercased (an IPv6 address gets its brackets); ValueError if not a host name."""
    pattern = text.strip().lower()
    if ":" in pattern and not pattern.startswith("["):
        with contextlib.suppress(ValueError):
            pattern = f"[{ipaddress.IPv6Address(pattern)}]"
    if not _PATTERN.fullmatch(pattern):
        raise ValueError(f"{text!r} is not a host name (no scheme, no port; {_WILDCARDS})")
    return pattern


def allowed_hosts(bind_host: str, extra: Iterable[str] = ()) -> list[str]:
    """The loopback names, the bind address unless it is a wildcard, and `extra` (VANCE_ALLOWED_HOSTS)."""
    hosts = list(LOOPBACK_HOSTS)
    if bind_host.strip().lower() not in WILDCARD_BINDS:
        with contextlib.suppress(ValueError):  # e.g. an IPv6 address with a zone id: no browser sends that
            hosts.append(host_pattern(bind_host))
    hosts.extend(host_pattern(host) for host in extra)
    return list(dict.fromkeys(hosts))


def host_of(header: str | None) -> str | None:
    """`Example.com:8080` -> `example.com`, `[::1]:80` -> `[::1]`; None for a missing or malformed header."""
    match = _HEADER.fullmatch((header or "").strip().lower())
    return match.group(1) if match else None


def is_allowed(host: str, patterns: Sequence[str]) -> bool:
    return any(p == "*" or host == p or (p.startswith("*.") and host.endswith(p[1:])) for p in patterns)
