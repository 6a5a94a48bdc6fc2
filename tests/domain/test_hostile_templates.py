"""Wizard templates are author input: escapes are refused at load, bombs stopped within a second."""

from __future__ import annotations

import time

import pytest

from vance_ui.wizards.catalog.loader import WizardLoadError, load_wizard
from vance_ui.wizards.templates.bounded import Templates
from vance_ui.wizards.templates.problems import TemplateProblem

REFUSED_AT_LOAD = [
    ("{{ ''.__class__.__mro__[1].__subclasses__() }}", "not allowed"),
    ("{{ x.__class__ }}", "attributes starting with '_'"),
    ("{{ x['__class__'] }}", "keys starting with '_'"),
    ("{{ cycler.__init__.__globals__.os }}", "attributes starting with '_'"),
    ("{{ self._TemplateReference__context }}", "not allowed"),
    ("{{ self }}", "the name 'self' is not available"),
    ("{{ x|attr('__class__') }}", "unknown filter 'attr'"),
    ("{{ x|format('%s') }}", "unknown filter 'format'"),
    ("{{ x|pprint }}", "unknown filter 'pprint'"),
    ("{{ 'a{0.__class__}'.format(x) }}", "method calls are not allowed"),
    ("{{ x.upper() }}", "method calls are not allowed"),
    ("{{ lipsum() }}", "function calls are not allowed"),
    ("{{ range(*xs) }}", "*args and **kwargs"),
    ("{% include 'secrets.yaml' %}", "{% include %} is not allowed"),
    ("{% import 'x' as y %}", "{% import %} is not allowed"),
    ("{% from 'x' import y %}", "{% from ... import %} is not allowed"),
    ("{% extends 'base' %}", "{% extends %} is not allowed"),
    ("{% macro m() %}x{% endmacro %}", "{% macro %} is not allowed"),
    ("{% call x() %}y{% endcall %}", "{% call %} is not allowed"),
    ("{% set x = 1 %}", "{% set %} is not allowed"),
    ("{% set x %}y{% endset %}", "{% set %} is not allowed"),
    ("{% with x = 1 %}{% endwith %}", "{% with %} is not allowed"),
    ("{% filter upper %}x{% endfilter %}", "{% filter %} blocks are not allowed"),
    ("{% block b %}x{% endblock %}", "{% block %} is not allowed"),
    ("{% for x in xs recursive %}{{ loop(x) }}{% endfor %}", "recursive loops"),
    ("{% if x is callable %}{% endif %}", "unknown test 'callable'"),
    ("{{ x }", "unexpected '}'"),
    ("{% if x %}", "Unexpected end of template"),
    ("{{ " + "(" * 300 + "1" + ")" * 300 + " }}", "nested"),
]


@pytest.mark.parametrize(("source", "message"), REFUSED_AT_LOAD)
def test_refused_at_load_with_a_clear_message(source: str, message: str, templates: Templates) -> None:
    with pytest.raises(TemplateProblem) as caught:
        templates.check(source, "promptTemplate")
    assert message in str(caught.value)


BOMBS = [
    ("{{ 9 ** 999999999 }}", "bits"),
    ("{{ 2 ** 100000 }}", "bits"),
    ("{{ 'a' * 100000000 }}", "longer than"),
    ("{{ [1] * 100000000 }}", "longer than"),
    ("{{ 'x'|center(500000000) }}", "longer than"),
    ("{{ ('x\n' * 10000)|indent(200) }}", "longer than"),
    ("{{ 'abc'|replace('', 'x' * 90000) }}", "longer than"),
    ("{{ range(100000)|join('x' * 1000) }}", "longer than"),
    ("{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}", "iterations"),
    ("{% for a in range(100000) %}{{ 'abcdefghij' * 100 }}{% endfor %}", "longer than"),
    ("{{ '%s' % x }}", "string formatting"),
    ("{{ '%99999999d' % 1 }}", "string formatting"),
]


@pytest.mark.parametrize(("source", "message"), BOMBS)
def test_bombs_compile_fast_and_stop_at_render_within_a_second(source: str, message: str, templates: Templates) -> None:
    started = time.monotonic()
    compiled = templates.check(source, "promptTemplate")
    with pytest.raises(TemplateProblem) as caught:
        templates.render(compiled, {"x": "v", "xs": [1]})
    assert time.monotonic() - started < 1.0
    assert message in str(caught.value)
    assert caught.value.kind in ("limit", "forbidden")


def test_oversized_template_source_is_refused(templates: Templates) -> None:
    with pytest.raises(TemplateProblem, match="longer than"):
        templates.check("x" * 64_001, "promptTemplate")


def test_attribute_access_means_keys_even_for_dict_method_names(templates: Templates) -> None:
    compiled = templates.check("{{ m.items }}|{{ m.values }}|{{ m.get }}|{{ m.missing.deeper }}", "t")
    assert templates.render(compiled, {"m": {"items": "I", "values": "V"}}) == "I|V||"


def test_strings_and_lists_expose_no_methods(templates: Templates) -> None:
    compiled = templates.check("[{{ s.upper }}][{{ xs.append }}][{{ n.real }}]", "t")
    assert templates.render(compiled, {"s": "a", "xs": [], "n": 1}) == "[][][]"


def test_pebble_spellings_work(templates: Templates) -> None:
    compiled = templates.check(
        "{% if a %}A{% elseif b %}B{% else %}C{% endif %}|{% verbatim %}{{ raw }}{% endverbatim %}"
        "|{% raw %}{% verbatim %}{% endraw %}|{% if xs is empty %}E{% endif %}", "t")
    assert templates.render(compiled, {"b": True, "xs": []}) == "B|{{ raw }}|{% verbatim %}|E"


def test_undefined_and_none_print_as_empty(templates: Templates) -> None:
    compiled = templates.check("[{{ missing }}][{{ missing.a.b }}][{{ none_value }}]", "t")
    assert templates.render(compiled, {"none_value": None}) == "[][][]"


def test_allowed_filters_and_loops(templates: Templates) -> None:
    compiled = templates.check(
        "{{ xs|length }} {{ xs|join(', ') }} {{ xs|first }} {{ xs|last }} {{ y|default('d') }} "
        "{{ ' t '|trim }} {{ 'a'|upper }}{{ 'B'|lower }}\n{% for x in xs %}{{ loop.index }}={{ x }}{% else %}none"
        "{% endfor %}", "t")
    assert templates.render(compiled, {"xs": ["p", "q"]}) == "2 p, q p q d t Ab\n1=p2=q"


def test_runtime_errors_name_the_template_line(templates: Templates) -> None:
    compiled = templates.check("line one\n{{ 1 / 0 }}", "promptTemplate")
    with pytest.raises(TemplateProblem) as caught:
        templates.render(compiled, {})
    assert caught.value.kind == "runtime" and caught.value.lineno == 2


def test_conditions_are_single_expressions(templates: Templates) -> None:
    assert templates.render(templates.check("a == 'x' and b", "c", expression=True), {"a": "x", "b": 1}) == "1"
    assert templates.render(templates.check("a == 'x'", "c", expression=True), {"a": "y"}) == ""
    with pytest.raises(TemplateProblem):
        templates.check("a }}{% include 'x' %}{{ b", "c", expression=True)
    with pytest.raises(TemplateProblem, match="method calls"):
        templates.check("a.startswith('x')", "c", expression=True)


def test_template_problems_in_a_wizard_file_point_at_the_yaml_line(templates: Templates) -> None:
    text = (
        "title: {en: T}\ndescription: {en: D}\nfields: []\n"
        "promptTemplate: |\n  line one\n  line two\n  {% include 'x' %}\n"
    )
    with pytest.raises(WizardLoadError) as caught:
        load_wizard("w", text.encode(), "w.yaml", templates)
    problem = caught.value.problems[0]
    assert problem.line == 7
    assert "promptTemplate" in problem.message and "include" in problem.message
