"""While the document store cannot be reached (PostgreSQL down or restarting), pages say so instead
of failing with a traceback: a page that cannot be built shows a notice and retries by itself, an
action that cannot be saved shows a warning. The store logs the outage once; so do we."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

from nicegui import app, ui
from nicegui.logging import log as nicegui_log

from vance_ui.documents.store import StoreUnavailable
from vance_ui.web.shell.theme import TAILWIND_LINK

log = logging.getLogger("vance_ui.web")
MESSAGE = "The document store cannot be reached right now. Nothing you saved is lost; this page retries by itself."


def _page_failed(error: Exception) -> None:
    ui.add_head_html(TAILWIND_LINK)  # a page of its own, without the theme: its classes need the stylesheet
    if isinstance(error, StoreUnavailable):
        with ui.column().classes("p-8 gap-2").props('role="alert"'):
            ui.label("Temporarily unavailable").classes("text-xl font-semibold")
            ui.label(MESSAGE)
        ui.timer(3.0, lambda: ui.navigate.reload(), once=True)
        return
    ui.label("Something went wrong while building this page; the server log names the cause.").props('role="alert"')


def _report(error: Exception) -> None:
    """NiceGUI's default (log.exception) for everything but an outage, which is one line and a warning."""
    if not isinstance(error, StoreUnavailable):
        log.exception("unhandled error", exc_info=error)
        return
    log.info("request not served: %s", error)
    with contextlib.suppress(Exception):  # there may be no page to show it on
        ui.notify(MESSAGE, type="warning")


def install() -> None:
    app.on_page_exception(_page_failed)
    handlers: list[Any] = app._exception_handlers  # the default one logs a traceback per failed request
    handlers[:] = [_report if handler == nicegui_log.exception else handler for handler in handlers]
