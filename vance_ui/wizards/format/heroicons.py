"""Which `icon` values name a Heroicon: the web UI draws those, lint and the loader warn on others."""

from __future__ import annotations

import difflib

from vance_ui.wizards.format.heroicon_names import HEROICON_NAMES

#: style suffixes authors copy from Heroicons' site or other libraries; every style draws as outline here
_STYLE_SUFFIXES = ("-outline", "-solid", "-mini", "-micro")


def heroicon(icon: str | None) -> str | None:
    """The Heroicon name `icon` stands for (a style suffix is ignored), or None if it names none."""
    if not icon:
        return None
    name = icon.strip().lower()
    if name in HEROICON_NAMES:
        return name
    for suffix in _STYLE_SUFFIXES:
        if name.endswith(suffix) and name.removesuffix(suffix) in HEROICON_NAMES:
            return name.removesuffix(suffix)
    return None


def unknown_icon_message(icon: str) -> str:
    """What lint and the load log say about an `icon` that is no Heroicon, with the closest name."""
    hint = difflib.get_close_matches(icon.strip().lower(), sorted(HEROICON_NAMES), n=1)
    return (f"icon: '{icon}' is not a Heroicon name, so the generic icon is shown"
            + (f"; did you mean '{hint[0]}'?" if hint else " (see https://heroicons.com)"))
