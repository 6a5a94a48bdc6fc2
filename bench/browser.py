"""Items 6 and 7 (browser and streaming): hooks only, until the web UI exists.

The Wizards tab, the form, the live preview and the chat input are being built (vance_ui/web).
When they land, `measure` should drive Chromium with Playwright against `AppProcess` and return
real figures under the same keys; until then it reports them honestly as not measured.
"""

from __future__ import annotations

from bench.stats import Figure, not_measured

WHY = "the web UI (Wizards tab, form, preview, chat) is not built yet"

ITEMS: list[tuple[str, str, str]] = [
    ("browser.page_load", "page load until the Wizards tab is usable", "< 1.5 s"),
    ("browser.open_gremium", "click gremium until its form is visible", "< 200 ms"),
    ("browser.open_60_fields", "click a 60-field wizard with repeats until its form is visible", "< 200 ms"),
    ("browser.keystroke_preview", "keystroke until the live preview shows it", "< 200 ms"),
    ("browser.submit_to_chat", "submit until the chat input holds the prompt", "< 200 ms"),
    ("stream.first_token_overhead", "first visible token minus the fake model's own delay", "< 50 ms"),
    ("stream.updates_per_s", "websocket updates per second per message (2,000 tokens)", "<= 20 /s"),
]


def measure() -> list[Figure]:
    return [not_measured(key, label, target, WHY) for key, label, target in ITEMS]
