"""Import litellm in a background thread at startup when a model is configured.

Its first import takes seconds; done lazily inside the first chat run it would block the one
event loop (every open page) for that long.
"""

from __future__ import annotations

import logging
import threading

from nicegui import app

from vance_ui.llm.client import import_litellm
from vance_ui.service import WizardService

log = logging.getLogger("vance_ui.web")


def _import_litellm() -> None:
    try:
        import_litellm()  # the same settings the first real call would apply
    except Exception:  # the real call reports any problem in words a user can act on
        log.debug("litellm warm-up failed", exc_info=True)


def warm_up_model_client(service: WizardService) -> None:
    def start() -> None:
        if service.chat_model() is not None or service.validator_model() is not None:
            threading.Thread(target=_import_litellm, name="litellm-warmup", daemon=True).start()

    app.on_startup(start)
