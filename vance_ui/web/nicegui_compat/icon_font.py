"""`icon_font_url`: where NiceGUI serves its Material Icons font, so a page can preload it.

Relies on: NiceGUI's `static/fonts.css` holding a "Material Icons" face with a `fonts/<hex>.woff2`
URL (the name is a hash that changes between releases) and NiceGUI serving its static files at
`/_nicegui/<version>/static/` (tests/web/test_nicegui_internals.py); if that stops matching, the
page just has no preload. Buys: without it the font is requested only once the first icon is laid
out, after every script has run, and until it arrives icons show as their names: about a second
later on the bench VM (figures in docs/nicegui-upgrade.md); the page is usable at the same time.
"""

from __future__ import annotations

import re
from pathlib import Path

import nicegui

_ICON_FONT = re.compile(r'font-family:\s*"Material Icons";[^}]*?url\((fonts/[0-9a-f]+\.woff2)\)')


def icon_font_url() -> str | None:
    """NiceGUI's (versioned) Material Icons font, so the page can ask for it with the first bytes."""
    try:
        css = (Path(nicegui.__file__).parent / "static" / "fonts.css").read_text(encoding="utf-8")
    except OSError:
        return None
    match = _ICON_FONT.search(css)
    return f"/_nicegui/{nicegui.__version__}/static/{match.group(1)}" if match else None

