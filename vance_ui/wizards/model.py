"""What a successfully loaded wizard is: its definition, compiled templates and origin."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from vance_ui.wizards.schema import Wizard
from vance_ui.wizards.templating import CompiledTemplate


class Source(StrEnum):
    """The cascade layer a wizard came from (spec section 4)."""

    PROJECT = "PROJECT"
    USER = "USER"
    VANCE = "VANCE"
    RESOURCE = "RESOURCE"


@dataclass(frozen=True)
class CompiledFollowUp:
    wizard: str
    labels: dict[str, CompiledTemplate]
    prefill: dict[str, CompiledTemplate]
    condition: CompiledTemplate | None


@dataclass(frozen=True)
class LoadedWizard:
    name: str
    definition: Wizard
    prompt: CompiledTemplate
    validator: CompiledTemplate | None
    follow_ups: tuple[CompiledFollowUp, ...]
    location: str
    version: str
    source: Source = Source.RESOURCE
