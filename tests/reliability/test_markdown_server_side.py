"""The server's half of safe model output (vance_ui/web/chat/markdown.py): with raw HTML off, not one
XSS payload of the browser corpus leaves the server as markup, before DOMPurify even runs."""

from __future__ import annotations

import re

import pytest

from tests.support.xss_corpus import PAYLOADS, REPLIES
from vance_ui.web.chat.markdown import StreamedMarkdown, to_html

TAG = re.compile(r"<([a-zA-Z][\w-]*)([^>]*)>")
ALLOWED = {"p", "a", "img", "code", "pre", "em", "strong", "ul", "ol", "li", "blockquote", "br", "hr",
           "h1", "h2", "h3", "h4", "h5", "h6", "table", "thead", "tbody", "tr", "th", "td", "div", "span"}


def markup_problems(html: str) -> list[str]:
    problems = []
    for name, attributes in TAG.findall(html):
        if name.lower() not in ALLOWED:
            problems.append(f"<{name}>")
        if re.search(r"\son\w+\s*=", attributes, re.IGNORECASE):
            problems.append(f"<{name}{attributes}>")
        for target in re.findall(r'(?:href|src)="([^"]*)"', attributes):
            if re.match(r"\s*(javascript|vbscript|data|file):", target, re.IGNORECASE):
                problems.append(f"<{name}{attributes}>")
    return problems


@pytest.mark.parametrize(("name", "payload"), PAYLOADS, ids=[name for name, _ in PAYLOADS])
def test_no_payload_leaves_the_server_as_markup(name: str, payload: str) -> None:
    assert markup_problems(to_html(payload)) == []


@pytest.mark.parametrize("reply", REPLIES)
def test_nor_when_it_streams_in_parts(reply: str) -> None:
    stream = StreamedMarkdown()
    for end in range(0, len(reply) + 1, 17):
        assert markup_problems(stream.render(reply[:end])) == []
    assert markup_problems(stream.render(reply)) == []
