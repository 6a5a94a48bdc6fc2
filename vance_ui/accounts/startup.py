"""Refuse configurations that would expose the app unsafely, with a message saying what to do."""

from __future__ import annotations

import ipaddress

from vance_ui.settings import Settings

KNOWN_WEAK_SECRETS = frozenset({"", "secret", "changeme", "change-me", "password", "storage-secret", "vance"})
MIN_SECRET_CHARS = 16


class UnsafeConfiguration(SystemExit):
    def __init__(self, message: str) -> None:
        super().__init__(f"vance: refusing to start: {message}")
        self.message = message


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_startup(settings: Settings) -> None:
    """Raise `UnsafeConfiguration` for an exposed single-user app or a multi-user app without a secret."""
    if settings.multi_user:
        if settings.users_file is None and settings.database_url is None:
            raise UnsafeConfiguration(
                "VANCE_MULTI_USER needs somewhere to keep the accounts: VANCE_DATABASE_URL (the accounts live "
                "in the database) or VANCE_USERS_FILE (a users file)"
            )
        secret = settings.storage_secret.get_secret_value() if settings.storage_secret else ""
        if secret.lower() in KNOWN_WEAK_SECRETS or len(secret) < MIN_SECRET_CHARS:
            raise UnsafeConfiguration(
                "multi-user mode (VANCE_USERS_FILE or VANCE_MULTI_USER) needs VANCE_STORAGE_SECRET: "
                f"a random string of at least {MIN_SECRET_CHARS} characters, e.g. from "
                "`python3 -c 'import secrets; print(secrets.token_urlsafe(32))'`"
            )
        return
    if not is_loopback(settings.host) and not settings.allow_unauthenticated:
        raise UnsafeConfiguration(
            f"VANCE_HOST={settings.host} is reachable from other machines, but no accounts are configured. "
            "Set VANCE_USERS_FILE (see `vance users add`), or VANCE_ALLOW_UNAUTHENTICATED=1 if you really "
            "want everyone who can reach this address to act as the single local user."
        )
