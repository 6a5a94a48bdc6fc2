"""What is counted: the steps of a wizard's use and where it was opened from.

A count's key is a short string (`opened`, `opened.card`, `page.2`, `use_seconds.30`), the
same in memory, in the stored day document and in the stats; never a value, a prompt or a text.
"""

from __future__ import annotations

from enum import StrEnum


class Step(StrEnum):
    OPENED = "opened"
    PAGE = "page"  # a page of a multi-step wizard reached: `page.<number>`, from 1
    USED = "used"  # the rendered prompt went into the chat input (or was printed by the CLI)
    SENT = "sent"  # a message whose text came from the wizard was sent
    ABANDONED = "abandoned"  # the form was closed without using the prompt
    CHECKED = "checked"  # the LLM Check ran
    FILLED = "filled"  # "Fill from chat" ran
    FOLLOW_UP_OFFERED = "follow_up_offered"
    FOLLOW_UP_TAKEN = "follow_up_taken"


class OpenedFrom(StrEnum):
    """Where the user opened a wizard from: `opened.<where>` besides the plain `opened`."""

    TAB = "tab"  # the Wizards tab
    CARD = "card"  # a quick-start card of an empty chat
    SLASH = "slash"  # `/name` in the chat input
    CHIP = "chip"  # a suggestion above the chat input
    LINK = "link"  # a `vance:` deep link
    FOLLOW_UP = "follow_up"  # a follow-up offered after a prompt
    MESSAGE = "message"  # "Edit in form" of a sent message whose text came from the wizard


#: upper bounds (seconds) of the buckets the time from opening to using a prompt is counted in;
#: the median is reported as the bound of the bucket it falls in
USE_SECONDS_BUCKETS = (5, 10, 20, 30, 45, 60, 90, 120, 180, 300, 600, 1200, 3600)
MAX_PAGE = 50  # pages beyond are counted as this one


def page_key(number: int) -> str:
    return f"{Step.PAGE}.{max(1, min(number, MAX_PAGE))}"


def opened_key(where: OpenedFrom) -> str:
    return f"{Step.OPENED}.{where}"


def use_seconds_key(seconds: float) -> str:
    """The bucket of a time from opening to use (past the last bucket: `use_seconds.more`)."""
    bound = next((b for b in USE_SECONDS_BUCKETS if seconds <= b), None)
    return f"use_seconds.{bound if bound is not None else 'more'}"


def median_use_seconds(counts: dict[str, int]) -> int | None:
    """The bucket bound the median time from opening to use falls in (None: no use timed)."""
    buckets = [(b, counts.get(f"use_seconds.{b}", 0)) for b in USE_SECONDS_BUCKETS]
    buckets.append((USE_SECONDS_BUCKETS[-1] * 2, counts.get("use_seconds.more", 0)))
    total = sum(n for _, n in buckets)
    if total == 0:
        return None
    seen = 0
    for bound, n in buckets:
        seen += n
        if seen * 2 >= total:
            return bound
    return None  # pragma: no cover - the loop always returns once seen reaches total


KNOWN_KEY_PREFIXES = (*tuple(str(s) for s in Step), "use_seconds")


def is_count_key(key: str) -> bool:
    """Whether `key` is one of the keys above (stored documents are checked when read)."""
    head, _, tail = key.partition(".")
    if head == "use_seconds":
        return tail == "more" or tail.isdigit()
    if head == Step.PAGE:
        return tail.isdigit()
    if head == Step.OPENED:
        return tail == "" or tail in {str(w) for w in OpenedFrom}
    return tail == "" and head in KNOWN_KEY_PREFIXES
