"""Lines holding only tags vanish; inline tags never swallow the line break; line numbers stay true."""

from __future__ import annotations

import pytest

from vance_ui.wizards.templates.bounded import compile_template, render_bounded
from vance_ui.wizards.templates.problems import TemplateProblem


def render(source: str, **values: object) -> str:
    return render_bounded(compile_template(source, "t"), values)


def test_tag_only_lines_leave_no_blank_lines() -> None:
    source = "List:\n{% for x in xs %}\n- {{ x }}\n{% endfor %}\nEnd"
    assert render(source, xs=["a", "b"]) == "List:\n- a\n- b\nEnd"


def test_indented_tag_lines_vanish_too() -> None:
    source = "A\n  {% if on %}\n  on\n  {% endif %}\n  {# note #}\nB"
    assert render(source, on=True) == "A\n  on\nB"


def test_inline_tags_keep_the_line_break() -> None:
    source = "- {{ a }}{% if b %} (B){% endif %}\n- next\n{% if c %}C{% else %}no C{% endif %}\nlast"
    assert render(source, a="x", b=True) == "- x (B)\n- next\nno C\nlast"


def test_blank_lines_between_blocks_are_kept() -> None:
    assert render("a\n{% if x %}\nX\n{% endif %}\n\nb", x=True) == "a\nX\n\nb"


def test_raw_content_is_untouched() -> None:
    source = "{% raw %}\n{% if x %}\n  {{ y }}\n{% endraw %}\nafter"
    assert render(source) == "{% if x %}\n  {{ y }}\nafter"


@pytest.mark.parametrize(("source", "line"), [
    ("one\n{% if a %}\ntwo\n{% endif %}\n{{ 1 / 0 }}", 5),
    ("  {% for x in xs %}\n  {% if x %}\n{{ x.y.z | nosuchfilter }}\n{% endif %}\n{% endfor %}", 3),
])
def test_error_lines_are_the_source_lines(source: str, line: int) -> None:
    with pytest.raises(TemplateProblem) as caught:
        render_bounded(compile_template(source, "t"), {"xs": [1]})
    assert caught.value.lineno == line
