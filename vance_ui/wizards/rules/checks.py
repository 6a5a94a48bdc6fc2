"""A wizard's rules across fields (`rules: [{if, field, message}]`), run like showIf: each
expression in a render worker, sandboxed, over the validated values (hidden fields as their empty
value). A rule whose field is hidden or already has an error is not run; an expression that fails
for these values (an empty number compared) counts as false, as a showIf's does."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vance_ui.wizards.format.paths import Path
from vance_ui.wizards.rules.messages import AUTHORED
from vance_ui.wizards.rules.steps import RenderSteps
from vance_ui.wizards.rules.validation import FieldError
from vance_ui.wizards.rules.visibility import MAX_CONDITION_RUNS, FormRules, condition_truth


def check_steps(rules: FormRules, values: Mapping[str, Any], context: Mapping[str, Any],
                hidden: frozenset[Path], errors: list[FieldError]) -> RenderSteps[list[FieldError]]:
    """The errors of the rules that hold for `values` (`context`: lang, user, project, today)."""
    failed = {error.path[0] for error in errors if error.path}
    found: list[FieldError] = []
    budget = [MAX_CONDITION_RUNS]
    for check in rules.checks:
        if (check.field,) in hidden or check.field in failed:
            continue
        if (yield from condition_truth(check.condition, context, values, budget)):
            found.append(FieldError((check.field,), "rule", {AUTHORED: dict(check.message)},
                                    page=rules.page_of.get(check.field)))
            failed.add(check.field)
    return found
