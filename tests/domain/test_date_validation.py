"""A date field's value: a well-formed YYYY-MM-DD the calendar does not have is told apart from
text that is no date at all, with the parameters a client needs to word it itself."""

from __future__ import annotations

import pytest

from vance_ui.wizards.format.schema import Wizard
from vance_ui.wizards.rules.validation import validate_values

FORM = Wizard.model_validate({
    "title": {"en": "T"}, "description": {"en": "D"}, "promptTemplate": "x",
    "fields": [{"name": "day", "type": "date", "label": {"en": "Day"}}],
}).fields


def only_error(text: str) -> tuple[str, str, dict[str, object]]:
    [error] = validate_values(FORM, {"day": text}).errors
    return error.field, error.error, dict(error.params)


@pytest.mark.parametrize(("text", "params"), [
    ("2027-02-30", {"year": 2027, "month": 2, "day": 30, "days": 28}),
    ("2028-02-30", {"year": 2028, "month": 2, "day": 30, "days": 29}),  # a leap year
    ("2026-04-31", {"year": 2026, "month": 4, "day": 31, "days": 30}),
    ("2026-04-00", {"year": 2026, "month": 4, "day": 0, "days": 30}),
])
def test_a_day_the_month_does_not_have(text: str, params: dict[str, int]) -> None:
    assert only_error(text) == ("day", "no_such_date", params)


def test_a_month_that_does_not_exist() -> None:
    assert only_error("2027-13-01") == ("day", "no_such_month", {"month": 13})
    assert only_error("2027-00-10") == ("day", "no_such_month", {"month": 0})


@pytest.mark.parametrize("text", ["2027-2-3", "03.02.2027", "tomorrow", "0000-01-01"])
def test_text_that_is_no_date_still_says_the_format(text: str) -> None:
    assert only_error(text) == ("day", "invalid_type", {"expected": "date"})


def test_a_real_date_passes() -> None:
    assert validate_values(FORM, {"day": "2028-02-29"}).values == {"day": "2028-02-29"}
