"""The README's examples, for the tests that check the README says what the app does."""

from __future__ import annotations

import dataclasses
import re

import pytest

from tests.support.paths import README
from vance_ui.service import WizardService


def readme_trip_request() -> str:
    """The README's complete example of showIf, pages, date and today."""
    example = re.search(r"`<data>/default/_vance/wizards/trip-request.yaml`:\n\n```yaml\n(.*?)```", README.read_text(),
                        re.S)
    assert example, "the showIf / pages example is missing from the README"
    return example.group(1)


def freeze_today(service: WizardService, monkeypatch: pytest.MonkeyPatch, today: str = "2026-12-03") -> None:
    """The README's dates stay in the future of the `today` its examples were written on."""
    context = service.context
    monkeypatch.setattr(service, "context", lambda *args, **kwargs: dataclasses.replace(
        context(*args, **kwargs), today=today))
