"""Server time for the Markdown of a long streamed answer: rendered whole per update vs. only its
unfinished end (`StreamedMarkdown`), in-process. Not an issue target: it shows why item 7's
figures hold for long answers too (the event loop renders every update). And one long code
block, which never settles: its end rendered on the event loop per update vs. in a worker thread
once longer than `INLINE_REST_CHARS` (what `AnswerMarkdown` does)."""

from __future__ import annotations

import time
from collections.abc import Callable

from bench.stats import Figure
from vance_ui.web.chat.markdown import INLINE_REST_CHARS, StreamedMarkdown, end_html, to_html

ANSWER_CHARS = 40_000
UPDATE_CHARS = 200  # the browser item streams ~80 characters per 80 ms update; fewer, larger steps here


def long_answer(chars: int) -> str:
    blocks: list[str] = []
    index = 0
    while sum(map(len, blocks)) < chars:
        index += 1
        blocks.append(f"## Step {index}\n\nSome **bold** words, `code` and a [link](https://example.com/{index}). " * 2)
        blocks.append("- a point\n- another point with *emphasis*\n- a third point")
        if index % 4 == 0:
            blocks.append(f"```python\ndef step_{index}(x):\n\n    return x * {index}\n```")
    return "\n\n".join(blocks)[:chars]


def long_code_block(chars: int) -> str:
    lines = (f"    value_{i} = compute(alpha, beta, {i}) * 2  # step {i}\n" for i in range(chars))
    code = ""
    while len(code) < chars:
        code += next(lines)
    return f"Here is the script:\n\n```python\n{code}```\n"


class _OnLoop:
    """The event loop's share of a streamed update: the scan, settled blocks, a short end."""

    def __init__(self, inline_limit: int) -> None:
        self.stream, self.inline_limit = StreamedMarkdown(), inline_limit

    def __call__(self, text: str) -> str:
        rest = self.stream.advance(text).rest
        return end_html(rest) if len(rest) <= self.inline_limit else ""


def _stream(text: str, render: Callable[[str], str]) -> tuple[float, float]:
    """(seconds for all updates, milliseconds of the last one)."""
    total = last = 0.0
    for end in [*range(UPDATE_CHARS, len(text), UPDATE_CHARS), len(text)]:
        t0 = time.perf_counter()
        render(text[:end])
        last = time.perf_counter() - t0
        total += last
    return total, last * 1000


def measure(*, repeats: int) -> list[Figure]:
    text = long_answer(ANSWER_CHARS)
    whole_total: list[float] = []
    whole_last: list[float] = []
    streamed_total: list[float] = []
    streamed_last: list[float] = []
    for _ in range(repeats):
        for totals, lasts, render in ((whole_total, whole_last, to_html),
                                      (streamed_total, streamed_last, StreamedMarkdown().render)):
            total, last = _stream(text, render)
            totals.append(total)
            lasts.append(last)
    code = long_code_block(ANSWER_CHARS)
    code_before: list[float] = []
    code_now: list[float] = []
    for _ in range(repeats):
        code_before.append(_stream(code, _OnLoop(len(code)))[0])
        code_now.append(_stream(code, _OnLoop(INLINE_REST_CHARS))[0])
    updates = len(range(UPDATE_CHARS, len(text), UPDATE_CHARS)) + 1
    note = f"{ANSWER_CHARS:,} characters in {updates} updates"
    code_note = f"one code block of {ANSWER_CHARS:,} characters in {updates} updates"
    return [
        Figure("markdown.code_loop_before", "Event-loop Markdown of all updates, code block, end always inline",
               "s", code_before, note=code_note),
        Figure("markdown.code_loop", f"Event-loop Markdown of all updates, code block, end > {INLINE_REST_CHARS:,} "
               "chars in a thread", "s", code_now, note=code_note),
        Figure("markdown.whole_last", "Markdown of the last update, rendered whole", "ms", whole_last, note=note),
        Figure("markdown.streamed_last", "Markdown of the last update, streamed", "ms", streamed_last, note=note),
        Figure("markdown.whole_total", "Markdown of all updates, rendered whole", "s", whole_total, note=note),
        Figure("markdown.streamed_total", "Markdown of all updates, streamed", "s", streamed_total, note=note),
    ]
