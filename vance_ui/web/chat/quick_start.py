"""Quick-start cards (spec section 8, v1.x): an empty chat shows the top wizards by category: the
most used of the last 30 days (the user's own recent ones first), filled up, on a new install, with
the first wizards of each category."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from nicegui import ui

from vance_ui.web.chat.wizards_panel import category_title, grouped
from vance_ui.web.shell.a11y import activatable, aria
from vance_ui.web.shell.i18n import Texts
from vance_ui.web.shell.icons import wizard_icon
from vance_ui.wizards.catalog.views import WizardSummary

PER_CATEGORY = 2
MAX_CARDS = 6


def first_of_each_category(wizards: Sequence[WizardSummary]) -> list[WizardSummary]:
    """The first wizards of each category, round-robin, so every category is represented."""
    groups = [items[:PER_CATEGORY] for _, items in grouped(wizards)]
    picked: list[WizardSummary] = []
    for rank in range(PER_CATEGORY):
        picked += [items[rank] for items in groups if rank < len(items)]
    return picked


def top_wizards(wizards: Sequence[WizardSummary], most_used: Sequence[str] = ()) -> list[WizardSummary]:
    """Up to `MAX_CARDS`: the most used (names, best first) that are listed, then the first of each
    category; shown grouped by category, the most used first within each."""
    by_name = {w.name: w for w in wizards}
    ranked = [by_name[name] for name in most_used if name in by_name]
    picked = list({w.name: w for w in [*ranked, *first_of_each_category(wizards)]}.values())[:MAX_CARDS]
    categories = {category: index for index, (category, _) in enumerate(grouped(wizards))}
    rank = {w.name: index for index, w in enumerate(picked)}
    return sorted(picked, key=lambda w: (categories.get(category_title(w, ""), len(categories)), rank[w.name]))


def quick_start_cards(wizards: Sequence[WizardSummary], most_used: Sequence[str], t: Texts,
                      on_open: Callable[[str], None]) -> None:
    cards = top_wizards(wizards, most_used)
    if not cards:
        return
    with ui.column().classes("vance-quick-start w-full items-center gap-2").mark("quick-start"):
        with ui.element("div").classes("vance-hero-icon"):
            ui.icon("auto_awesome")
        aria(ui.label(t("quick_start")), role="heading", level="2").classes("text-2xl font-semibold text-center")
        ui.label(t("quick_start_hint")).classes("vance-help text-center")
        with ui.element("div").classes("vance-card-grid w-full"):
            for wizard in cards:
                with activatable(ui.card()).props('flat bordered data-arrow-group="cards"') \
                        .classes("vance-quick-card").on("click", lambda name=wizard.name: on_open(name)) \
                        .mark(f"card-{wizard.name}"):
                    with ui.row().classes("items-center gap-2 no-wrap"):
                        with ui.element("div").classes("vance-icon-tile small"):
                            ui.icon(wizard_icon(wizard.icon))
                        ui.label(category_title(wizard, t("uncategorized"))).classes("vance-card-cat")
                    ui.label(wizard.title).classes("font-semibold leading-snug")
                    ui.label(wizard.description).classes("vance-help line-clamp-3")
