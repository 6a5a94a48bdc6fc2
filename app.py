"""Vance Prompt Wizards: the web app (NiceGUI) with its REST API. Start with `make run`."""

from __future__ import annotations

from nicegui import app, background_tasks, run, ui

from vance_ui.accounts.directory import open_user_directory
from vance_ui.accounts.startup import check_startup
from vance_ui.api.app_setup import install_guards, mount_api
from vance_ui.memory import building_long_lived_objects, limit_malloc_arenas, trim_memory
from vance_ui.runtime import configure_logging, create_service, storage_secret
from vance_ui.settings import PACKAGE_ROOT, Settings
from vance_ui.web import nicegui_compat
from vance_ui.web.pages import register_pages
from vance_ui.web.shell import installable, store_notice
from vance_ui.web.shell.not_found import install_plain_404

limit_malloc_arenas()  # before the first thread-pool thread exists
nicegui_compat.install(app)
settings = Settings()
configure_logging(settings)
check_startup(settings)
service = create_service(settings)
users = open_user_directory(settings, service.registry.data)
mount_api(app, service, users)
install_plain_404(app)
register_pages(service, users)
store_notice.install()
installable.install(app)  # the web app manifest, the service worker and the offline page
app.add_static_files("/assets", str(PACKAGE_ROOT.parent / "assets"))


def _warm_up() -> None:
    with building_long_lived_objects():
        service.warm_up()


def _start_watching() -> None:
    if settings.watch:
        service.start_watching()
    background_tasks.create(run.io_bound(_warm_up), name="warm up wizards")


def _install_guards() -> None:
    """At start-up: NiceGUI adds its own middlewares in `ui.run`, after this module's code; the
    host check and security headers go outside all of them."""
    install_guards(app, settings)


app.on_startup(_install_guards)
app.timer(30, trim_memory)
app.on_startup(_start_watching)
app.on_shutdown(service.close)  # stop watching, end the render workers

if __name__ in {"__main__", "__mp_main__"}:
    ui.run(
        host=settings.host,
        port=settings.port,
        title="Vance Prompt Wizards",
        reload=False,
        show=False,
        storage_secret=storage_secret(settings),
        # the session cookie only carries NiceGUI's signed browser id; spelled out so it stays this way
        session_middleware_kwargs={"same_site": "lax", "https_only": settings.cookie_secure},
        favicon=PACKAGE_ROOT.parent / "assets" / "favicon.svg",
        show_welcome_message=True,
        tailwind=False,  # the utilities the pages use come as assets/tailwind.css (vance_ui/web/shell/tailwind.py)
    )
