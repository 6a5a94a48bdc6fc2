"""The Tailwind utilities the pages use, as a static stylesheet: assets/tailwind.css.

NiceGUI compiles Tailwind in every browser by default (a 260 kB script that rebuilds its stylesheet
whenever a new class appears); app.py turns that off and theme.py links this file instead. It is
built by Tailwind's own CLI (npm @tailwindcss/cli, pinned in package-lock.json at the version of
NiceGUI's in-browser compiler) from assets/tailwind.input.css, which says what is scanned.
`make css` (`python -m vance_ui.web.shell.tailwind`) writes it again; a test says when it is stale.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from vance_ui.settings import PACKAGE_ROOT

REPO = PACKAGE_ROOT.parent
INPUT_FILE = REPO / "assets" / "tailwind.input.css"
CSS_FILE = REPO / "assets" / "tailwind.css"
CLI = REPO / "node_modules" / "@tailwindcss" / "cli" / "dist" / "index.mjs"


def stylesheet() -> str:
    """A fresh build (needs Node and `make css`'s `npm ci`); raises when the CLI is missing or fails."""
    if not CLI.exists():
        raise FileNotFoundError(f"Tailwind's CLI is not installed ({CLI} is missing): run `make css`")
    with tempfile.TemporaryDirectory(prefix="vance-tailwind-") as tmp:
        out = Path(tmp) / "tailwind.css"
        subprocess.run(["node", str(CLI), "--input", str(INPUT_FILE), "--output", str(out), "--minify"],
                       cwd=REPO, check=True, capture_output=True, timeout=120)
        return out.read_text(encoding="utf-8")


def write(path: Path = CSS_FILE) -> None:
    path.write_text(stylesheet(), encoding="utf-8")


if __name__ == "__main__":
    write()
