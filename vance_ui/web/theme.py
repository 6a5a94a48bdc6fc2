"""Look and feel: colours, the stylesheet and the link listener from `/assets`."""

from __future__ import annotations

from nicegui import ui

PRIMARY = "#4f46e5"


def apply_theme() -> None:
    ui.colors(primary=PRIMARY, secondary="#0f766e", accent="#9333ea", positive="#16a34a",
              negative="#dc2626", warning="#d97706", info="#2563eb")
    ui.add_head_html(
        '<link rel="stylesheet" href="/assets/vance.css">'
        '<script src="/assets/vance.js"></script>'
        '<meta name="theme-color" content="#ffffff">'
    )
    ui.query("body").classes("vance-body")
