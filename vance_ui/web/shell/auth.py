"""Who the web UI acts as: the single local user, or the user logged in via `/login` (multi-user mode).

The login is remembered in `app.storage.user` (server-side, keyed by NiceGUI's signed session
cookie). Every page load re-reads the user from the users file, so a removed user is logged out
and a tenant the user lost is not used any more.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlsplit

from fastapi import Request
from nicegui import Client, app, ui

from vance_ui.accounts.directory import UserDirectory
from vance_ui.settings import Settings

AUTH_KEY = "auth_user"
TENANT_KEY = "tenant"
LOGIN_PATH = "/login"
# per-user choices that must not leak into the next login on the same browser
USER_SCOPED_KEYS = (AUTH_KEY, TENANT_KEY, "session", "project")


@dataclass(frozen=True)
class WebIdentity:
    user: str
    tenant: str
    tenants: tuple[str, ...]
    name: str = ""
    multi_user: bool = False
    admin_of: tuple[str, ...] = ()

    @property
    def admin(self) -> bool:
        """May write the current tenant's `_vance` and project wizards (the local user always)."""
        return not self.multi_user or self.tenant in self.admin_of

    @property
    def display_name(self) -> str:
        return self.name or self.user


def browser_storage() -> dict[str, Any]:
    try:
        return app.storage.user
    except (RuntimeError, AssertionError):
        return {}


def safe_next(target: str | None) -> str:
    """A local path to return to after the login; anything else (other hosts, schemes, `//x`) is `/`."""
    if not target or len(target) > 4000 or not target.startswith("/") or target.startswith("//"):
        return "/"
    if "\\" in target or any(ord(c) < 32 or ord(c) == 127 for c in target):
        return "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or parts.path.startswith(LOGIN_PATH):
        return "/"
    return target


def login_url(request: Request) -> str:
    here = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    return LOGIN_PATH if here == "/" else f"{LOGIN_PATH}?next={quote(here, safe='')}"


def forget_login(storage: dict[str, Any]) -> None:
    for key in USER_SCOPED_KEYS:
        storage.pop(key, None)


def _browser_id(client: Client) -> str | None:
    try:
        value = client.request.session.get("id")
    except (AssertionError, AttributeError, RuntimeError):
        return None
    return value if isinstance(value, str) else None


def log_out_browser(storage: dict[str, Any]) -> None:
    """Forget the login and send every open tab of this browser (same session cookie) to the login."""
    forget_login(storage)
    here = ui.context.client
    browser = _browser_id(here)
    for client in list(app.clients()):
        if browser is not None and _browser_id(client) == browser and not client.is_deleted:
            with client:
                ui.navigate.to(LOGIN_PATH)
    if browser is None:
        ui.navigate.to(LOGIN_PATH)


def current_identity(settings: Settings, directory: UserDirectory | None) -> WebIdentity | None:
    """The identity of this browser; None in multi-user mode when nobody (valid) is logged in."""
    if directory is None:
        return WebIdentity(settings.user, settings.tenant, (settings.tenant,))
    storage = browser_storage()
    user_id = storage.get(AUTH_KEY)
    user = directory.get(user_id) if isinstance(user_id, str) else None
    if user is None:
        if user_id is not None:
            forget_login(storage)
        return None
    chosen = storage.get(TENANT_KEY)
    tenant = chosen if chosen in user.tenants else user.tenants[0]
    storage[TENANT_KEY] = tenant
    return WebIdentity(user.id, tenant, tuple(user.tenants), user.name, multi_user=True,
                       admin_of=tuple(user.admin_of))
