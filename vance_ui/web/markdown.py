"""Model output as HTML: markdown2 in safe mode, rendered whole, or block by block while it streams.

Rendering a whole answer again for every streamed update costs time that grows faster than the
answer (markdown2 on this machine: 10 ms at 10,000 characters, 55 ms at 40,000, 145 ms at
80,000, at ~12 updates a second on the event loop). `StreamedMarkdown` renders each block once
it can no longer change and only the unfinished rest per update.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

import markdown2  # NiceGUI's own Markdown renderer (a dependency of nicegui)

# models often start a list right under a sentence; `cuddled-lists` renders that as a list
EXTRAS = ["fenced-code-blocks", "tables", "cuddled-lists"]

# A longer unfinished end (an open code block, one long paragraph) is rendered in a worker thread:
# markdown2 highlights code with Pygments at ~3 ms per 1,000 characters, so a 40,000-character
# code block took 124 ms of the event loop at every update.
INLINE_REST_CHARS = 4_000

# A line after a blank line that may still belong to the block before it: indented (list item
# content, indented code), a list item (a loose list) or a quote line.
_MAY_CONTINUE = re.compile(r"[ \t]|[-*+][ \t]|\d{1,9}[.)][ \t]|>")
_NEWLINES = re.compile(r"\n+")
_FENCE = re.compile(r"([ \t]*`{3,})[ \t]*[\w+-]*[ \t]*$")  # markdown2's fenced-code-blocks opener line


def to_html(text: str) -> str:
    """Markdown to HTML with raw HTML tags shown as text (markdown2's `safe_mode="escape"`; it has
    holes, which the browser's sanitizer closes: assets/sanitize.js)."""
    return str(markdown2.markdown(text, extras=EXTRAS, safe_mode="escape"))


@lru_cache(maxsize=128)  # stored transcripts re-render the same texts
def render_untrusted(text: str) -> str:
    return to_html(text)


def settled_end(text: str, start: int = 0) -> int:
    """Where the blocks that later text cannot change end: the start of the last complete line
    that follows a blank line outside fenced code and begins a new block. `start` must be such a
    point (or 0); the scan begins there."""
    cut, fence, after_blank = start, "", False
    position = start
    while (end := text.find("\n", position)) >= 0:
        line = text[position:end]
        if fence:
            if line.rstrip(" \t").endswith(fence):  # markdown2 closes wherever a line ends in it
                fence = ""
            after_blank = False
        else:
            blank = not line.strip(" \t")  # markdown2's blank lines: no other whitespace
            if after_blank and not blank and not _MAY_CONTINUE.match(line):
                cut = position
            opener = _FENCE.match(line)
            if opener:
                fence = opener.group(1)
            after_blank = blank
        position = end + 1
    return cut


class Advance(NamedTuple):
    restarted: bool  # the text did not continue the last one: everything settled before is void
    settled_html: str  # HTML of the blocks this text settled, not returned before
    rest: str  # the unsettled end, as Markdown


class StreamedMarkdown:
    """A text that only grows, rendered in parts: settled blocks once, the rest per update."""

    def __init__(self) -> None:
        self._settled_text = ""
        self.settled_html = ""

    @property
    def settled(self) -> int:
        """How many characters of the text are rendered for good."""
        return len(self._settled_text)

    def advance(self, text: str) -> Advance:
        text = text.replace("\r\n", "\n").replace("\r", "\n")  # as markdown2 reads it
        restarted = not text.startswith(self._settled_text)
        if restarted:
            self._settled_text = self.settled_html = ""
        cut = settled_end(text, len(self._settled_text))
        html = ""
        if cut > len(self._settled_text):
            settled = text[len(self._settled_text):cut]
            html = to_html(settled) if settled.strip() else ""  # blank lines alone: no empty paragraph
            self._settled_text = text[:cut]
            self.settled_html += html
        return Advance(restarted, html, text[cut:])

    def render(self, text: str) -> str:
        """All of the text's HTML: what a page showing the parts shows."""
        rest = self.advance(text).rest
        return self.settled_html + to_html(rest)


def same_rendering(a: str, b: str) -> bool:
    """Equal but for the newlines markdown2 puts between top-level blocks."""
    return _NEWLINES.sub("\n", a).strip() == _NEWLINES.sub("\n", b).strip()
