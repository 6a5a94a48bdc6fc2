"""Login throttling per user id and per client address (a sliding window of failures)."""

from __future__ import annotations

import threading
import time
from collections import deque


class LoginThrottle:
    def __init__(self, max_failures: int = 5, window_seconds: float = 300.0) -> None:
        self.max_failures = max_failures
        self.window = window_seconds
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, key: str, now: float) -> deque[float]:
        entries = self._failures.setdefault(key, deque())
        while entries and now - entries[0] > self.window:
            entries.popleft()
        return entries

    def retry_after(self, *keys: str) -> float:
        """Seconds until another attempt is allowed for all keys (0 when allowed now)."""
        now = time.monotonic()
        with self._lock:
            waits = [self.window - (now - e[0]) for k in keys if len(e := self._recent(k, now)) >= self.max_failures]
        return max(waits, default=0.0)

    def failed(self, *keys: str) -> None:
        now = time.monotonic()
        with self._lock:
            for key in keys:
                self._recent(key, now).append(now)

    def succeeded(self, *keys: str) -> None:
        with self._lock:
            for key in keys:
                self._failures.pop(key, None)
