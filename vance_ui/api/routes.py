"""`/brain/{tenant}/wizards...` exactly as spec section 7 names them."""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request, Response
from starlette.concurrency import run_in_threadpool

from vance_ui.api.auth import request_identity, scope_for
from vance_ui.api.disconnect import unless_gone
from vance_ui.api.models import (
    DroppedOut,
    ErrorOut,
    FieldErrorOut,
    FollowUpOut,
    PrefillBody,
    PrefillOut,
    RenderOut,
    StateOut,
    SuggestedWizard,
    SuggestionList,
    SuggestionOut,
    ValidateOut,
    ValuesBody,
    WizardList,
)
from vance_ui.chat.engine import ChatMessage
from vance_ui.service import Scope, WizardService
from vance_ui.wizards.catalog.views import WizardDefinition, WizardSummary
from vance_ui.wizards.filling.prompt import RenderedPrompt
from vance_ui.wizards.format.paths import path_text
from vance_ui.wizards.format.schema import WIZARD_NAME_RE

router = APIRouter(prefix="/brain/{tenant}/wizards", tags=["wizards"])

ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorOut, "description": "invalid name, parameters, body or form values (structured errors)"},
    401: {"model": ErrorOut, "description": "multi-user mode: the Bearer token is missing or not valid"},
    404: {"model": ErrorOut, "description": "no such wizard (or, with accounts, a tenant you are not in)"},
    503: {"model": ErrorOut, "description": "`renderer_busy`: every render worker is busy; try again"},
}
BODY_ERRORS: dict[int | str, dict[str, Any]] = {
    **ERRORS,
    413: {"model": ErrorOut, "description": "request body too large"},
    422: {"model": ErrorOut, "description": "the wizard's template could not be rendered for these values"},
}
MODEL_ERRORS: dict[int | str, dict[str, Any]] = {
    **BODY_ERRORS,
    429: {"model": ErrorOut, "description": "the model provider is rate-limiting requests"},
    502: {"model": ErrorOut, "description": "the model call failed or its answer was unusable"},
    503: {"model": ErrorOut, "description": "no model is configured, or every render worker is busy"},
    504: {"model": ErrorOut, "description": "the model did not answer in time"},
}

# The same rules the service enforces (`check_segment`, `check_project_id`, WIZARD_NAME_RE), declared
# so clients and schema-driven fuzzers know them; values outside them answer 400 `invalid_request`.
TENANT_PATTERN = r"^[A-Za-z0-9](\.?[A-Za-z0-9_-])*\.?$"  # a plain name, no "..", no leading "_" (the app's own)
PROJECT_PATTERN = r"^(_tenant|_user_(\.?[A-Za-z0-9_-])*\.?|[A-Za-z0-9](\.?[A-Za-z0-9_-])*\.?)?$"

Tenant = Annotated[str, Path(max_length=128, pattern=TENANT_PATTERN, examples=["default"],
                             description="tenant id, e.g. `default`")]
ProjectId = Annotated[
    str | None, Query(alias="projectId", max_length=64, pattern=PROJECT_PATTERN,
                      description="project context; missing or `_tenant` means none, `_user_<id>` the user namespace")
]
Lang = Annotated[str | None, Query(max_length=16, pattern=r"^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$",
                                    description="language override (default: tenant language)")]
MAX_QUERY = 4000
WizardName = Annotated[str, Path(max_length=64, pattern=WIZARD_NAME_RE.pattern, examples=["gremium"],
                                 description="the wizard's file name without `.yaml`, e.g. `gremium`")]


# Dependencies and endpoints are `async def` and hand at most the service call to the thread pool:
# FastAPI runs every sync dependency, sync endpoint and its response serialisation in a thread of
# its own, which made a render four thread hops (quick bench: render at c=1 256 -> 324 req/s).

async def get_service(request: Request) -> WizardService:
    service: WizardService = request.app.state.wizard_service
    return service


async def get_scope(request: Request, tenant: Tenant, project_id: ProjectId = None) -> Scope:
    """The caller (VANCE_USER in single-user mode, the token's owner otherwise) in this tenant."""
    return scope_for(request_identity(request), tenant, project_id)


Service = Annotated[WizardService, Depends(get_service)]
RequestScope = Annotated[Scope, Depends(get_scope)]


@dataclass(frozen=True)
class _Encoded:
    """A listing's wire form, serialised, compressed and tagged once (10,000 wizards are ~1.4 MB)."""

    json: bytes
    gzipped: bytes
    etag: str


def _encode(views: Sequence[WizardSummary]) -> _Encoded:
    body = WizardList(wizards=list(views)).model_dump_json(by_alias=True).encode()  # camelCase, as the schema says
    return _Encoded(body, gzip.compress(body, compresslevel=6, mtime=0), f'"{hashlib.sha256(body).hexdigest()[:32]}"')


def _encoded_listing(service: WizardService, scope: Scope, lang: str | None) -> _Encoded:
    """Kept on the scope's listing, per language, until the next change makes a new listing."""
    listing, lang = service.listing(scope), lang or service.language(scope.tenant)
    return listing.derived(("api-json", lang), lambda: _encode(listing.summaries(lang)))


SuggestText = Annotated[str | None, Query(max_length=MAX_QUERY, description=(
    "the text a user is typing: answers only the wizards that fit it, best first, each with its `score` "
    "(an empty list when none fits)"))]


def _suggestions(service: WizardService, scope: Scope, text: str, lang: str | None) -> bytes:
    found = service.suggest(scope, text, lang)
    out = SuggestionList(wizards=[SuggestedWizard(**s.wizard.model_dump(), score=s.score) for s in found])
    return out.model_dump_json(by_alias=True).encode()


@router.get("", response_model=WizardList | SuggestionList,
            responses={**ERRORS, 304: {"description": "unchanged since the ETag sent in If-None-Match"}})
async def list_wizards(request: Request, service: Service, scope: RequestScope, lang: Lang = None,
                       q: SuggestText = None) -> Response:
    """Resolved wizards for this context (project + user + tenant + bundled), availableIn applied; with `q`,
    those of them that fit the text, best first, with their `score`."""
    if q is not None:
        body = await run_in_threadpool(_suggestions, service, scope, q, lang)
        return Response(body, media_type="application/json", headers={"Cache-Control": "no-store"})
    listing = await run_in_threadpool(_encoded_listing, service, scope, lang)
    headers = {"ETag": listing.etag, "Vary": "Accept-Encoding, Authorization", "Cache-Control": "no-cache"}
    if listing.etag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    if "gzip" in request.headers.get("accept-encoding", "") and len(listing.json) >= 500:  # as GZipMiddleware
        return Response(listing.gzipped, media_type="application/json", headers={**headers, "Content-Encoding": "gzip"})
    return Response(listing.json, media_type="application/json", headers=headers)


@router.get("/{name}", response_model=WizardDefinition, response_model_by_alias=True, responses=ERRORS)
async def get_wizard(name: WizardName, service: Service, scope: RequestScope,
                     lang: Lang = None) -> WizardDefinition:
    """The full definition with localized fields; templates stay on the server."""
    return await run_in_threadpool(service.definition, scope, name, lang)


def _links(rendered: RenderedPrompt) -> list[FollowUpOut]:
    return [FollowUpOut(wizard=f.wizard, label=f.label, url=f.url) for f in rendered.follow_ups]


@router.post("/{name}/render", response_model=RenderOut, responses=BODY_ERRORS)
async def render_wizard(request: Request, name: WizardName, body: ValuesBody, service: Service,
                        scope: RequestScope, lang: Lang = None) -> Response:
    """Validate the values and render the prompt (follow-up links appended)."""
    rendered = await unless_gone(request, service.render_async(scope, name, body.values, lang))
    # serialised here: FastAPI would validate the model it was just given once more, then encode it
    return Response(RenderOut(prompt=rendered.prompt, followUps=_links(rendered)).model_dump_json(),
                    media_type="application/json")


@router.post("/{name}/state", response_model=StateOut, responses=BODY_ERRORS)
async def form_state(request: Request, name: WizardName, body: ValuesBody, service: Service, scope: RequestScope,
                     lang: Lang = None) -> Response:
    """Which fields and pages the form shows for these values, the errors a render would give now, and
    the live preview: call it after each change to follow `showIf` and pages without templates."""
    report = await unless_gone(request, service.form_report(scope, name, body.values, lang))
    state, preview = report.state, report.preview
    read_in = lang or service.language(scope.tenant)
    out = StateOut(
        hidden=sorted(path_text(path) for path in state.visibility.hidden),
        pages=list(state.visibility.pages),
        errors=[FieldErrorOut(**error.as_dict(read_in)) for error in state.errors],
        prompt=preview.prompt if preview is not None else None,
        followUps=_links(preview) if preview is not None else [],
        previewError=str(report.preview_problem) if report.preview_problem is not None else None,
    )
    return Response(out.model_dump_json(), media_type="application/json")


@router.post("/{name}/validate", response_model=ValidateOut,
             responses=MODEL_ERRORS)
async def validate_wizard(request: Request, name: WizardName, body: ValuesBody, service: Service,
                          scope: RequestScope, lang: Lang = None) -> ValidateOut:
    """Render validatorPrompt and ask the fast model for non-blocking suggestions."""
    suggestions = await unless_gone(request, service.check(scope, name, body.values, lang))
    return ValidateOut(suggestions=[SuggestionOut(**s.as_dict()) for s in suggestions])


@router.post("/{name}/prefill", response_model=PrefillOut,
             responses={**MODEL_ERRORS, 404: {"model": ErrorOut, "description": "no such wizard, or no chat of "
                                                                                  "yours with this chatId"}})
async def prefill_wizard(name: WizardName, body: PrefillBody, service: Service, scope: RequestScope,
                         lang: Lang = None) -> Response:
    """Fill from chat: the fast model reads the end of the conversation (`chatId`: one of your chats, or
    `messages`) and the `draft`, and answers values for the shown fields that are still empty (never
    passwords); each goes through the form's validation, and what is left out says why in `dropped`."""
    if body.chat_id is not None:
        messages = await run_in_threadpool(service.chat_messages, scope, body.chat_id)
    else:
        messages = [ChatMessage(m.role, m.content) for m in body.messages or ()]
    result = await service.prefill(scope, name, body.values, messages, body.draft, lang)
    read_in = lang or service.language(scope.tenant)
    out = PrefillOut(values=result.values, filled=list(result.filled),
                     dropped=[DroppedOut(**d.as_dict(read_in)) for d in result.dropped])
    return Response(out.model_dump_json(), media_type="application/json", headers={"Content-Language": read_in})
