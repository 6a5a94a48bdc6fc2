"""Wizard `icon` values name Heroicons: every one is drawn from one cached SVG sprite.

Each icon is a `<svg><use href=".../outline.svg#name"></svg>` (Quasar's `svguse:` icon name), so a
listing of thousands of wizards holds a short reference per entry and the browser fetches the
sprite once; the strokes take the text colour like the Material icons around them.
"""

from __future__ import annotations

import hashlib

from vance_ui.settings import PACKAGE_ROOT
from vance_ui.wizards.format.heroicons import heroicon

SPRITE = PACKAGE_ROOT.parent / "assets" / "heroicons" / "outline.svg"
FALLBACK = "sparkles"  # the Heroicon for "a wizard" when its icon is missing or unknown


def _sprite_url() -> str:
    """The sprite's URL with its content hash, so a changed sprite is never taken from a stale cache."""
    try:
        version = hashlib.sha256(SPRITE.read_bytes()).hexdigest()[:12]
    except OSError:
        version = "missing"
    return f"/assets/heroicons/outline.svg?v={version}"


SPRITE_URL = _sprite_url()


def wizard_icon(icon: str | None) -> str:
    """The `ui.icon` name that draws a wizard's Heroicon (the generic one for unknown names)."""
    return f"svguse:{SPRITE_URL}#{heroicon(icon) or FALLBACK}"
