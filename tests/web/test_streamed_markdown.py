"""A streamed answer looks at every update exactly as if its text so far were rendered whole,
while only its unfinished end is rendered again."""

from __future__ import annotations

import re
from html import unescape

import pytest

from vance_ui.web.chat import codehilite, markdown
from vance_ui.web.chat.markdown import StreamedMarkdown, render_untrusted, settled_end, to_html

ANSWER = """# Plan

Here is what I would do, with **bold** and `code` and a [link](https://example.com).
A second line of the same paragraph.

1. First step
2. Second step
   with a continuation line

3. Third step of a loose list

- bullet one
- bullet two

  more text of bullet two

> A quote
>
> that goes on

```python
def f(x):

    return x * 2

print(f(2))
```

    indented code

    still indented code

| a | b |
| --- | --- |
| 1 | 2 |

Some text
under it a cuddled list:
- x
- y

  ```
  code in a list
  ```

The end <script>alert(1)</script> with raw HTML shown as text.
"""


EDGE_CASES = [
    "a\r\n\r\n```python\r\nx = 1\r\n\r\ny = 2\r\n```\r\n\r\nz\r\n",  # Windows line ends
    "a\n\n```\ncode ```\n\nb\n\n```\nx\n\nc\n\nd\n```\n\nz\n",  # "code ```" does not close it
    "para\n\u00a0\nnext\n\nz\n",  # a no-break space is not a blank line
    "\n\nAn answer that starts with blank lines.\n\nSecond.\n",
    "1. a\n\n10. b\n\nz\n",  # "1" alone is a paragraph until the line goes on as an item of the list
    "text\n| a | b |\n| - | - |\n| 1 | 2 |\n\nz\n",  # a table interrupts the paragraph once its delimiter row is whole
    "para\n---\n\nnext\n===\n\nz\n",  # setext headings: the line under a paragraph changes it
    "- a\n- b\n\n  more\n\n- c\n\nz\n",  # a list that turns loose
    "> q\nlazy\n\nz\n",  # a lazy continuation line
    "[r]: https://example.com/r\n\nsee [x][r]\n\nz\n",  # a link reference before its use
]


def same_page(html: str) -> str:
    """Whitespace between tags does not show, nor code colours (an unfinished end is not coloured
    until it settles)."""
    plain = re.sub(r'<span[^>]*>|</span>|<div class="codehilite">|</div>', "", html)
    plain = re.sub(r"\s+</code>", "</code>", unescape(plain))
    return re.sub(r">\s+<", "><", plain).strip()


@pytest.mark.parametrize("step", [1, 7, 40])
def test_every_update_shows_what_the_whole_text_so_far_would(step: int) -> None:
    stream = StreamedMarkdown()
    for end in [*range(0, len(ANSWER), step), len(ANSWER)]:
        text = ANSWER[:end]
        assert same_page(stream.render(text)) == same_page(to_html(text)), f"after {end} characters"


@pytest.mark.parametrize("text", EDGE_CASES)
def test_edge_cases_stream_as_they_render_whole(text: str) -> None:
    stream = StreamedMarkdown()
    for end in range(len(text) + 1):
        assert same_page(stream.render(text[:end])) == same_page(to_html(text[:end])), f"after {end} characters"


def test_a_long_answer_is_rendered_again_only_at_its_end() -> None:
    paragraphs = [f"Paragraph {i} with *some* words in it." for i in range(300)]
    text = "\n\n".join(paragraphs) + "\n\nThe last paragraph is still being wri"
    stream = StreamedMarkdown()
    for end in range(0, len(text), 50):
        stream.render(text[:end])
    html = stream.render(text)
    assert same_page(html) == same_page(to_html(text))
    assert len(text) - stream.settled < 100


def test_nothing_inside_an_unclosed_code_fence_is_settled() -> None:
    text = "Intro\n\n```\nline one\n\nline two\n\nline three\n"
    assert settled_end(text) == len("Intro\n\n")
    closed = text + "```\n\nAfter\n"
    assert settled_end(closed) == closed.index("After")


def test_a_loose_list_stays_one_list() -> None:
    text = "1. one\n\n2. two\n\n3. three\n"
    assert settled_end(text) == 0
    assert to_html(text).count("<ol>") == 1


def test_text_that_does_not_continue_the_last_one_starts_over() -> None:
    stream = StreamedMarkdown()
    stream.render("First answer paragraph.\n\nAnd more.\n")
    assert same_page(stream.render("Other text\n\nhere\n")) == same_page(to_html("Other text\n\nhere\n"))


def test_an_answer_whose_first_line_is_indented_keeps_every_letter() -> None:
    html = render_untrusted("  Sure, here it is:\nwords on the next line\n")
    assert "words on the next line" in html


def test_code_with_a_known_language_is_highlighted_in_the_colours_the_page_has() -> None:
    html = to_html("```python\ndef f(x):\n    return x\n```\n")
    assert html.startswith('<div class="codehilite"><pre><code><span class="k">def</span>')
    assert to_html("```no-such-language\n<b>x</b>\n```\n") == "<pre><code>&lt;b&gt;x&lt;/b&gt;\n</code></pre>\n"
    assert codehilite.CSS_FILE.read_text(encoding="utf-8") == codehilite.stylesheet(), \
        "Pygments changed: run `python -m vance_ui.web.chat.codehilite`"


def test_a_long_open_code_block_is_not_parsed_again_at_every_update(monkeypatch: pytest.MonkeyPatch) -> None:
    parses: list[int] = []
    parse = markdown._MD.parse
    monkeypatch.setattr(markdown._MD, "parse", lambda text, env=None: parses.append(len(text)) or parse(text, env))
    code = "".join(f"    line_{i} = {i}\n" for i in range(400))
    text = f"Intro\n\n```python\n{code}```\n\nAfter the code.\n"
    stream = StreamedMarkdown()
    for end in range(0, len(text), 40):
        stream.render(text[:end])
    assert same_page(stream.render(text)) == same_page(to_html(text))
    assert sum(parses) < 3 * len(text), "the open fence was parsed again per update"
    assert stream.settled == text.index("After")


@pytest.mark.parametrize("fence", ["```", "~~~~", "   ```"])
def test_only_a_real_closing_line_ends_an_open_fence(fence: str) -> None:
    opener = fence.strip()
    text = f"{fence}\ncode\n    {opener}\n{opener[:-1]}\n{opener}x\nmore\n{fence} \n\nafter\n"
    stream = StreamedMarkdown()
    for end in range(len(text) + 1):
        assert same_page(stream.render(text[:end])) == same_page(to_html(text[:end])), f"after {end} characters"
