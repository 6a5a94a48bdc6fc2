"""The README's complete example is a working wizard, and renders what the guide says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.paths import README
from tests.support.readme import freeze_today, readme_trip_request
from tests.support.wizard_files import write_wizard
from vance_ui.service import Scope, WizardService


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


def test_the_readme_show_if_and_pages_example_loads_and_behaves(service: WizardService, data_dir: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    write_wizard(data_dir, "_vance", "trip-request", readme_trip_request())
    freeze_today(service, monkeypatch)
    scope = Scope("default", "local")
    definition = service.definition(scope, "trip-request", "de")
    assert [p.title for p in definition.pages or []] == ["Die Reise", "Hotel", "Wer reist"]
    travellers = [{"name": "Ada"}, {"name": "Bo", "external": True, "company": "Acme"}]
    values = {"destination": "Oslo", "departure": "2030-05-04", "travel": "plane", "seat": "aisle", "nights": 2,
              "hotel": "Fjord Inn", "travellers": travellers, "costCentre": "4711", "urgentReason": "left over"}
    assert service.render(scope, "trip-request", values).prompt == (
        "Book a trip to Oslo on 2030-05-04 by plane (aisle seat).\n"
        "Hotel for 2 nights: Fjord Inn.\n"
        "Travellers:\n- Ada\n- Bo (Acme)\n"
        "Charge cost centre 4711."
    )
    day_trip = {**values, "travel": "train", "nights": 0, "travellers": [{"name": "Ada"}], "departure": "2026-01-01"}
    assert service.render(scope, "trip-request", {**day_trip, "urgentReason": "a customer called"}).prompt == (
        "Book a trip to Oslo on 2026-01-01 by train.\n"
        "Short notice because: a customer called\n"
        "Travellers:\n- Ada"
    )
