"""A wizard's rules across fields (`rules: [{if, field, message}]`), run like showIf: each
expression in a render worker, sandboxed, over the validated values (hidden fields as their empty
value), all of them in one batch. A rule whose field is hidden or already has an error is not
counted; an expression that fails for these values (an empty number compared) counts as false, as a
showIf's does."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vance_ui.wizards.format.paths import Path
from vance_ui.wizards.rules.messages import AUTHORED
from vance_ui.wizards.rules.steps import RenderSteps, gather
from vance_ui.wizards.rules.validation import FieldError
from vance_ui.wizards.rules.visibility import MAX_CONDITION_RUNS, FormRules, condition_truth
from vance_ui.wizards.templates.problems import TemplateProblem


def check_steps(rules: FormRules, values: Mapping[str, Any], context: Mapping[str, Any],
                hidden: frozenset[Path], errors: list[FieldError]) -> RenderSteps[list[FieldError]]:
    """The errors of the rules that hold for `values` (`context`: lang, user, project, today). The
    first rule that holds for a field is its error; what later ones for that field gave is ignored."""
    failed = {error.path[0] for error in errors if error.path}
    found: list[FieldError] = []
    budget = [MAX_CONDITION_RUNS]
    candidates = [check for check in rules.checks if (check.field,) not in hidden and check.field not in failed]
    outcomes = yield from gather([_outcome(condition_truth(check.condition, context, values, budget))
                                  for check in candidates])
    for check, outcome in zip(candidates, outcomes, strict=True):
        if check.field in failed:
            continue
        if isinstance(outcome, TemplateProblem):
            raise outcome
        if outcome:
            found.append(FieldError((check.field,), "rule", {AUTHORED: dict(check.message)},
                                    page=rules.page_of.get(check.field)))
            failed.add(check.field)
    return found


def _outcome(step: RenderSteps[bool]) -> RenderSteps[bool | TemplateProblem]:
    """A rule's truth, or the problem that stops the request if that rule counts."""
    try:
        return (yield from step)
    except TemplateProblem as problem:
        return problem
