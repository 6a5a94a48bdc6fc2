"""Page registration. The chat page with its Wizards tab lives here (see issue 3)."""

from __future__ import annotations

from nicegui import ui

from vance_ui.service import WizardService


def register_pages(service: WizardService) -> None:
    @ui.page("/")
    def index() -> None:
        ui.label("Vance Prompt Wizards").classes("text-2xl")
        ui.link("API documentation", "/docs")
