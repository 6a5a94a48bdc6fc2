"""Open pages follow changes to the users file: a removed user's tabs go to the login page, a tab
of a tenant the user lost reloads into one they still have.

Page loads already re-read the users file (`current_identity`); this covers tabs that stay open.
"""

from __future__ import annotations

from nicegui import app, ui

from vance_ui.accounts.directory import UserDirectory
from vance_ui.web.shell.auth import LOGIN_PATH, WebIdentity

CHECK_SECONDS = 3.0


class OpenPages:
    def __init__(self, directory: UserDirectory) -> None:
        self.directory = directory
        self._pages: dict[str, tuple[str, str]] = {}  # client id -> (user, tenant)
        app.timer(CHECK_SECONDS, self.check)

    def track(self, identity: WebIdentity) -> None:
        """Call while building a page for `identity`."""
        client = ui.context.client
        self._pages[client.id] = (identity.user, identity.tenant)
        client.on_delete(lambda: self._pages.pop(client.id, None))

    def check(self) -> None:
        for client_id, (user_id, tenant) in list(self._pages.items()):
            user = self.directory.get(user_id)
            if user is not None and tenant in user.tenants:
                continue
            self._pages.pop(client_id, None)
            client = next((c for c in app.clients() if c.id == client_id), None)
            if client is None or client.is_deleted:
                continue
            with client:
                ui.navigate.to(LOGIN_PATH if user is None else "/")
