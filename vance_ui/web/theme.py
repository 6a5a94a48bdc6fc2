"""Look and feel: colours, the stylesheet and the link listener from `/assets`."""

from __future__ import annotations

import re
from pathlib import Path

import nicegui
from nicegui import ui

PRIMARY = "#4f46e5"
_ICON_FONT = re.compile(r'font-family:\s*"Material Icons";[^}]*?url\((fonts/[0-9a-f]+\.woff2)\)')


def _icon_font_url() -> str | None:
    """NiceGUI's (versioned) Material Icons font, so the page can ask for it with the first bytes."""
    try:
        css = (Path(nicegui.__file__).parent / "static" / "fonts.css").read_text(encoding="utf-8")
    except OSError:
        return None
    match = _ICON_FONT.search(css)
    return f"/_nicegui/{nicegui.__version__}/static/{match.group(1)}" if match else None


_ICON_FONT_URL = _icon_font_url()
_PRELOAD = (f'<link rel="preload" href="{_ICON_FONT_URL}" as="font" type="font/woff2" crossorigin>'
            if _ICON_FONT_URL else "")


def apply_theme() -> None:
    ui.colors(primary=PRIMARY, secondary="#0f766e", accent="#9333ea", positive="#16a34a",
              negative="#dc2626", warning="#d97706", info="#2563eb")
    # the icon font is otherwise only requested once the first icon is laid out (after all scripts);
    # vance.js and submit.js only add listeners, so they need not hold up parsing
    ui.add_head_html(
        '<link rel="stylesheet" href="/assets/vance.css">'
        f'{_PRELOAD}'
        '<script defer src="/assets/submit.js"></script>'  # before NiceGUI's own script: see the file
        '<script defer src="/assets/vance.js"></script>'
        '<script type="module" src="/assets/sanitize.js"></script>'
        '<meta name="theme-color" content="#ffffff">'
    )
    ui.query("body").classes("vance-body")
