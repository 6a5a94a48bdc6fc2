"""A wizard's templates and form rules, built from its definition with a `Compiler`.

One walk over the definition serves both sides of a load: the load worker compiles every template
(`load_job`), the app builds a loaded wizard's body from what the worker found (`loader`, with the
names each template reads looked up, nothing compiled). Problems carry their file positions.
"""

from __future__ import annotations

from collections.abc import Callable

from vance_ui.wizards.catalog.model import CompiledFollowUp, WizardBody
from vance_ui.wizards.format.paths import Path, path_text
from vance_ui.wizards.format.schema import FIELD_TYPES, FormField, PasswordField, RepeatField, Wizard
from vance_ui.wizards.format.yaml_source import Positions, SourceProblem
from vance_ui.wizards.rules.visibility import FormRules, RulesInvalid, build_rules
from vance_ui.wizards.templates.bounded import CheckedTemplate

#: a template's source, its place in the file and whether it is a single expression, to a checked
#: template; raises `SourceProblem` (with the place) when it does not compile
Compiler = Callable[[str, Path, bool], CheckedTemplate]


def file_path(loc: Path) -> Path:
    """A pydantic error location as a place in the file: without the discriminator tags pydantic puts into it."""
    return tuple(part for part in loc if isinstance(part, int) or part not in FIELD_TYPES)


def loc_text(loc: Path) -> str:
    """A place in the file as lint names it."""
    return path_text(file_path(loc))


def _password_names(fields: list[FormField]) -> set[str]:
    return {f.name for f in fields if isinstance(f, PasswordField)}


def _show_ifs(fields: list[FormField], loc: Path) -> list[tuple[Path, str]]:
    """Every field's showIf with its location, repeat items included."""
    found: list[tuple[Path, str]] = []
    for index, field in enumerate(fields):
        if field.show_if is not None:
            found.append(((*loc, index, "showIf"), field.show_if))
        if isinstance(field, RepeatField):
            found.extend(_show_ifs(field.item, (*loc, index, "item")))
    return found


def _rules(wizard: Wizard, positions: Positions, attempt: Callable[..., CheckedTemplate | None],
           problems: list[SourceProblem]) -> FormRules | None:
    sources = _show_ifs(wizard.fields, ("fields",))
    sources += [(("pages", i, "showIf"), p.show_if) for i, p in enumerate(wizard.pages or []) if p.show_if]
    sources += [(("rules", i, "if"), rule.if_) for i, rule in enumerate(wizard.rules)]
    compiled = {loc: attempt(source, loc, True) for loc, source in sources}
    if not all(compiled.values()):
        return None
    try:
        return build_rules(wizard, {loc: c for loc, c in compiled.items() if c is not None})
    except RulesInvalid as invalid:
        for rule in invalid.problems:
            problems.append(SourceProblem(f"{loc_text(rule.loc)}: {rule.message}", *positions.at(rule.loc),
                                          path=file_path(rule.loc), code=rule.code, params=rule.params))
        return None


def compile_all(wizard: Wizard, positions: Positions, compiler: Compiler) -> tuple[WizardBody | None,
                                                                                  list[SourceProblem]]:
    """Every template of `wizard` through `compiler`, and the form rules: the body, or None and
    every problem found."""
    problems: list[SourceProblem] = []

    def attempt(source: str, loc: Path, expression: bool = False) -> CheckedTemplate | None:
        try:
            return compiler(source, loc, expression)
        except SourceProblem as problem:
            problems.append(problem)
            return None

    prompt = attempt(wizard.prompt_template, ("promptTemplate",))
    validator = attempt(wizard.validator_prompt, ("validatorPrompt",)) if wizard.validator_prompt else None
    secrets = _password_names(wizard.fields)
    follow_ups: list[CompiledFollowUp] = []
    for index, follow in enumerate(wizard.suggested_follow_ups):
        base: Path = ("suggestedFollowUps", index)
        labels = {lang: attempt(text, (*base, "label", lang)) for lang, text in follow.label.items()}
        prefill = {key: attempt(text, (*base, "prefill", key)) for key, text in follow.prefill.items()}
        condition = attempt(follow.condition, (*base, "condition"), True) if follow.condition else None
        for key, compiled in [*(("label", c) for c in labels.values()), *prefill.items()]:
            leaked = compiled.variables & secrets if compiled else set()
            if leaked:
                problems.append(SourceProblem(
                    f"suggestedFollowUps[{index}].{key}: uses password field '{sorted(leaked)[0]}', "
                    "which must never appear in a link", positions.at(base)[0], path=base, code="password_in_link",
                    params={"name": sorted(leaked)[0]}))
        if all(labels.values()) and all(prefill.values()):
            follow_ups.append(CompiledFollowUp(
                follow.wizard,
                {k: v for k, v in labels.items() if v is not None},
                {k: v for k, v in prefill.items() if v is not None},
                condition,
            ))
    rules = _rules(wizard, positions, attempt, problems)
    if problems or prompt is None or rules is None:
        return None, problems
    return WizardBody(wizard, prompt, validator, tuple(follow_ups), rules), problems


def templates_of_body(body: WizardBody) -> list[CheckedTemplate]:
    out = [body.prompt, *([body.validator] if body.validator else []), *_rule_templates(body.rules)]
    for follow in body.follow_ups:
        out += [*follow.labels.values(), *follow.prefill.values(), *([follow.condition] if follow.condition else [])]
    return out


def _rule_templates(rules: FormRules) -> list[CheckedTemplate]:
    out = [page for page in rules.pages if page is not None] + [check.condition for check in rules.checks]
    levels = [rules.top]
    while levels:
        level = levels.pop()
        out += level.conditions.values()
        levels += level.items.values()
    return out
