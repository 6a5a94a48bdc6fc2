"""Authoring checks for wizard files (`vance lint`): pure functions from file bytes to findings.

Loading already reports YAML, schema and template problems with file positions, unknown template
variables among them (they print as nothing); on top of that this module finds what loads fine but
is most likely a mistake: unused fields, unknown icons, follow-ups into the void, prefill keys the
target lacks, `availableIn` patterns that can never match, `keywords` missing a language the title
has, and wizards that shadow a lower cascade layer. An unknown icon is the loader's warning too
(`load_warnings`): same message, same position.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, Protocol

from vance_ui.documents.store import SEGMENT_RE, InvalidDocumentPath
from vance_ui.wizards.catalog.availability import NO_PROJECT, is_available
from vance_ui.wizards.catalog.cascade import FOLDER, PROJECT_ID_RE, SUFFIX, USER_PREFIX, WizardRegistry
from vance_ui.wizards.catalog.load_warnings import TextIndex, template_sources, unknown_icon
from vance_ui.wizards.catalog.loader import WizardLoadError, load_wizard
from vance_ui.wizards.catalog.model import LoadedWizard, Source
from vance_ui.wizards.format.paths import Path
from vance_ui.wizards.format.schema import RepeatField, Wizard
from vance_ui.wizards.format.yaml_source import Positions, SourceProblem, parse_yaml
from vance_ui.wizards.rules.visibility import FormRules
from vance_ui.wizards.templates.bounded import Templates
from vance_ui.wizards.templates.problems import TemplateProblem

Severity = Literal["error", "warning", "info"]
_ID_CHARS = frozenset(string.ascii_letters + string.digits + "_.-")


@dataclass(frozen=True, order=True)
class Finding:
    file: str
    line: int
    col: int
    severity: Severity
    message: str

    def format(self) -> str:
        return f"{self.file}:{self.line}:{self.col}: {self.severity}: {self.message}"


class LintContext(Protocol):
    """What a file is checked against: the wizards its follow-ups can reach, and lower layers."""

    templates: Templates  # where its templates are checked

    def resolve(self, name: str) -> Wizard | None: ...

    def shadowed(self, name: str) -> str | None: ...


class StandaloneContext:
    """Only the given wizards exist and nothing lies below (files outside any cascade)."""

    def __init__(self, templates: Templates, known: Mapping[str, Wizard] | None = None) -> None:
        self.templates = templates
        self.known = dict(known or {})

    def resolve(self, name: str) -> Wizard | None:
        return self.known.get(name)

    def shadowed(self, name: str) -> str | None:
        return None


class CascadeContext(StandaloneContext):
    """A file in a cascade layer: follow-ups resolve like a render from there would."""

    def __init__(self, registry: WizardRegistry, tenant: str, project_id: str | None, user: str,
                 layer: Source | None, known: Mapping[str, Wizard] | None = None) -> None:
        super().__init__(registry.templates, known)
        self.registry, self.tenant, self.project_id, self.user, self.layer = registry, tenant, project_id, user, layer

    def resolve(self, name: str) -> Wizard | None:
        if name in self.known:
            return self.known[name]
        try:
            found = self.registry.resolve(self.tenant, name, self.project_id, self.user)
        except InvalidDocumentPath:
            return None
        return found.definition if found else None

    def shadowed(self, name: str) -> str | None:
        layers = self.registry.layers(self.tenant, self.project_id, self.user)
        sources = [layer.source for layer in layers]
        if self.layer not in sources:
            return None
        for layer in layers[sources.index(self.layer) + 1:]:
            info = layer.store.info(layer.tenant, layer.project, f"{FOLDER}/{name}{SUFFIX}")
            if info is not None:
                return f"the {layer.source} wizard {info.location}"
        return None


def load_source(name: str, content: bytes, file: str, templates: Templates) -> LoadedWizard | list[Finding]:
    """The loaded wizard, or its load problems (YAML, schema, template syntax, sandbox) as errors."""
    try:
        return load_wizard(name, content, file, templates)
    except WizardLoadError as error:
        return [_at(file, p.line, p.column, "error", p.message) for p in error.problems]


def lint_wizard(name: str, content: bytes, file: str, context: LintContext) -> list[Finding]:
    loaded = load_source(name, content, file, context.templates)
    if isinstance(loaded, list):
        return sorted(loaded)
    return check_wizard(loaded, content, file, context)


def check_wizard(wizard: LoadedWizard, content: bytes, file: str, context: LintContext) -> list[Finding]:
    """The checks beyond loading, for a wizard that loaded: the load worker found it within every
    bound of a load (size, expansion, values), so parsing it here once more for positions is bounded."""
    try:
        _, node = parse_yaml(content)
    except SourceProblem:
        node = None
    text_lines = content.decode("utf-8-sig", "replace").splitlines()
    check = _Checker(wizard, TextIndex(Positions(node), text_lines), file)
    check.icon()
    check.unused_fields(context.templates)
    check.follow_ups(context)
    check.available_in()
    check.keywords()
    shadow = context.shadowed(wizard.name)
    if shadow:
        check.add(("title",), "info", f"wizard '{wizard.name}' shadows {shadow}", line_only=True)
    return sorted(check.findings)


def _at(file: str, line: int | None, col: int | None, severity: Severity, message: str) -> Finding:
    return Finding(file, line or 1, col or 1, severity, message)


def _constants(templates: Templates, source: str, expression: bool) -> set[str]:
    """Attribute names and string constants a template uses (how repeat item fields are read)."""
    try:
        return set(templates.constants_used(source, "lint", expression))
    except TemplateProblem:
        return set()


class _Checker:
    def __init__(self, wizard: LoadedWizard, index: TextIndex, file: str) -> None:
        self.wizard, self.index, self.file = wizard, index, file
        self.findings: list[Finding] = []

    def add(self, loc: Path, severity: Severity, message: str, *, word: str | None = None,
            template_line: int | None = None, line_only: bool = False) -> None:
        line, col = self.index.position(loc, word=word, template_line=template_line)
        self.findings.append(_at(self.file, line, 1 if line_only else col, severity, message))

    def icon(self) -> None:
        found = unknown_icon(self.wizard.definition.icon, self.index.positions)
        if found is not None:
            self.findings.append(_at(self.file, found.line, found.column, "warning", found.message))

    def unused_fields(self, templates: Templates) -> None:
        used: set[str] = set()
        checked: set[str] = set()
        constants: set[str] = set()
        has_repeat = any(isinstance(f, RepeatField) for f in self.wizard.definition.fields)
        for loc, source, compiled, counts in template_sources(self.wizard.body):
            (used if counts else checked).update(compiled.variables)
            if counts and has_repeat:  # item fields are read as attributes: only then re-parse
                constants |= _constants(templates, source, loc[-1] == "condition")
        shown_by = _show_if_names(self.wizard.body.rules)  # a field that decides what is shown is used
        used |= shown_by
        constants |= shown_by  # an item's showIf reads the item's fields by name
        for index, field in enumerate(self.wizard.definition.fields):
            if field.name not in used:
                extra = " (only validatorPrompt reads it)" if field.name in checked else ""
                self.add(("fields", index, "name"), "warning",
                         f"field '{field.name}' is never used by promptTemplate or the follow-ups{extra}")
            elif isinstance(field, RepeatField):
                for sub_index, sub in enumerate(field.item):
                    if sub.name not in constants:
                        self.add(("fields", index, "item", sub_index, "name"), "warning",
                                 f"item field '{field.name}.{sub.name}' is never used by the templates")

    def follow_ups(self, context: LintContext) -> None:
        for index, follow in enumerate(self.wizard.definition.suggested_follow_ups):
            base: Path = ("suggestedFollowUps", index)
            target = self.wizard.definition if follow.wizard == self.wizard.name else context.resolve(follow.wizard)
            if target is None:
                self.add((*base, "wizard"), "error", f"follow-up wizard '{follow.wizard}' does not exist in any layer")
                continue
            by_name = {f.name: f for f in target.fields}
            for key in follow.prefill:
                if key not in by_name:
                    self.add((*base, "prefill", key), "warning",
                             f"prefill key '{key}': wizard '{follow.wizard}' has no such field (it is ignored)",
                             word=key)
                elif isinstance(by_name[key], RepeatField):
                    self.add((*base, "prefill", key), "warning",
                             f"prefill key '{key}' is a repeat field, which links cannot prefill (it is skipped)",
                             word=key)

    def available_in(self) -> None:
        patterns = self.wizard.definition.available_in
        includes = [p for p in patterns if not p.startswith("!")]
        dead = 0
        for index, pattern in enumerate(patterns):
            body = pattern[1:] if pattern.startswith("!") else pattern
            if pattern.startswith("!") and body and set(body) == {"*"}:
                self.add(("availableIn", index), "error", f"availableIn: '{pattern}' excludes every project, "
                         "so the wizard is never listed")
                continue
            problem = pattern_problem(body)
            if problem:
                dead += 0 if pattern.startswith("!") else 1
                self.add(("availableIn", index), "warning", f"availableIn: '{pattern}' can never match: {problem}")
        if includes and dead == len(includes):
            self.add(("availableIn",), "error", "availableIn: no pattern can match, so the wizard is never listed")


    def keywords(self) -> None:
        """Keywords in some languages but not in all the title has: users of the others find it by title only."""
        keywords = self.wizard.head.keywords
        if not keywords:
            return
        missing = [lang for lang in self.wizard.head.title if lang not in keywords]
        if missing:
            self.add(("keywords",), "warning", f"keywords has no entry for {', '.join(missing)} (the title has): chat "
                     "suggestions in that language rank this wizard by its title and description only")


def _show_if_names(rules: FormRules) -> set[str]:
    """Every name a field's or page's showIf reads, repeat items included."""
    names = {name for page in rules.pages if page is not None for name in page.variables}
    levels = [rules.top]
    while levels:
        level = levels.pop()
        names.update(name for condition in level.conditions.values() for name in condition.variables)
        levels.extend(level.items.values())
    return names


def pattern_problem(pattern: str) -> str | None:
    """Why an availableIn pattern (without its `!`) can never match a project id, or None."""
    if not pattern:
        return "it is empty"
    if "/" in pattern:
        return "project ids never contain '/' (and '*' does not match it)"
    bad = sorted(set(pattern) - _ID_CHARS - {"*"})
    if bad:
        return f"project ids only use letters, digits, '_', '.' and '-' (not {''.join(bad)!r})"
    if ".." in pattern:
        return "project ids never contain '..'"
    if is_available([pattern], NO_PROJECT) or _can_match(pattern):
        return None
    return f"no project id, '{NO_PROJECT}' or '{USER_PREFIX}<user>' fits it"


def _can_match(pattern: str) -> bool:
    parts = pattern.split("*")
    head = parts[0]
    if len(parts) == 1:
        if pattern.startswith(USER_PREFIX):
            return len(pattern) > len(USER_PREFIX) and bool(SEGMENT_RE.fullmatch(pattern))
        return bool(PROJECT_ID_RE.fullmatch(pattern))
    if not head or head[0] in string.ascii_letters + string.digits:
        return True
    return head.startswith("_") and (USER_PREFIX.startswith(head) or head.startswith(USER_PREFIX))
