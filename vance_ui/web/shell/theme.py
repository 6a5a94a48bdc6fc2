"""Look and feel: colours, the stylesheet and the scripts from `/assets`.

The page preloads NiceGUI's Material Icons font, found by reading NiceGUI's `static/fonts.css`
(its file name is a hash that changes between NiceGUI releases). Without the preload the font is
requested only once the first icon is laid out, after every script has run, and until it arrives
the icons show as their names. Still pays (A/B in Chromium against the same app without the
preload, 4 interleaved rounds of 10 fresh page loads; 2-core AMD EPYC VM, load average ~6 from
other work, 2026-12-03): the icon font loaded at 575 ms instead of 1,588 ms after navigation start
(medians); the page is usable at the same time either way (2.33 vs 2.41 s on that loaded machine).
What it relies on (`fonts.css` holding a "Material Icons" face with a `fonts/<hex>.woff2` URL, NiceGUI
serving its static files at `/_nicegui/<version>/static/`) is checked by
tests/web/test_nicegui_internals.py; if it stops matching, the page simply has no preload.
"""

from __future__ import annotations

import re
from pathlib import Path

import nicegui
from nicegui import ui
from nicegui.language import Language

from vance_ui.web.nicegui_compat.page_language import set_page_language

PRIMARY = "#4f46e5"
# <html lang> and Quasar's own texts ("Clear", "No options") per UI language (`set_page_language`)
QUASAR_LANGUAGES: dict[str, Language] = {"en": "en-US", "de": "de"}
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


def apply_theme(lang: str) -> None:
    set_page_language(QUASAR_LANGUAGES.get(lang, "en-US"))
    ui.colors(primary=PRIMARY, secondary="#0f766e", accent="#9333ea", positive="#16a34a",
              negative="#dc2626", warning="#d97706", info="#2563eb")
    # the icon font is otherwise only requested once the first icon is laid out (after all scripts);
    # vance.js and submit.js only add listeners and form.js only defines functions, so they need
    # not hold up parsing (deferred, they still run before NiceGUI's app renders anything)
    ui.add_head_html(
        '<link rel="stylesheet" href="/assets/vance.css">'
        '<link rel="stylesheet" href="/assets/codehilite.css">'  # code in answers (vance_ui/web/chat/codehilite.py)
        f'{_PRELOAD}'
        '<script defer src="/assets/submit.js"></script>'  # before NiceGUI's own script: see the file
        '<script defer src="/assets/vance.js"></script>'
        '<script defer src="/assets/form.js"></script>'  # the wizard form's (vance_ui/web/form/)
        '<script type="module" src="/assets/sanitize.js"></script>'
        '<meta name="theme-color" content="#ffffff">'
    )
    ui.query("body").classes("vance-body")
