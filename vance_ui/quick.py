"""Quick mode: answer a small request on the event loop when everything it needs is in memory.

Handing a call to a worker thread and back costs an API request about 0.28 ms on this 2-core
machine, more than a whole cached render (~0.1 ms). In quick mode the domain answers only from
memory and renders within a short budget of CPU time (waiting for the CPU under load does not
count); whatever would read a file, rebuild a listing or run longer raises `WouldBlock` instead,
and the caller repeats the call in a worker thread (`call_quickly` in the API). A template that
once used up the quick budget goes straight to the thread from then on, so no template holds the
event loop for more than that budget.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

QUICK_DEADLINE_SECONDS = 0.02  # the CPU time an attempt may spend on the event loop

_QUICK: ContextVar[bool] = ContextVar("vance_quick_mode", default=False)


class WouldBlock(Exception):
    """Raised in quick mode instead of slow work; repeat the call outside quick mode."""


@contextmanager
def quick_mode() -> Iterator[None]:
    token = _QUICK.set(True)
    try:
        yield
    finally:
        _QUICK.reset(token)


def in_quick_mode() -> bool:
    return _QUICK.get()


def refuse_in_quick_mode(what: str) -> None:
    """Call before slow work (`what` says which, for debugging)."""
    if _QUICK.get():
        raise WouldBlock(what)

