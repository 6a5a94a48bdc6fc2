"""Write the app's PNG icons (assets/icons/) from its own artwork, assets/favicon.svg, with Debian's
Chromium: `make icons`. The web app manifest (vance_ui/web/shell/installable.py) lists them.

- icon-192.png, icon-512.png: the artwork as it is (rounded square), for "any" purpose;
- maskable-512.png: the artwork's mark on a full-bleed square of its own colour, inside the
  central 60 % (the safe zone a launcher's mask never cuts is the central 80 % circle).
"""

from __future__ import annotations

import base64
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parent.parent
ARTWORK = REPO / "assets" / "favicon.svg"
OUT = REPO / "assets" / "icons"
CHROMIUM = "/usr/bin/chromium"
BACKGROUND = "#4f46e5"  # the artwork's own square
#: file name, size in pixels, the artwork's share of the side
ICONS = (("icon-192.png", 192, 1.0), ("icon-512.png", 512, 1.0), ("maskable-512.png", 512, 0.6))


def _html(size: int, share: float) -> str:
    data = base64.b64encode(ARTWORK.read_bytes()).decode()
    side = round(size * share)
    background = BACKGROUND if share < 1 else "transparent"
    return (f'<html><body style="margin:0;width:{size}px;height:{size}px;display:grid;place-items:center;'
            f'background:{background}"><img src="data:image/svg+xml;base64,{data}" '
            f'style="width:{side}px;height:{side}px;display:block"></body></html>')


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        for name, size, share in ICONS:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(_html(size, share))
            page.locator("img").evaluate("img => img.decode()")
            page.screenshot(path=str(OUT / name), omit_background=share >= 1)
            page.close()
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
