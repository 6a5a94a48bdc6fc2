"""New wizard from a prompt in a real Chromium, timed inside the page as bench/browser.py does.

- prompt.paste_to_wizard: on the `/editor?mode=prompt` page, a prompt pasted into the dialog and
  three parts made fields by keyboard (Shift+arrows, Ctrl+Shift+Enter; not timed), then Enter on
  Create until the editor's preview shows the new wizard's rendered prompt (the YAML built, checked,
  loaded in a load worker, rendered in a render worker).
- prompt.field_edit_preview: a letter typed into a field's label in the dialog until the dialog's
  preview of the prompt shows it.
"""

from __future__ import annotations

import functools
import tempfile
from pathlib import Path
from typing import Any

from bench.browser import CHROMIUM, PROBE, VIEWPORT, Bench, _median
from bench.editor import _preview_has
from bench.server import REPO, AppProcess
from bench.stats import Figure, not_measured

PROMPT = ("Plan a trip to Berlin on 2026-12-03 for 4 people.\n"
          "Write the plan as a table with one row per day, and keep it under a page.\n")
PARTS = ("Berlin", "2026-12-03", "4")

ITEMS = [
    ("prompt.paste_to_wizard", "a pasted prompt with 3 fields: Create until the editor previews the wizard",
     "< 1 s"),
    ("prompt.field_edit_preview", "a field's label edited until the dialog's preview shows it", "< 150 ms"),
]

LOADED = _preview_has("Plan a trip to")


def _label_shown(label: str) -> str:
    return ("(() => { const p = document.querySelector('.vance-prompt-dialog [role=region]');"
            f" return !!p && p.textContent.includes('[{label}]'); }})()")


def _dialog_with_fields(bench: Bench) -> Any:
    context = bench.browser.new_context(viewport=VIEWPORT)
    context.add_init_script(PROBE)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.goto(f"{bench.base_url}/editor?mode=prompt", wait_until="commit")
    source = page.get_by_role("textbox", name="Your prompt")
    source.focus()
    page.keyboard.insert_text(PROMPT)
    for number, part in enumerate(PARTS, start=1):
        page.keyboard.press("Control+Home")
        for _ in range(PROMPT.index(part)):
            page.keyboard.press("ArrowRight")
        for _ in range(len(part)):
            page.keyboard.press("Shift+ArrowRight")
        page.keyboard.press("Control+Shift+Enter")
        page.get_by_role("textbox", name=f"Name of field {number}").wait_for()
    return page


def _create_figures(bench: Bench, reps: int) -> list[float]:
    times: list[float] = []
    for _ in range(reps):
        page = _dialog_with_fields(bench)
        try:
            page.wait_for_timeout(500)  # the last field's row settled, as an author would find it
            page.get_by_role("button", name="Create").focus()
            times.append(bench.timed(page, LOADED, functools.partial(page.keyboard.press, "Enter")))
        finally:
            page.context.close()
    return times


def _edit_figures(bench: Bench, keystrokes: int) -> list[float]:
    page = _dialog_with_fields(bench)
    try:
        label = page.get_by_role("textbox", name="Label of field 1")
        label.fill("City")
        page.wait_for_function(_label_shown("City"))
        label.focus()
        page.keyboard.press("End")
        return bench.keystrokes(page, "City", _label_shown, keystrokes)
    finally:
        page.context.close()


def measure(reps: int = 7, keystrokes: int = 12) -> list[Figure]:
    if not Path(CHROMIUM).exists():
        return [not_measured(key, label, target, f"{CHROMIUM} is missing (make chromium)")
                for key, label, target in ITEMS]
    import sys

    sys.path.insert(0, str(REPO))
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="vance-bench-prompt-") as tmp, sync_playwright() as playwright:
        data = Path(tmp) / "data"
        data.mkdir(parents=True)
        with AppProcess(data) as app:
            app.wait_for("/brain/default/wizards", timeout=120)
            bench = Bench(playwright, app.base_url)
            try:
                creates = _create_figures(bench, reps)
                keys = _edit_figures(bench, keystrokes)
            finally:
                bench.close()
    return [
        Figure("prompt.paste_to_wizard", ITEMS[0][1], "ms", creates, ITEMS[0][2], _median(creates) < 1000,
               "keydown (Enter) on Create in New wizard from a prompt, a 2-line prompt with 3 fields made, until "
               "the editor's preview shows the new wizard's rendered prompt; fresh page each time"),
        Figure("prompt.field_edit_preview", ITEMS[1][1], "ms", keys, ITEMS[1][2], _median(keys) < 150,
               "keydown in a field's label in the dialog until its preview of the prompt shows the letter"),
    ]
