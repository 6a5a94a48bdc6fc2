"""Counting without slowing anyone down: `count` adds to a batch in memory (a lock and a dict
update); a background thread adds each batch to the stored counts every few seconds, and `close`
adds the last one. Nothing a user waits for touches the store.

Stored (tenant `t`):
- `t/_usage/days/<YYYY-MM-DD>.json`: `{"counts": {<project or "-">: {<wizard>: {<key>: n}}}}`;
  a user's own wizards (their layer's) are counted under `_user_<id>` instead of the project, so a
  wizard of the same name elsewhere never shares their counts
- `t/_user_<user>/usage/recent.json`: `{"wizards": {<wizard>: {"used": n, "last": <YYYY-MM-DD>}}}`,
  the user's own uses (their "recently used"), in their layer where nobody else reads.

Each batch is added under the store's lock for that document (`DocumentStore.locked`: a file lock,
or an advisory lock in PostgreSQL), so instances and threads that add at once lose no count. A
batch the store refuses (it is down) stays in memory and goes with the next one. Day documents
older than `KEEP_DAYS` are deleted once a day.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

from vance_ui.documents.store import DocumentStore, InvalidDocumentPath, check_segment
from vance_ui.usage.events import is_count_key

log = logging.getLogger(__name__)

USAGE_PROJECT = "_usage"
DAYS_FOLDER = "days"
USER_DOCUMENT = "usage/recent.json"
NO_PROJECT = "-"  # the key of the tenant's own counts (a project id never is "-")
USER_KEY_PREFIX = "_user_"  # the key of the counts of a user's own wizards: `_user_<id>`
KEEP_DAYS = 396  # 13 months
FLUSH_SECONDS = 2.0

Counts = dict[str, int]
DayBatch = dict[str, dict[str, Counts]]  # project key -> wizard -> counts


def day_path(day: date) -> str:
    return f"{DAYS_FOLDER}/{day.isoformat()}.json"


def project_key(project_id: str | None) -> str:
    return project_id or NO_PROJECT


def read_json(content: bytes | None) -> dict[str, Any]:
    if not content:
        return {}
    try:
        data = json.loads(content)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def day_counts(content: bytes | None) -> DayBatch:
    """A stored day document's counts, keeping only well-formed entries."""
    counts = read_json(content).get("counts")
    out: DayBatch = {}
    if not isinstance(counts, dict):
        return out
    for project, wizards in counts.items():
        if not isinstance(wizards, dict):
            continue
        for wizard, keys in wizards.items():
            if not isinstance(keys, dict):
                continue
            kept = {k: n for k, n in keys.items() if is_count_key(k) and isinstance(n, int) and n > 0}
            if kept:
                out.setdefault(str(project), {})[str(wizard)] = kept
    return out


def _add(into: DayBatch, batch: DayBatch) -> DayBatch:
    for project, wizards in batch.items():
        for wizard, keys in wizards.items():
            target = into.setdefault(project, {}).setdefault(wizard, {})
            for key, n in keys.items():
                target[key] = target.get(key, 0) + n
    return into


class UsageRecorder:
    """`enabled=False` (VANCE_USAGE_STATS=0): every call does nothing and nothing is stored."""

    def __init__(self, data: DocumentStore, enabled: bool = True, interval: float = FLUSH_SECONDS,
                 today: Callable[[], date] = date.today) -> None:
        self.data, self.enabled, self.interval, self.today = data, enabled, interval, today
        self._lock = threading.Lock()
        self._days: dict[tuple[str, date], DayBatch] = {}
        self._users: dict[tuple[str, str], dict[str, int]] = {}
        self._thread: threading.Thread | None = None
        self._wake = threading.Event()
        self._closed = False
        self._pruned: dict[str, date] = {}

    # -- counting (any thread, the event loop included) -------------------------------------

    def count(self, tenant: str, project_id: str | None, wizard: str, key: str, n: int = 1) -> None:
        if not self.enabled or self._closed:
            return
        if not is_count_key(key):
            raise ValueError(f"not a usage count: {key!r}")
        with self._lock:
            batch = self._days.setdefault((tenant, self.today()), {})
            keys = batch.setdefault(project_key(project_id), {}).setdefault(wizard, {})
            keys[key] = keys.get(key, 0) + n
        self._ensure_thread()

    def count_user_use(self, tenant: str, user: str, wizard: str) -> None:
        """One use of `wizard` by `user`, for their own "recently used"."""
        if not self.enabled or self._closed:
            return
        with self._lock:
            uses = self._users.setdefault((tenant, user), {})
            uses[wizard] = uses.get(wizard, 0) + 1
        self._ensure_thread()

    def pending(self) -> bool:
        with self._lock:
            return bool(self._days or self._users)

    # -- adding the batches to the store (the background thread, `flush`, `close`) ----------

    def flush(self) -> bool:
        """Add what is counted so far to the store; False if the store refused a batch (kept)."""
        with self._lock:
            days, users = self._days, self._users
            self._days, self._users = {}, {}
        ok = True
        for (tenant, day), batch in days.items():
            if ok:
                ok = self._store_day(tenant, day, batch)
            if not ok:
                self._keep_day(tenant, day, batch)
        for (tenant, user), uses in users.items():
            if ok:
                ok = self._store_user(tenant, user, uses)
            if not ok:
                self._keep_user(tenant, user, uses)
        if ok:
            for tenant in {tenant for tenant, _ in days}:
                self._prune(tenant)
        return ok

    def close(self) -> None:
        """Stop the thread and add the last batch (a clean shutdown loses no count)."""
        self._closed = True
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=30)
        self.flush()

    def _ensure_thread(self) -> None:
        if self._thread is None:
            with self._lock:
                if self._thread is None and not self._closed:
                    self._thread = threading.Thread(target=self._run, name="usage counts", daemon=True)
                    self._thread.start()

    def _run(self) -> None:
        while not self._closed:
            self._wake.wait(self.interval)
            if self._closed:
                return
            try:
                self.flush()
            except Exception:  # never let the thread die: the counts stay for the next try
                log.exception("usage counts could not be stored")

    def _store_day(self, tenant: str, day: date, batch: DayBatch) -> bool:
        path = day_path(day)
        try:
            with self.data.locked(tenant, USAGE_PROJECT, path):
                current = self.data.get(tenant, USAGE_PROJECT, path)
                counts = _add(day_counts(current.content if current else None), batch)
                self.data.put(tenant, USAGE_PROJECT, path, json.dumps({"counts": counts}, sort_keys=True).encode())
        except InvalidDocumentPath:
            log.warning("usage counts for tenant %r dropped: not a valid tenant", tenant[:80])
        except Exception as error:
            log.warning("usage counts not stored yet (%s); kept for the next try", type(error).__name__)
            return False
        return True

    def _store_user(self, tenant: str, user: str, uses: dict[str, int]) -> bool:
        try:
            project = check_segment(f"_user_{user}", "user")
            with self.data.locked(tenant, project, USER_DOCUMENT):
                current = self.data.get(tenant, project, USER_DOCUMENT)
                known = read_json(current.content if current else None).get("wizards")
                wizards: dict[str, Any] = known if isinstance(known, dict) else {}
                today, cutoff = self.today().isoformat(), (self.today() - timedelta(days=KEEP_DAYS)).isoformat()
                for wizard, n in uses.items():
                    entry = wizards.get(wizard)
                    used = entry.get("used", 0) if isinstance(entry, dict) else 0
                    wizards[wizard] = {"used": (used if isinstance(used, int) else 0) + n, "last": today}
                wizards = {w: e for w, e in wizards.items()
                           if isinstance(e, dict) and isinstance(e.get("last"), str) and e["last"] >= cutoff}
                self.data.put(tenant, project, USER_DOCUMENT, json.dumps({"wizards": wizards}, sort_keys=True).encode())
        except InvalidDocumentPath:
            log.warning("usage counts for a user dropped: not a valid user or tenant")
        except Exception as error:
            log.warning("usage counts not stored yet (%s); kept for the next try", type(error).__name__)
            return False
        return True

    def _keep_day(self, tenant: str, day: date, batch: DayBatch) -> None:
        with self._lock:
            _add(self._days.setdefault((tenant, day), {}), batch)

    def _keep_user(self, tenant: str, user: str, uses: dict[str, int]) -> None:
        with self._lock:
            kept = self._users.setdefault((tenant, user), {})
            for wizard, n in uses.items():
                kept[wizard] = kept.get(wizard, 0) + n

    def _prune(self, tenant: str) -> None:
        """Once a day per tenant: delete day documents older than `KEEP_DAYS`."""
        today = self.today()
        if self._pruned.get(tenant) == today:
            return
        self._pruned[tenant] = today
        cutoff = (today - timedelta(days=KEEP_DAYS)).isoformat()
        try:
            for info in self.data.list(tenant, USAGE_PROJECT, DAYS_FOLDER, ".json"):
                if info.path.rsplit("/", 1)[-1].removesuffix(".json") < cutoff:
                    self.data.delete(tenant, USAGE_PROJECT, info.path)
        except Exception as error:
            log.warning("old usage counts not deleted yet (%s)", type(error).__name__)
