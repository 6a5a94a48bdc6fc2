"""Look and feel: colours, the stylesheets and the scripts from `/assets` (Tailwind's utilities as
the static assets/tailwind.css: `tailwind.py`), the page language, a preload of NiceGUI's icon
font (`nicegui_compat.icon_font`) and the links that make the app installable (`installable.py`)."""

from __future__ import annotations

from nicegui import ui
from nicegui.language import Language

from vance_ui.web.nicegui_compat.icon_font import icon_font_url
from vance_ui.web.nicegui_compat.page_language import set_page_language

PRIMARY = "#4f46e5"
# <html lang> and Quasar's own texts ("Clear", "No options") per UI language (`set_page_language`)
QUASAR_LANGUAGES: dict[str, Language] = {"en": "en-US", "de": "de"}
# Tailwind's utilities, built into a static file (tailwind.py); app.py turns NiceGUI's in-browser compiler off
TAILWIND_LINK = '<link rel="stylesheet" href="/assets/tailwind.css">'
THEME_COLOR = "#ffffff"  # the browser's bar over the page, and the installed app's (installable.py)
MANIFEST_PATH = "/manifest.webmanifest"  # the web app manifest (installable.py)
_ICON_FONT_URL = icon_font_url()
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
        f'{TAILWIND_LINK}'
        '<link rel="stylesheet" href="/assets/vance.css">'
        '<link rel="stylesheet" href="/assets/codehilite.css">'  # code in answers (vance_ui/web/chat/codehilite.py)
        f'{_PRELOAD}'
        '<script defer src="/assets/submit.js"></script>'  # before NiceGUI's own script: see the file
        '<script defer src="/assets/vance.js"></script>'
        '<script defer src="/assets/form.js"></script>'  # the wizard form's (vance_ui/web/form/)
        '<script type="module" src="/assets/sanitize.js"></script>'
        f'<meta name="theme-color" content="{THEME_COLOR}">'
        f'<link rel="manifest" href="{MANIFEST_PATH}">'
        '<link rel="apple-touch-icon" href="/assets/icons/icon-192.png">'
    )
    ui.query("body").classes("vance-body")
