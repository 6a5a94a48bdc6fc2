"""Turn one wizard file into a `LoadedWizard`, or into a list of precise problems.

Fail-fast (spec section 10): YAML, schema and template errors all surface here, at load,
with file positions, so a broken wizard never reaches the listing.

The text is loaded in a load worker (`Templates.load`, `load_job`): parsing, alias expansion,
schema validation and every template check run there, under a deadline and a memory cap, never
in this process. What the worker answers is what a `LoadCache` keeps on disk for every
*successful* load, keyed by a hash of the file's bytes and of the loader's own code: the part
the listing shows (the `WizardHead`, validated here), all of the data as JSON text (validated
with the same schema when the wizard is first opened or rendered) and the names each template
reads (each template is compiled when it is first rendered). A restart reads the cache instead.
A file that failed once is never cached and fails again the same way.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from pydantic import ValidationError

from vance_ui.wizards.catalog.body import compile_all, loc_text
from vance_ui.wizards.catalog.load_cache import CachedLoad, LoadCache, interned, interned_object
from vance_ui.wizards.catalog.model import LoadedWizard, LoadWarning, WizardBody
from vance_ui.wizards.format.paths import Path
from vance_ui.wizards.format.schema import WIZARD_NAME_RE, Wizard, WizardHead
from vance_ui.wizards.format.yaml_source import MAX_FILE_BYTES, Positions, SourceProblem
from vance_ui.wizards.templates.bounded import CheckedTemplate, Templates
from vance_ui.wizards.templates.problems import RendererBusy, TemplateProblem


class WizardLoadError(Exception):
    """A wizard file that cannot be used; `problems` lists every reason found."""

    def __init__(self, location: str, problems: list[SourceProblem]) -> None:
        self.location = location
        self.problems = problems
        super().__init__(f"{location}: " + "; ".join(str(p) for p in problems))


def load_wizard(name: str, content: bytes, location: str, templates: Templates, version: str = "",
                cache: LoadCache | None = None) -> LoadedWizard:
    """Parse, validate and check in a load worker; raise `WizardLoadError` with every problem
    found (`RendererBusy` when no worker could take it: not the file's fault)."""
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
    entry = _loaded_by_worker(content, location, templates)
    if cache is not None:
        cache.put(name, content, entry)
    # Kept the way a restart keeps it: the listing's part with shared strings, the rest as JSON
    # text until first used, each template compiled by a render worker when first rendered. Holding every
    # Jinja `Template` of the first load cost ~10 KB per template, the YAML parser's own copy of
    # every key and value ~3.5 KB per wizard, the validated models most of the rest (10,000
    # wizards: 263 MiB of RSS after a first start, 256 after a restart; now 167 and 165).
    loaded = _from_cache(name, dataclasses.replace(entry, head=interned(entry.head)), location, version)
    if loaded is None:
        raise WizardLoadError(location, [SourceProblem("the load worker's answer does not validate")])
    return loaded


def _loaded_by_worker(content: bytes, location: str, templates: Templates) -> CachedLoad:
    if len(content) > MAX_FILE_BYTES:  # not worth a trip to the worker
        raise WizardLoadError(location, [SourceProblem(f"file is larger than {MAX_FILE_BYTES // 1024} KiB")])
    try:
        answer = templates.load(content)
    except RendererBusy:
        raise
    except TemplateProblem as problem:  # stopped at the deadline or the memory cap
        raise WizardLoadError(location, [SourceProblem(f"the wizard could not be checked: {problem.message}")]) \
            from None
    try:
        if "problems" in answer:
            raise WizardLoadError(location, [_problem(found) for found in answer["problems"]])
        return CachedLoad(dict(answer["head"]), str(answer["body"]),
                          {origin: frozenset(names) for origin, names in answer["templates"].items()},
                          {origin: int(line) for origin, line in answer["lines"].items()},
                          tuple((int(line), int(column), str(text)) for line, column, text in answer["warnings"]))
    except (KeyError, TypeError, ValueError, AttributeError):
        raise WizardLoadError(location, [SourceProblem("the load worker answered wrongly")]) from None


def _problem(found: dict[str, Any]) -> SourceProblem:
    """A problem as the load worker answers it (`load_job`)."""
    path = found.get("path")
    return SourceProblem(str(found["message"]), found.get("line"), found.get("column"),
                         path=tuple(path) if path is not None else None, code=str(found.get("code", "")),
                         params={str(key): str(value) for key, value in (found.get("params") or {}).items()})


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
        origin = loc_text(loc)
        return CheckedTemplate(source, origin, cached.templates[origin], expression, cached.lines.get(origin))

    try:
        body, _ = compile_all(wizard, Positions(None), lookup)
    except KeyError:
        return None
    return body


def with_source(wizard: LoadedWizard, source: Any) -> LoadedWizard:
    return dataclasses.replace(wizard, source=source)
