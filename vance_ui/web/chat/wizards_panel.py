"""The Wizards tab: resolved wizards grouped by category, alphabetical by title, with a search box.

It follows the project switcher and re-reads the list when wizard files change on disk.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import groupby

from nicegui import run, ui

from vance_ui.web.editor.panel_actions import actions_button, authoring_buttons, source_badge
from vance_ui.web.nicegui_compat.submit import on_submit
from vance_ui.web.shell.a11y import activatable, aria
from vance_ui.web.shell.context import PageContext
from vance_ui.web.shell.icons import wizard_icon
from vance_ui.wizards.catalog.views import WizardSummary
from vance_ui.wizards.format.categories import listing_order

OpenHandler = Callable[[str], None]


def category_title(wizard: WizardSummary, fallback: str) -> str:
    """The category's display name (tenant or bundled `categories`), `fallback` for none."""
    return wizard.category_label or wizard.category or fallback


def grouped(wizards: Sequence[WizardSummary]) -> list[tuple[str, list[WizardSummary]]]:
    """By category name (uncategorised last), then by title, keyed by the display name; the
    service already sorts this way."""
    ordered = sorted(wizards, key=listing_order)
    return [(key, list(items)) for key, items in groupby(ordered, key=lambda w: category_title(w, ""))]


class WizardsPanel:
    def __init__(self, ctx: PageContext, on_open: OpenHandler) -> None:
        self.ctx, self.on_open = ctx, on_open
        self.wizards: Sequence[WizardSummary] = ()
        # Enter opens the first match, arrow down goes into the list (vance.js, `data-arrow-group`)
        self.search = aria(ui.input(placeholder=ctx.t("search_wizards"), on_change=lambda: self.render.refresh()),
                           label=ctx.t("search_wizards")) \
            .props('outlined dense clearable data-arrow-group="wizards"').classes("w-full").mark("wizard-search")
        on_submit(self.search, "keydown.enter", [self.search], self.open_first)
        with self.search.add_slot("prepend"):
            ui.icon("search")
        self.order = aria(ui.toggle({"category": ctx.t("sort_by_category"), "used": ctx.t("sort_most_used")},
                                    value="category", on_change=lambda: self.render.refresh()),
                          label=ctx.t("sort_wizards")) \
            .props("dense no-caps unelevated toggle-color=primary").classes("vance-wizard-order").mark("wizard-order")
        authoring_buttons(ctx)
        self.reload(force=True)
        self.render()

    def reload(self, force: bool = False) -> bool:
        """Re-read the list; rebuild only when something a user would see changed."""
        return self._show(self.ctx.service.list_wizards(self.ctx.scope, self.ctx.lang), force)

    async def reload_off_loop(self) -> bool:
        """`reload` for a change: the list is read in a thread. On the event loop, reading it may wait
        for a listing another thread builds, whose template check waits for a render worker that
        renders on this loop hold: every page then stalls until the render pool gives up (30 s)."""
        fresh = await run.io_bound(self.ctx.service.list_wizards, self.ctx.scope, self.ctx.lang)
        if fresh is None or self.search.is_deleted:  # the app is shutting down, or the page is gone
            return False
        return self._show(fresh)

    def _show(self, fresh: Sequence[WizardSummary], force: bool = False) -> bool:
        if not force and fresh == self.wizards:
            return False
        self.wizards = fresh
        if not force:
            self.render.refresh()
        return True

    def open_first(self) -> None:
        shown = self.visible() if self.order.value == "category" else self._by_use(self.visible())
        if shown:
            self.on_open(shown[0].name)

    def visible(self) -> list[WizardSummary]:
        words = (self.search.value or "").lower().split()
        return [
            w for w in self.wizards
            if all(word in f"{w.title} {w.description} {w.name} {w.category or ''} {w.category_label or ''}".lower()
                   for word in words)
        ]

    @ui.refreshable_method
    def render(self) -> None:
        t = self.ctx.t
        shown = self.visible()
        with ui.column().classes("w-full gap-4").mark("wizard-list"):
            if not shown:
                ui.label(t("no_wizards")).classes("vance-help p-2")
            groups = grouped(shown) if self.order.value == "category" else [(t("sort_most_used"), self._by_use(shown))]
            for category, items in groups:
                with ui.column().classes("w-full gap-1"):
                    aria(ui.label(category or t("uncategorized")), role="heading", level="2") \
                        .classes("vance-group-title")
                    for wizard in items:
                        self._entry(wizard)

    def _by_use(self, wizards: list[WizardSummary]) -> list[WizardSummary]:
        """The user's own recent ones, then the tenant's most used of 30 days, then the rest as listed."""
        rank = {name: index for index, name in enumerate(self.ctx.service.most_used(self.ctx.scope))}
        return sorted(wizards, key=lambda w: rank.get(w.name, len(rank)))

    def _entry(self, wizard: WizardSummary) -> None:
        with ui.row().classes("w-full items-start no-wrap gap-0"):  # the actions button is no part of the entry
            with activatable(ui.row()).classes("vance-wizard-entry grow min-w-0 items-start no-wrap") \
                    .on("click", lambda name=wizard.name: self.on_open(name)) \
                    .mark("wizard-entry", f"wizard-{wizard.name}") \
                    .props(f'data-wizard="{wizard.name}" data-source="{wizard.source}" data-arrow-group="wizards"'):
                with ui.element("div").classes("vance-icon-tile small"):
                    ui.icon(wizard_icon(wizard.icon))
                with ui.column().classes("gap-0 min-w-0"):
                    ui.label(wizard.title).classes("font-medium leading-snug")
                    ui.label(wizard.description).classes("vance-help line-clamp-2")
                    source_badge(self.ctx, wizard)
            actions_button(self.ctx, wizard)
