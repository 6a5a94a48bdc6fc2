"""Filling a form from a conversation: what a model is asked for, and what of its answer the form keeps.

`fill_request` lists the fields a model may fill (shown, not a password, not typed by the user yet)
with a JSON Schema of their values (types, choices as enums, integer and date bounds, repeat
items). `merge_answer` takes the model's answer, which is never trusted: every value goes
through the form's own validation (`check_value`), and whatever is not kept is reported with a
reason, in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from vance_ui.wizards.format.localization import localize
from vance_ui.wizards.format.paths import Path
from vance_ui.wizards.format.schema import (
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
)
from vance_ui.wizards.rules.messages import LANGUAGES, MESSAGES
from vance_ui.wizards.rules.validation import check_value, empty_value, initial_value

#: a filled text longer than this is dropped even where the form would take it: a conversation is
#: summarised into a form, a model that answers more is not doing that
MAX_FILLED_CHARS = 20_000
MAX_DROPPED = 50  # an answer with thousands of unknown keys gets this many reasons

DropReason = Literal["unknown_field", "password", "hidden", "typed", "invalid", "too_long"]

REASONS: dict[DropReason, dict[str, str]] = {
    "unknown_field": {"en": "The form has no such field.", "de": "Das Formular hat kein solches Feld."},
    "password": {"en": "Password fields are never filled.", "de": "Passwortfelder werden nie ausgefüllt."},
    "hidden": {"en": "The field is not shown for these answers.",
               "de": "Das Feld wird bei diesen Angaben nicht angezeigt."},
    "typed": {"en": "You already filled this field.", "de": "Dieses Feld hast du schon ausgefüllt."},
    "invalid": {"en": "The value does not fit the field: {detail}", "de": "Der Wert passt nicht zum Feld: {detail}"},
    "too_long": MESSAGES["too_long"],
}


@dataclass(frozen=True, slots=True)
class Dropped:
    """A value of the answer that the form did not take, and why (`detail`: the form's own error)."""

    field: str
    reason: DropReason
    detail: str = ""

    def message(self, lang: str) -> str:
        words = REASONS[self.reason][lang if lang in LANGUAGES else "en"]
        return words.format(detail=self.detail, max=MAX_FILLED_CHARS)

    def as_dict(self, lang: str) -> dict[str, str]:
        return {"field": self.field, "reason": self.reason, "message": self.message(lang)}


@dataclass(frozen=True, slots=True)
class FillRequest:
    """The fields a model is asked for (`fields`, in form order) and the JSON Schema of its answer."""

    fields: tuple[FormField, ...]
    schema: dict[str, Any]


@dataclass(frozen=True, slots=True)
class FillResult:
    values: dict[str, Any]  # the posted values with the kept ones added
    filled: tuple[str, ...]  # the names of the fields filled, in form order
    dropped: tuple[Dropped, ...]


def is_typed(field: FormField, value: Any) -> bool:
    """Whether the user gave this field a value: anything but its empty or initial value."""
    return value is not None and value != empty_value(field) and value != initial_value(field)


def _fillable(field: FormField) -> bool:
    return not isinstance(field, PasswordField)


def fill_request(fields: Sequence[FormField], values: Mapping[str, Any], hidden: frozenset[Path],
                 lang: str) -> FillRequest:
    """The top-level fields shown now, not passwords, not typed yet; their schema in `lang`."""
    asked = tuple(f for f in fields if _fillable(f) and (f.name,) not in hidden and not is_typed(f, values.get(f.name)))
    return FillRequest(asked, _object_schema(asked, lang, top=True))


def _object_schema(fields: Sequence[FormField], lang: str, *, top: bool) -> dict[str, Any]:
    kept = [f for f in fields if _fillable(f)]
    schema: dict[str, Any] = {"type": "object", "properties": {f.name: _field_schema(f, lang) for f in kept},
                              "additionalProperties": False}
    # at the top, a required field the conversation does not mention must stay empty, not be invented
    required = [f.name for f in kept if f.required]
    if required and not top:
        schema["required"] = required
    return schema


def _describe(field: FormField, lang: str) -> str:
    text = localize(field.label, lang)
    if field.help:
        text += f" ({localize(field.help, lang)})"
    return text + (" [required by the form]" if field.required else "")


def _field_schema(field: FormField, lang: str) -> dict[str, Any]:
    schema: dict[str, Any] = {"description": _describe(field, lang)}
    if isinstance(field, (StringField, TextareaField)):
        schema["type"] = "string"
        limit = min(field.max_length or MAX_FILLED_CHARS, MAX_FILLED_CHARS)
        schema["maxLength"] = limit
        if field.min_length:
            schema["minLength"] = field.min_length
    elif isinstance(field, IntegerField):
        schema["type"] = "integer"
        if field.integer_min is not None:
            schema["minimum"] = field.integer_min
        if field.integer_max is not None:
            schema["maximum"] = field.integer_max
    elif isinstance(field, BooleanField):
        schema["type"] = "boolean"
    elif isinstance(field, DateField):
        schema.update(type="string", format="date")
        bounds = [f"on or after {field.date_min}"] if field.date_min else []
        bounds += [f"on or before {field.date_max}"] if field.date_max else []
        schema["description"] += f" (YYYY-MM-DD{', ' + ', '.join(bounds) if bounds else ''})"
    elif isinstance(field, SelectField):
        schema.update(type="string", enum=[c.value for c in field.choices])
        schema["description"] += "; choices: " + ", ".join(f"{c.value} = {localize(c.label, lang)}"
                                                            for c in field.choices)
    elif isinstance(field, MultiSelectField):
        schema.update(type="array", items={"type": "string", "enum": [c.value for c in field.choices]},
                      uniqueItems=True)
        if field.max_selected is not None:
            schema["maxItems"] = field.max_selected
        schema["description"] += "; choices: " + ", ".join(f"{c.value} = {localize(c.label, lang)}"
                                                            for c in field.choices)
    elif isinstance(field, RepeatField):
        schema.update(type="array", items=_object_schema(field.item, lang, top=False), maxItems=field.max)
    return schema


def _without_passwords(field: RepeatField, items: list[Any]) -> list[Any]:
    """A repeat's answered items with every password value taken out (also in nested repeats)."""
    out: list[Any] = []
    for item in items:
        if not isinstance(item, Mapping):
            out.append(item)  # the form's check refuses it
            continue
        kept: dict[str, Any] = {}
        for sub in field.item:
            if sub.name not in item or isinstance(sub, PasswordField):
                continue
            value = item[sub.name]
            kept[sub.name] = _without_passwords(sub, value) if isinstance(sub, RepeatField) and isinstance(
                value, list) else value
        out.append(kept)
    return out


def _too_long(value: Any) -> bool:
    """Any text in the value (also inside lists and items) longer than MAX_FILLED_CHARS."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str) and len(item) > MAX_FILLED_CHARS:
            return True
        if isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, Mapping):
            stack.extend(item.values())
    return False


def merge_answer(fields: Sequence[FormField], request: FillRequest, answer: Mapping[str, Any],
                 values: Mapping[str, Any], hidden: frozenset[Path], lang: str) -> FillResult:
    """`values` with each valid answered value of an asked field added. `hidden`: the fields hidden now;
    a null or empty answer leaves its field alone and is not reported."""
    by_name = {f.name: f for f in fields}
    asked = {f.name for f in request.fields}
    merged, filled, dropped = dict(values), [], []
    for name, raw in answer.items():
        field = by_name.get(name)
        reason: DropReason | None = None
        detail = ""
        if raw is None or raw == "" or raw == []:
            continue
        if field is None:
            reason = "unknown_field"
        elif isinstance(field, PasswordField):
            reason = "password"
        elif (name,) in hidden:
            reason = "hidden"
        elif name not in asked:
            reason = "typed"
        elif _too_long(raw):
            reason = "too_long"
        else:
            if isinstance(field, RepeatField) and isinstance(raw, list):
                raw = _without_passwords(field, raw)
            value, errors = check_value(field, raw)
            if errors:
                reason, detail = "invalid", errors[0].message(lang)
            else:
                merged[name] = value
                filled.append(name)
        if reason is not None:
            dropped.append(Dropped(str(name)[:200], reason, detail))
    order = [f.name for f in fields]
    return FillResult(merged, tuple(sorted(filled, key=order.index)), tuple(dropped[:MAX_DROPPED]))


def hide_again(result: FillResult, hidden: frozenset[Path], before: Mapping[str, Any]) -> FillResult:
    """A filled field that the filled values hide goes back to what it was, reported as hidden."""
    gone = [name for name in result.filled if (name,) in hidden]
    if not gone:
        return result
    values = dict(result.values)
    for name in gone:
        if name in before:
            values[name] = before[name]
        else:
            values.pop(name, None)
    extra = tuple(Dropped(name, "hidden") for name in gone)
    return FillResult(values, tuple(n for n in result.filled if n not in gone), (*result.dropped, *extra)[:MAX_DROPPED])
