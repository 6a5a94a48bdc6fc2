"""schemathesis against the app's own /openapi.json on a real server: no 5xx, every response as declared.

`make test` runs a bounded number of examples per operation; `make fuzz` sets VANCE_FUZZ_EXAMPLES
to run many more. The schema is built from the same `mount_api` the server runs (schemathesis'
lazy fixture loader does not work with pytest 9), and a test checks it equals what the server serves.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from fastapi import FastAPI
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from tests.support.api_server import ApiServer
from tests.support.fake_llm import FakeLLM
from vance_ui.api.app_setup import mount_api
from vance_ui.documents.filesystem import BundledStore, FileDocumentStore
from vance_ui.llm.client import import_litellm
from vance_ui.service import WizardService
from vance_ui.settings import BUNDLED_DEFAULTS_DIR, Settings

EXAMPLES = int(os.environ.get("VANCE_FUZZ_EXAMPLES", "40"))


def _openapi() -> dict[str, Any]:
    nowhere = Path("/nonexistent-vance-data")
    settings_ = Settings(_env_file=None, data_dir=nowhere, watch=False)  # type: ignore[call-arg]
    app = FastAPI()
    mount_api(app, WizardService(settings_, FileDocumentStore(nowhere), BundledStore(BUNDLED_DEFAULTS_DIR)))
    return app.openapi()


OPENAPI = _openapi()
schema = schemathesis.openapi.from_dict(OPENAPI)


def test_the_fuzzed_schema_is_the_served_one(http: httpx.Client) -> None:
    assert http.get("/openapi.json").json() == OPENAPI


#: what a schema-valid request may still get: form rules and template limits are semantic, not schema
SEMANTIC_REFUSALS = {400: ("validation_failed", "invalid_wizard"), 422: ("template_",),
                     404: ("wizard_not_found", "not_found", "source_not_found", "chat_not_found"),
                     # the write API (issue 16): layer rules, versions and history are semantic too
                     403: ("forbidden_layer",), 409: ("nothing_to_restore",), 412: ("version_conflict",)}


def schema_valid_requests_are_accepted(ctx: Any, response: Any, case: schemathesis.Case[Any]) -> bool | None:
    """positive_data_acceptance, except that a form the wizard's rules refuse is a valid answer."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code < 400:
        return None
    code = str(response.json().get("error", ""))
    allowed = SEMANTIC_REFUSALS.get(response.status_code, ())
    if response.status_code in (429, 503) or any(code.startswith(prefix) for prefix in allowed):
        return None
    project = str((case.query or {}).get("projectId", ""))
    if response.status_code == 400 and project.startswith("_user_") and project != "_user_local":
        return None  # another user's namespace: the pattern cannot say "only your own"
    raise AssertionError(f"schema-valid request refused: {response.status_code} {response.text[:300]}")


def error_answers_keep_the_contract(ctx: Any, response: Any, case: schemathesis.Case[Any]) -> bool | None:
    """Every error answer of the /brain routes is `{"error": "<code>", "message": "..."}`, both readable
    (the routes beside them, /healthz and /openapi.json, answer e.g. a TRACE with FastAPI's own body)."""
    if response.status_code < 400 or not case.path.startswith("/brain"):
        return None
    body = response.json()
    assert isinstance(body, dict) and isinstance(body.get("error"), str) and body["error"], response.text[:300]
    assert isinstance(body.get("message"), str) and body["message"].strip(), response.text[:300]
    return None


@pytest.fixture(scope="module", autouse=True)
def _litellm_imported() -> None:
    """litellm's first import takes seconds; do it once, outside the timed requests."""
    import_litellm()


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=EXAMPLES <= 40,
          suppress_health_check=list(HealthCheck))
def test_api_conforms_to_its_own_schema(case: schemathesis.Case[Any], api: ApiServer, fake_llm: FakeLLM,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A configured (local, fake) model answers the Check and Fill from chat, so /validate and /prefill are
    fuzzed past the 503."""
    fake_llm.reply(json.dumps({"suggestions": [{"field": "purpose", "suggestion": "Be more specific."}]}))
    monkeypatch.setattr(api.service.settings, "fast_model", "openai/fake-fast")
    monkeypatch.setattr(api.service.settings, "llm_api_base", fake_llm.base_url)
    case.call_and_validate(base_url=api.base_url, timeout=30, excluded_checks=[positive_data_acceptance],
                           additional_checks=[schema_valid_requests_are_accepted, error_answers_keep_the_contract])
