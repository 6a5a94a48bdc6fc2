"""The write API of wizards: `/brain/{tenant}/wizards/{name}/source` and `.../history`.

A thin adapter over `WizardAuthoring`. Writes take `application/yaml` / `text/yaml` (the file's
text) or `application/json` (the wizard as an object, stored as YAML); any other content type is
415, so a page of another site cannot send one from a browser without a CORS preflight (which no
route allows), and `cross_site.CrossSiteGuard` refuses a body-less POST (restore) that a browser
marks as coming from another origin. `If-Match` carries the `version` (the ETag) a change is
based on: without it a write is unconditional.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Header, Path, Query, Request, Response
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from vance_ui.api.cross_site import media_type
from vance_ui.api.errors import error_response, safe_text
from vance_ui.api.models import ErrorOut
from vance_ui.api.routes import ERRORS, RequestScope, Service, WizardName
from vance_ui.api.source_models import (
    ConflictOut,
    EntryTextOut,
    HistoryOut,
    InvalidWizardOut,
    ProblemsOut,
    SourceOut,
)
from vance_ui.authoring.history import HistoryEntry
from vance_ui.authoring.service import (
    JsonRefused,
    LayerForbidden,
    NothingToRestore,
    SourceInvalid,
    SourceNotFound,
    VersionConflict,
    WizardAuthoring,
    WizardSource,
)
from vance_ui.service import Scope
from vance_ui.wizards.catalog.model import Source
from vance_ui.wizards.format.yaml_source import MAX_FILE_BYTES, SourceProblem

router = APIRouter(prefix="/brain/{tenant}/wizards/{name}", tags=["wizard source"])

YAML_TYPES = ("application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml")
JSON_TYPE = "application/json"


Layer = Annotated[Source, Query(description="the layer: USER (your own), VANCE (the tenant's `_vance`), "
                                            "PROJECT (the `projectId`'s folder); RESOURCE (bundled) is read-only")]
ReadLayer = Annotated[Source | None, Query(description="the layer to read; missing: the first layer of your "
                                                       "cascade holding a file of that name (broken ones too)")]
IfMatch = Annotated[str | None, Header(alias="If-Match", max_length=200,
                                       description="the version the change is based on; missing: unconditional")]
EntryId = Annotated[str, Path(max_length=64, pattern=r"^[0-9]{20}-[0-9a-f]{8}$", description="a history entry id")]

BODY = {"requestBody": {"required": True, "content": {
    # no type: the body is a YAML document (the wizard file's UTF-8 text), whatever it holds
    "application/yaml": {"schema": {"description": "the wizard file's text (UTF-8)"}},
    "text/yaml": {"schema": {"description": "the same as application/yaml"}},
    JSON_TYPE: {"schema": {"type": "object", "description": "the wizard as a JSON object (stored as YAML)"}},
}}}
READ_ERRORS: dict[int | str, dict[str, Any]] = {
    **ERRORS,
    403: {"model": ErrorOut, "description": "`forbidden_layer`: you may not change (or read) this layer"},
    404: {"model": ErrorOut, "description": "no such wizard in that layer, or no such history entry"},
}
WRITE_ERRORS: dict[int | str, dict[str, Any]] = {
    **READ_ERRORS,
    400: {"model": InvalidWizardOut, "description": "`invalid_wizard`: the wizard does not load (nothing was "
                                                     "written), with every problem; or invalid parameters"},
    409: {"model": ErrorOut, "description": "`nothing_to_restore`: the entry records a delete"},
    412: {"model": ConflictOut, "description": "`version_conflict`: If-Match is not the stored version "
                                               "(someone saved in between); nothing was written"},
    413: {"model": ErrorOut, "description": "the body is larger than a wizard file may be"},
    415: {"model": ErrorOut, "description": "the body is not application/yaml, text/yaml or "
                                                        "application/json"},
}


def _problems(problems: list[SourceProblem]) -> list[dict[str, Any]]:
    return [{"line": p.line, "column": p.column, "message": safe_text(p.message, 500)} for p in problems[:200]]


def install_source_errors(app: FastAPI) -> None:
    @app.exception_handler(SourceInvalid)
    async def _invalid(_: Request, exc: SourceInvalid) -> JSONResponse:
        return JSONResponse({"error": "invalid_wizard", "message": str(exc), "problems": _problems(exc.problems)},
                            status_code=400)

    @app.exception_handler(VersionConflict)
    async def _conflict(_: Request, exc: VersionConflict) -> JSONResponse:
        return JSONResponse({"error": "version_conflict", "message": str(exc), "current": exc.current},
                            status_code=412, headers={"ETag": f'"{exc.current}"'} if exc.current else None)

    @app.exception_handler(LayerForbidden)
    async def _forbidden(_: Request, exc: LayerForbidden) -> JSONResponse:
        return error_response(403, "forbidden_layer", str(exc))

    @app.exception_handler(SourceNotFound)
    async def _absent(_: Request, exc: SourceNotFound) -> JSONResponse:
        if isinstance(exc, NothingToRestore):
            return error_response(409, "nothing_to_restore", str(exc))
        return error_response(404, "source_not_found", str(exc))


class _BodyRefused(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code = status, code


async def _wizard_text(request: Request, authoring: WizardAuthoring) -> str:
    """The body as wizard text: YAML as sent, a JSON object as YAML (written by a load worker)."""
    media = media_type(request.headers.get("content-type", ""))
    if media not in (*YAML_TYPES, JSON_TYPE):
        raise _BodyRefused(415, "unsupported_media_type",
                           "send the wizard as application/yaml, text/yaml or application/json")
    body = await request.body()
    if len(body) > MAX_FILE_BYTES:
        raise _BodyRefused(413, "payload_too_large", f"a wizard file may be at most {MAX_FILE_BYTES // 1024} KiB")
    if media != JSON_TYPE:
        try:
            return body.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SourceInvalid([SourceProblem(f"file is not UTF-8 text (invalid byte at offset {exc.start})")]) \
                from None
    try:
        return await run_in_threadpool(authoring.yaml_of_json, body)
    except JsonRefused as refused:
        raise _BodyRefused(400, "invalid_request", str(refused)) from None


def _refused(exc: _BodyRefused) -> JSONResponse:
    return error_response(exc.status, exc.code, str(exc))


def _source_out(authoring: WizardAuthoring, scope: Scope, source: WizardSource, status: int = 200) -> Response:
    out = SourceOut(name=source.name, layer=source.layer, yaml=source.text, version=source.version,
                    writable=source.layer in authoring.writable_layers(scope))
    return Response(out.model_dump_json(), status_code=status, media_type="application/json",
                    headers={"ETag": f'"{source.version}"', "Cache-Control": "no-cache"})


def _if_match(authoring: WizardAuthoring, scope: Scope, name: str, layer: Source, value: str | None) -> str | None:
    """The version in an If-Match header (`"v"`, `v` or `W/"v"`); `*`: whatever is stored now, which must
    exist (call from a thread: it may read the file)."""
    if value is None:
        return None
    if value.strip() == "*":
        try:
            return authoring.read(scope, name, layer).version
        except SourceNotFound:
            raise VersionConflict(None) from None
    return value.strip().removeprefix("W/").strip('"')


@router.get("/source", response_model=SourceOut, responses=READ_ERRORS)
async def get_source(name: WizardName, service: Service, scope: RequestScope, layer: ReadLayer = None) -> Response:
    """One layer's file as YAML text with its version (also the ETag), for editing."""
    authoring = WizardAuthoring(service)

    def read() -> WizardSource:
        return authoring.read(scope, name, layer or authoring.resolved_layer(scope, name))

    return _source_out(authoring, scope, await run_in_threadpool(read))


@router.put("/source", response_model=SourceOut, status_code=200, openapi_extra=BODY,
            responses={**WRITE_ERRORS, 201: {"model": SourceOut, "description": "created in that layer"}})
async def put_source(request: Request, name: WizardName, service: Service, scope: RequestScope,
                     layer: Layer = Source.USER, if_match: IfMatch = None) -> Response:
    """Save the wizard into a layer (default USER), validated exactly as a load first: 400 with every
    problem and nothing written when it would not load. 201 when the layer had no such file."""
    authoring = WizardAuthoring(service)
    try:
        text = await _wizard_text(request, authoring)
    except _BodyRefused as exc:
        return _refused(exc)
    saved = await run_in_threadpool(
        lambda: authoring.save(scope, name, layer, text, _if_match(authoring, scope, name, layer, if_match)))
    return _source_out(authoring, scope, saved, 201 if saved.created else 200)


@router.delete("/source", status_code=204, responses={**WRITE_ERRORS, 204: {"description": "deleted"}})
async def delete_source(name: WizardName, service: Service, scope: RequestScope, layer: Layer = Source.USER,
                        if_match: IfMatch = None) -> Response:
    """Delete a layer's file (its history stays: the version before is restorable)."""
    authoring = WizardAuthoring(service)
    await run_in_threadpool(lambda: authoring.delete(scope, name, layer,
                                                     _if_match(authoring, scope, name, layer, if_match)))
    return Response(status_code=204)


@router.api_route("/source", methods=["POST", "PATCH", "OPTIONS", "TRACE"], include_in_schema=False)
async def other_source_methods() -> Response:
    """405 naming every method of `/source` (Starlette's own 405 names only the first route's)."""
    return error_response(405, "method_not_allowed", "method not allowed",
                          headers={"Allow": "GET, HEAD, PUT, DELETE"})


@router.post("/source/check", response_model=ProblemsOut, openapi_extra=BODY,
             responses={k: v for k, v in WRITE_ERRORS.items() if k not in (403, 409, 412)})
async def check_source(request: Request, name: WizardName, service: Service, scope: RequestScope) -> Response:
    """Every problem that would refuse this text as wizard `name`, at line and column, and the
    warnings of a text that loads; writes nothing."""
    authoring = WizardAuthoring(service)
    try:
        text = await _wizard_text(request, authoring)
    except _BodyRefused as exc:
        return _refused(exc)
    except SourceInvalid as invalid:
        return Response(ProblemsOut.model_validate({"problems": _problems(invalid.problems)}).model_dump_json(),
                        media_type="application/json")
    problems, warnings = await run_in_threadpool(authoring.check, name, text)
    out = {"problems": _problems(problems),
           "warnings": [{"line": w.line, "column": w.column, "message": safe_text(w.message, 500)} for w in warnings]}
    return Response(ProblemsOut.model_validate(out).model_dump_json(), media_type="application/json")


def _entry(entry: HistoryEntry) -> dict[str, Any]:
    return {"id": entry.id, "time": entry.time, "author": entry.author, "action": entry.action,
            "size": entry.size, "version": entry.version}


@router.get("/history", response_model=HistoryOut, responses=READ_ERRORS)
async def get_history(name: WizardName, service: Service, scope: RequestScope,
                      layer: Layer = Source.USER) -> HistoryOut:
    """The layer's changes of this wizard, newest first, with time and author."""
    entries = await run_in_threadpool(WizardAuthoring(service).history, scope, name, layer)
    return HistoryOut.model_validate({"entries": [_entry(e) for e in entries]})


@router.get("/history/{entry}", response_model=EntryTextOut,
            responses={**READ_ERRORS, 409: WRITE_ERRORS[409]})
async def get_history_entry(name: WizardName, entry: EntryId, service: Service, scope: RequestScope,
                            layer: Layer = Source.USER) -> EntryTextOut:
    """One version's text (a delete entry holds none: 409)."""
    authoring = WizardAuthoring(service)

    def find() -> EntryTextOut:
        text = authoring.version_text(scope, name, layer, entry)
        listed = next((e for e in authoring.history(scope, name, layer) if e.id == entry), None)
        if listed is None:  # pruned or deleted since
            raise SourceNotFound(f"no history entry '{entry}'")
        return EntryTextOut.model_validate({**_entry(listed), "yaml": text})

    return await run_in_threadpool(find)


@router.post("/history/{entry}/restore", response_model=SourceOut, responses=WRITE_ERRORS)
async def restore_entry(name: WizardName, entry: EntryId, service: Service, scope: RequestScope,
                        layer: Layer = Source.USER, if_match: IfMatch = None) -> Response:
    """Write that version again, as a new version (validated like a save)."""
    authoring = WizardAuthoring(service)
    restored = await run_in_threadpool(lambda: authoring.restore(
        scope, name, layer, entry, _if_match(authoring, scope, name, layer, if_match)))
    return _source_out(authoring, scope, restored)
