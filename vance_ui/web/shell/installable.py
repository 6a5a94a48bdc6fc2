"""Installable on a phone: the web app manifest (`/manifest.webmanifest`), the service worker
(`/sw.js`, scope `/`) and the page it shows when a page cannot load (`/offline`).

The worker itself is assets/sw.js (registered by assets/vance.js once a page has loaded). It keeps
static files only: NiceGUI's versioned files under `/_nicegui/<version>/` (cache first) and the
app's `/assets/...` (network first, the cache when offline), plus the offline page. A page is
never kept (each one holds a chat), nor an answer under `/brain/`, a socket.io request or a POST:
the worker leaves those to the network, and a page that fails to load shows the offline page in
the language the browser asks for. The icons are the app's own artwork (`make icons`).
"""

from __future__ import annotations

import html
from typing import Any

from fastapi import FastAPI, Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse

from vance_ui.settings import PACKAGE_ROOT
from vance_ui.web.shell.i18n import Texts
from vance_ui.web.shell.theme import MANIFEST_PATH, THEME_COLOR

WORKER_PATH = "/sw.js"
OFFLINE_PATH = "/offline"
WORKER_FILE = PACKAGE_ROOT.parent / "assets" / "sw.js"
#: (path, size in pixels, purpose): assets/icons/, written by scripts/app_icons.py
ICONS = (("/assets/icons/icon-192.png", 192, "any"), ("/assets/icons/icon-512.png", 512, "any"),
         ("/assets/icons/maskable-512.png", 512, "maskable"))
ASK_AGAIN = {"Cache-Control": "no-cache"}  # the browser asks each time, so a new worker or manifest shows up


def manifest(t: Texts) -> dict[str, Any]:
    return {
        "name": t("app_name"), "short_name": t("install_short_name"), "description": t("install_description"),
        "lang": t.lang, "start_url": "/", "scope": "/", "id": "/", "display": "standalone",
        "theme_color": THEME_COLOR, "background_color": THEME_COLOR,
        "icons": [{"src": src, "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
                  for src, size, purpose in ICONS],
    }


def offline_page(t: Texts) -> str:
    def e(key: str) -> str:
        return html.escape(t(key))

    return (f'<!doctype html><html lang="{t.lang}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<meta name="theme-color" content="{THEME_COLOR}"><title>{e("offline_title")}</title>'
            '<style>body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1.25rem;max-width:36rem;'
            'line-height:1.5;color:#111827}h1{font-size:1.5rem}a{color:#4338ca}</style></head>'
            f'<body><main><h1>{e("offline_title")}</h1><p>{e("offline_body")}</p>'
            f'<p><a href="/">{e("offline_retry")}</a></p></main></body></html>')


def _language(request: Request) -> Texts:
    """`?lang=`, else the first language of Accept-Language (the offline page has no session)."""
    asked = request.query_params.get("lang") or request.headers.get("accept-language", "en").split(",")[0]
    return Texts(asked.split(";")[0].strip())


def install(app: FastAPI) -> None:
    @app.get(MANIFEST_PATH, include_in_schema=False)
    def web_app_manifest(request: Request) -> JSONResponse:
        return JSONResponse(manifest(_language(request)), media_type="application/manifest+json", headers=ASK_AGAIN)

    @app.get(WORKER_PATH, include_in_schema=False)
    def service_worker() -> FileResponse:
        return FileResponse(WORKER_FILE, media_type="text/javascript", headers=ASK_AGAIN)

    @app.get(OFFLINE_PATH, include_in_schema=False)
    def offline(request: Request) -> HTMLResponse:
        return HTMLResponse(offline_page(_language(request)), headers={**ASK_AGAIN, "Vary": "Accept-Language"})
