"""Fail if the environment holds the compromised litellm releases (1.82.7/1.82.8, March 2026)."""

from __future__ import annotations

import site
import sys
from importlib.metadata import version
from pathlib import Path

BAD_VERSIONS = {"1.82.7", "1.82.8"}


def main() -> int:
    problems: list[str] = []
    for folder in {*site.getsitepackages(), site.getusersitepackages()}:
        marker = Path(folder) / "litellm_init.pth"
        if marker.exists():
            problems.append(f"{marker} exists: a compromised litellm release was installed")
    installed = version("litellm")
    major, minor, *_ = (int(part) for part in installed.split(".")[:3])
    if installed in BAD_VERSIONS or (major, minor) < (1, 83):
        problems.append(f"litellm {installed} is installed; 1.83.0 or newer is required")
    for problem in problems:
        print(f"supply-chain check: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
