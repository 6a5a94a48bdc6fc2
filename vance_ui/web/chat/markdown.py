"""Model output as HTML: CommonMark (markdown-it-py) with raw HTML off, rendered whole, or block by
block while it streams.

Raw HTML is shown as text and markdown-it refuses `javascript:`/`vbscript:`/`file:`/`data:` link
targets (data: images of four raster types aside); DOMPurify still sanitizes in the browser
(assets/sanitize.js). Rendering a whole answer again for every streamed update costs time that
grows faster than the answer (~12 updates a second on the event loop), so `StreamedMarkdown`
renders each top-level block once it can no longer change (found from markdown-it's token line
maps) and only the unfinished rest per update (its cost: the markdown figures in
docs/performance.md).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from html import escape
from typing import NamedTuple

from markdown_it import MarkdownIt
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexer import Lexer
from pygments.lexers import get_lexer_by_name
from pygments.util import ClassNotFound

# A longer unfinished end (an open code block, one long paragraph) is rendered in a worker thread:
# code is highlighted with Pygments at ~3 ms per 1,000 characters, so a 40,000-character code
# block took 124 ms of the event loop at every update.
INLINE_REST_CHARS = 4_000

_FORMATTER = HtmlFormatter(nowrap=True)
_NEWLINES = re.compile(r"\n+")


@lru_cache(maxsize=64)
def _lexer(language: str) -> Lexer | None:
    try:
        return get_lexer_by_name(language) if language else None
    except ClassNotFound:
        return None


def _fence(renderer: object, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    """A fenced code block: highlighted with Pygments (the `codehilite` classes that
    assets/codehilite.css colours) when its language is known, else plain."""
    token = tokens[idx]
    language = token.info.strip().split(maxsplit=1)[0] if token.info.strip() else ""
    lexer = _lexer(language[:40])
    if lexer is None:
        return _plain_fence(renderer, tokens, idx, options, env)
    return f'<div class="codehilite"><pre><code>{highlight(token.content, lexer, _FORMATTER)}</code></pre></div>\n'


def _plain_fence(renderer: object, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    return f"<pre><code>{escape(tokens[idx].content, quote=False)}</code></pre>\n"


def _renderer(fence: Callable[..., str]) -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    md.add_render_rule("fence", fence)
    return md


_MD = _renderer(_fence)
_MD_PLAIN = _renderer(_plain_fence)  # a streamed answer's unfinished end: its code is coloured once it settles


def to_html(text: str, references: EnvType | None = None, *, highlight: bool = True) -> str:
    """Markdown to HTML, raw HTML tags shown as text; `references`: link reference definitions
    from earlier text (a streamed answer's settled part); without `highlight` code stays plain
    (Pygments takes ~3 ms per 1,000 characters, at every update of an unfinished end)."""
    md = _MD if highlight else _MD_PLAIN
    return str(md.render(text, {"references": dict(references)} if references else None))


def end_html(rest: str, references: EnvType | None = None) -> str:
    """A streamed answer's unfinished end (`Advance.rest`) as the page shows it."""
    return to_html(rest, references, highlight=False)


@lru_cache(maxsize=128)  # stored transcripts re-render the same texts
def render_untrusted(text: str) -> str:
    return to_html(text)


def _complete_lines(text: str, start: int) -> str:
    return text[start:text.rfind("\n") + 1] if text.rfind("\n") >= start else ""


def _last_block(tokens: list[Token]) -> tuple[int, int]:
    """(index of the token, first line) of the last top-level block in `tokens`, or (0, 0)."""
    for index in range(len(tokens) - 1, -1, -1):
        token = tokens[index]
        if token.level == 0 and token.nesting != -1 and token.map is not None:
            return index, token.map[0]
    return 0, 0


def _line_offset(text: str, line: int) -> int:
    position = 0
    for _ in range(line):
        position = text.index("\n", position) + 1
    return position


def settled_end(text: str, start: int = 0) -> int:
    """Where the blocks that later text cannot change end: the first line of the last top-level
    block among the complete lines (later lines can only continue or change that one). `start`
    must be such a point (or 0); only the text from there is parsed."""
    lines = _complete_lines(text, start)
    _, line = _last_block(_MD.parse(lines))
    return start + _line_offset(lines, line)


class Advance(NamedTuple):
    restarted: bool  # the text did not continue the last one: everything settled before is void
    settled_html: str  # HTML of the blocks this text settled, not returned before
    rest: str  # the unsettled end, as Markdown


class StreamedMarkdown:
    """A text that only grows, rendered in parts: settled blocks once, the rest per update."""

    def __init__(self) -> None:
        self._settled_text = ""
        self.settled_html = ""
        self.references: EnvType = {}  # link reference definitions in the settled text: they apply to the rest
        # an open code fence at the end: the text seen so far, and what a line that closes it looks like
        self._open_fence: tuple[str, re.Pattern[str]] | None = None

    @property
    def settled(self) -> int:
        """How many characters of the text are rendered for good."""
        return len(self._settled_text)

    def advance(self, text: str) -> Advance:
        text = text.replace("\r\n", "\n").replace("\r", "\n")  # as markdown-it reads it
        restarted = not text.startswith(self._settled_text)
        if restarted:
            self._settled_text = self.settled_html = ""
            self.references = {}
        if self._still_in_open_fence(text):
            return Advance(restarted, "", text[len(self._settled_text):])
        start = len(self._settled_text)
        lines = _complete_lines(text, start)
        env: EnvType = {"references": dict(self.references)}
        tokens = _MD.parse(lines, env)
        index, line = _last_block(tokens)
        self._open_fence = _open_fence(tokens, index, lines, text[:start + len(lines)])
        html = ""
        if line > 0:  # the blocks before the last one are done: render their tokens once
            html = _MD.renderer.render(tokens[:index], _MD.options, env)
            settled = lines[:_line_offset(lines, line)]
            self._settled_text = text[:start + len(settled)]
            self.settled_html += html
            if "]:" in settled:  # the definitions among the settled lines (the first one of a label wins)
                settled_env: EnvType = {"references": self.references}
                _MD.parse(settled, settled_env)
        return Advance(restarted, html, text[len(self._settled_text):])

    def _still_in_open_fence(self, text: str) -> bool:
        """True when the text only added lines to the code fence it ended in, none closing it:
        nothing new can settle, and parsing the whole open fence again per update is the one
        cost here that grows with the code (~3 ms per update at 40,000 characters)."""
        if self._open_fence is None:
            return False
        seen, closing = self._open_fence
        if not text.startswith(seen):
            self._open_fence = None
            return False
        added = _complete_lines(text, len(seen))
        if closing.search(added):
            self._open_fence = None
            return False
        self._open_fence = (text[:len(seen) + len(added)], closing)
        return True

    def render(self, text: str) -> str:
        """All of the text's HTML: what a page showing the parts shows."""
        rest = self.advance(text).rest
        return self.settled_html + end_html(rest, self.references)


def _open_fence(tokens: list[Token], index: int, lines: str, seen: str) -> tuple[str, re.Pattern[str]] | None:
    """(`seen`, the pattern of a line that would close it) when the last block is a top-level code
    fence left open at the end of `lines` (CommonMark: up to 3 spaces, the fence's character at
    least as often, then only spaces or tabs)."""
    if not tokens or tokens[index].type != "fence" or tokens[index].level != 0 or tokens[index].map is None:
        return None
    token = tokens[index]
    assert token.map is not None
    marker = token.markup
    closing = re.compile(rf"^ {{0,3}}{re.escape(marker[0])}{{{len(marker)},}}[ \t]*$", re.MULTILINE)
    first, end = token.map
    body = lines.split("\n")[first + 1:end]
    if body and closing.search(body[-1]):
        return None  # closed on its last line
    return seen, closing


def same_rendering(a: str, b: str) -> bool:
    """Equal but for the newlines between top-level blocks."""
    return _NEWLINES.sub("\n", a).strip() == _NEWLINES.sub("\n", b).strip()
