"""Turn one wizard file into a `LoadedWizard`, or into a list of precise problems.

Fail-fast (spec section 10): YAML, schema and template errors all surface here, at load,
with file positions, so a broken wizard never reaches the listing.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import yaml
from pydantic import ValidationError

from vance_ui.wizards.model import CompiledFollowUp, LoadedWizard
from vance_ui.wizards.schema import FIELD_TYPES, WIZARD_NAME_RE, FormField, PasswordField, RepeatField, Wizard
from vance_ui.wizards.templating import CompiledTemplate, TemplateProblem, compile_condition, compile_template
from vance_ui.wizards.validation import validate_values
from vance_ui.wizards.yaml_source import SourceProblem, locate, parse_yaml, scalar_body_line


class WizardLoadError(Exception):
    """A wizard file that cannot be used; `problems` lists every reason found."""

    def __init__(self, location: str, problems: list[SourceProblem]) -> None:
        self.location = location
        self.problems = problems
        super().__init__(f"{location}: " + "; ".join(str(p) for p in problems))


def _loc_text(loc: tuple[int | str, ...]) -> str:
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        elif part in FIELD_TYPES:
            continue  # the discriminator tag pydantic puts into the path
        else:
            text += f".{part}" if text else str(part)
    return text


def _schema_problems(exc: ValidationError, node: yaml.Node | None) -> list[SourceProblem]:
    problems: list[SourceProblem] = []
    for error in exc.errors(include_url=False):
        loc = tuple(error["loc"])
        where = _loc_text(loc)
        kind = error["type"]
        if kind == "extra_forbidden":
            key = where.rsplit(".", 1)[-1]
            parent = where.rsplit(".", 1)[0] if "." in where else ""
            tag = next((p for p in loc if isinstance(p, str) and p in FIELD_TYPES), None)
            message = f"unknown key '{key}'" + (f" (not allowed for type '{tag}')" if tag else "")
            where = parent
        elif kind == "missing":
            message = "this key is required"
        elif kind == "union_tag_invalid":
            message = f"unknown field type (use one of: {', '.join(FIELD_TYPES)})"
        elif kind == "union_tag_not_found":
            message = "every field needs a 'type'"
        else:
            message = error["msg"].removeprefix("Value error, ")
        line, column = locate(node, loc)
        problems.append(SourceProblem(f"{where}: {message}" if where else message, line, column))
    return problems


def _compile(source: str, origin: str, node: yaml.Node | None, loc: tuple[int | str, ...], *,
             expression: bool = False) -> CompiledTemplate:
    try:
        return (compile_condition if expression else compile_template)(source, origin)
    except TemplateProblem as problem:
        start = scalar_body_line(node, loc)
        line = start + (problem.lineno - 1) if start and problem.lineno else start
        where = _loc_text(loc)
        raise SourceProblem(f"{where}: {problem.message}", line) from None


def _password_names(fields: list[FormField]) -> set[str]:
    return {f.name for f in fields if isinstance(f, PasswordField)}


def _compile_all(wizard: Wizard, node: yaml.Node | None) -> tuple[Any, ...]:
    problems: list[SourceProblem] = []

    def attempt(source: str, loc: tuple[int | str, ...], expression: bool = False) -> CompiledTemplate | None:
        try:
            return _compile(source, _loc_text(loc), node, loc, expression=expression)
        except SourceProblem as problem:
            problems.append(problem)
            return None

    prompt = attempt(wizard.prompt_template, ("promptTemplate",))
    validator = attempt(wizard.validator_prompt, ("validatorPrompt",)) if wizard.validator_prompt else None
    secrets = _password_names(wizard.fields)
    follow_ups: list[CompiledFollowUp] = []
    for index, follow in enumerate(wizard.suggested_follow_ups):
        base: tuple[int | str, ...] = ("suggestedFollowUps", index)
        labels = {lang: attempt(text, (*base, "label", lang)) for lang, text in follow.label.items()}
        prefill = {key: attempt(text, (*base, "prefill", key)) for key, text in follow.prefill.items()}
        condition = attempt(follow.condition, (*base, "condition"), True) if follow.condition else None
        for key, compiled in [*(("label", c) for c in labels.values()), *prefill.items()]:
            leaked = compiled.variables & secrets if compiled else set()
            if leaked:
                line, _ = locate(node, base)
                problems.append(SourceProblem(
                    f"suggestedFollowUps[{index}].{key}: uses password field '{sorted(leaked)[0]}', "
                    "which must never appear in a link", line))
        if all(labels.values()) and all(prefill.values()):
            follow_ups.append(CompiledFollowUp(
                follow.wizard,
                {k: v for k, v in labels.items() if v is not None},
                {k: v for k, v in prefill.items() if v is not None},
                condition,
            ))
    return prompt, validator, tuple(follow_ups), problems


def _default_problems(fields: list[FormField], node: yaml.Node | None) -> list[SourceProblem]:
    """Repeat defaults are small forms: check them with the form validator itself."""
    problems: list[SourceProblem] = []
    for index, field in enumerate(fields):
        if isinstance(field, RepeatField) and field.default_value is not None:
            result = validate_values([field], {field.name: field.default_value})
            for error in result.errors:
                line, column = locate(node, ("fields", index, "defaultValue"))
                problems.append(SourceProblem(f"fields[{index}].defaultValue: {error.field}: {error.message}",
                                              line, column))
    return problems


def load_wizard(name: str, content: bytes, location: str, version: str = "") -> LoadedWizard:
    """Parse, validate and compile; raise `WizardLoadError` with every problem found."""
    if not WIZARD_NAME_RE.match(name):
        raise WizardLoadError(location, [SourceProblem(
            f"'{name}' is not a valid wizard name: use lowercase letters, digits, '-' and '_' in the file name")])
    try:
        data, node = parse_yaml(content)
    except SourceProblem as problem:
        raise WizardLoadError(location, [problem]) from None
    if not isinstance(data, dict):
        raise WizardLoadError(location, [SourceProblem("a wizard file must be a mapping of keys (title, fields, ...)",
                                                       1, 1)])
    try:
        wizard = Wizard.model_validate(data)
    except ValidationError as exc:
        raise WizardLoadError(location, _schema_problems(exc, node)) from None
    except RecursionError:
        raise WizardLoadError(location, [SourceProblem("the document is nested too deeply")]) from None
    prompt, validator, follow_ups, problems = _compile_all(wizard, node)
    problems.extend(_default_problems(wizard.fields, node))
    if problems or prompt is None:
        raise WizardLoadError(location, problems)
    return LoadedWizard(name, wizard, prompt, validator, follow_ups, location, version)


def with_source(wizard: LoadedWizard, source: Any) -> LoadedWizard:
    return dataclasses.replace(wizard, source=source)
