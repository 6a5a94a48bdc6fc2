"""The usage counts of the app that NiceGUI's simulated `User` runs in-process (tests/web)."""

from __future__ import annotations

from nicegui import app

from vance_ui.service import WizardService


def service() -> WizardService:
    found: WizardService = app.state.wizard_service
    return found


def counted(name: str) -> dict[str, int]:
    """The wizard's counts of today in the tenant `default`, after writing what is pending."""
    service().usage.flush()
    return service().usage_reader.wizards("default", 1, [name])[name].totals
