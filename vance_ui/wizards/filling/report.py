"""What a form shows for a set of values, for clients that do not evaluate templates themselves.

The web form, the CLI and any API client (`POST .../{name}/state`) ask this after each change: which
fields and pages are hidden, the errors of the visible fields (each with its page), and the live
preview. One visibility run serves both the strict errors and the lenient preview.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from vance_ui.wizards.catalog.model import LoadedWizard
from vance_ui.wizards.filling.prompt import RenderedPrompt, prompt_steps
from vance_ui.wizards.filling.state import FormState, RenderContext, checked, validated, visibility_of
from vance_ui.wizards.rules.steps import RenderSteps
from vance_ui.wizards.templates.problems import TemplateProblem


@dataclass(frozen=True, slots=True)
class FormReport:
    state: FormState  # strict: the errors a submit would get now
    preview: RenderedPrompt | None  # rendered from the same values, leniently
    preview_problem: TemplateProblem | None  # why the preview could not render


def report_steps(wizard: LoadedWizard, values: Mapping[str, Any] | None, ctx: RenderContext) -> RenderSteps[FormReport]:
    visibility = yield from visibility_of(wizard, values, ctx)
    strict = yield from checked(wizard, values, visibility, ctx)
    loose = validated(wizard, values, visibility, lenient=True)
    try:
        preview = yield from prompt_steps(wizard, loose.values, ctx)
    except TemplateProblem as problem:
        return FormReport(strict, None, problem)
    return FormReport(strict, preview, None)
