"""Item 5: process start to the first 200 on `/`, no model configured; litellm must stay unimported.

The litellm check runs the real server under `python -X importtime`, which makes the
interpreter itself log every module the moment it is first imported (also lazy imports long
after start-up). After `/`, a listing, a definition and a render, the log must name no
`litellm` module. A positive control (`-X importtime -c "import litellm"`) shows the detector
does see litellm when it is imported.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

import httpx

from bench.http_load import GREMIUM_VALUES, RENDER_PATH
from bench.server import AppProcess, child_env, free_port
from bench.stats import Figure

LITELLM_LINE = re.compile(r"^import time:.*\|\s+litellm(\.|\s*$)", re.MULTILINE)
IMPORT_LINE = re.compile(r"^import time:", re.MULTILINE)


def _start_times(root: Path, reps: int) -> list[float]:
    out = []
    for rep in range(reps):
        with AppProcess(root / f"start{rep}" / "data") as app:
            out.append(app.wait_for("/", timeout=60))
    return out


def _litellm_imported(root: Path) -> tuple[bool, int]:
    """(litellm seen in the server's import log, number of import lines logged)."""
    with AppProcess(root / "importtime" / "data", python_flags=("-X", "importtime")) as app:
        app.wait_for("/", timeout=60)
        with httpx.Client(base_url=app.base_url, timeout=30) as client:
            client.get("/brain/default/wizards").raise_for_status()
            client.get("/brain/default/wizards/gremium").raise_for_status()
            client.post(RENDER_PATH, json=GREMIUM_VALUES).raise_for_status()
            client.get("/").raise_for_status()
        app.stop()
        log = app.log_path.read_text(errors="replace")
    return bool(LITELLM_LINE.search(log)), len(IMPORT_LINE.findall(log))


def _control_detects_litellm(root: Path) -> bool:
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", "import litellm"],
                          env=child_env(root, free_port()), capture_output=True, text=True, timeout=120)
    return bool(LITELLM_LINE.search(done.stderr))


def measure(*, reps: int, control: bool) -> list[Figure]:
    with tempfile.TemporaryDirectory(prefix="vance-bench-start-") as tmp:
        root = Path(tmp)
        start = Figure("startup", "start-up: process start to first 200 on /", "s", _start_times(root, reps),
                       target="< 3 s")
        start.met = start.median < 3.0
        imported, lines = _litellm_imported(root)
        note = f"-X importtime log of the server: {lines} imports, litellm {'FOUND' if imported else 'absent'}"
        if control:
            note += "; control run detects litellm: " + ("yes" if _control_detects_litellm(root) else "NO")
        lazy = Figure("litellm_lazy", "litellm not imported without a model call", "bool",
                      [0.0 if imported else 1.0], target="not imported", met=not imported and lines > 100, note=note)
    return [start, lazy]
