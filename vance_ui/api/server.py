"""The REST API on its own, in worker processes (`vance api`), next to the web app.

The web app serves the API too, but on the event loop that also builds pages: under `make load`
a chat page is ~17 ms of uninterrupted Python and CPython's full garbage collections over the
live pages' elements stall that loop ~0.2 s more than once a second, so API calls queue behind
them. Served from its own processes the API shares nothing with the pages but the data
directory: each worker has its own registry and file watcher, reads the same files and users
file, and sees the app's wizard changes as any other writer's.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import uvicorn
from fastapi import FastAPI

from vance_ui.accounts.directory import open_user_directory
from vance_ui.accounts.startup import check_startup
from vance_ui.api.app_setup import API_TITLE, install_guards, mount_api
from vance_ui.memory import building_long_lived_objects
from vance_ui.runtime import configure_logging, create_service
from vance_ui.settings import Settings

MAX_WORKERS = 16


def create_app() -> FastAPI:
    """One worker's app (uvicorn calls this in every worker process)."""
    settings = Settings()
    configure_logging(settings)
    check_startup(settings)
    service = create_service(settings)
    users = open_user_directory(settings, service.registry.data)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        if settings.watch:
            service.start_watching()
        with building_long_lived_objects():
            service.warm_up()
        yield
        service.close()

    app = FastAPI(title=API_TITLE, lifespan=lifespan)
    mount_api(app, service, users)
    install_guards(app, settings, json_everywhere=True)
    return app


def serve(host: str, port: int, workers: int) -> None:
    """Blocks until stopped (Ctrl+C or SIGTERM); uvicorn restarts a worker that dies."""
    uvicorn.run("vance_ui.api.server:create_app", factory=True, host=host, port=port,
                workers=max(1, min(workers, MAX_WORKERS)), log_level=Settings().log_level.lower(),
                access_log=False)
