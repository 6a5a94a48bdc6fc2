"""Wiring shared by the web app and the CLI: settings -> stores -> service, plus logging."""

from __future__ import annotations

import logging
import secrets

from vance_ui.documents.filesystem import atomic_write
from vance_ui.documents.store import StoreUnavailable
from vance_ui.service import WizardService
from vance_ui.settings import Settings


def configure_logging(settings: Settings) -> None:
    """The level from the settings; watchfiles' "N changes detected" (one line per chat message or
    draft the app writes) only at DEBUG: the web app logs which wizard files changed instead."""
    level = settings.log_level.upper()
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if logging.getLogger().getEffectiveLevel() > logging.DEBUG:
        logging.getLogger("watchfiles").setLevel(logging.WARNING)


def create_service(settings: Settings) -> WizardService:
    """The service on the configured store; a store that cannot be used ends the process with a
    one-line message (no traceback): the database unreachable, or its schema newer than this code."""
    from vance_ui.documents.pg_schema import SchemaTooNew

    settings.data_dir.mkdir(parents=True, exist_ok=True)
    try:
        return WizardService.from_settings(settings)
    except (StoreUnavailable, SchemaTooNew) as error:
        raise SystemExit(f"vance: {error}") from None


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
