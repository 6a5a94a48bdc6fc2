"""What a validation error says, in every UI language: one catalog for the API, the web form and
the CLI. A leaf: `validation` records an error as its code and parameters; the words are chosen
here, in the language of whoever reads them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

ErrorCode = Literal[
    "required", "min_items", "max_items", "integer_min", "integer_max", "date_min", "date_max", "not_a_choice",
    "invalid_type", "too_long", "no_such_date", "no_such_month"
]
#: what an `invalid_type` error says the value should have been (its `expected` parameter)
Expected = Literal["text", "clean_text", "true_or_false", "one_choice", "whole_number", "date", "choice_list",
                   "choice", "entry_list", "entry"]

LANGUAGES = ("en", "de")

#: every error code's words per language; `{min}`, `{max}`, `{value}` and `{expected}` are its parameters,
#: `{month_name}` and `{ordinal}` are worded from `no_such_date`'s `month` and `day` (`{days}`: the month's days)
MESSAGES: dict[ErrorCode, dict[str, str]] = {
    "required": {"en": "This field is required.", "de": "Dieses Feld ist erforderlich."},
    "min_items": {"en": "Add at least {min} entries.", "de": "Mindestens {min} Einträge anlegen."},
    "max_items": {"en": "Use at most {max} entries.", "de": "Höchstens {max} Einträge."},
    "integer_min": {"en": "Must be at least {min}.", "de": "Muss mindestens {min} sein."},
    "integer_max": {"en": "Must be at most {max}.", "de": "Darf höchstens {max} sein."},
    "date_min": {"en": "Must be on or after {min}.", "de": "Muss am oder nach dem {min} liegen."},
    "date_max": {"en": "Must be on or before {max}.", "de": "Muss am oder vor dem {max} liegen."},
    "not_a_choice": {"en": "'{value}' is not one of the choices.",
                     "de": "'{value}' ist keine der Auswahlmöglichkeiten."},
    "invalid_type": {"en": "Expected {expected}.", "de": "Erwartet: {expected}."},
    "too_long": {"en": "Text is longer than {max} characters.", "de": "Der Text ist länger als {max} Zeichen."},
    "no_such_date": {"en": "{month_name} {year} has no {ordinal} day, only {days}.",
                     "de": "Der {month_name} {year} hat keinen {ordinal} Tag, nur {days}."},
    "no_such_month": {"en": "There is no month {month}: months go from 01 to 12.",
                      "de": "Einen Monat {month} gibt es nicht: Monate gehen von 01 bis 12."},
}

#: the months' names for `no_such_date`
MONTHS: dict[str, tuple[str, ...]] = {
    "en": ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December"),
    "de": ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
           "November", "Dezember"),
}

#: the `expected` parameter of `invalid_type`, per language
EXPECTED: dict[Expected, dict[str, str]] = {
    "text": {"en": "text", "de": "Text"},
    "clean_text": {"en": "text without NUL characters or unpaired surrogates",
                   "de": "Text ohne NUL-Zeichen oder einzelne Surrogate"},
    "true_or_false": {"en": "true or false", "de": "wahr oder falsch"},
    "one_choice": {"en": "one choice value", "de": "einen Auswahlwert"},
    "whole_number": {"en": "a whole number", "de": "eine ganze Zahl"},
    "date": {"en": "a date as YYYY-MM-DD", "de": "ein Datum als JJJJ-MM-TT"},
    "choice_list": {"en": "a list of choice values", "de": "eine Liste von Auswahlwerten"},
    "choice": {"en": "a choice value", "de": "einen Auswahlwert"},
    "entry_list": {"en": "a list of entries", "de": "eine Liste von Einträgen"},
    "entry": {"en": "an entry with fields", "de": "einen Eintrag mit Feldern"},
}


def error_message(code: ErrorCode, params: Mapping[str, Any], lang: str) -> str:
    """The words for one error in `lang` (English for a language the catalog does not have)."""
    lang = lang if lang in LANGUAGES else "en"
    values = dict(params)
    if code == "invalid_type":
        values["expected"] = EXPECTED[values["expected"]][lang]
    if code == "no_such_date":
        values["month_name"] = MONTHS[lang][values["month"] - 1]
        values["ordinal"] = _ordinal(values["day"], lang)
    return MESSAGES[code][lang].format(**values)


def _ordinal(number: int, lang: str) -> str:
    """30 -> "30th" in English, "30." in German."""
    if lang == "de":
        return f"{number}."
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"
