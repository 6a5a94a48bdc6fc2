"""The path and query patterns the OpenAPI schema declares are exactly the rules the service enforces,
so schema-driven clients and fuzzers are never surprised (and a trailing newline is refused at the edge)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vance_ui.api.auth import Identity, TenantNotFound
from vance_ui.api.routes import PROJECT_PATTERN, TENANT_PATTERN
from vance_ui.documents.store import InvalidDocumentPath, check_segment
from vance_ui.wizards.catalog.cascade import check_project_id, check_wizard_name
from vance_ui.wizards.format.schema import WIZARD_NAME_RE

NAMEISH = st.text(alphabet="aZ09_.-/ \n%", max_size=70)


def accepted(check: object, value: str) -> bool:
    try:
        check(value)  # type: ignore[operator]
    except (InvalidDocumentPath, TenantNotFound):
        return False
    return True


def request_tenant(value: str) -> None:
    """What a request may name as its tenant: a plain name that is not the app's own (`_system`...)."""
    check_segment(value, "tenant")
    Identity("local", None).check_tenant(value)


def declared(pattern: str, value: str) -> bool:
    return re.fullmatch(pattern.removeprefix("^").removesuffix("$"), value) is not None


@settings(max_examples=800, deadline=None, derandomize=True)
@given(NAMEISH)
def test_declared_patterns_match_the_service_rules(value: str) -> None:
    if value and len(value) <= 128:
        assert declared(TENANT_PATTERN, value) == accepted(request_tenant, value), value
    for project in (value, f"_user_{value}", f"_tenant{value}"):
        if len(project) <= 64:
            assert declared(PROJECT_PATTERN, project) == accepted(check_project_id, project), project
    if len(value) <= 64:
        assert declared(WIZARD_NAME_RE.pattern, value) == accepted(check_wizard_name, value), value


@pytest.mark.parametrize("check", [
    pytest.param(lambda v: check_segment(v, "tenant"), id="check_segment"),
    pytest.param(check_wizard_name, id="check_wizard_name"),
    pytest.param(check_project_id, id="check_project_id"),
])
def test_a_trailing_newline_is_not_a_valid_name(check: object) -> None:
    assert not accepted(check, "default\n")
