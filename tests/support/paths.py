"""Where the repository and the tests' outputs are."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
README = REPO / "README.md"
ARTIFACTS = REPO / "test-artifacts"  # screenshots of the browser tests (gitignored)
