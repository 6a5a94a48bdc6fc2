"""A field proposed for a part of a pasted prompt: its name, label and type guessed from the
selected text (a date looks like a date, a number like an integer, lines that start with a list
marker like a repeat, a part the author marks as one of several like a choice).

Ranges are character offsets (code points) into the prompt, `start` inclusive, `end` exclusive.
The wizard made of these proposals: `from_prompt`."""

from __future__ import annotations

import datetime
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from vance_ui.wizards.format.schema import MAX_CHOICES, MAX_REPEAT_ITEMS, parse_iso_date
from vance_ui.wizards.source.naming import propose_name

__all__ = ["PROPOSED_TYPES", "FieldProposal", "ListShape", "PromptRefused", "choice_options", "date_value",
           "integer_value", "labels_for", "list_shape", "propose_field"]

#: the types a part of a prompt becomes (the others, a password or a yes/no, do not stand for text)
PROPOSED_TYPES = ("string", "textarea", "integer", "date", "select", "repeat")
#: the label a part gets whose text makes no label (a date, a number, a list), per language
_GENERIC_LABELS: dict[str, dict[str, str]] = {
    "date": {"en": "Date", "de": "Datum"},
    "integer": {"en": "Number", "de": "Zahl"},
    "repeat": {"en": "List", "de": "Liste"},
}
_FALLBACK_NAMES = {"date": "date", "integer": "number", "repeat": "items", "select": "choice"}
_LABEL_WORDS = 6
_LABEL_CHARS = 60
_MAX_CHOICE_CHARS = 200

_INTEGER = re.compile(r"-?(?:0|[1-9][0-9]{0,17})")
_MONTHS = {name: number for number, names in enumerate((
    ("january", "jan", "januar", "jänner"), ("february", "feb", "februar"), ("march", "mar", "märz", "maerz"),
    ("april", "apr"), ("may", "mai"), ("june", "jun", "juni"), ("july", "jul", "juli"), ("august", "aug"),
    ("september", "sep", "sept"), ("october", "oct", "oktober", "okt"), ("november", "nov"),
    ("december", "dec", "dezember", "dez")), start=1) for name in names}
_DOTTED = re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})")  # 03.12.2026 (day first, as in German)
_DAY_MONTH = re.compile(r"(\d{1,2})\.?\s+([^\W\d_]+)\.?\s+(\d{4})")  # 3 December 2026, 3. Dezember 2026
_MONTH_DAY = re.compile(r"([^\W\d_]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})")  # December 3, 2026
_MARKED = re.compile(r"([ \t]*)([-*+•]|(\d{1,3})([.)]))([ \t]+)(\S.*)")


class PromptRefused(ValueError):
    """What the author asked for cannot become a wizard; `code` names the reason for the UI's texts
    (`selection_outside`, `selection_empty`, `overlap`, `name`, `duplicate_name`, `type`, `options`,
    `too_long`, `too_many`, `empty_prompt`, `characters`), the message says it in English."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class FieldProposal:
    """A part of the prompt that becomes a field. `labels` per language; `options` are a choice's
    values (the selected text among them); the author may change name, labels, type and options."""

    start: int
    end: int
    name: str
    type: str
    labels: Mapping[str, str] = field(default_factory=dict)
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class ListShape:
    """Whole lines read as a list: the range they span (the last line's line break included), what
    starts each line (`- ` or a number: `numbered`), and each line's text after it."""

    start: int
    end: int
    indent: str
    marker: str  # "-", "*", ... or the numbers' punctuation ("." or ")") when numbered
    numbered: bool
    gap: str  # what separates the marker from the text
    items: tuple[str, ...]


def date_value(text: str) -> str | None:
    """The ISO date a text names (2026-12-03, 03.12.2026, 3 December 2026, December 3, 2026), or None."""
    text = text.strip()
    if (iso := parse_iso_date(text)) is not None:
        return iso.isoformat()
    found: tuple[int, int, int] | None = None
    if match := _DOTTED.fullmatch(text):
        found = int(match[3]), int(match[2]), int(match[1])
    elif (match := _DAY_MONTH.fullmatch(text)) and match[2].lower() in _MONTHS:
        found = int(match[3]), _MONTHS[match[2].lower()], int(match[1])
    elif (match := _MONTH_DAY.fullmatch(text)) and match[1].lower() in _MONTHS:
        found = int(match[3]), _MONTHS[match[1].lower()], int(match[2])
    if found is None:
        return None
    try:
        return datetime.date(*found).isoformat()
    except ValueError:
        return None


def integer_value(text: str) -> int | None:
    """The integer a text is written as (`1200`, `-3`; not `007`, `1,200` or `12.5`), or None."""
    return int(text) if _INTEGER.fullmatch(text) else None


def list_shape(prompt: str, start: int, end: int, *, markers_needed: bool = True) -> ListShape | None:
    """The whole lines the range touches, read as a list: each line starts with the same marker
    (`- `, `* `, `• `, or `1.`, `2.`, ... counting from 1). Without `markers_needed`, lines without
    markers are items too. None when the lines are no such list (fewer than two, a blank one, a
    marker that differs) or hold more items than a repeat field takes."""
    line_start = prompt.rfind("\n", 0, start) + 1
    newline = prompt.find("\n", max(end - 1, start))
    line_end = len(prompt) if newline < 0 else newline + 1
    lines = prompt[line_start:line_end].split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not 2 <= len(lines) <= MAX_REPEAT_ITEMS or any(not line.strip() for line in lines):
        return None
    matches = [_MARKED.fullmatch(line) for line in lines]
    if all(match is not None for match in matches):
        first = matches[0]
        assert first is not None
        numbered = first[3] is not None
        marker = first[4] if numbered else first[2]
        for number, match in enumerate(matches, start=1):
            assert match is not None
            same = (match[1], match[5], match[4] if numbered else match[2]) == (first[1], first[5], marker)
            if not same or (numbered and match[3] != str(number)):
                return None
        items = tuple(match[6] for match in matches if match is not None)
        return ListShape(line_start, line_end, first[1], marker, numbered, first[5], items)
    if markers_needed:
        return None
    return ListShape(line_start, line_end, "", "", False, "", tuple(lines))


def _guess(prompt: str, start: int, end: int) -> str:
    text = prompt[start:end]
    if "\n" in text.strip():
        return "repeat" if list_shape(prompt, start, end) is not None else "textarea"
    if date_value(text) is not None:
        return "date"
    if integer_value(text) is not None:
        return "integer"
    return "string"


def _text_label(text: str) -> str:
    first_line = next((line for line in text.splitlines() if line.strip()), text)
    words = first_line.split()[:_LABEL_WORDS]
    label = " ".join(words)[:_LABEL_CHARS].strip()
    return label[:1].upper() + label[1:]


def labels_for(type_: str, text: str, lang: str) -> dict[str, str]:
    """English always, and `lang` too: a generic word for a date, number or list, else the text's first words."""
    langs = ["en"] if lang == "en" else ["en", lang]
    generic = _GENERIC_LABELS.get(type_)
    if generic is not None:
        return {code: generic.get(code, generic["en"]) for code in langs}
    label = _text_label(text) or "Text"
    return dict.fromkeys(langs, label)


def choice_options(text: str, options: Sequence[str]) -> tuple[str, ...]:
    """The selected text first, then the other options, each once, none empty or overlong."""
    chosen: list[str] = []
    for option in (text, *options):
        option = option.strip()
        if option and option not in chosen:
            if len(option) > _MAX_CHOICE_CHARS:
                raise PromptRefused("options", f"a choice is longer than {_MAX_CHOICE_CHARS} characters")
            chosen.append(option)
    if len(chosen) > MAX_CHOICES:
        raise PromptRefused("options", f"a choice field takes at most {MAX_CHOICES} options")
    return tuple(chosen)


def propose_field(prompt: str, start: int, end: int, *, taken: Collection[str] = (), lang: str = "en",
                  options: Sequence[str] | None = None) -> FieldProposal:
    """The field a selection of the prompt becomes. The range is trimmed of surrounding blanks and,
    for a list, widened to its whole lines; `options` (even empty) marks the part as one of several.
    Raises `PromptRefused` for a range outside the prompt or of blanks only."""
    if not 0 <= start < end <= len(prompt):
        raise PromptRefused("selection_outside", f"the selection {start}-{end} is not inside the prompt "
                                                 f"({len(prompt)} characters)")
    text = prompt[start:end]
    start += len(text) - len(text.lstrip())
    end -= len(text) - len(text.rstrip())
    if start >= end:
        raise PromptRefused("selection_empty", "the selection holds only blanks: select the words that change")
    text = prompt[start:end]
    type_ = "select" if options is not None else _guess(prompt, start, end)
    chosen = choice_options(text, options or ()) if options is not None else ()
    if type_ == "repeat":
        shape = list_shape(prompt, start, end)
        assert shape is not None
        start, end = shape.start, shape.end
        text = shape.items[0]
    fallback = _FALLBACK_NAMES.get(type_, "text")
    name = propose_name("" if type_ in _GENERIC_LABELS else text, taken, fallback=fallback)
    return FieldProposal(start, end, name, type_, labels_for(type_, text, lang), chosen)
