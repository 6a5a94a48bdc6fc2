"""Which fields and pages a form shows (`showIf`, `pages`), decided once for every client.

At load, `build_rules` works out what each `showIf` reads and the order in which they must run
(a hidden field reaches later expressions as its empty value, so what it hides is decided first),
and refuses unknown names, cycles and badly formed pages with the place of the problem. For a set
of values, `visibility_steps` runs the expressions in that order, in a render worker: those that
do not depend on each other (one wave, in every repeat item) in one batch.

Scopes: a top-level expression sees the top-level fields; one inside a repeat item also sees that
item's fields by name, which shadow outer names. `lang`, `user`, `project` and `today` are always
there. A repeat field's value includes its items, so an expression that reads a repeat field runs
after every expression inside that repeat's items.
"""

from __future__ import annotations

import graphlib
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from vance_ui.wizards.format.paths import Path
from vance_ui.wizards.format.schema import CONTEXT_VARIABLES, FormField, RepeatField, Wizard
from vance_ui.wizards.rules.steps import RenderSteps, gather, truth_step
from vance_ui.wizards.rules.validation import empty_value
from vance_ui.wizards.templates.bounded import CheckedTemplate
from vance_ui.wizards.templates.problems import TemplateProblem

#: showIf evaluations for one set of values: besides the request's time budget, a bound on what
#: one set of values sends to the workers (a posted 200 x 100 nested repeat would be 20,000 runs).
MAX_CONDITION_RUNS = 1000


def page_node(index: int) -> str:
    """A page in the evaluation order; never a field name (those are identifiers)."""
    return f"#{index}"


@dataclass(frozen=True)
class Level:
    """One list of fields (the form, or a repeat's item): its showIfs in the order they run, and
    that order in waves: the nodes of a wave need only those of earlier waves, so they run together."""

    order: tuple[str, ...]
    conditions: Mapping[str, CheckedTemplate]
    depends_on: Mapping[str, tuple[str, ...]]  # field name -> the field names its showIf reads
    items: Mapping[str, Level]  # repeat field name -> its item's level
    waves: tuple[tuple[str, ...], ...] = ()

    @property
    def conditional(self) -> bool:
        return bool(self.conditions) or any(level.conditional for level in self.items.values())


@dataclass(frozen=True)
class CrossCheck:
    """A wizard's rule across fields (`rules:`): while `condition` is true, `message` at `field`."""

    field: str
    condition: CheckedTemplate
    message: Mapping[str, str]


@dataclass(frozen=True)
class FormRules:
    """What decides visibility in one wizard; `page_of` is empty for a single-page wizard. `checks`
    (the rules across fields) run when the form is checked for real, after the fields' own rules."""

    top: Level
    pages: tuple[CheckedTemplate | None, ...] = ()
    page_of: Mapping[str, int] = field(default_factory=dict)
    page_depends_on: tuple[tuple[str, ...], ...] = ()
    checks: tuple[CrossCheck, ...] = ()

    @property
    def conditional(self) -> bool:
        return self.top.conditional or any(condition is not None for condition in self.pages)


@dataclass(frozen=True)
class Visibility:
    hidden: frozenset[Path]  # every hidden field's path, repeat items included: ("members", 1, "email")
    pages: tuple[bool, ...]  # per page: shown or skipped

    @classmethod
    def everything(cls, rules: FormRules) -> Visibility:
        return cls(frozenset(), (True,) * len(rules.pages))


class RuleProblem(NamedTuple):
    """One problem of a showIf or of the pages: the message, where it is in the file, and its kind
    (`code`, with the names it quotes in `params`) for an editor to say it in the author's words."""

    message: str
    loc: Path
    code: str
    params: dict[str, str]


class RulesInvalid(Exception):
    """Every problem of a wizard's showIf and pages, each with where it is in the file."""

    def __init__(self, problems: list[RuleProblem]) -> None:
        super().__init__("; ".join(problem.message for problem in problems))
        self.problems = problems


def build_rules(wizard: Wizard, conditions: Mapping[Path, CheckedTemplate]) -> FormRules:
    """`conditions`: each compiled showIf by its location (`("fields", 2, "showIf")`)."""
    problems: list[RuleProblem] = []
    page_of = _page_structure(wizard, problems)
    top_names = frozenset(f.name for f in wizard.fields)
    page_conditions: list[CheckedTemplate | None] = []
    page_reads: list[tuple[str, ...]] = []
    extra: dict[str, set[str]] = {}
    for index in range(len(wizard.pages or [])):
        condition = conditions.get(("pages", index, "showIf"))
        page_conditions.append(condition)
        reads = _reads(condition, top_names, ("pages", index, "showIf"), problems)
        page_reads.append(tuple(sorted(reads)))
        extra[page_node(index)] = reads
    for name, index in page_of.items():
        extra.setdefault(name, set()).add(page_node(index))
    top, _ = _level(wizard.fields, ("fields",), (), conditions, problems, extra)
    checks = _checks(wizard, conditions, top_names, problems)
    if problems:
        raise RulesInvalid(problems)
    return FormRules(top, tuple(page_conditions), page_of, tuple(page_reads), checks)


def _checks(wizard: Wizard, conditions: Mapping[Path, CheckedTemplate], top_names: frozenset[str],
            problems: list[RuleProblem]) -> tuple[CrossCheck, ...]:
    """The rules across fields: each reads top-level fields only and is shown at one of them."""
    checks: list[CrossCheck] = []
    for index, rule in enumerate(wizard.rules):
        condition = conditions.get(("rules", index, "if"))
        _reads(condition, top_names, ("rules", index, "if"), problems)
        if rule.field not in top_names:
            problems.append(RuleProblem(f"'{rule.field}' is not a top-level field", ("rules", index, "field"),
                                        "rule_unknown_field", {"name": rule.field}))
        elif condition is not None:
            checks.append(CrossCheck(rule.field, condition, dict(rule.message)))
    return tuple(checks)


def _page_structure(wizard: Wizard, problems: list[RuleProblem]) -> dict[str, int]:
    if wizard.pages is None:
        return {}
    names = {f.name for f in wizard.fields}
    page_of: dict[str, int] = {}
    for index, page in enumerate(wizard.pages):
        for position, name in enumerate(page.fields):
            where: Path = ("pages", index, "fields", position)
            if name not in names:
                problems.append(RuleProblem(f"'{name}' is not a top-level field", where, "page_unknown_field",
                                            {"name": name}))
            elif name in page_of:
                problems.append(RuleProblem(f"field '{name}' is already on page {page_of[name] + 1}", where,
                                            "page_twice", {"name": name, "page": str(page_of[name] + 1)}))
            else:
                page_of[name] = index
    for position, f in enumerate(wizard.fields):
        if f.name not in page_of:
            problems.append(RuleProblem(f"field '{f.name}' is on no page (with pages, every top-level field is on one)",
                                        ("fields", position), "no_page", {"name": f.name}))
    return page_of


def _reads(condition: CheckedTemplate | None, visible: frozenset[str], loc: Path,
           problems: list[RuleProblem]) -> set[str]:
    """The field names an expression reads; an unknown name is a problem."""
    if condition is None:
        return set()
    unknown = sorted(condition.variables - visible - CONTEXT_VARIABLES)
    for name in unknown:
        problems.append(RuleProblem(f"reads '{name}', which is not a field here (nor lang, user, project, today)", loc,
                                    "show_if_unknown", {"name": name}))
    return set(condition.variables & visible)


def _level(fields: Sequence[FormField], loc: Path, outer: tuple[frozenset[str], ...],
           conditions: Mapping[Path, CheckedTemplate], problems: list[RuleProblem],
           extra: Mapping[str, set[str]] | None = None) -> tuple[Level, dict[tuple[int, str], Path]]:
    """One level's order; also what it reads from outer scopes, as (scope index, name) -> the
    location of the first showIf that reads it."""
    own = frozenset(f.name for f in fields)
    scopes = (*outer, own)
    visible = frozenset().union(*scopes)
    graph: dict[str, set[str]] = {name: set(needs) for name, needs in (extra or {}).items()}
    readers: dict[tuple[str, str], Path] = {}  # (node, what it needs) -> the showIf that reads it
    external: dict[tuple[int, str], Path] = {}
    levels: dict[str, Level] = {}
    found: dict[str, CheckedTemplate] = {}
    depends: dict[str, tuple[str, ...]] = {}

    def need(node: str, scope: int, name: str, where: Path) -> None:
        if scope == len(outer):
            graph[node].add(name)
            readers.setdefault((node, name), where)
        else:
            external.setdefault((scope, name), where)

    for position, f in enumerate(fields):
        here: Path = (*loc, position)
        condition = conditions.get((*here, "showIf"))
        reads = _reads(condition, visible, (*here, "showIf"), problems)
        if condition is not None:
            found[f.name] = condition
            depends[f.name] = tuple(sorted(reads))
        graph.setdefault(f.name, set())
        for name in sorted(reads):
            need(f.name, len(outer) if name in own else _scope_of(name, outer), name, (*here, "showIf"))
        if isinstance(f, RepeatField):
            sub, sub_reads = _level(f.item, (*here, "item"), scopes, conditions, problems)
            levels[f.name] = sub
            for (scope, name), where in sub_reads.items():
                need(f.name, scope, name, where)
    try:
        order = tuple(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as cycle:
        loop = [str(name) for name in cycle.args[1]]
        shown = " -> ".join(name if not name.startswith("#") else f"page {int(name[1:]) + 1}" for name in loop)
        place = _cycle_place(loop, readers, loc)
        if len(set(loop)) == 1 and "item" in place:
            shown += f" (an item's showIf cannot read '{loop[0]}', the list the item is in)"
        problems.append(RuleProblem(f"the showIf conditions form a cycle: {shown}", place, "show_if_cycle",
                                    {"cycle": shown}))
        order = tuple(graph)
    return Level(order, found, depends, levels, _waves(order, graph)), external


def _waves(order: tuple[str, ...], graph: Mapping[str, set[str]]) -> tuple[tuple[str, ...], ...]:
    """`order` cut into waves: each node one wave after the latest of what it needs."""
    wave_of: dict[str, int] = {}
    for node in order:
        wave_of[node] = 1 + max((wave_of[need] for need in graph.get(node, ()) if need in wave_of), default=-1)
    waves: list[list[str]] = [[] for _ in range(max(wave_of.values(), default=-1) + 1)]
    for node in order:
        waves[wave_of[node]].append(node)
    return tuple(tuple(wave) for wave in waves)


def _cycle_place(loop: list[str], readers: Mapping[tuple[str, str], Path], loc: Path) -> Path:
    """The first expression of a cycle in the file: a page's showIf, or a showIf (maybe inside a repeat
    item) that reads the next name. In graphlib's loop each node is needed by the one after it."""
    places = [("pages", int(node[1:]), "showIf") if node.startswith("#") else readers.get((node, needed))
              for needed, node in itertools.pairwise(loop)]
    return min((place for place in places if place is not None), default=loc)


def _scope_of(name: str, outer: tuple[frozenset[str], ...]) -> int:
    return next(index for index in range(len(outer) - 1, -1, -1) if name in outer[index])


def visibility_steps(rules: FormRules, fields: Sequence[FormField], values: Mapping[str, Any],
                     context: Mapping[str, Any]) -> RenderSteps[Visibility]:
    """`values`: leniently validated (every declared key, each of its type); `context`: lang, user,
    project, today. Expressions see hidden fields as their empty values."""
    if not rules.conditional:
        return Visibility.everything(rules)
    hidden: set[Path] = set()
    pages = [True] * len(rules.pages)
    yield from _run_level(rules, rules.top, fields, values, dict(context), (), hidden, pages, [MAX_CONDITION_RUNS])
    return Visibility(frozenset(hidden), tuple(pages))


def condition_truth(condition: CheckedTemplate, outer: Mapping[str, Any], seen: Mapping[str, Any],
                    budget: list[int]) -> RenderSteps[bool]:
    """Only what the expression reads crosses the pipe to the worker, not the whole form for every
    repeat item; and only so many times per set of values. An expression that fails for these
    values (compares an empty number, say) counts as false, as in SurveyJS."""
    budget[0] -= 1
    if budget[0] < 0:
        raise TemplateProblem("limit", f"the showIf conditions would run more than {MAX_CONDITION_RUNS} times "
                                       "for these values (fewer repeat entries, please)")
    names = {**outer, **seen}
    try:
        return (yield from truth_step(condition, {name: names[name] for name in condition.variables if name in names}))
    except TemplateProblem as problem:
        if problem.kind != "runtime":  # a limit (a bomb, too slow) stays an error
            raise
        return False  # e.g. `nights > 0` while the number is still empty: not shown, the form goes on


def _run_level(rules: FormRules, level: Level, fields: Sequence[FormField], values: Mapping[str, Any],
               outer: dict[str, Any], prefix: Path, hidden: set[Path],
               pages: list[bool], budget: list[int]) -> RenderSteps[dict[str, Any]]:
    """One level's values as its later expressions see them (hidden fields empty). The showIfs of
    one wave, with those of every repeat item in it, go to the worker in one batch."""
    run = _LevelRun(rules, level, {f.name: f for f in fields}, values, outer, prefix, hidden, pages, budget)
    for wave in level.waves:
        yield from gather([run.node(node) for node in wave])
    return {f.name: run.seen[f.name] for f in fields if f.name in run.seen}


@dataclass
class _LevelRun:
    """What the nodes of one level share while their waves run."""

    rules: FormRules
    level: Level
    by_name: Mapping[str, FormField]
    values: Mapping[str, Any]
    outer: dict[str, Any]
    prefix: Path
    hidden: set[Path]
    pages: list[bool]
    budget: list[int]
    seen: dict[str, Any] = field(default_factory=dict)

    def node(self, node: str) -> RenderSteps[None]:
        if node.startswith("#"):
            index = int(node[1:])
            condition = self.rules.pages[index]
            self.pages[index] = condition is None or (
                yield from condition_truth(condition, self.outer, self.seen, self.budget))
            return
        f, path = self.by_name[node], (*self.prefix, node)
        shown = True
        if not self.prefix and node in self.rules.page_of:
            shown = self.pages[self.rules.page_of[node]]
        condition = self.level.conditions.get(node)
        if shown and condition is not None:
            shown = yield from condition_truth(condition, self.outer, self.seen, self.budget)
        if not shown:
            self.hidden.add(path)
            self.seen[node] = empty_value(f)
            return
        value = self.values.get(node)
        sub = self.level.items.get(node)
        if isinstance(f, RepeatField) and sub is not None and sub.conditional and isinstance(value, list):
            inner = {**self.outer, **self.seen}
            runs = [_run_level(self.rules, sub, f.item, item, inner, (*path, index), self.hidden, self.pages,
                               self.budget) for index, item in enumerate(value) if isinstance(item, Mapping)]
            done = iter((yield from gather(runs)))
            value = [next(done) if isinstance(item, Mapping) else item for item in value]
        self.seen[node] = value
