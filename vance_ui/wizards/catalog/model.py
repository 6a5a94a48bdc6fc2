"""What a successfully loaded wizard is: its definition, compiled templates and origin."""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from vance_ui.wizards.format.schema import Wizard, WizardHead
from vance_ui.wizards.rules.visibility import FormRules
from vance_ui.wizards.templates.bounded import CheckedTemplate

T = TypeVar("T")


class Source(StrEnum):
    """The cascade layer a wizard came from (spec section 4)."""

    PROJECT = "PROJECT"
    USER = "USER"
    VANCE = "VANCE"
    RESOURCE = "RESOURCE"


@dataclass(frozen=True, slots=True, order=True)
class LoadWarning:
    """Something in a file that loads but is most likely a mistake (an unknown icon): the wizard
    is served, and the author is told where."""

    line: int
    column: int
    message: str

    def at(self, file: str) -> str:
        """As lint prints a finding: `file:line:col: message`."""
        return f"{file}:{self.line}:{self.column}: {self.message}"


@dataclass(frozen=True)
class CompiledFollowUp:
    wizard: str
    labels: dict[str, CheckedTemplate]
    prefill: dict[str, CheckedTemplate]
    condition: CheckedTemplate | None


@dataclass(frozen=True)
class WizardBody:
    """Everything of a loaded wizard beyond what a listing shows."""

    definition: Wizard
    prompt: CheckedTemplate
    validator: CheckedTemplate | None
    follow_ups: tuple[CompiledFollowUp, ...]
    rules: FormRules  # showIf and pages


def _same(body: WizardBody) -> WizardBody:
    return body


@dataclass(frozen=True, eq=False)
class LoadedWizard:
    """A wizard that loaded. Its `head` is always at hand; its body may be built on first use
    (`make_body`, for cached loads), which raises `WizardLoadError` if it cannot be."""

    name: str
    head: WizardHead
    make_body: Callable[[], WizardBody] = field(repr=False)
    location: str
    version: str
    source: Source = Source.RESOURCE
    warnings: tuple[LoadWarning, ...] = ()
    _derived: dict[Hashable, Any] = field(default_factory=dict, init=False, repr=False)

    @property
    def body(self) -> WizardBody:
        """Built once, without a lock (two threads may both build it; either result is the same),
        and then the builder, with the cached JSON text it holds, is let go."""
        built: WizardBody | None = self.__dict__.get("_body")
        if built is None:
            built = self.make_body()
            object.__setattr__(self, "_body", built)
            object.__setattr__(self, "make_body", functools.partial(_same, built))
        return built

    def derived(self, key: Hashable, compute: Callable[[], T]) -> T:
        """A view of this wizard (a summary per language), made once per key and kept as long as
        the wizard is: a listing made again after one file changed reuses the others' views."""
        if key not in self._derived:
            self._derived[key] = compute()
        value: T = self._derived[key]
        return value

    @property
    def definition(self) -> Wizard:
        return self.body.definition

    @property
    def prompt(self) -> CheckedTemplate:
        return self.body.prompt

    @property
    def validator(self) -> CheckedTemplate | None:
        return self.body.validator

    @property
    def follow_ups(self) -> tuple[CompiledFollowUp, ...]:
        return self.body.follow_ups
