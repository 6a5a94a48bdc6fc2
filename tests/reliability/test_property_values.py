"""Property-based: arbitrary JSON (and arbitrary Python the web form could hand over) into the one
validator and the renderer of every bundled wizard. The outcome is always structured:
`ValidationResult`, `RenderedPrompt`, `FormInvalid` or `RenderFailed`, never another exception.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any, get_args

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vance_ui.api.limits import check_json_values
from vance_ui.documents.filesystem import BundledStore, FileDocumentStore
from vance_ui.service import FormInvalid, RenderFailed, Scope, WizardService
from vance_ui.settings import BUNDLED_DEFAULTS_DIR, Settings
from vance_ui.wizards.filling.prompt import RenderedPrompt
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
from vance_ui.wizards.rules.validation import ErrorCode, ValidationResult, validate_values

EXAMPLES = int(os.environ.get("VANCE_FUZZ_EXAMPLES", "60"))
CODES = set(get_args(ErrorCode))

_DATA = Path(tempfile.mkdtemp(prefix="vance-prop-"))
atexit.register(shutil.rmtree, _DATA, True)
SERVICE = WizardService(Settings(_env_file=None, data_dir=_DATA, watch=False),  # type: ignore[call-arg]
                        FileDocumentStore(_DATA), BundledStore(BUNDLED_DEFAULTS_DIR))
SCOPE = Scope("default", "local")
WIZARDS = sorted(p.stem for p in (BUNDLED_DEFAULTS_DIR / "wizards").glob("*.yaml"))

# every code point, surrogates and NUL included: what a JSON string with escapes can carry
ANY_CHAR = st.characters(min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=())
TEXT = st.text() | st.text(ANY_CHAR, max_size=20) | st.sampled_from(["", " ", "\x00", "\ud800", "{{ x }}", "-5",
                                                                      "²", "--5", "9" * 30, "1e3", " 7 "])
NUMBERS = (st.integers() | st.integers(min_value=-(2**60), max_value=2**60)
           | st.floats(allow_nan=True, allow_infinity=True) | st.sampled_from([2**53, 2**53 + 1, -(2**53) - 1]))
SCALARS = st.none() | st.booleans() | NUMBERS | TEXT
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(TEXT, inner, max_size=5),
                    max_leaves=30)


def typed(field: FormField) -> st.SearchStrategy[Any]:
    """Mostly well-typed values for one field, so rendering is reached, with wrong ones mixed in."""
    right: st.SearchStrategy[Any]
    if isinstance(field, (StringField, TextareaField, PasswordField)):
        right = TEXT
    elif isinstance(field, IntegerField):
        low = field.integer_min if field.integer_min is not None else -1000
        high = field.integer_max if field.integer_max is not None else 1000
        right = st.integers(min_value=low - 2, max_value=high + 2) | NUMBERS
    elif isinstance(field, BooleanField):
        right = st.booleans()
    elif isinstance(field, DateField):
        right = st.dates().map(lambda day: day.isoformat()) | st.sampled_from(["2026-02-30", "2026-1-5", " 2026-05-05"])
    elif isinstance(field, SelectField):
        right = st.sampled_from([c.value for c in field.choices] + [""]) | TEXT
    elif isinstance(field, MultiSelectField):
        right = st.lists(st.sampled_from([c.value for c in field.choices]) | TEXT, max_size=len(field.choices) + 2)
    else:
        assert isinstance(field, RepeatField)
        right = st.lists(form(field.item), min_size=0, max_size=min(field.max + 2, 10))
    return right | JSON


def form(fields: list[FormField]) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({}, optional={f.name: typed(f) for f in fields}).flatmap(
        lambda known: st.dictionaries(TEXT, JSON, max_size=3).map(lambda extra: {**extra, **known}))


def fields_of(name: str) -> list[FormField]:
    return list(SERVICE.wizard(SCOPE, name).definition.fields)


def values_for(name: str) -> st.SearchStrategy[Any]:
    return form(fields_of(name)) | JSON


def check_result(result: ValidationResult, fields: list[FormField], lenient: bool) -> None:
    assert isinstance(result, ValidationResult)
    assert set(result.values) == {f.name for f in fields}, "declared keys only"
    assert all(error.error in CODES and error.message("en") and error.message("de") for error in result.errors)
    assert len(result.errors) <= 200
    if lenient:
        assert result.ok


PROPERTY = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck),
                    derandomize=EXAMPLES <= 60)


@pytest.mark.parametrize("name", WIZARDS)
def test_validator_always_returns_a_result(name: str) -> None:
    fields = fields_of(name)

    @PROPERTY
    @given(values_for(name))
    def check(values: Any) -> None:
        for lenient in (False, True):
            check_result(validate_values(fields, values, lenient=lenient), fields, lenient)

    check()


@pytest.mark.parametrize("name", WIZARDS)
def test_render_and_preview_are_always_structured(name: str) -> None:
    @PROPERTY
    @given(values_for(name))
    def check(values: Any) -> None:
        try:
            rendered = SERVICE.render(SCOPE, name, values)
        except FormInvalid as invalid:
            assert invalid.errors and all(e.error in CODES for e in invalid.errors)
        except RenderFailed as failed:
            assert failed.problem.kind in ("limit", "runtime", "forbidden", "syntax")
        else:
            assert isinstance(rendered, RenderedPrompt) and isinstance(rendered.prompt, str)
            rendered.prompt.encode("utf-8")  # what the API sends must be encodable
        try:
            preview = SERVICE.render(SCOPE, name, values, lenient=True)
        except RenderFailed as failed:
            assert failed.problem.kind in ("limit", "runtime", "forbidden", "syntax")
        else:
            assert isinstance(preview, RenderedPrompt)
            preview.prompt.encode("utf-8")
        try:  # what the form shows (POST .../state): hidden fields, pages, errors and the preview
            report = SERVICE.form_report_sync(SCOPE, name, values)
        except RenderFailed as failed:
            assert failed.problem.kind in ("limit", "runtime", "forbidden", "syntax")
        else:
            assert all(e.error in CODES for e in report.state.errors)
            assert (report.preview is None) != (report.preview_problem is None)

    check()


@PROPERTY
@given(JSON)
def test_the_api_value_bounds_accept_or_raise_a_pydantic_error(value: Any) -> None:
    from pydantic_core import PydanticCustomError

    try:
        assert check_json_values(value) is value
    except PydanticCustomError as error:
        assert error.type in ("too_deep", "too_large", "invalid_number", "invalid_text")
