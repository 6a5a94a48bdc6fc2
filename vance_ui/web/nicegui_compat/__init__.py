"""Everything that relies on NiceGUI's internals, one module per piece; each module's docstring says
what it relies on and what it buys, and docs/nicegui-upgrade.md lists them with the tests that fail
when NiceGUI changes underneath. `install(app)` sets up the process-wide pieces, once, from app.py;
the others are used where they are needed:

- `speedups`: remembers `expects_arguments` per function (installed here).
- `fast_paths`: NiceGUI's page middlewares off the API, probes and static files (installed here,
  at start-up, after `ui.run` has added them).
- `code_editor`: a CodeMirror that takes the server's text only when the server set it.
- `value_sync`: the chat input takes a new value in the same message as its update.
- `submit`: submit actions carry the text the browser shows (with assets/submit.js).
- `page_language`: `<html lang>` per visitor.
- `icon_font`: where NiceGUI's icon font is, to preload it.
"""

from __future__ import annotations

from nicegui.app import App

from vance_ui.web.nicegui_compat import fast_paths, speedups


def install(app: App) -> None:
    """Call once, before `ui.run`; the middleware part runs at start-up, before the app's own
    start-up handlers registered after this call."""
    speedups.install()
    app.on_startup(fast_paths.install_fast_paths)
