"""The README's complete example is a working wizard, and renders what the guide says."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import write_wizard
from vance_ui.service import Scope, WizardService

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_example_loads_and_renders(service: WizardService, data_dir: Path) -> None:
    text = README.read_text()
    example = re.search(r"`<data>/default/_vance/wizards/release-notes.yaml`:\n\n```yaml\n(.*?)```", text, re.S)
    assert example, "the complete example is missing from the README"
    write_wizard(data_dir, "_vance", "release-notes", example.group(1))
    scope = Scope("default", "local")
    values = {"product": "Vance", "version": "2.4", "highlights": ["fixes"],
              "changes": [{"summary": "Faster lists"}, {"summary": "New API", "breaking": True}]}
    prompt = service.render(scope, "release-notes", values).prompt
    assert prompt == (
        "Write release notes for Vance 2.4 for users, about 300 words.\n"
        "Sections: fixes.\n\n"
        "Changes:\n- Faster lists\n- New API (BREAKING)\n\n"
        "If this is successfully completed, offer the user the following follow-up action(s) as a Markdown link:\n"
        "- [Announce Vance 2.4](vance:/wizards/announce-release?kind=wizard&product=Vance&version=2.4)"
    )
