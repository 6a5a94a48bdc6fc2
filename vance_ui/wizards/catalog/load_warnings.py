"""What a loaded file's templates read, and what loads but is most likely a mistake, found the same
way by the loader and by `vance lint`.

An unknown template variable renders as nothing ("Plan a -day offsite"): the loader refuses the
file with it (`undeclared_variables`), at the line and column lint names. An unknown icon renders
as the generic one: the server serves such a wizard, logs a WARN with the file position and hands
the warning to the author (the definition's `warnings`, the form's preview); lint reports the same
finding at the same position.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator

from vance_ui.wizards.catalog.model import LoadWarning, WizardBody
from vance_ui.wizards.format.heroicons import heroicon, unknown_icon_message
from vance_ui.wizards.format.paths import Path, path_text
from vance_ui.wizards.format.schema import CONTEXT_VARIABLES
from vance_ui.wizards.format.yaml_source import Positions, SourceProblem
from vance_ui.wizards.templates.bounded import CheckedTemplate
from vance_ui.wizards.templates.limits import TEMPLATE_GLOBALS


def template_sources(body: WizardBody) -> Iterator[tuple[Path, str, CheckedTemplate, bool]]:
    """(YAML location, source, compiled, counts as a use) for every template of the file."""
    d = body.definition
    yield ("promptTemplate",), d.prompt_template, body.prompt, True
    if d.validator_prompt and body.validator:
        yield ("validatorPrompt",), d.validator_prompt, body.validator, False
    for index, (follow, compiled) in enumerate(zip(d.suggested_follow_ups, body.follow_ups, strict=False)):
        base: Path = ("suggestedFollowUps", index)
        for lang, template in compiled.labels.items():
            yield (*base, "label", lang), follow.label[lang], template, True
        for key, template in compiled.prefill.items():
            yield (*base, "prefill", key), follow.prefill[key], template, True
        if follow.condition and compiled.condition:
            yield (*base, "condition"), follow.condition, compiled.condition, True


_WORD = re.compile(r"\w+")


class TextIndex:
    """Where words first appear: in each line of the file (the column a finding points at) and in
    each template (the template line that first mentions a name). Each line and template is
    scanned once, however many findings look into it."""

    def __init__(self, positions: Positions, lines: list[str]) -> None:
        self.positions, self.lines = positions, lines
        self._columns: dict[int, dict[str, int]] = {}
        self._template_lines: dict[str, dict[str, int]] = {}

    def column(self, line: int, word: str) -> int | None:
        """The 1-based column where `word` first appears as a whole word on that file line."""
        if not 0 < line <= len(self.lines):
            return None
        found = self._columns.get(line)
        if found is None:
            found = {}
            for match in _WORD.finditer(self.lines[line - 1]):
                found.setdefault(match.group(), match.start() + 1)
            self._columns[line] = found
        return found.get(word)

    def first_line(self, source: str, name: str) -> int | None:
        """The template line that first mentions `name`."""
        found = self._template_lines.get(source)
        if found is None:
            found = {}
            for number, text in enumerate(source.splitlines(), 1):
                for word in _WORD.findall(text):
                    found.setdefault(word, number)
            self._template_lines[source] = found
        return found.get(name)

    def position(self, loc: Path, *, word: str | None = None,
                 template_line: int | None = None) -> tuple[int | None, int | None]:
        """The file line and column of `loc`: a template line counts from the template's first file
        line, and `word` on that line moves the column onto it."""
        line, col = self.positions.at(loc)
        if template_line is not None:
            start = self.positions.body_line(loc)
            line = (start + template_line - 1) if start else line
        if word and line:
            col = self.column(line, word) or col
        return line, col


def undeclared_variables(body: WizardBody, positions: Positions, content: bytes) -> list[SourceProblem]:
    """Names a template reads that are neither a field nor a context variable: each prints as
    nothing, so the loader refuses the file with them (cheap when there are none; one scan of each
    line and template however many there are)."""
    fields = sorted({f.name for f in body.definition.fields})
    known = set(fields) | CONTEXT_VARIABLES | TEMPLATE_GLOBALS
    if not any(compiled.variables - known for _, _, compiled, _ in template_sources(body)):
        return []
    index = TextIndex(positions, content.decode("utf-8-sig", "replace").splitlines())
    found: list[SourceProblem] = []
    for loc, source, compiled, _ in template_sources(body):
        for name in sorted(compiled.variables - known):
            hint = difflib.get_close_matches(name, fields, n=1)
            message = (f"{path_text(loc)}: '{name}' is neither a field nor a context variable "
                       "(lang, user, project, today)" + (f"; did you mean '{hint[0]}'?" if hint else ""))
            line, col = index.position(loc, word=name, template_line=index.first_line(source, name))
            found.append(SourceProblem(message, line or 1, col or 1, path=loc, code="unknown_variable",
                                       params={"name": name, "hint": hint[0] if hint else ""}))
    return sorted(found, key=lambda problem: (problem.line or 0, problem.column or 0))


def unknown_icon(icon: str | None, positions: Positions) -> LoadWarning | None:
    if icon is None or heroicon(icon) is not None:
        return None
    line, col = positions.at(("icon",))
    return LoadWarning(line or 1, col or 1, unknown_icon_message(icon))


def load_warnings(body: WizardBody, positions: Positions) -> tuple[LoadWarning, ...]:
    """Every warning of a freshly loaded file, in file order (an unknown icon)."""
    icon = unknown_icon(body.definition.icon, positions)
    return (icon,) if icon else ()
