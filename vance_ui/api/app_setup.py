"""Mount the API on a FastAPI app (NiceGUI's own app, or a bare one in tests)."""

from __future__ import annotations

from fastapi import FastAPI

from vance_ui.accounts.directory import UserDirectory
from vance_ui.api.errors import BodySizeLimit, install_error_handlers, install_http_error_json
from vance_ui.api.routes import router
from vance_ui.service import WizardService


def mount_api(app: FastAPI, service: WizardService, users: UserDirectory | None = None) -> None:
    """`users` switches on multi-user mode: every /brain request then needs a Bearer token."""
    app.state.wizard_service = service
    app.state.user_directory = users
    install_error_handlers(app)
    install_http_error_json(app)
    app.include_router(router)
    app.add_middleware(BodySizeLimit, limit=service.settings.max_body_bytes)

    @app.get("/healthz", tags=["meta"])
    def healthz() -> dict[str, str]:
        """Liveness probe (and the HTTP floor the benchmark compares against)."""
        return {"status": "ok"}
