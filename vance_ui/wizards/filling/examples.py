"""A wizard's examples (`examples:`): each one's values rendered exactly as the chat gets them (the
strict validation, the rules across fields, the prompt with its follow-ups) and compared with what
the example expects: the whole prompt (a unified diff when it differs), texts it must contain, and
texts it must not."""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from vance_ui.wizards.catalog.model import LoadedWizard
from vance_ui.wizards.filling.prompt import prompt_steps
from vance_ui.wizards.filling.state import RenderContext, form_steps
from vance_ui.wizards.format.schema import Example
from vance_ui.wizards.rules.steps import RenderSteps, run_steps
from vance_ui.wizards.templates.bounded import Templates
from vance_ui.wizards.templates.problems import RendererBusy, TemplateProblem

#: who an example renders as (`user` in a template)
EXAMPLE_USER = "example"


@dataclass(frozen=True)
class ExampleResult:
    index: int  # 0-based, as in the file
    example: Example
    failures: tuple[str, ...]  # each what went wrong, a diff among them; none: it passed

    @property
    def ok(self) -> bool:
        return not self.failures

    @property
    def title(self) -> str:
        return f"example {self.index + 1} '{self.example.name}'"


def example_steps(wizard: LoadedWizard, index: int, example: Example) -> RenderSteps[ExampleResult]:
    ctx = RenderContext(example.lang, EXAMPLE_USER)
    state = yield from form_steps(wizard, example.values, ctx, lenient=False)
    if state.errors:
        said = [f"{error.field}: {error.message(example.lang)}" for error in state.errors]
        return ExampleResult(index, example, ("its values are refused: " + "; ".join(said),))
    try:
        rendered = yield from prompt_steps(wizard, state.values, ctx)
    except TemplateProblem as problem:
        return ExampleResult(index, example, (f"it does not render: {problem}",))
    return ExampleResult(index, example, tuple(_compare(example, rendered.prompt)))


def _compare(example: Example, prompt: str) -> list[str]:
    failures: list[str] = []
    if example.prompt is not None and example.prompt.rstrip("\n") != prompt.rstrip("\n"):
        diff = difflib.unified_diff(example.prompt.rstrip("\n").splitlines(), prompt.rstrip("\n").splitlines(),
                                    "expected", "rendered", lineterm="")
        failures.append("the prompt differs:\n" + "\n".join(diff))
    failures += [f"the prompt lacks {text!r}" for text in example.contains if text not in prompt]
    failures += [f"the prompt contains {text!r}" for text in example.not_contains if text in prompt]
    return failures


def run_examples(wizard: LoadedWizard, templates: Templates) -> list[ExampleResult]:
    """Every example of `wizard`, rendered in the render workers (a busy renderer is raised)."""
    results = []
    for index, example in enumerate(wizard.definition.examples):
        try:
            results.append(run_steps(example_steps(wizard, index, example), templates))
        except RendererBusy:
            raise
        except TemplateProblem as problem:  # a showIf that hits a limit
            results.append(ExampleResult(index, example, (f"it does not render: {problem}",)))
    return results
