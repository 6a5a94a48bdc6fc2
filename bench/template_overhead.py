"""Item 2: our sandboxed, bounded render vs. plain Jinja on the same gremium template, in-process
(as it runs inside a render worker), and the whole round trip to a render worker beside it."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import jinja2

from bench.http_load import GREMIUM_VALUES
from bench.stats import Figure
from vance_ui.settings import BUNDLED_DEFAULTS_DIR
from vance_ui.wizards.catalog.loader import load_wizard
from vance_ui.wizards.filling.state import RenderContext
from vance_ui.wizards.rules.validation import validate_values
from vance_ui.wizards.templates.bounded import Templates
from vance_ui.wizards.templates.compiled import compile_source, render_compiled


def _per_call_us(fn: Callable[[], object], calls: int) -> float:
    start = time.perf_counter()
    for _ in range(calls):
        fn()
    return (time.perf_counter() - start) / calls * 1e6


def measure(*, repeats: int, calls: int) -> list[Figure]:
    templates = Templates.start(workers=1, memory_mb=64)
    try:
        return _measure(templates, repeats=repeats, calls=calls)
    finally:
        templates.close()


def _measure(templates: Templates, *, repeats: int, calls: int) -> list[Figure]:
    path = BUNDLED_DEFAULTS_DIR / "wizards" / "gremium.yaml"
    wizard = load_wizard("gremium", path.read_bytes(), str(path), templates)
    values = validate_values(wizard.definition.fields, GREMIUM_VALUES["values"]).values
    context: dict[str, Any] = RenderContext("de", "local").variables(values)
    plain = jinja2.Environment(trim_blocks=True).from_string(wizard.definition.prompt_template)

    sandboxed = compile_source(wizard.prompt.source, wizard.prompt.origin)[0]

    def ours() -> object:
        return render_compiled(sandboxed, wizard.prompt.origin, context)

    def isolated() -> object:
        return templates.render(wizard.prompt, context)

    def floor() -> object:
        return plain.render(context)

    assert "Cy" in str(ours()) and "Cy" in str(floor())
    assert isolated() == ours()
    ours_us: list[float] = []
    plain_us: list[float] = []
    isolated_us: list[float] = []
    for index in range(repeats):  # interleaved, alternating order
        pair = [(ours_us, ours), (plain_us, floor)]
        for samples, fn in pair if index % 2 == 0 else reversed(pair):
            samples.append(_per_call_us(fn, calls))
        isolated_us.append(_per_call_us(isolated, calls))
    ratio = Figure("template.ratio", "sandboxed render / plain Jinja render", "x",
                   [a / b for a, b in zip(ours_us, plain_us, strict=True)], target="<= 2.0")
    ratio.met = ratio.median <= 2.0
    return [
        Figure("template.ours", "sandboxed bounded render (gremium)", "us", ours_us),
        Figure("template.plain", "plain jinja2 render (same source)", "us", plain_us),
        ratio,
        Figure("template.isolated", "the same render sent to a render worker and back", "us", isolated_us),
    ]
