"""Lines holding only tags vanish; inline tags never swallow the line break; line numbers stay true."""

from __future__ import annotations

import pytest

from vance_ui.wizards.templates.bounded import Templates
from vance_ui.wizards.templates.problems import TemplateProblem


def render(templates: Templates, source: str, **values: object) -> str:
    return templates.render(templates.check(source, "t"), values)


def test_tag_only_lines_leave_no_blank_lines(templates: Templates) -> None:
    source = "List:\n{% for x in xs %}\n- {{ x }}\n{% endfor %}\nEnd"
    assert render(templates, source, xs=["a", "b"]) == "List:\n- a\n- b\nEnd"


def test_indented_tag_lines_vanish_too(templates: Templates) -> None:
    source = "A\n  {% if on %}\n  on\n  {% endif %}\n  {# note #}\nB"
    assert render(templates, source, on=True) == "A\n  on\nB"


def test_inline_tags_keep_the_line_break(templates: Templates) -> None:
    source = "- {{ a }}{% if b %} (B){% endif %}\n- next\n{% if c %}C{% else %}no C{% endif %}\nlast"
    assert render(templates, source, a="x", b=True) == "- x (B)\n- next\nno C\nlast"


def test_blank_lines_between_blocks_are_kept(templates: Templates) -> None:
    assert render(templates, "a\n{% if x %}\nX\n{% endif %}\n\nb", x=True) == "a\nX\n\nb"


def test_raw_content_is_untouched(templates: Templates) -> None:
    source = "{% raw %}\n{% if x %}\n  {{ y }}\n{% endraw %}\nafter"
    assert render(templates, source) == "{% if x %}\n  {{ y }}\nafter"


@pytest.mark.parametrize(("source", "line"), [
    ("one\n{% if a %}\ntwo\n{% endif %}\n{{ 1 / 0 }}", 5),
    ("  {% for x in xs %}\n  {% if x %}\n{{ x.y.z | nosuchfilter }}\n{% endif %}\n{% endfor %}", 3),
])
def test_error_lines_are_the_source_lines(source: str, line: int, templates: Templates) -> None:
    with pytest.raises(TemplateProblem) as caught:
        templates.render(templates.check(source, "t"), {"xs": [1]})
    assert caught.value.lineno == line
