"""Wiring shared by the web app and the CLI: settings -> stores -> service, plus logging."""

from __future__ import annotations

import logging
import secrets

from vance_ui.documents.filesystem import atomic_write
from vance_ui.service import WizardService
from vance_ui.settings import Settings


def configure_logging(settings: Settings) -> None:
    logging.basicConfig(
        level=settings.log_level.upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )


def create_service(settings: Settings) -> WizardService:
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    return WizardService.from_settings(settings)


def storage_secret(settings: Settings) -> str:
    """VANCE_STORAGE_SECRET, else a random one kept in the data dir (single-user mode)."""
    if settings.storage_secret is not None:
        return settings.storage_secret.get_secret_value()
    path = settings.data_dir / ".storage-secret"
    if path.exists():
        return path.read_text().strip()
    secret = secrets.token_urlsafe(32)
    atomic_write(path, secret.encode())
    path.chmod(0o600)
    return secret
