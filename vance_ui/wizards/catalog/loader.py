"""Turn one wizard file into a `LoadedWizard`, or into a list of precise problems.

Fail-fast (spec section 10): YAML, schema and template errors all surface here, at load,
with file positions, so a broken wizard never reaches the listing.

Parsing YAML and compiling templates costs milliseconds per wizard, so a `LoadCache` keeps
the result of every *successful* load on disk, keyed by a hash of the file's bytes and of
the loader's own code. A restart skips YAML and validates only what the listing shows (the
`WizardHead`); the rest is decoded and validated with the same schema when the wizard is first
opened or rendered, and each template is compiled when it is first rendered. A file that failed
once is never cached and fails again the same way.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

import yaml
from pydantic import ValidationError

from vance_ui.wizards.catalog.load_cache import CachedLoad, LoadCache, interned, interned_object
from vance_ui.wizards.catalog.load_warnings import load_warnings, undeclared_variables
from vance_ui.wizards.catalog.model import CompiledFollowUp, LoadedWizard, LoadWarning, WizardBody
from vance_ui.wizards.format.paths import Path, path_text
from vance_ui.wizards.format.schema import (
    FIELD_TYPES,
    HEAD_KEYS,
    WIZARD_NAME_RE,
    FormField,
    PasswordField,
    RepeatField,
    Wizard,
    WizardHead,
)
from vance_ui.wizards.format.yaml_source import SourceProblem, locate, parse_yaml, scalar_body_line
from vance_ui.wizards.rules.validation import validate_values
from vance_ui.wizards.rules.visibility import FormRules, RulesInvalid, build_rules
from vance_ui.wizards.templates.bounded import CheckedTemplate, Templates
from vance_ui.wizards.templates.problems import RendererBusy, TemplateProblem


class WizardLoadError(Exception):
    """A wizard file that cannot be used; `problems` lists every reason found."""

    def __init__(self, location: str, problems: list[SourceProblem]) -> None:
        self.location = location
        self.problems = problems
        super().__init__(f"{location}: " + "; ".join(str(p) for p in problems))


def _file_path(loc: Path) -> Path:
    """A pydantic error location as a place in the file: without the discriminator tags pydantic puts into it."""
    return tuple(part for part in loc if isinstance(part, int) or part not in FIELD_TYPES)


def _loc_text(loc: Path) -> str:
    """A place in the file as lint names it."""
    return path_text(_file_path(loc))


def _schema_problems(exc: ValidationError, node: yaml.Node | None) -> list[SourceProblem]:
    problems: list[SourceProblem] = []
    for error in exc.errors(include_url=False):
        loc = tuple(error["loc"])
        where = _loc_text(loc)
        kind = error["type"]
        code, params = kind, {}
        if kind == "extra_forbidden":
            key = where.rsplit(".", 1)[-1]
            parent = where.rsplit(".", 1)[0] if "." in where else ""
            tag = next((p for p in loc if isinstance(p, str) and p in FIELD_TYPES), None)
            message = f"unknown key '{key}'" + (f" (not allowed for type '{tag}')" if tag else "")
            where = parent
            code, params = "unknown_key", {"key": key, "type": tag or ""}
        elif kind == "missing":
            message = "this key is required"
            params = {"key": str(loc[-1])}
        elif kind == "union_tag_invalid":
            message = f"unknown field type (use one of: {', '.join(FIELD_TYPES)})"
            code, params = "unknown_type", {"type": str((error.get("ctx") or {}).get("tag", ""))}
        elif kind == "union_tag_not_found":
            message = "every field needs a 'type'"
            code = "no_type"
        else:
            message = error["msg"].removeprefix("Value error, ")
            params = {"detail": message, **{k: str(v) for k, v in (error.get("ctx") or {}).items()
                                            if k in ("min_length", "max_length", "ge", "le", "pattern")}}
        line, column = locate(node, loc)
        problems.append(SourceProblem(f"{where}: {message}" if where else message, line, column,
                                      path=_file_path(loc), code=code, params=params))
    return problems


def _compile(templates: Templates, source: str, origin: str, node: yaml.Node | None, loc: Path, *,
             expression: bool = False) -> CheckedTemplate:
    try:
        checked = templates.check(source, origin, expression)
        # where its text starts in the file, so a render error can name the file line
        return dataclasses.replace(checked, line=scalar_body_line(node, loc))
    except RendererBusy:  # not the file's fault: it is tried again on the next request
        raise
    except TemplateProblem as problem:
        start = scalar_body_line(node, loc)
        line = start + (problem.lineno - 1) if start and problem.lineno else start
        value_line, value_column = locate(node, loc)
        where = _loc_text(loc)  # a one-line value (a showIf): the problem is somewhere in it, from its start
        raise SourceProblem(f"{where}: {problem.message}", line, value_column if line == value_line else None,
                            path=_file_path(loc), code="template", params={"detail": problem.message}) from None


def _password_names(fields: list[FormField]) -> set[str]:
    return {f.name for f in fields if isinstance(f, PasswordField)}


Compiler = Callable[[str, Path, bool], CheckedTemplate]


def _show_ifs(fields: list[FormField], loc: Path) -> list[tuple[Path, str]]:
    """Every field's showIf with its location, repeat items included."""
    found: list[tuple[Path, str]] = []
    for index, field in enumerate(fields):
        if field.show_if is not None:
            found.append(((*loc, index, "showIf"), field.show_if))
        if isinstance(field, RepeatField):
            found.extend(_show_ifs(field.item, (*loc, index, "item")))
    return found


def _rules(wizard: Wizard, node: yaml.Node | None, attempt: Callable[..., CheckedTemplate | None],
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
            line, column = locate(node, rule.loc)
            problems.append(SourceProblem(f"{_loc_text(rule.loc)}: {rule.message}", line, column,
                                          path=_file_path(rule.loc), code=rule.code, params=rule.params))
        return None


def _compile_all(wizard: Wizard, node: yaml.Node | None, compiler: Compiler) -> tuple[Any, ...]:
    """Compile every template of `wizard` with `compiler`, collecting problems."""
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
                line, _ = locate(node, base)
                problems.append(SourceProblem(
                    f"suggestedFollowUps[{index}].{key}: uses password field '{sorted(leaked)[0]}', "
                    "which must never appear in a link", line, path=base, code="password_in_link",
                    params={"name": sorted(leaked)[0]}))
        if all(labels.values()) and all(prefill.values()):
            follow_ups.append(CompiledFollowUp(
                follow.wizard,
                {k: v for k, v in labels.items() if v is not None},
                {k: v for k, v in prefill.items() if v is not None},
                condition,
            ))
    rules = _rules(wizard, node, attempt, problems)
    return prompt, validator, tuple(follow_ups), rules, problems


def _default_problems(fields: list[FormField], node: yaml.Node | None) -> list[SourceProblem]:
    """Repeat defaults are small forms: check them with the form validator itself."""
    problems: list[SourceProblem] = []
    for index, field in enumerate(fields):
        if isinstance(field, RepeatField) and field.default_value is not None:
            result = validate_values([field], {field.name: field.default_value})
            for error in result.errors:
                line, column = locate(node, ("fields", index, "defaultValue"))
                problems.append(SourceProblem(f"fields[{index}].defaultValue: {error.field}: {error.message('en')}",
                                              line, column, path=("fields", index, "defaultValue"),
                                              params={"detail": f"{error.field}: {error.message('en')}"}))
    return problems


def load_wizard(name: str, content: bytes, location: str, templates: Templates, version: str = "",
                cache: LoadCache | None = None) -> LoadedWizard:
    """Parse, validate and compile; raise `WizardLoadError` with every problem found."""
    if not WIZARD_NAME_RE.fullmatch(name):
        raise WizardLoadError(location, [SourceProblem(
            f"'{name}' is not a valid wizard name: use lowercase letters, digits, '-' and '_' in the file name",
            code="wizard_name")])
    if cache is not None:
        cached = cache.get(name, content)
        if cached is not None:
            hit = _from_cache(name, cached, location, version)
            if hit is not None:
                return hit
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
    def check(source: str, loc: Path, expression: bool) -> CheckedTemplate:
        return _compile(templates, source, _loc_text(loc), node, loc, expression=expression)

    prompt, validator, follow_ups, rules, problems = _compile_all(wizard, node, check)
    problems.extend(_default_problems(wizard.fields, node))
    if problems or prompt is None or rules is None:
        raise WizardLoadError(location, problems)
    body = WizardBody(wizard, prompt, validator, follow_ups, rules)
    unknown = undeclared_variables(body, node, content)  # each would print as nothing: see docs/editor.md
    if unknown:
        raise WizardLoadError(location, unknown)
    warnings = load_warnings(body, node)
    loaded = LoadedWizard(name, wizard, lambda: body, location, version, warnings=warnings)
    if cache is None:
        return loaded
    variables = {template.origin: template.variables for template in _templates_of_body(body)}
    lines = {template.origin: template.line for template in _templates_of_body(body) if template.line}
    try:
        text = json.dumps(data, ensure_ascii=False)
    except (TypeError, ValueError):  # YAML values JSON cannot hold (e.g. dates): kept as loaded, not cached
        return loaded
    if json.loads(text) != data:  # JSON would change it (a key `1:` turns into "1"): kept as loaded, not cached
        return loaded
    entry = CachedLoad({key: data[key] for key in HEAD_KEYS if key in data}, text, variables, lines,
                       tuple((w.line, w.column, w.message) for w in warnings))
    cache.put(name, content, entry)
    # Kept the way a restart keeps it: the listing's part with shared strings, the rest as JSON
    # text until first used, each template compiled by a render worker when first rendered. Holding every
    # Jinja `Template` of the first load cost ~10 KB per template, the YAML parser's own copy of
    # every key and value ~3.5 KB per wizard, the validated models most of the rest (10,000
    # wizards: 263 MiB of RSS after a first start, 256 after a restart; now 167 and 165).
    return _from_cache(name, dataclasses.replace(entry, head=interned(entry.head)), location, version) or loaded


def _templates_of_body(body: WizardBody) -> list[CheckedTemplate]:
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


def _from_cache(name: str, cached: CachedLoad, location: str, version: str) -> LoadedWizard | None:
    """The same wizard as a full load, from cached data: the head validated now, the body on first
    use (an entry written by this code always passes; a forged one fails there, and is dropped)."""
    try:
        head = WizardHead.model_validate(cached.head)
    except (ValidationError, RecursionError):
        return None

    def make_body() -> WizardBody:
        body = _body_from_cache(cached)
        if body is None or any(getattr(body.definition, key) != getattr(head, key) for key in WizardHead.model_fields):
            if cached.path is not None:
                LoadCache.discard(cached.path)
            raise WizardLoadError(location, [SourceProblem("its entry in the load cache is unusable (removed)")])
        return body

    warnings = tuple(LoadWarning(*warning) for warning in cached.warnings)
    return LoadedWizard(name, head, make_body, location, version, warnings=warnings)


def _body_from_cache(cached: CachedLoad) -> WizardBody | None:
    try:
        wizard = Wizard.model_validate(json.loads(cached.body, object_pairs_hook=interned_object))
    except (ValidationError, ValueError, RecursionError):
        return None

    def lookup(source: str, loc: Path, expression: bool) -> CheckedTemplate:
        origin = _loc_text(loc)
        return CheckedTemplate(source, origin, cached.templates[origin], expression, cached.lines.get(origin))

    try:
        prompt, validator, follow_ups, rules, problems = _compile_all(wizard, None, lookup)
    except KeyError:
        return None
    if problems or prompt is None or rules is None:
        return None
    return WizardBody(wizard, prompt, validator, follow_ups, rules)


def with_source(wizard: LoadedWizard, source: Any) -> LoadedWizard:
    return dataclasses.replace(wizard, source=source)
