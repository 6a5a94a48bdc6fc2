"""Who the web UI acts as: the single local user, or the user logged in via `/login` (multi-user mode).

The login, like the browser's other choices (tenant, project, chat, language), is remembered in
the document store (`BrowserState`, vance_ui/accounts/browsers.py), keyed by NiceGUI's signed
session cookie, so every instance on the same store serves the browser as logged in. Every page
load re-reads the user from the accounts, so a removed user is logged out and a tenant the user
lost is not used any more.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, MutableMapping
from dataclasses import dataclass
from urllib.parse import quote, urlsplit

from fastapi import Request
from nicegui import Client, app, ui

from vance_ui.accounts.browsers import BrowserStates, State
from vance_ui.accounts.directory import UserDirectory
from vance_ui.documents.store import DocumentStore
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


class BrowserState(MutableMapping[str, str]):
    """This browser's remembered choices: read from the store once per page load, and every
    change written there at once (setting None removes a key; an unchanged value writes nothing),
    so the next page load finds it on whichever instance serves it."""

    def __init__(self, states: BrowserStates | None, browser_id: str | None, values: State) -> None:
        self._states, self._browser_id, self._values = states, browser_id, values

    def __getitem__(self, key: str) -> str:
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __setitem__(self, key: str, value: str | None) -> None:
        self.apply({key: value})

    def __delitem__(self, key: str) -> None:
        if key not in self._values:
            raise KeyError(key)
        self.apply({key: None})

    def apply(self, changes: Mapping[str, str | None]) -> None:
        """Several changes in one write."""
        if all(self._values.get(key) == (value or None) for key, value in changes.items()):
            return
        if self._states is None or self._browser_id is None:
            merged = {**self._values, **changes}
            self._values = {key: value for key, value in merged.items() if value}
            return
        self._values = self._states.update(self._browser_id, changes)


def use_browser_states(store: DocumentStore) -> None:
    """At start-up: browsers' choices are kept in `store` (the app's data store)."""
    app.state.vance_browser_states = BrowserStates(store)


def browser_storage() -> BrowserState:
    """The state of the browser this page (or event) belongs to; read once per page load. Outside
    a page, or without a session cookie, a state of its own that is not kept."""
    try:
        request = ui.context.client.request
    except (RuntimeError, AttributeError):
        return BrowserState(None, None, {})
    known = getattr(request.state, "vance_browser", None)
    if isinstance(known, BrowserState):
        return known
    states: BrowserStates | None = getattr(app.state, "vance_browser_states", None)
    browser = _session_id(request)
    state = BrowserState(states, browser, states.load(browser) if states and browser else {})
    request.state.vance_browser = state
    return state


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


def forget_login(storage: BrowserState) -> None:
    storage.apply(dict.fromkeys(USER_SCOPED_KEYS))


def _session_id(request: Request) -> str | None:
    """NiceGUI's browser id from its signed session cookie."""
    try:
        value = request.session.get("id")
    except (AssertionError, AttributeError, RuntimeError):
        return None
    return value if isinstance(value, str) else None


def _browser_id(client: Client) -> str | None:
    try:
        return _session_id(client.request)
    except (AttributeError, RuntimeError):
        return None


def log_out_browser(storage: BrowserState) -> None:
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
