"""Page registration: the chat page at `/` (issue 3). `/?wizard=<name>&k=v&project=p` deep-links."""

from __future__ import annotations

from fastapi import Request
from nicegui import ui

from vance_ui.service import WizardService
from vance_ui.web.changes import ChangeHub
from vance_ui.web.chat_page import ChatPage
from vance_ui.web.warmup import warm_up_model_client


def register_pages(service: WizardService) -> None:
    hub = ChangeHub()
    hub.attach(service)
    warm_up_model_client(service)

    @ui.page("/")
    def index(request: Request) -> None:
        params = request.query_params
        ChatPage(service, hub, dict(params), list(params.multi_items()))
