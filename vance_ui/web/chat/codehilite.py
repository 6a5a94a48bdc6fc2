"""The colours of highlighted code in answers: assets/codehilite.css, written from Pygments.

NiceGUI's `ui.markdown` serves such a stylesheet itself; answers are `ui.html` parts (see
messages.py), so the app ships the same one (light, and github-dark under `.body--dark`) as a
static file. `python -m vance_ui.web.chat.codehilite` writes it again; a test says when it is stale.
"""

from __future__ import annotations

from pathlib import Path

from pygments.formatters import HtmlFormatter

from vance_ui.settings import PACKAGE_ROOT

CSS_FILE = PACKAGE_ROOT.parent / "assets" / "codehilite.css"


def stylesheet() -> str:
    light = str(HtmlFormatter(nobackground=True).get_style_defs(".codehilite"))
    dark = str(HtmlFormatter(nobackground=True, style="github-dark").get_style_defs(".body--dark .codehilite"))
    return f"/* written by `python -m vance_ui.web.chat.codehilite` from Pygments: do not edit */\n{light}\n{dark}\n"


def write(path: Path = CSS_FILE) -> None:
    path.write_text(stylesheet(), encoding="utf-8")


if __name__ == "__main__":
    write()
