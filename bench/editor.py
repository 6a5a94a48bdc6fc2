"""The wizard editor in a real Chromium, timed inside the page as bench/browser.py does.

- editor.open: in an already-loaded chat page (fresh browser context each time), pointerdown on
  Edit in the Wizards tab's actions menu until the editor's dialog shows the wizard's title in the
  form view and its rendered prompt in the preview: the first open in that page.
- editor.open_again: the same in the same page once the first editor was closed (Escape).
- editor.open_complete (no target): the same opens until the whole form is built; the editor shows
  the first screen of the form (head, first fields) with the preview, and the rest right after it.
- editor.page_open (no target): the `/editor` page loaded cold, as a deep link or a new tab opens it.
- editor.edit_preview: a keystroke in the prompt template (form view, in the dialog) until the
  preview shows the typed letter: the page dumps the YAML, checks it in a thread, loads it and renders the prompt in
  a render worker, then updates the preview.
- editor.save_listing: pointerdown on Save in the editor until the Wizards tab of *another* open
  page lists the new title (the file watcher and the change hub; two pages of one browser, so the
  two clocks are wall clock, `Date.now()`, resolution 1 ms, polled every 5 ms in the other page).
"""

from __future__ import annotations

import contextlib
import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bench.browser import CHROMIUM, PROBE, VIEWPORT, Bench, _median
from bench.generate import layer_dir
from bench.server import REPO, AppProcess
from bench.stats import Figure, not_measured

NAME = "bench-edit"
WIZARD = """\
# the wizard the editor bench edits
title: { en: "Bench edit" }
description: { en: "Edited by the bench" }
fields:
  - { name: topic, type: string, label: { en: Topic } }
  - name: tone
    type: select
    label: { en: Tone }
    choices: [{ value: calm, label: { en: Calm } }, { value: loud, label: { en: Loud } }]
promptTemplate: |
  Write about {{ topic }} in a {{ tone }} tone.
"""

ITEMS = [
    ("editor.open", "Edit in the Wizards tab until the form and its preview are shown (first in the page)",
     "< 300 ms"),
    ("editor.open_again", "the same, a later open in the same page", "< 300 ms"),
    ("editor.open_complete", "the same (first and later opens) until the whole form is built", ""),
    ("editor.page_open", "the /editor page loaded cold until the form and its preview are shown", ""),
    ("editor.edit_preview", "an edit in form view until the preview shows it", "< 150 ms"),
    ("editor.save_listing", "Save until another open page's Wizards tab lists it", "< 1 s"),
]

EDITOR_READY = ("window.did_handshake === true && (() => { const p = document.querySelector("
                "'.vance-editor-preview .vance-preview'); return !!p && p.textContent.includes('Write about'); })()")


def _preview_has(text: str) -> str:
    return ("(() => { const p = document.querySelector('.vance-editor-preview .vance-preview');"
            f" return !!p && p.textContent.includes({json.dumps(text)}); }})()")


@contextlib.contextmanager
def _editor_page(bench: Bench, loads: list[float]) -> Iterator[Any]:
    context = bench.browser.new_context(viewport=VIEWPORT)
    context.add_init_script(PROBE)
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        page.goto(f"{bench.base_url}/editor?wizard={NAME}&layer=USER", wait_until="commit")
        loads.append(float(page.wait_for_function(f"({EDITOR_READY}) ? performance.now() : false",
                                                  polling="raf").json_value()))
        yield page
    finally:
        context.close()


def _template(page: Any) -> Any:
    return page.locator(".vance-template-editor").first.locator(".cm-content")


#: the editor's dialog shows the wizard's title in the form view and the rendered prompt in the preview
DIALOG_READY = ("(() => { const d = document.querySelector('.vance-editor-sheet'); if (!d) return false;"
                " const p = d.querySelector('.vance-editor-preview .vance-preview');"
                " return [...d.querySelectorAll('input')].some((i) => i.value === 'Bench edit')"
                " && !!p && p.textContent.includes('Write about'); })()")


#: the whole form is built: the sections below its first screen too (the prompt template's editor)
DIALOG_COMPLETE = ("(() => { const d = document.querySelector('.vance-editor-sheet');"
                   " const t = d && d.querySelector('.vance-template-editor .cm-content');"
                   " return !!t && t.textContent.includes('Write about'); })()")

WATCH_COMPLETE = """(cond) => {
  window.__complete = null;
  const test = new Function('return (' + cond + ');');
  const look = () => { if (test()) { window.__complete = performance.now(); return; } requestAnimationFrame(look); };
  requestAnimationFrame(look);
}"""


def _open_in_dialog(bench: Bench, page: Any) -> tuple[float, float]:
    """Open the actions menu (not timed), then time Edit until the dialog is ready, and until its
    whole form is built."""
    page.locator(f'.vance-side [data-wizard="{NAME}"]').locator("xpath=..").locator(".vance-wizard-actions").click()
    item = page.get_by_role("menuitem", name="Edit")
    item.wait_for()
    page.wait_for_timeout(200)  # the menu's transition
    page.evaluate(WATCH_COMPLETE, DIALOG_COMPLETE)
    ready = bench.timed(page, DIALOG_READY, item.click)
    page.wait_for_function("window.__complete !== null")
    return ready, float(page.evaluate("window.__complete - window.__bench.start"))


def _close_dialog(page: Any) -> None:
    # Escape closes from inside the editor: the focus moves to its heading when Quasar's transitions
    # of the menu clicked just before are done (a few hundred ms after it opened), not at once
    page.wait_for_function("!!document.activeElement && !!document.activeElement.closest('.vance-editor-sheet')")
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('.vance-editor-sheet')")
    page.wait_for_timeout(300)


def _open_figures(bench: Bench, reps: int, again: int) -> tuple[list[float], list[float], list[float], list[float]]:
    firsts: list[float] = []
    laters: list[float] = []
    completes: list[float] = []
    pages: list[float] = []
    for _ in range(reps):
        with bench.fresh_page() as page:
            page.wait_for_timeout(1500)  # the page is loaded and idle, as a user finds it
            for index in range(1 + again):
                if index:
                    _close_dialog(page)
                ready, complete = _open_in_dialog(bench, page)
                (laters if index else firsts).append(ready)
                completes.append(complete)
        with _editor_page(bench, pages):
            pass
    return firsts, laters, completes, pages


def _edit_figures(bench: Bench, keystrokes: int) -> list[float]:
    with bench.fresh_page() as page:
        _open_in_dialog(bench, page)
        _template(page).click()
        page.keyboard.press("Control+End")
        page.keyboard.insert_text("Mark ")
        page.wait_for_function(_preview_has("Mark"))
        return bench.keystrokes(page, "Mark ", _preview_has, keystrokes)


WATCH_LISTING = """(title) => {
  window.__listed = null;
  const look = () => {
    const listed = [...document.querySelectorAll('.vance-side .vance-wizard-entry')]
      .some((e) => e.textContent.includes(title));
    if (listed) { window.__listed = Date.now(); return; }
    setTimeout(look, 5);
  };
  look();
}"""

CLICK_TIME = """() => {
  window.__clicked = null;
  window.addEventListener('pointerdown', (e) => { if (window.__clicked === null) window.__clicked = Date.now(); },
                          {capture: true, once: true});
}"""


def _save_figures(bench: Bench, reps: int) -> list[float]:
    saves: list[float] = []
    with bench.fresh_page() as chat:
        context = chat.context
        editor = context.new_page()
        editor.goto(f"{bench.base_url}/editor?wizard={NAME}&layer=USER")
        editor.wait_for_function(EDITOR_READY)
        for rep in range(reps):
            title = f"Bench edit {rep + 1} saved"
            field = editor.get_by_label("Title (EN)")
            field.fill(title)
            save = editor.get_by_role("button", name="Save", exact=True)
            editor.wait_for_function("(() => { const b = [...document.querySelectorAll('button')].find("
                                     "(x) => x.textContent.trim().endsWith('Save')); return !!b && !b.disabled; })()")
            chat.evaluate(WATCH_LISTING, title)
            editor.evaluate(CLICK_TIME)
            save.click()
            chat.wait_for_function("window.__listed !== null", timeout=30_000, polling=20)
            listed = float(chat.evaluate("window.__listed"))
            clicked = float(editor.evaluate("window.__clicked"))
            saves.append(listed - clicked)
            editor.get_by_text(f"Saved '{NAME}'.").last.wait_for()
            editor.wait_for_timeout(300)
    return saves


def measure(reps: int = 7, keystrokes: int = 12, again: int = 2) -> list[Figure]:
    if not Path(CHROMIUM).exists():
        return [not_measured(key, label, target, f"{CHROMIUM} is missing (make chromium)")
                for key, label, target in ITEMS]
    import sys

    sys.path.insert(0, str(REPO))
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="vance-bench-editor-") as tmp, sync_playwright() as playwright:
        data = Path(tmp) / "data"
        folder = layer_dir(data, "_user_local")
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{NAME}.yaml").write_text(WIZARD, encoding="utf-8")
        with AppProcess(data) as app:
            app.wait_for("/brain/default/wizards", timeout=120)
            bench = Bench(playwright, app.base_url)
            try:
                firsts, laters, completes, pages = _open_figures(bench, reps, again)
                keys = _edit_figures(bench, keystrokes)
                saves = _save_figures(bench, reps)
            finally:
                bench.close()
    return [
        Figure("editor.open", ITEMS[0][1], "ms", firsts, ITEMS[0][2], _median(firsts) < 300,
               "pointerdown on Edit (actions menu, Wizards tab) in a loaded chat page until the dialog's form "
               "view shows the title and its preview the rendered prompt; first open in a fresh page"),
        Figure("editor.open_again", ITEMS[1][1], "ms", laters, ITEMS[1][2], _median(laters) < 300,
               f"as editor.open, the {again} opens after it in the same page (the one before closed)"),
        Figure("editor.open_complete", ITEMS[2][1], "ms", completes, "", None,
               "as editor.open and editor.open_again, until the form's sections below its first screen are "
               "built too (the prompt template's editor shows the template; they follow the first screen)"),
        Figure("editor.page_open", ITEMS[3][1], "ms", pages, "", None,
               "navigation start of /editor?wizard=...&layer=USER until the form and the rendered preview are "
               "shown, handshake done; fresh browser context (cold HTTP cache): deep links, new tabs"),
        Figure("editor.edit_preview", ITEMS[4][1], "ms", keys, ITEMS[4][2], _median(keys) < 150,
               "keydown in the prompt template until the preview shows the letter (YAML dump, check in a "
               "thread, load, render in a worker)"),
        Figure("editor.save_listing", ITEMS[5][1], "ms", saves, ITEMS[5][2], _median(saves) < 1000,
               "pointerdown on Save until the other page lists the new title (wall clock across two pages)"),
    ]
