"""Loading wizard text, as a load worker does it: parse, validate, check every template, find
every problem's place, collect the warnings; the answer is plain data.

Runs only in a load worker process (`vance_ui.wizards.load_worker`), under the worker's memory
and CPU caps and the pool's deadline, so no text (an alias bomb, 16,000 unknown keys, a template
that takes long to compile) can hold the app's process. What it answers is what a successful
load leaves in the load cache (`CachedLoad`: the listing's part of the data, all of it as JSON
text, the names each template reads, the warnings), or the problems with their positions; the app
builds the wizard from that (`loader`). Every cost is linear in the text: positions come from one
index of the file (`Positions`), warnings from one scan of each line (`TextIndex`).
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from vance_ui.wizards.catalog.body import Compiler, compile_all, file_path, loc_text, templates_of_body
from vance_ui.wizards.catalog.load_warnings import load_warnings, undeclared_variables
from vance_ui.wizards.format.paths import Path
from vance_ui.wizards.format.schema import FIELD_TYPES, HEAD_KEYS, FormField, RepeatField, Wizard
from vance_ui.wizards.format.yaml_source import Positions, SourceProblem, parse_yaml
from vance_ui.wizards.rules.validation import validate_values
from vance_ui.wizards.templates.bounded import CheckedTemplate
from vance_ui.wizards.templates.problems import TemplateProblem

#: at most this many problems are answered (16,000 unknown keys are 16,000 problems): the rest are counted
MAX_PROBLEMS = 1000

#: the worker's template check: the names a template reads, or its `TemplateProblem`
CompileTemplate = Callable[[str, str, bool], frozenset[str]]


def _schema_problems(exc: ValidationError, positions: Positions) -> list[SourceProblem]:
    problems: list[SourceProblem] = []
    for error in exc.errors(include_url=False):
        loc = tuple(error["loc"])
        where = loc_text(loc)
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
        problems.append(SourceProblem(f"{where}: {message}" if where else message, *positions.at(loc),
                                      path=file_path(loc), code=code, params=params))
    return problems


def _default_problems(fields: list[FormField], positions: Positions, loc: Path = ("fields",)) -> list[SourceProblem]:
    """Repeat defaults are small forms: checked with the form validator itself, and every key of a
    default item must be one of the item's fields (nothing else would ever read it)."""
    problems: list[SourceProblem] = []
    for index, field in enumerate(fields):
        if not isinstance(field, RepeatField):
            continue
        here: Path = (*loc, index)
        problems += _default_problems(field.item, positions, (*here, "item"))
        if field.default_value is None:
            continue
        names = {f.name for f in field.item}
        for number, item in enumerate(field.default_value):
            for key in item:
                if key not in names:
                    where = (*here, "defaultValue", number, key)
                    problems.append(SourceProblem(f"{loc_text(where)}: unknown key '{key[:64]}' (the item has "
                                                  f"no such field)", *positions.at(where), path=where,
                                                  code="unknown_key", params={"key": key[:64], "type": ""}))
        result = validate_values([field], {field.name: field.default_value})
        for error in result.errors:
            detail = f"{error.field}: {error.message('en')}"
            problems.append(SourceProblem(f"{loc_text((*here, 'defaultValue'))}: {detail}",
                                          *positions.at((*here, "defaultValue")), path=(*here, "defaultValue"),
                                          params={"detail": detail}))
    return problems


def _checker(positions: Positions, compile_template: CompileTemplate) -> Compiler:
    """Each distinct (source, kind) compiled once, however often aliases repeat it; a problem gets
    the file line of the template line it names."""
    seen: dict[tuple[str, bool], frozenset[str] | TemplateProblem] = {}

    def check(source: str, loc: Path, expression: bool) -> CheckedTemplate:
        origin = loc_text(loc)
        found = seen.get((source, expression))
        if found is None:
            try:
                found = compile_template(source, origin, expression)
            except TemplateProblem as problem:
                found = problem
            seen[(source, expression)] = found
        if isinstance(found, TemplateProblem):
            start = positions.body_line(loc)
            line = start + (found.lineno - 1) if start and found.lineno else start
            value_line, value_column = positions.at(loc)  # a one-line value (a showIf): the problem is in it
            raise SourceProblem(f"{origin}: {found.message}", line, value_column if line == value_line else None,
                                path=file_path(loc), code="template", params={"detail": found.message})
        return CheckedTemplate(source, origin, found, expression, positions.body_line(loc))

    return check


def _plain(value: Any) -> str:
    """YAML values JSON has no type for: an unquoted date means its ISO text (as the schema reads it)."""
    if isinstance(value, datetime.date):
        return value.isoformat()
    raise TypeError(f"a value of type {type(value).__name__}")


def _problems(problems: list[SourceProblem]) -> dict[str, Any]:
    shown = [{"line": p.line, "column": p.column, "message": p.message, "path": p.path, "code": p.code,
              "params": p.params} for p in problems[:MAX_PROBLEMS]]
    if len(problems) > MAX_PROBLEMS:
        shown.append({"message": f"... and {len(problems) - MAX_PROBLEMS} more problems", "code": "more",
                      "params": {"count": str(len(problems) - MAX_PROBLEMS)}})
    return {"problems": shown}


def load_text(content: bytes, compile_template: CompileTemplate) -> dict[str, Any]:
    """`{"problems": [{"line", "column", "message", "path", "code", "params"}, ...]}`, or what a successful load caches:
    `{"head", "body", "templates", "lines", "warnings"}` (see `CachedLoad`)."""
    try:
        data, node = parse_yaml(content)
    except SourceProblem as problem:
        return _problems([problem])
    positions = Positions(node)
    if not isinstance(data, dict):
        return _problems([SourceProblem("a wizard file must be a mapping of keys (title, fields, ...)", 1, 1)])
    try:
        wizard = Wizard.model_validate(data)
    except ValidationError as exc:
        return _problems(_schema_problems(exc, positions))
    except RecursionError:
        return _problems([SourceProblem("the document is nested too deeply")])
    body, problems = compile_all(wizard, positions, _checker(positions, compile_template))
    problems += _default_problems(wizard.fields, positions)
    if problems or body is None:
        return _problems(problems or [SourceProblem("the wizard does not load")])
    unknown = undeclared_variables(body, positions, content)  # each would print as nothing: see docs/editor.md
    if unknown:
        return _problems(unknown)
    try:
        text = json.dumps(data, ensure_ascii=False, default=_plain)
        if json.loads(text) != data and Wizard.model_validate_json(text) != wizard:
            raise ValueError("a value that JSON would change (a key that is a number, a NaN)")
    except (TypeError, ValueError) as exc:
        return _problems([SourceProblem(f"the file holds {exc}, which a wizard cannot keep")])
    templates = templates_of_body(body)
    return {
        "head": {key: data[key] for key in HEAD_KEYS if key in data},
        "body": text,
        "templates": {template.origin: sorted(template.variables) for template in templates},
        "lines": {template.origin: template.line for template in templates if template.line},
        "warnings": [[w.line, w.column, w.message] for w in load_warnings(body, positions)],
    }
