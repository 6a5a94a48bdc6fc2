"""Items 6 and 7: the web UI in a real Chromium (Playwright, sync API) against `AppProcess`.

Every interaction is timed *inside the page*: `arm(condition)` installs capture listeners that
take the `timeStamp` of the next `pointerdown`/`keydown` (the moment the browser received the
input) and a check in every animation frame (`requestAnimationFrame`, i.e. just before the
browser paints; resolution one frame, ~17 ms) that takes `performance.now()` the first time
`condition` holds. (A MutationObserver was tried first: its `getBoundingClientRect` calls forced
a synchronous layout on every batch of mutations and added ~0.5 s to opening a dialog.)
Both clocks are the page's own (`performance.timeOrigin`), so Playwright's round trips are not
in the figures. Page load is `performance.now()` (i.e. since navigation start) when the Wizards
tab lists gremium and NiceGUI's socket handshake is done (clicks before that do nothing). Every
repetition uses a fresh browser context (cold HTTP cache, new user storage).

Item 7 starts `tests/support/fake_llm.py`'s OpenAI-compatible server and the app with
`VANCE_MODEL=openai/fake`; one warm-up message is sent first, so litellm's background import
at start-up and its first call are not in the figures (steady state).
"""

from __future__ import annotations

import contextlib
import functools
import json
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from bench.generate import VANCE_LAYER, layer_dir
from bench.server import REPO, AppProcess
from bench.stats import Figure, not_measured

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
VIEWPORT = {"width": 1440, "height": 900}
FIRST_TOKEN_DELAY_S = 0.2  # the fake model waits this long before its first chunk
STREAM_TOKENS = 2000
SIXTY = "bench-sixty-fields"
MEMBERS = [("Ada", "Mathematician, precise"), ("Grace", "Admiral, pragmatic"), ("Linus", "Engineer, blunt")]

ITEMS: list[tuple[str, str, str]] = [
    ("browser.page_load", "page load until the Wizards tab is usable", "< 1.5 s"),
    ("browser.open_gremium", "click gremium until its form is visible", "< 200 ms"),
    ("browser.open_60_fields", "click a 60-field wizard with repeats until its form is visible", "< 200 ms"),
    ("browser.keystroke_preview", "keystroke until the live preview shows it", "< 100 ms"),
    ("browser.show_if_toggle", "choose a value until the field it shows is visible", "< 100 ms"),
    ("browser.next_page", "Next until the next page's fields are visible", "< 100 ms"),
    ("browser.submit_to_chat", "submit until the chat input holds the prompt", "< 200 ms"),
    ("browser.keystroke_chip", "keystroke until a wizard suggestion chip shows", "< 100 ms"),
    ("stream.first_token_overhead", "first visible token minus the fake model's own delay", "< 50 ms"),
    ("stream.updates_per_s", "websocket updates per second per message (2,000 tokens)", "<= 20 /s"),
]

# installed in every page before its scripts run
PROBE = """
window.__bench = {
  arm(cond, later) {
    const b = window.__bench;
    b.start = null; b.done = null; b.later = null; b.error = null;
    const test = new Function('return (' + cond + ');');
    const laterTest = later ? new Function('return (' + later + ');') : null;
    const holds = (t) => { try { return !!t(); } catch (e) { b.error = String(e); return false; } };
    if (holds(test)) { b.error = 'condition already holds before the action: ' + cond; return false; }
    const onStart = (e) => { if (b.start === null) b.start = e.timeStamp; };
    window.addEventListener('pointerdown', onStart, {capture: true, once: true});
    window.addEventListener('keydown', onStart, {capture: true, once: true});
    const check = () => {
      if (b.start !== null && b.done === null && holds(test)) b.done = performance.now();
      if (b.start !== null && laterTest && b.later === null && holds(laterTest)) b.later = performance.now();
      if (b.done === null || (laterTest && b.later === null)) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
    return true;
  },
};
"""

READY = ("window.did_handshake === true && (() => { const e = document.querySelector("
         "'.vance-side [data-wizard=\"gremium\"]'); return !!e && e.getBoundingClientRect().height > 0; })()")


def _dialog_shows(text: str) -> str:
    """The wizard dialog is laid out, contains `text` (its last field) and a non-empty preview."""
    return ("(() => { const d = document.querySelector('.vance-wizard-dialog'); if (!d) return false;"
            " const r = d.getBoundingClientRect(); const p = d.querySelector('.vance-preview');"
            f" return r.height > 0 && d.textContent.includes({json.dumps(text)})"
            " && !!p && p.textContent.trim().length > 0; })()")


def sixty_field_yaml() -> str:
    """60 top-level fields, cycling through the field types; every 15th is a repeat (2 items min)."""
    kinds = ["string", "textarea", "select", "integer", "boolean"]
    fields, lines = [], []
    for i in range(1, 61):
        name, label = f"f{i:02d}", f"Field {i:02d}"
        if i % 15 == 0:
            fields.append(f"""  - name: {name}
    type: repeat
    min: 2
    max: 6
    label: {{ en: "{label}", de: "Feld {i:02d}" }}
    item:
      - {{ name: title, type: string, label: {{ en: "{label} title", de: "Titel" }} }}
      - {{ name: note, type: textarea, rows: 2, label: {{ en: "{label} note", de: "Notiz" }} }}
      - {{ name: flag, type: boolean, label: {{ en: "{label} flag", de: "Markiert" }} }}""")
            lines.append(f"{{% for x in {name} %}}- {{{{ x.title }}}}: {{{{ x.note }}}}"
                         "{% if x.flag %} (!){% endif %}\n{% endfor %}")
            continue
        kind = kinds[i % len(kinds)]
        extra = {"textarea": "\n    rows: 2",
                 "select": "\n    defaultValue: a\n    choices:\n"
                           "      - { value: a, label: { en: \"A\", de: \"A\" } }\n"
                           "      - { value: b, label: { en: \"B\", de: \"B\" } }",
                 "integer": f"\n    defaultValue: {i}\n    integerMin: 0\n    integerMax: 1000",
                 "boolean": "\n    defaultValue: false"}.get(kind, "")
        fields.append(f"""  - name: {name}
    type: {kind}{extra}
    label: {{ en: "{label}", de: "Feld {i:02d}" }}
    help: {{ en: "Help text for field {i}", de: "Hilfe {i}" }}""")
        lines.append(f"{label}: {{{{ {name} }}}}")
    template = "\n".join("  " + line for line in "\n".join(lines).splitlines())
    return ("title: { en: \"Bench: sixty fields\", de: \"Bench: sechzig Felder\" }\n"
            "description: { en: \"60 fields with 4 repeats, for the browser bench\", de: \"60 Felder\" }\n"
            "icon: document-text\ncategory: bench\nfields:\n" + "\n".join(fields) +
            f"\npromptTemplate: |\n{template}\n")


class Bench:
    """One Chromium; `fresh_page()` gives a page in a new context with the probe installed."""

    def __init__(self, playwright: Any, base_url: str) -> None:
        self.browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        self.base_url = base_url
        self.page_loads: list[float] = []

    def close(self) -> None:
        self.browser.close()

    @contextlib.contextmanager
    def fresh_page(self) -> Iterator[Any]:
        context = self.browser.new_context(viewport=VIEWPORT)
        context.add_init_script(PROBE)
        page = context.new_page()
        page.set_default_timeout(30_000)
        try:
            page.goto(self.base_url, wait_until="commit")
            self.page_loads.append(float(page.wait_for_function(f"({READY}) ? performance.now() : false",
                                                                polling="raf").json_value()))
            yield page
        finally:
            context.close()

    @staticmethod
    def timed(page: Any, condition: str, action: Callable[[], object], timeout_ms: float = 30_000) -> float:
        """ms from the input event of `action` until `condition` holds, on the page's clock."""
        return Bench.timed_two(page, condition, None, action, timeout_ms)[0]

    @staticmethod
    def keystrokes(page: Any, typed: str, shown: Callable[[str], str], count: int) -> list[float]:
        """`count` letters typed after `typed` (into what has the focus), each timed until `shown` of
        the text so far holds; a pause after each lets the draft save before the next key."""
        times: list[float] = []
        for index in range(count):
            letter = "abcdefghijklmnopqrstuvwxyz"[index % 26]
            typed += letter
            times.append(Bench.timed(page, shown(typed), functools.partial(page.keyboard.press, letter)))
            page.wait_for_timeout(150)
        return times

    @staticmethod
    def timed_two(page: Any, condition: str, later: str | None, action: Callable[[], object],
                  timeout_ms: float = 30_000) -> tuple[float, float]:
        """`timed`, and the ms until `later` holds too (the same as the first without `later`)."""
        if not page.evaluate("([c, l]) => window.__bench.arm(c, l)", [condition, later]):
            raise RuntimeError(page.evaluate("window.__bench.error"))
        action()
        waited = "window.__bench.done !== null" + (" && window.__bench.later !== null" if later else "")
        page.wait_for_function(waited, timeout=timeout_ms, polling=50)
        start, done, then = page.evaluate("[window.__bench.start, window.__bench.done, window.__bench.later]")
        return float(done) - float(start), float(then if later else done) - float(start)


def _form_preview_has(text: str) -> str:
    return ("(() => { const p = document.querySelector('.vance-wizard-dialog .vance-preview');"
            f" return !!p && p.textContent.includes({json.dumps(text)}); }})()")


def _open_gremium(page: Any) -> Any:
    page.locator('.vance-side [data-wizard="gremium"]').click()
    form = page.locator(".vance-wizard-dialog")
    form.get_by_text("Live preview").wait_for()
    return form


def _fill_gremium(form: Any) -> None:
    form.get_by_role("button", name="Add entry").click()
    form.get_by_label("Name (filename, no spaces) *").fill("tech-council")
    form.get_by_label("Purpose of the council? *").fill("Architecture decisions")
    form.get_by_label("Name, entry 3", exact=True).wait_for()
    for number, (name, description) in enumerate(MEMBERS, 1):  # entry fields are named with their entry
        form.get_by_label(f"Name, entry {number}", exact=True).fill(name)
        form.get_by_label(f"Description / role / persona, entry {number}").fill(description)
    form.locator(".vance-preview", has_text="- Linus: Engineer, blunt").wait_for()


def _ui_figures(bench: Bench, reps: int, keystrokes: int) -> list[Figure]:
    gremium: list[float] = []
    sixty: list[float] = []
    gremium_again: list[float] = []
    sixty_again: list[float] = []
    sixty_whole: list[float] = []
    submits: list[float] = []
    for _ in range(reps):
        # gremium: until its last field shows; the 60-field wizard: until its first screen (the
        # first field) shows, and until its last field does (the rest is built once that is painted)
        for name, shown_label, last_label, first, again in (
                ("gremium", "Description / role / persona", None, gremium, gremium_again),
                (SIXTY, "Field 01", "Field 60 flag", sixty, sixty_again)):
            with bench.fresh_page() as page:
                entry = page.locator(f'.vance-side [data-wizard="{name}"]')
                entry.scroll_into_view_if_needed()
                later = _dialog_shows(last_label) if last_label else None
                shown, whole = bench.timed_two(page, _dialog_shows(shown_label), later, entry.click)
                first.append(shown)
                if last_label:
                    sixty_whole.append(whole)
                page.keyboard.press("Escape")
                page.locator(".vance-wizard-dialog").wait_for(state="detached")
                page.wait_for_timeout(700)  # the closed dialog is deleted 0.5 s later
                again.append(bench.timed(page, _dialog_shows(last_label or shown_label), entry.click))
        with bench.fresh_page() as page:
            page.locator(".vance-composer textarea").fill("")  # the unsent input is kept per chat now
            form = _open_gremium(page)
            _fill_gremium(form)
            submits.append(bench.timed(
                page, "(() => { const t = document.querySelector('.vance-composer textarea');"
                      " return !!t && t.value.includes('tech-council'); })()",
                form.get_by_role("button", name="Use prompt").click))
    with bench.fresh_page() as page:
        form = _open_gremium(page)
        purpose = form.get_by_label("Purpose of the council? *")
        purpose.fill("Architecture")
        form.locator(".vance-preview", has_text="Architecture").wait_for()
        purpose.focus()
        keys = bench.keystrokes(page, "Architecture", _form_preview_has, keystrokes)
    page_load = [ms / 1000 for ms in bench.page_loads]
    return [
        Figure("browser.page_load", "page load until the Wizards tab is usable", "s", page_load, "< 1.5 s",
               _median(page_load) < 1.5, "navigation start until gremium is listed and the socket handshake"
               f" is done; fresh browser context each time; {len(page_load)} loads"),
        Figure("browser.open_gremium", "click gremium until its form is visible", "ms", gremium, "< 200 ms",
               _median(gremium) < 200, "pointerdown until the dialog is laid out with its fields and preview"),
        Figure("browser.open_60_fields", "click a 60-field wizard with repeats until its form is visible", "ms",
               sixty, "< 200 ms", _median(sixty) < 200, "60 fields, 4 repeats with 2 items of 3 fields each; "
               "until its first screen (the first 12 fields) is laid out with the preview"),
        Figure("browser.open_60_fields_whole", "the same until the whole 60-field form is built", "ms", sixty_whole,
               "-", None, "until the last field is laid out too"),
        Figure("browser.open_gremium_again", "the same, second open in the same page (gremium)", "ms",
               gremium_again, "-", None, "Quasar's dialog module (dialog.js) is loaded and warm"),
        Figure("browser.open_60_fields_again", "the same for the 60-field wizard, second open", "ms", sixty_again,
               "-", None, "until its last field is laid out"),
        Figure("browser.keystroke_preview", "keystroke until the live preview shows it", "ms", keys, "< 100 ms",
               _median(keys) < 100, "no debounce: one report in flight per form, the latest values next"),
        Figure("browser.submit_to_chat", "submit until the chat input holds the prompt", "ms", submits,
               "< 200 ms", _median(submits) < 200, "pointerdown on 'Use prompt' until the textarea holds it"),
    ]


CHIP_SHOWN = ("(() => { const c = document.querySelector('.vance-suggest-open');"
              " return !!c && c.offsetParent !== null; })()")


def _chip_figures(bench: Bench, keystrokes: int) -> list[Figure]:
    """The input holds `/set up a council of experts` (a command: no chips); Home, then the timed
    Delete of the `/` makes it a message that the council wizard fits."""
    times: list[float] = []
    with bench.fresh_page() as page:
        box = page.locator(".vance-composer textarea")
        for _ in range(keystrokes):
            box.fill("/set up a council of experts")
            page.wait_for_function(f"!({CHIP_SHOWN})", polling="raf")
            box.press("Home")
            times.append(bench.timed(page, CHIP_SHOWN, functools.partial(box.press, "Delete")))
    return [Figure("browser.keystroke_chip", "keystroke until a wizard suggestion chip shows", "ms", times,
                   "< 100 ms", _median(times) < 100, "keydown of the Delete that turns a /command into a message "
                   "the council fits, until its chip is laid out (debounce, websocket, ranking, render)")]


STEPS = "bench-steps"
STEPS_YAML = """
title: { en: "Bench steps" }
description: { en: "showIf and pages" }
fields:
  - name: kind
    type: select
    label: { en: "Kind" }
    choices: [{ value: remote, label: { en: "Remote" } }, { value: onsite, label: { en: "On site" } }]
  - { name: city, type: string, label: { en: "City" }, showIf: "kind == 'onsite'" }
  - { name: days, type: integer, label: { en: "Days" } }
pages:
  - { title: { en: "One" }, fields: [kind, city] }
  - { title: { en: "Two" }, fields: [days] }
promptTemplate: "{{ kind }} {{ city }} {{ days }}"
"""


def _visible(label: str) -> str:
    return (f"(() => {{ const i = document.querySelector('.vance-wizard-dialog input[aria-label={json.dumps(label)}]');"
            " return !!i && i.offsetParent !== null; })()")


def _v2_figures(bench: Bench, reps: int) -> list[Figure]:
    toggles: list[float] = []
    nexts: list[float] = []
    for _ in range(reps):
        with bench.fresh_page() as page:
            entry = page.locator(f'.vance-side [data-wizard="{STEPS}"]')
            entry.scroll_into_view_if_needed()
            entry.click()
            form = page.locator(".vance-wizard-dialog")
            form.get_by_role("button", name="Reset form").click()
            form.locator(".vance-preview").wait_for()
            for kind in ("On site", "Remote", "On site"):
                form.get_by_label("Kind").click()
                option = page.get_by_role("option", name=kind)
                option.wait_for()
                if kind == "On site":
                    toggles.append(bench.timed(page, _visible("City"), option.click))
                else:
                    option.click()
                    page.wait_for_timeout(200)
            nexts.append(bench.timed(page, _visible("Days"), form.get_by_role("button", name="Next").click))
    return [
        Figure("browser.show_if_toggle", "choose a value until the field it shows is visible", "ms", toggles,
               "< 100 ms", _median(toggles) < 100, "pointerdown on 'On site' until City is laid out"),
        Figure("browser.next_page", "Next until the next page's fields are visible", "ms", nexts, "< 100 ms",
               _median(nexts) < 100, "pointerdown on Next (the server checks the page) until page 2 is laid out"),
    ]


def _median(samples: list[float]) -> float:
    return sorted(samples)[len(samples) // 2] if len(samples) % 2 else \
        sum(sorted(samples)[len(samples) // 2 - 1:len(samples) // 2 + 1]) / 2


def answer(tokens: int) -> tuple[str, int]:
    """`tokens` 5-character tokens (the fake server's chunk size): "0000 0001 ..." in paragraphs of 40."""
    words = [f"{i:04d}" + ("\n\n" if i % 40 == 39 else " ") for i in range(tokens)]
    return "".join(words), 5


def _stream_figures(bench: Bench, fake: Any, reps: int) -> list[Figure]:
    overheads, rates, markdown_rates, durations, kilobytes = [], [], [], [], []
    frames: list[tuple[float, str]] = []

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda payload: frames.append(
            (time.perf_counter(), payload if isinstance(payload, str) else payload.decode(errors="replace"))))

    text, chunk = answer(STREAM_TOKENS)
    last_token = f"{STREAM_TOKENS - 1:04d}"
    with bench.fresh_page() as page:
        page.on("websocket", on_socket)
        page.reload()  # so the websocket listener sees the page's socket from its start
        page.wait_for_function(READY, polling="raf")
        box = page.locator(".vance-composer textarea")
        fake.reply("warm-up reply")
        box.fill("warm up")
        box.press("Enter")
        page.locator(".vance-msg-assistant .vance-markdown", has_text="warm-up reply").wait_for(timeout=120_000)
        page.locator(".vance-composer button").first.wait_for()
        page.wait_for_timeout(500)
        for rep in range(reps):
            fake.replies.clear()
            fake.reply(text, first_token_delay=FIRST_TOKEN_DELAY_S, chunk_delay=0.005, chunk_size=chunk)
            box.fill(f"message {rep}")
            count = len(page.locator(".vance-msg-assistant").all())
            first = ("(() => { const m = document.querySelectorAll('.vance-msg-assistant .vance-markdown');"
                     f" return m.length > {count} && m[m.length - 1].textContent.includes('0000'); }})()")
            sent_to_first = bench.timed(page, first, functools.partial(box.press, "Enter"))
            overheads.append(sent_to_first - FIRST_TOKEN_DELAY_S * 1000)
            t_first = time.perf_counter()
            n_before = len(frames)
            page.locator(".vance-msg-assistant .vance-markdown").nth(count).filter(has_text=last_token) \
                .wait_for(timeout=120_000)
            t_last = time.perf_counter()
            streamed = [f for t, f in frames[n_before:] if t <= t_last]
            seconds = t_last - t_first
            durations.append(seconds)
            rates.append(len(streamed) / seconds)
            markdown_rates.append(sum(1 for f in streamed if '"update"' in f[:20]) / seconds)
            kilobytes.append(sum(len(f.encode()) for f in streamed) / 1024)
            page.wait_for_timeout(800)  # the run finishes (progress panel, session save) before the next
    note = (f"{STREAM_TOKENS} tokens of 5 chars, fake model at 5 ms per chunk; streaming took "
            f"{min(durations):.1f}-{max(durations):.1f} s; litellm warmed up by one message first")
    return [
        Figure("stream.first_token_overhead", "first visible token minus the fake model's own delay", "ms",
               overheads, "< 50 ms", _median(overheads) < 50,
               f"Enter keydown until the first token is in the DOM, minus {FIRST_TOKEN_DELAY_S * 1000:.0f} ms"
               " first-token delay; after a warm-up message"),
        Figure("stream.updates_per_s", "websocket updates per second per message (2,000 tokens)", "/s", rates,
               "<= 20 /s", max(rates) <= 20,
               "met only if every message stays at or under 20/s; all framereceived events on the"
               " page's websocket while streaming; " + note),
        Figure("stream.update_frames_per_s", "of which socket.io 'update' frames per second", "/s",
               markdown_rates, "-", None, "the rest are 'run_javascript' (scroll-follow) and acks"),
        Figure("stream.kilobytes", "websocket data received per message (2,000 tokens)", "KiB", kilobytes,
               "-", None, "the payloads of the frames counted above; the answer is ~10 KB of Markdown"),
    ]


def measure(reps: int = 7, keystrokes: int = 12, stream_reps: int = 3) -> list[Figure]:
    if not Path(CHROMIUM).exists():
        return [not_measured(key, label, target, f"{CHROMIUM} is missing (make chromium)")
                for key, label, target in ITEMS]
    import sys

    sys.path.insert(0, str(REPO))
    from playwright.sync_api import sync_playwright

    from tests.support.fake_llm import start_fake_llm, stop_fake_llm

    figures: list[Figure] = []
    fake = start_fake_llm()
    env = {"VANCE_MODEL": "openai/fake", "VANCE_LLM_API_BASE": fake.base_url, "VANCE_LLM_API_KEY": "x"}
    try:
        with tempfile.TemporaryDirectory(prefix="vance-bench-browser-") as tmp, sync_playwright() as playwright:
            data = Path(tmp) / "data"
            folder = layer_dir(data, VANCE_LAYER)
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"{SIXTY}.yaml").write_text(sixty_field_yaml(), encoding="utf-8")
            (folder / f"{STEPS}.yaml").write_text(STEPS_YAML, encoding="utf-8")
            with AppProcess(data, extra_env=env) as app:
                app.wait_for("/brain/default/wizards", timeout=120,
                             ok=lambda r: SIXTY in r.text)
                bench = Bench(playwright, app.base_url)
                try:
                    figures += _ui_figures(bench, reps, keystrokes)
                    figures += _v2_figures(bench, reps)
                    figures += _chip_figures(bench, keystrokes)
                    figures += _stream_figures(bench, fake, stream_reps)
                finally:
                    bench.close()
    finally:
        stop_fake_llm(fake)
    return figures
