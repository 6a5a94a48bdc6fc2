"""The one form validator (spec section 6), used by the API, the web form and the CLI.

It checks posted values against the field definitions and returns the values the template
sees: declared keys only, defaults applied, every error at once with its exact path
(`("members", 2, "name")`, 0-based). Fields that a `showIf` hides (their paths in `hidden`) are
not validated and take their type's empty value; what decides that is `visibility`.
"""

from __future__ import annotations

import calendar
import contextlib
import dataclasses
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vance_ui.wizards.format.paths import Path, path_text
from vance_ui.wizards.format.patterns import matches
from vance_ui.wizards.format.schema import (
    ISO_DATE_RE,
    BooleanField,
    DateField,
    FormField,
    IntegerField,
    MultiSelectField,
    PasswordField,
    RepeatField,
    SelectField,
    StringField,
    TextareaField,
    parse_iso_date,
)
from vance_ui.wizards.rules.messages import AUTHORED, ErrorCode, error_message

MAX_TEXT_CHARS = 100_000
MAX_ABS_INTEGER = 2**53  # what a browser's JSON number can hold exactly
MAX_ERRORS = 200  # a 100k-entry list must not become a 100k-entry error list
#: NUL and unpaired UTF-16 surrogates: no valid prompt text holds them, and surrogates cannot even be encoded
_BAD_TEXT = re.compile("[\x00\ud800-\udfff]")
_LENIENT_INT = re.compile(r"^\s*-?[0-9]{1,16}\s*$")

@dataclass(frozen=True, slots=True)
class FieldError:
    """One field's error: its code and the parameters its message quotes (`{"min": 2}`); the words
    come from `messages`, in the reader's language."""

    path: Path
    error: ErrorCode
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    page: int | None = None  # the page (0-based) of a multi-step wizard the field is on

    @property
    def field(self) -> str:
        """The path as clients write it: `members[2].name`."""
        return path_text(self.path)

    def message(self, lang: str) -> str:
        return error_message(self.error, self.params, lang)

    def as_dict(self, lang: str) -> dict[str, Any]:
        out: dict[str, Any] = {"field": self.field, "error": self.error, "message": self.message(lang),
                               "params": {k: v for k, v in self.params.items() if k != AUTHORED}}
        if self.page is not None:
            out["page"] = self.page
        return out


@dataclass(frozen=True, slots=True)
class ValidationResult:
    values: dict[str, Any]
    errors: list[FieldError]

    @property
    def ok(self) -> bool:
        return not self.errors


def empty_value(field: FormField) -> Any:
    """The value a missing optional field takes when it has no defaultValue."""
    if isinstance(field, (IntegerField, DateField)):
        return None
    if isinstance(field, BooleanField):
        return False
    if isinstance(field, (MultiSelectField, RepeatField)):
        return []
    return ""


def initial_value(field: FormField) -> Any:
    default = getattr(field, "default_value", None)
    if default is None:
        if isinstance(field, RepeatField):
            return [initial_item(field) for _ in range(field.min)]
        return empty_value(field)
    if isinstance(default, list):
        return [dict(item) if isinstance(item, dict) else item for item in default]
    return default


def initial_item(field: RepeatField) -> dict[str, Any]:
    return {sub.name: initial_value(sub) for sub in field.item}


class _Collector:
    def __init__(self, lenient: bool, hidden: frozenset[Path]) -> None:
        self.errors: list[FieldError] = []
        self.lenient = lenient
        self.hidden = hidden

    def add(self, path: Path, code: ErrorCode, **params: Any) -> None:
        if len(self.errors) >= MAX_ERRORS:
            return
        self.errors.append(FieldError(path, code, params))


_TRUE = frozenset({"true", "1", "yes", "on", "ja"})
_FALSE = frozenset({"false", "0", "no", "off", "nein"})


def value_from_text(field: FormField, text: str) -> Any:
    """A value written as text (a link's prefill) as the field's type, or None when it is not a
    valid value of the field (bounds and choices apply; an unknown choice in a list is left out)."""
    candidate: Any = text
    if isinstance(field, RepeatField):
        return None
    if isinstance(field, BooleanField):
        word = text.strip().lower()
        candidate = True if word in _TRUE else False if word in _FALSE else None
    elif isinstance(field, IntegerField):
        candidate = int(text) if _LENIENT_INT.match(text) else None
    elif isinstance(field, MultiSelectField):
        wanted = {part.strip() for part in text.split(",")}
        candidate = [c.value for c in field.choices if c.value in wanted] or None
    if candidate is None:
        return None
    value, errors = check_value(field, candidate)
    return None if errors else value


def check_value(field: FormField, raw: Any) -> tuple[Any, list[FieldError]]:
    """One field's value through the form's own checks: the value the form keeps and what is wrong
    with it (an empty or incomplete value is not wrong here: the form says "required" itself)."""
    check = _Collector(False, frozenset())
    value = _validate_field(field, raw, (field.name,), check)
    return value, [error for error in check.errors if error.error not in ("required", "min_items")]


def validate_values(
    fields: Sequence[FormField], values: Mapping[str, Any] | None, *, lenient: bool = False,
    hidden: frozenset[Path] = frozenset(),
) -> ValidationResult:
    """Strict (submit) or lenient (live preview: completeness rules off, bad values dropped)."""
    collector = _Collector(lenient, hidden)
    clean = _validate_form(fields, values if isinstance(values, Mapping) else {}, (), collector)
    errors = [] if lenient else collector.errors
    return ValidationResult(clean, errors)


def _validate_form(
    fields: Sequence[FormField], values: Mapping[str, Any], prefix: Path, out: _Collector
) -> dict[str, Any]:
    clean: dict[str, Any] = {}
    for field in fields:
        path = (*prefix, field.name)
        if path in out.hidden:
            clean[field.name] = empty_value(field)
            continue
        raw = values.get(field.name)
        if raw is None:
            raw = getattr(field, "default_value", None)
        if raw is None:
            if field.required:
                out.add(path, "required")
            elif isinstance(field, RepeatField) and field.min > 0:
                out.add(path, "min_items", min=field.min)
            clean[field.name] = empty_value(field)
            continue
        clean[field.name] = _validate_field(field, raw, path, out)
    return clean


def _validate_field(field: FormField, raw: Any, path: Path, out: _Collector) -> Any:
    empty = empty_value(field)
    if isinstance(field, (StringField, TextareaField, PasswordField)):
        if not isinstance(raw, str):
            out.add(path, "invalid_type", expected="text")
            return empty
        if len(raw) > MAX_TEXT_CHARS:
            out.add(path, "too_long", max=MAX_TEXT_CHARS)
            return empty
        if _BAD_TEXT.search(raw):
            out.add(path, "invalid_type", expected="clean_text")
            return empty
        if field.required and not raw.strip():
            out.add(path, "required")
        elif raw and isinstance(field, (StringField, TextareaField)):
            _text_rules(field, raw, path, out)
        return raw
    if isinstance(field, IntegerField):
        return _validate_integer(field, raw, path, out)
    if isinstance(field, DateField):
        return _validate_date(field, raw, path, out)
    if isinstance(field, BooleanField):
        if not isinstance(raw, bool):
            out.add(path, "invalid_type", expected="true_or_false")
            return empty
        if field.required and not raw:
            out.add(path, "required")
        return raw
    if isinstance(field, SelectField):
        if not isinstance(raw, str) or _BAD_TEXT.search(raw):
            out.add(path, "invalid_type", expected="one_choice")
            return empty
        if raw == "":
            if field.required:
                out.add(path, "required")
            return ""
        if raw not in {c.value for c in field.choices}:
            out.add(path, "not_a_choice", value=raw[:80])
            return empty
        return raw
    if isinstance(field, MultiSelectField):
        return _validate_multi(field, raw, path, out)
    return _validate_repeat(field, raw, path, out)


def _text_rules(field: StringField | TextareaField, text: str, path: Path, out: _Collector) -> None:
    """A wizard's own rules for a non-empty text: its length, then its pattern (RE2: linear time)."""
    if field.min_length is not None and len(text) < field.min_length:
        out.add(path, "min_length", min=field.min_length)
    elif field.max_length is not None and len(text) > field.max_length:
        out.add(path, "max_length", max=field.max_length)
    elif field.pattern is not None and not matches(field.pattern, text):
        authored = {AUTHORED: dict(field.pattern_message)} if field.pattern_message else {}
        out.add(path, "pattern", pattern=field.pattern, **authored)


def _validate_integer(field: IntegerField, raw: Any, path: Path, out: _Collector) -> int | None:
    if isinstance(raw, float) and math.isfinite(raw) and raw.is_integer():
        raw = int(raw)
    if out.lenient and isinstance(raw, str) and _LENIENT_INT.match(raw):
        with contextlib.suppress(ValueError):
            raw = int(raw)
    if out.lenient and raw == "":
        return None
    if isinstance(raw, bool) or not isinstance(raw, int) or abs(raw) > MAX_ABS_INTEGER:
        out.add(path, "invalid_type", expected="whole_number")
        return None
    if field.integer_min is not None and raw < field.integer_min:
        out.add(path, "integer_min", min=field.integer_min)
        return None if out.lenient else raw
    if field.integer_max is not None and raw > field.integer_max:
        out.add(path, "integer_max", max=field.integer_max)
        return None if out.lenient else raw
    return raw


def _validate_date(field: DateField, raw: Any, path: Path, out: _Collector) -> str | None:
    """ISO text in, the same text out (templates compare and print it); "" is no date."""
    if raw == "":
        if field.required:
            out.add(path, "required")
        return None
    if not isinstance(raw, str) or parse_iso_date(raw) is None:  # exactly YYYY-MM-DD: no blanks around it
        _no_date(raw if isinstance(raw, str) else None, path, out)
        return None
    text: str = raw
    if field.date_min is not None and text < field.date_min:
        out.add(path, "date_min", min=field.date_min)
        return None if out.lenient else text
    if field.date_max is not None and text > field.date_max:
        out.add(path, "date_max", max=field.date_max)
        return None if out.lenient else text
    return text


def _no_date(text: str | None, path: Path, out: _Collector) -> None:
    """Why `text` is no date: not YYYY-MM-DD at all, or a month or day the calendar does not have."""
    if text is None or not ISO_DATE_RE.fullmatch(text) or text.startswith("0000"):
        out.add(path, "invalid_type", expected="date")
        return
    year, month, day = (int(part) for part in text.split("-"))
    if not 1 <= month <= 12:
        out.add(path, "no_such_month", month=month)
        return
    out.add(path, "no_such_date", year=year, month=month, day=day, days=calendar.monthrange(year, month)[1])


def _validate_multi(field: MultiSelectField, raw: Any, path: Path, out: _Collector) -> list[str]:
    if not isinstance(raw, list):
        out.add(path, "invalid_type", expected="choice_list")
        return []
    allowed = {c.value for c in field.choices}
    picked: list[str] = []
    for index, value in enumerate(raw):
        if not isinstance(value, str) or _BAD_TEXT.search(value):
            out.add((*path, index), "invalid_type", expected="choice")
        elif value not in allowed:
            out.add((*path, index), "not_a_choice", value=value[:80])
        elif value not in picked:
            picked.append(value)
    if field.required and not picked:
        out.add(path, "required")
    elif picked and field.min_selected is not None and len(picked) < field.min_selected:
        out.add(path, "min_selected", min=field.min_selected)
    elif field.max_selected is not None and len(picked) > field.max_selected:
        out.add(path, "max_selected", max=field.max_selected)
    return picked


def _validate_repeat(field: RepeatField, raw: Any, path: Path, out: _Collector) -> list[dict[str, Any]]:
    if not isinstance(raw, list):
        out.add(path, "invalid_type", expected="entry_list")
        return []
    if len(raw) > field.max:
        out.add(path, "max_items", max=field.max)
        raw = raw[: field.max]
    items: list[dict[str, Any]] = []
    for index, item in enumerate(raw):
        item_path = (*path, index)
        if not isinstance(item, Mapping):
            out.add(item_path, "invalid_type", expected="entry")
            continue
        items.append(_validate_form(field.item, item, item_path, out))
    if field.required and not raw:
        out.add(path, "required")
    elif len(raw) < field.min:
        out.add(path, "min_items", min=field.min)
    return items
