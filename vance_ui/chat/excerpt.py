"""The end of one conversation as text for a model that fills a form from it ("Fill from chat")."""

from __future__ import annotations

from collections.abc import Sequence

from vance_ui.chat.engine import ChatMessage

_GAP = "\n\n"
_SPEAKERS = {"user": "User", "assistant": "Assistant", "system": "System"}


def excerpt(messages: Sequence[ChatMessage], draft: str, budget: int) -> str:
    """The draft being typed and the last messages before it, in order, within `budget` characters:
    the draft counts first, then the messages from the newest back (the oldest one kept may be cut at
    its start)."""
    parts: list[str] = []
    left = budget
    if draft.strip():
        text = f"Draft message (not sent yet):\n{draft.strip()}"[:left]
        parts.append(text)
        left -= len(text)
    for message in reversed(messages):
        if left <= 0:
            break
        if not message.content.strip():
            continue
        if parts:
            left -= len(_GAP)
        text = f"{_SPEAKERS.get(message.role, message.role)}: {message.content.strip()}"
        if len(text) > left:
            text = "..." + text[len(text) - left + 3:] if left > 3 else ""
        if text:
            parts.append(text)
            left -= len(text)
    return _GAP.join(reversed(parts))
