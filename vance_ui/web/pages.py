"""Page registration: the chat page at `/`. `/?wizard=<name>&k=v&project=p` deep-links.

Multi-user mode (a users file or accounts in the database: `directory`): `/login` too, and `/` sends
visitors who are not logged in there, keeping where they wanted to go in `?next=`.
"""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import RedirectResponse
from nicegui import app, background_tasks, ui

from vance_ui.accounts.directory import UserDirectory
from vance_ui.service import WizardService
from vance_ui.web.chat.page import ChatPage
from vance_ui.web.editor.route import EDITOR_PATH, register_editor_page
from vance_ui.web.shell.auth import LOGIN_PATH, current_identity, login_url, use_browser_states
from vance_ui.web.shell.changes import ChangeHub
from vance_ui.web.shell.login import LoginGate, register_login_page
from vance_ui.web.shell.open_pages import OpenPages
from vance_ui.web.shell.readiness import ReadinessGate, ReadinessMonitor
from vance_ui.web.shell.warmup import warm_up_model_client


def register_pages(service: WizardService, directory: UserDirectory | None) -> None:
    # Every select's menu closes without a transition: Quasar gives the focus back to the select
    # when the transition ends, which on a busy machine came after the user had clicked the next
    # field (Chromium under load: the next keystrokes went to the select and reopened it).
    ui.select.default_props("transition-duration=0")
    use_browser_states(service.registry.data)
    monitor = ReadinessMonitor(service)  # not ready: page loads answer 503, a proxy sends them elsewhere
    app.add_middleware(ReadinessGate, monitor=monitor, pages=frozenset({"/", LOGIN_PATH, EDITOR_PATH}))
    app.on_startup(lambda: background_tasks.create(monitor.run(), name="readiness checks"))
    hub = ChangeHub()
    hub.attach(service)
    app.on_startup(hub.open)
    app.on_shutdown(hub.close)  # registered before NiceGUI's own task teardown, so it runs first
    warm_up_model_client(service)
    open_pages = OpenPages(directory) if directory is not None else None
    if directory is not None:
        register_login_page(service, LoginGate(directory))
    register_editor_page(service, directory, open_pages)

    @ui.page("/")
    def index(request: Request) -> RedirectResponse | None:
        identity = current_identity(service.settings, directory)
        if identity is None:
            return RedirectResponse(login_url(request), status_code=303)
        if open_pages is not None:
            open_pages.track(identity)
        params = request.query_params
        ChatPage(service, hub, identity, dict(params), list(params.multi_items()))
        return None
