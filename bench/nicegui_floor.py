"""The framework's floor for the Lighthouse rows: a NiceGUI page with one heading and one button,
served as the app serves its pages (the same NiceGUI, Tailwind's in-browser compiler off), on
VANCE_HOST:VANCE_PORT. What Lighthouse measures here, every NiceGUI page pays before its own content."""

from __future__ import annotations

import os

from nicegui import ui


@ui.page("/")
def floor() -> None:
    ui.label("A NiceGUI page").classes("text-2xl")
    ui.button("A button")


ui.run(host=os.environ["VANCE_HOST"], port=int(os.environ["VANCE_PORT"]), title="NiceGUI floor", reload=False,
       show=False, tailwind=False)
