"""One catalog of validation messages: every error code (and every `expected` of invalid_type)
reads in English and German, with the parameters the validator records."""

from __future__ import annotations

import string
from typing import get_args

import pytest

from vance_ui.wizards.rules.messages import EXPECTED, LANGUAGES, MESSAGES, ErrorCode, Expected, error_message


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("code", get_args(ErrorCode))
def test_every_error_code_has_words_in_every_language_with_the_same_placeholders(code: ErrorCode) -> None:
    texts = MESSAGES[code]
    assert set(texts) == set(LANGUAGES)
    assert len({frozenset(placeholders(text)) for text in texts.values()}) == 1, texts


def test_every_expected_kind_has_words_in_every_language() -> None:
    assert set(EXPECTED) == set(get_args(Expected))
    assert all(set(words) == set(LANGUAGES) for words in EXPECTED.values())


def test_a_message_quotes_its_parameters_in_the_readers_language() -> None:
    assert error_message("min_items", {"min": 2}, "de") == "Mindestens 2 Einträge anlegen."
    assert error_message("invalid_type", {"expected": "date"}, "de") == "Erwartet: ein Datum als JJJJ-MM-TT."
    assert error_message("too_long", {"max": 10}, "en") == "Text is longer than 10 characters."
    assert error_message("required", {}, "fr") == "This field is required."  # a language the catalog lacks


def test_a_well_formed_date_the_calendar_lacks_says_which_day_is_missing() -> None:
    february = {"year": 2027, "month": 2, "day": 30, "days": 28}
    assert error_message("no_such_date", february, "en") == "February 2027 has no 30th day, only 28."
    assert error_message("no_such_date", february, "de") == "Der Februar 2027 hat keinen 30. Tag, nur 28."
    assert error_message("no_such_date", {"year": 2026, "month": 4, "day": 31, "days": 30}, "en") \
        == "April 2026 has no 31st day, only 30."
    assert error_message("no_such_month", {"month": 13}, "de") \
        == "Einen Monat 13 gibt es nicht: Monate gehen von 01 bis 12."
