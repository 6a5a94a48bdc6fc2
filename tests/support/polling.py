"""Waiting in a thread for something another thread or process does (`web_user.eventually` is the
event loop's counterpart)."""

from __future__ import annotations

import time
from collections.abc import Callable


def until(check: Callable[[], bool], what: str, timeout: float = 10.0) -> None:
    """Until `check()` holds, failing after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting until {what}"
        time.sleep(0.01)
