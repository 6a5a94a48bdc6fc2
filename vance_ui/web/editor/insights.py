"""Insights for an author: how one wizard is used (counts only), from the Wizards tab's menu and
the editor. A funnel from opening to sending and a day-by-day trend drawn with ECharts, each with
a table that says the same for screen readers and keyboards, and the plain reading of where most
users stop ("42 % stop on page 2: Frame and constraints")."""

from __future__ import annotations

import asyncio

from nicegui import ui

from vance_ui.service import UsageForbidden, WizardNotFound
from vance_ui.usage.report import UsageReport
from vance_ui.usage.words import step_label
from vance_ui.web.editor import browser
from vance_ui.web.shell.a11y import aria
from vance_ui.web.shell.context import PageContext
from vance_ui.web.shell.i18n import Texts
from vance_ui.wizards.catalog.model import Source

WINDOWS = (7, 30, 90)


def may_see_insights(ctx: PageContext, source: Source) -> bool:
    return ctx.service.may_see_usage(ctx.scope, source)


async def open_insights(ctx: PageContext, name: str, opener: ui.element | None = None) -> None:
    """The dialog for wizard `name`; the report is read in a thread (it reads up to 90 day documents)."""
    t = ctx.t
    try:
        report = await asyncio.to_thread(ctx.service.usage_report, ctx.scope, name, 30, ctx.lang)
    except UsageForbidden:
        ui.notify(t("insights_forbidden"), type="warning")
        return
    except WizardNotFound:
        ui.notify(t("wizard_not_found", name=name[:80]), type="warning")
        return
    # no-refocus: Quasar would focus what had the focus at the opening (the menu's item, gone by then)
    with aria(ui.dialog().props("no-refocus"), label=t("insights_title", title=report.title)) as dialog, \
            ui.card().classes("vance-insights w-full").mark("insights"):
        with ui.row().classes("w-full items-center no-wrap gap-2"):
            aria(ui.label(t("insights_title", title=report.title)), role="heading", level="2") \
                .classes("text-lg font-semibold grow min-w-0")
            aria(ui.button(icon="close", on_click=dialog.close), label=t("close")).props("flat round dense") \
                .mark("insights-close")
        days = ui.toggle({n: t("insights_days_n", n=n) for n in WINDOWS}, value=30) \
            .props("dense no-caps unelevated toggle-color=primary").mark("insights-days")
        aria(days, label=t("insights_days"))
        body = ui.column().classes("w-full gap-3")
        with body:
            _report(report, t)

    async def window(days_value: int) -> None:
        fresh = await asyncio.to_thread(ctx.service.usage_report, ctx.scope, name, days_value, ctx.lang)
        body.clear()
        with body:
            _report(fresh, t)

    days.on_value_change(lambda e: window(int(e.value)))
    dialog.on("hide", lambda: browser.call("refocus", opener.id, name) if opener is not None else None)
    dialog.open()


def _report(report: UsageReport, t: Texts) -> None:
    aria(ui.label(report.reading), role="status").classes("text-base font-medium").mark("insights-reading")
    ui.label(_facts(report, t)).classes("vance-help").mark("insights-facts")
    opened = report.funnel[0].count if report.funnel else 0
    ui.label(t("insights_funnel")).classes("vance-pane-title")
    labels = [step.label for step in report.funnel]
    ui.echart({
        "aria": {"enabled": True},
        "grid": {"left": 8, "right": 24, "top": 8, "bottom": 8, "containLabel": True},
        "xAxis": {"type": "value", "minInterval": 1},
        "yAxis": {"type": "category", "inverse": True, "data": labels},
        "series": [{"type": "bar", "data": [step.count for step in report.funnel], "label": {"show": True,
                                                                                              "position": "right"}}],
    }).classes("vance-insights-chart w-full").props('aria-hidden="true"').mark("insights-funnel-chart")
    ui.table(columns=[{"name": "step", "label": t("insights_step"), "field": "step", "align": "left"},
                      {"name": "count", "label": t("insights_count"), "field": "count"},
                      {"name": "share", "label": t("insights_share"), "field": "share"}],
             rows=[{"step": step.label, "count": step.count,
                    "share": f"{round(100 * step.count / opened)} %" if opened else "-"} for step in report.funnel],
             row_key="step").props("flat dense bordered hide-bottom wrap-cells").classes("w-full") \
        .mark("insights-funnel-table")
    ui.label(t("insights_trend")).classes("vance-pane-title")
    days = [d.day.isoformat() for d in report.daily]
    series = {"opened": [d.opened for d in report.daily], "used": [d.used for d in report.daily],
              "sent": [d.sent for d in report.daily]}  # named as the funnel names them (`usage/words.py`)
    ui.echart({
        "aria": {"enabled": True},
        "legend": {"top": 0},
        "grid": {"left": 8, "right": 16, "top": 32, "bottom": 8, "containLabel": True},
        "tooltip": {"trigger": "axis"},
        "xAxis": {"type": "category", "data": days},
        "yAxis": {"type": "value", "minInterval": 1},
        "series": [{"type": "line", "name": step_label(key, t.lang), "data": values, "showSymbol": False}
                   for key, values in series.items()],
    }).classes("vance-insights-chart w-full").props('aria-hidden="true"').mark("insights-trend-chart")
    with ui.expansion(t("insights_trend_table")).classes("w-full").mark("insights-trend-expansion"):
        ui.table(columns=[{"name": "day", "label": t("insights_day"), "field": "day", "align": "left"},
                          *({"name": key, "label": step_label(key, t.lang), "field": key} for key in series)],
                 rows=[{"day": d.day.isoformat(), "opened": d.opened, "used": d.used, "sent": d.sent}
                       for d in reversed(report.daily)],
                 row_key="day").props("flat dense bordered wrap-cells").classes("w-full") \
            .mark("insights-trend-table")


def _facts(report: UsageReport, t: Texts) -> str:
    where = ", ".join(f"{t(f'insights_where_{key}')} {n}" for key, n in report.opened_from.items()) \
        or t("insights_nowhere")
    median = report.median_seconds_to_use
    said = t("insights_unknown") if median is None else \
        t("insights_minutes", n=median // 60) if median >= 120 else t("insights_seconds", n=median)
    return t("insights_facts", where=where, median=said, checked=report.checked, offered=report.follow_ups_offered,
             taken=report.follow_ups_taken)
