"""A field's name renamed where templates read it: `{{ topic }}`, `{% if topic %}`, a showIf
`topic == 'x'`, but not `m.topic` (an attribute), `'topic'` (a string), text outside the tags, or
anything inside `{% raw %}` / `{% verbatim %}` and comments.

A plain scan, linear in the text, with no template engine: the editor's process never compiles a
template (the render workers do), and a rename only has to find names, not understand them.
"""

from __future__ import annotations

import re

#: a tag, an expression or a comment; raw blocks are found separately
_TAG = re.compile(r"\{\{|\{%|\{#")
_CLOSE = {"{{": "}}", "{%": "%}", "{#": "#}"}
_RAW_START = re.compile(r"\{%-?\s*(raw|verbatim)\s*-?%\}")
_RAW_END = {"raw": re.compile(r"\{%-?\s*endraw\s*-?%\}"), "verbatim": re.compile(r"\{%-?\s*endverbatim\s*-?%\}")}
#: inside a tag: strings (skipped), names, and everything else one character at a time
_TOKEN = re.compile(r"""("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|([A-Za-z_][A-Za-z0-9_]*)|(\s+)|(.)""", re.DOTALL)


def rename_in_expression(code: str, old: str, new: str) -> str:
    """Every name `old` in a template expression (a showIf, a tag's inside) that is not an
    attribute (`x.old`) or a keyword argument (`f(old=1)`) becomes `new`."""
    tokens = [(m.group(0), m.group(2) is not None, m.group(3) is not None) for m in _TOKEN.finditer(code)]
    solid = [text for text, _, blank in tokens if not blank]  # the tokens that are not blanks, in order
    out: list[str] = []
    seen = 0  # how many of `solid` come before the current token
    for text, is_name, blank in tokens:
        if blank:
            out.append(text)
            continue
        before = solid[seen - 1] if seen else ""
        after = solid[seen + 1:seen + 3]
        keyword = after[:1] == ["="] and after[1:2] != ["="]
        out.append(new if is_name and text == old and before != "." and not keyword else text)
        seen += 1
    return "".join(out)


def rename_in_template(source: str, old: str, new: str) -> str:
    """`rename_in_expression` inside every `{{ }}` and `{% %}` of a template; the text between
    them, comments and raw blocks stay as they are."""
    out: list[str] = []
    position = 0
    while position < len(source):
        raw = _RAW_START.search(source, position)
        tag = _TAG.search(source, position)
        if tag is None:
            break
        if raw is not None and raw.start() == tag.start():
            end = _RAW_END[raw.group(1)].search(source, raw.end())
            stop = end.end() if end else len(source)
            out.append(source[position:stop])
            position = stop
            continue
        opener = tag.group(0)
        close = source.find(_CLOSE[opener], tag.end())
        stop = len(source) if close < 0 else close
        out.append(source[position:tag.end()])
        inside = source[tag.end():stop]
        out.append(inside if opener == "{#" else rename_in_expression(inside, old, new))
        position = stop
    out.append(source[position:])
    return "".join(out)


def reads_name(source: str, name: str, expression: bool = False) -> bool:
    """Whether a template (or an `expression`) reads `name` as `rename_*` would rename it."""
    marker = "\x00" if name != "\x00" else "\x01"
    renamed = rename_in_expression(source, name, marker) if expression else rename_in_template(source, name, marker)
    return renamed != source
