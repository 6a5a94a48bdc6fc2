"""The `/editor` page (issue 16): the wizard editor as a page of its own, reached from the Wizards tab."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import RedirectResponse
from nicegui import ui

from vance_ui.accounts.directory import UserDirectory
from vance_ui.service import WizardService
from vance_ui.web.shell.auth import browser_storage, current_identity, login_url
from vance_ui.web.shell.context import PageContext
from vance_ui.web.shell.i18n import Texts, pick_language
from vance_ui.web.shell.open_pages import OpenPages
from vance_ui.web.shell.theme import apply_theme

EDITOR_PATH = "/editor"
PREVIEW_WAIT_S = 1.0  # the longest the page waits for its preview before it is sent without it


def register_editor_page(service: WizardService, directory: UserDirectory | None, open_pages: OpenPages | None) -> None:
    """The page honours the login, tenant and project exactly as the chat page does."""

    @ui.page(EDITOR_PATH)
    async def editor(request: Request) -> RedirectResponse | None:
        from vance_ui.web.editor.page import Editor  # the page's modules load with the first editor

        identity = current_identity(service.settings, directory)
        if identity is None:
            return RedirectResponse(login_url(request), status_code=303)
        if open_pages is not None:
            open_pages.track(identity)
        storage = browser_storage()
        query = dict(request.query_params)
        lang = pick_language(query.get("lang") or storage.get("lang") or service.language(identity.tenant))
        ctx = PageContext(service, Texts(lang), identity.tenant, identity.user, admin=identity.admin)
        project = query.get("project") or storage.get("project")
        ctx.project_id = project if isinstance(project, str) and project in ctx.projects() else None
        apply_theme(lang)
        # the page's HTML carries the preview: no update after the websocket connects (~90 ms sooner)
        await Editor(ctx, query).previewed(PREVIEW_WAIT_S)
        return None
