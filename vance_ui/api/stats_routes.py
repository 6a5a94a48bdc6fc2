"""Usage counts of wizards: `GET /brain/{tenant}/wizards/{name}/stats` and, for every wizard,
`GET /brain/{tenant}/stats/wizards` (not `/wizards/stats`: the path of a wizard named `stats`).
Counts only; a user sees their own layer's wizards, a tenant admin every wizard of the tenant."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Query, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from vance_ui.api.errors import error_response
from vance_ui.api.routes import ERRORS, Lang, RequestScope, Service, WizardName
from vance_ui.api.stats_models import DayOut, DropOut, FunnelStepOut, StatsListOut, WizardStatsOut, WizardStatsRow
from vance_ui.service import Scope, UsageForbidden, WizardService
from vance_ui.usage.events import Step

router = APIRouter(prefix="/brain/{tenant}", tags=["usage"])

Days = Annotated[int, Query(ge=1, le=400, description="the window: the last `days` days, today included")]
STATS_ERRORS: dict[int | str, dict[str, Any]] = {
    **ERRORS, 403: {"model": ERRORS[404]["model"], "description": "not your own wizard, and you are no tenant admin"}}


def wizard_stats_out(service: WizardService, scope: Scope, name: str, days: int, lang: str | None) -> WizardStatsOut:
    report = service.usage_report(scope, name, days, lang)
    drop = report.drop
    return WizardStatsOut(
        name=name, title=report.title, days=days,
        funnel=[FunnelStepOut(step=s.key, label=s.label, count=s.count) for s in report.funnel],
        opened_from=report.opened_from, abandoned=report.abandoned, checked=report.checked, filled=report.filled,
        follow_ups_offered=report.follow_ups_offered, follow_ups_taken=report.follow_ups_taken,
        median_seconds_to_use=report.median_seconds_to_use,
        biggest_drop=DropOut(after=drop.after.key, label=report.drop_label or "", share=drop.share) if drop else None,
        reading=report.reading,
        daily=[DayOut(date=d.day, opened=d.opened, used=d.used, sent=d.sent) for d in report.daily],
    )


def stats_list_out(service: WizardService, scope: Scope, days: int, lang: str | None) -> StatsListOut:
    titles = {w.name: w.title for w in service.list_wizards(scope, lang)}
    return StatsListOut(days=days, wizards=[
        WizardStatsRow(name=u.name, title=titles.get(u.name, u.name), opened=u.totals.get(Step.OPENED, 0),
                       used=u.totals.get(Step.USED, 0), sent=u.totals.get(Step.SENT, 0),
                       median_seconds_to_use=u.median_use_seconds)
        for u in service.usage_listing(scope, days)])


@router.get("/wizards/{name}/stats", response_model=WizardStatsOut, response_model_by_alias=True,
            responses=STATS_ERRORS)
async def wizard_stats(name: WizardName, service: Service, scope: RequestScope, lang: Lang = None,
                       days: Days = 30) -> WizardStatsOut:
    """One wizard's funnel (opened, each later page, used, sent), where it was opened from and its
    daily trend, counted over all the tenant's projects."""
    return await run_in_threadpool(wizard_stats_out, service, scope, name, days, lang)


@router.get("/stats/wizards", response_model=StatsListOut, response_model_by_alias=True, responses=ERRORS)
async def all_wizard_stats(service: Service, scope: RequestScope, lang: Lang = None, days: Days = 30) -> StatsListOut:
    """The usage of every wizard the caller may see, most used first."""
    return await run_in_threadpool(stats_list_out, service, scope, days, lang)


def install_stats(app: FastAPI) -> None:
    app.include_router(router)

    @app.exception_handler(UsageForbidden)
    async def _forbidden(_: Request, exc: UsageForbidden) -> JSONResponse:
        return error_response(403, "forbidden", str(exc))
