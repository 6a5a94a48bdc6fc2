"""What a model suggested for a pasted prompt, checked against it: a part whose text is not in the
prompt (or only where a field already is) is dropped; a name, label or type that does not fit is
replaced by what `propose_field` proposes for the part. The author accepts or rejects each."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Protocol

from vance_ui.authoring.prompt_fields import (
    PROPOSED_TYPES,
    FieldProposal,
    PromptRefused,
    list_shape,
    propose_field,
)
from vance_ui.wizards.source.naming import usable

__all__ = ["Suggested", "checked_suggestions"]

_MAX_LABEL = 60


class Suggested(Protocol):
    """A suggestion as a model gave it (`llm.field_suggestions.SuggestedField` is one)."""

    @property
    def text(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def label(self) -> str: ...
    @property
    def type(self) -> str: ...
    @property
    def options(self) -> tuple[str, ...]: ...


def _free_place(prompt: str, text: str, made: Sequence[FieldProposal]) -> int | None:
    """Where `text` first occurs in the prompt outside the fields made; None when nowhere."""
    start = prompt.find(text)
    while start >= 0:
        if not any(start < f.end and f.start < start + len(text) for f in made):
            return start
        start = prompt.find(text, start + 1)
    return None


def _checked(prompt: str, suggestion: Suggested, made: Sequence[FieldProposal], lang: str) -> FieldProposal | None:
    text = suggestion.text.strip()
    start = _free_place(prompt, text, made) if text else None
    if start is None:
        return None
    taken = [f.name for f in made]
    kind = suggestion.type if suggestion.type in PROPOSED_TYPES else None
    try:
        proposal = propose_field(prompt, start, start + len(text), taken=taken, lang=lang,
                                 options=list(suggestion.options) if kind == "select" else None)
    except PromptRefused:
        return None
    if kind is not None and kind != proposal.type and (
            kind != "repeat" or list_shape(prompt, proposal.start, proposal.end, markers_needed=False)):
        proposal = dataclasses.replace(proposal, type=kind)
    if any(proposal.start < f.end and f.start < proposal.end for f in made):
        return None  # a list widened onto a field made
    name = suggestion.name.strip()
    if usable(name) and name not in taken:
        proposal = dataclasses.replace(proposal, name=name)
    label = " ".join(suggestion.label.split())
    if label and len(label) <= _MAX_LABEL:
        proposal = dataclasses.replace(proposal, labels={**proposal.labels, lang: label})
    return proposal


def checked_suggestions(prompt: str, suggestions: Sequence[Suggested], made: Sequence[FieldProposal] = (),
                        lang: str = "en") -> list[FieldProposal]:
    """The suggestions that fit `prompt` beside the fields `made`, as proposals, in prompt order;
    two that overlap: the first wins."""
    kept: list[FieldProposal] = []
    for suggestion in suggestions:
        proposal = _checked(prompt, suggestion, [*made, *kept], lang)
        if proposal is not None:
            kept.append(proposal)
    return sorted(kept, key=lambda p: p.start)
