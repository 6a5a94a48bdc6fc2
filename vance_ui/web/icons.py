"""Wizard `icon` values name Heroicons; the UI shows the closest Material icon NiceGUI ships."""

from __future__ import annotations

FALLBACK = "auto_awesome"

HEROICON_TO_MATERIAL: dict[str, str] = {
    "users": "groups",
    "user": "person",
    "user-group": "groups",
    "user-plus": "person_add",
    "light-bulb": "lightbulb",
    "pencil": "edit",
    "pencil-square": "edit_square",
    "document": "description",
    "document-text": "article",
    "folder": "folder",
    "folder-plus": "create_new_folder",
    "chart-bar": "bar_chart",
    "chart-pie": "pie_chart",
    "presentation-chart-line": "insights",
    "academic-cap": "school",
    "rocket-launch": "rocket_launch",
    "sparkles": "auto_awesome",
    "cog": "settings",
    "cog-6-tooth": "settings",
    "wrench": "build",
    "wrench-screwdriver": "handyman",
    "chat-bubble-left-right": "forum",
    "chat-bubble-left": "chat_bubble",
    "envelope": "mail",
    "calendar": "calendar_month",
    "clock": "schedule",
    "globe-alt": "public",
    "magnifying-glass": "search",
    "book-open": "menu_book",
    "beaker": "science",
    "briefcase": "work",
    "building-office": "business",
    "code-bracket": "code",
    "command-line": "terminal",
    "cpu-chip": "memory",
    "flag": "flag",
    "heart": "favorite",
    "star": "star",
    "shield-check": "verified_user",
    "scale": "balance",
    "puzzle-piece": "extension",
    "map": "map",
    "megaphone": "campaign",
    "newspaper": "newspaper",
    "clipboard-document-list": "assignment",
    "list-bullet": "format_list_bulleted",
    "table-cells": "table_chart",
    "currency-dollar": "attach_money",
    "banknotes": "payments",
    "bolt": "bolt",
    "fire": "local_fire_department",
    "trophy": "emoji_events",
    "question-mark-circle": "help",
}


def material_icon(heroicon: str | None) -> str:
    """The Material name for a Heroicon name (`-outline`/`-solid` suffixes ignored), else a neutral icon."""
    if not heroicon:
        return FALLBACK
    name = heroicon.strip().lower().removeprefix("heroicons:").removeprefix("hero-")
    for suffix in ("-outline", "-solid", "-mini", "-micro"):
        name = name.removesuffix(suffix)
    return HEROICON_TO_MATERIAL.get(name, FALLBACK)
