"""Login throttling per user id and per client address (a sliding window of failures).

Memory is bounded: each key keeps at most `max_failures` timestamps, keys whose failures have
all expired are dropped, and past `max_keys` the oldest keys go first, so spraying random user ids
cannot grow the process. An attacker's own address key stays blocked while it keeps failing, so
evicting old keys never frees the address that causes the flood.
"""

from __future__ import annotations

import threading
import time
from collections import deque


class LoginThrottle:
    def __init__(self, max_failures: int = 5, window_seconds: float = 300.0, max_keys: int = 10_000) -> None:
        self.max_failures = max_failures
        self.window = window_seconds
        self.max_keys = max_keys
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._failures)

    def _recent(self, key: str, now: float) -> deque[float] | None:
        entries = self._failures.get(key)
        if entries is None:
            return None
        while entries and now - entries[0] > self.window:
            entries.popleft()
        if not entries:
            del self._failures[key]
            return None
        return entries

    def retry_after(self, *keys: str) -> float:
        """Seconds until another attempt is allowed for all keys (0 when allowed now)."""
        now = time.monotonic()
        with self._lock:
            waits = [self.window - (now - e[0]) for k in keys
                     if (e := self._recent(k, now)) is not None and len(e) >= self.max_failures]
        return max(waits, default=0.0)

    def failed(self, *keys: str) -> None:
        now = time.monotonic()
        with self._lock:
            for key in keys:
                entries = self._recent(key, now)
                if entries is None:
                    entries = self._failures[key] = deque(maxlen=self.max_failures)
                else:  # most recently failing keys live longest when the table is full
                    self._failures[key] = self._failures.pop(key)
                entries.append(now)
            if len(self._failures) > self.max_keys:
                self._prune(now)

    def succeeded(self, *keys: str) -> None:
        with self._lock:
            for key in keys:
                self._failures.pop(key, None)

    def _prune(self, now: float) -> None:
        for key in list(self._failures):
            self._recent(key, now)
        excess = len(self._failures) - self.max_keys
        for key in list(self._failures)[:max(excess, 0)]:
            del self._failures[key]
