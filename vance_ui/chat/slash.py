"""Slash commands in a chat input, the same in the web chat and in `vance chat`.

What a typed text means (a message to send, or a command) and which wizards a half-typed
command matches live here, so both front ends behave alike. The wizards themselves always come
from the service's listing (`WizardService.list_wizards`), the one the Wizards tab shows.

- `/gremium` opens the listed wizard `gremium`; `/wizard <name>` opens any wizard by name
  (as links and `?wizard=` URLs do, `availableIn` only decides what is listed).
- `//text` is the message `/text`: the way to send a text that starts with a slash.
- Anything else that starts with `/` is a command; one that names no wizard is never sent.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar

from vance_ui.wizards.catalog.views import WizardSummary

WIZARD_COMMAND = "wizard"
_WORD_START = re.compile(r"(?:^|[^0-9a-z])([0-9a-z])")
T = TypeVar("T")


@dataclass(frozen=True)
class ChatInput:
    """A typed text, read: `message` is what to send; `command` is the word after `/` and the rest."""

    kind: Literal["message", "command"]
    text: str
    rest: str = ""

    def wizard_name(self, listed: Sequence[str]) -> str | None:
        """The wizard this command opens: `/<listed name>` alone, or `/wizard <any name>`."""
        if self.kind != "command":
            return None
        if self.text == WIZARD_COMMAND:
            return self.rest if self.rest and not any(c.isspace() for c in self.rest) else None
        return self.text if not self.rest and self.text in listed else None


def read_input(text: str) -> ChatInput:
    """A message, or a command when it starts with one `/` (surrounding whitespace ignored)."""
    stripped = text.strip()
    if stripped.startswith("//"):
        return ChatInput("message", stripped[1:])
    if not stripped.startswith("/"):
        return ChatInput("message", stripped)
    body = stripped[1:]
    if not body or body[0].isspace():
        return ChatInput("command", "", body.strip())
    parts = body.split(maxsplit=1)
    word, rest = parts[0], parts[1] if len(parts) > 1 else ""
    return ChatInput("command", word, rest.strip())


def menu_query(text: str) -> str | None:
    """What to match wizards against while a command is being typed at the very start of the
    input: the text after `/` (or after `/wizard `) up to the cursor's word; None when no menu."""
    if not text.startswith("/") or text.startswith("//"):
        return None
    body = text[1:]
    if not any(c.isspace() for c in body):
        return body
    word, _, rest = body.partition(" ")
    if word == WIZARD_COMMAND and not any(c.isspace() for c in rest):
        return rest
    return None


def match_rank(query: str, name: str, title: str = "") -> int | None:
    """How well a wizard matches a typed query (lower is better), None when it does not.

    Exact name, name prefix, title prefix, a title word's prefix, then anywhere in name or title.
    """
    q = query.strip().lower()
    if not q:
        return 5
    low_title = title.lower()
    if name == q:
        return 0
    if name.startswith(q):
        return 1
    if low_title.startswith(q):
        return 2
    if any(low_title.startswith(q, m.start(1)) for m in _WORD_START.finditer(low_title)):
        return 3
    if q in name or q in low_title:
        return 4
    return None


def match_wizards(wizards: Sequence[WizardSummary], query: str, limit: int | None = None) -> list[WizardSummary]:
    """The wizards matching `query`, best first, in listing order within equally good matches."""
    found = _best_first(wizards, lambda w: match_rank(query, w.name, w.title))
    return found if limit is None else found[:limit]


def match_names(names: Sequence[str], query: str) -> list[str]:
    """The same ranking over bare names (the CLI completes names, without titles)."""
    return _best_first(names, lambda name: match_rank(query, name))


def _best_first(items: Sequence[T], rank: Callable[[T], int | None]) -> list[T]:
    ranked = [(r, index) for index, item in enumerate(items) if (r := rank(item)) is not None]
    return [items[index] for _, index in sorted(ranked)]
