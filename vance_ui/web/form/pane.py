"""The wizard dialog's form pane: the stepper of a multi-step wizard and the fields.

Reset builds both anew in the same place, so whoever holds the pane (the dialog, its footer, the
draft) reaches the current ones through it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from nicegui import ui

from vance_ui.web.form.fields import FormFields
from vance_ui.web.form.pages import FormPages, StepHandler
from vance_ui.web.shell.i18n import Texts
from vance_ui.wizards.format.schema import Wizard


class FormPane:
    """Built into the current slot; `build` (re)fills it with `wizard`'s pages and fields. `on_step`:
    a visited page's step was pressed."""

    def __init__(self, wizard: Wizard, t: Texts, lang: str, on_change: Callable[[], None],
                 on_step: StepHandler) -> None:
        self.wizard, self.t, self.lang, self._on_change, self._on_step = wizard, t, lang, on_change, on_step
        with ui.column().classes("vance-form-pane"):
            self.box = ui.column().classes("w-full gap-4")  # what a submit reads the typed text of

    def build(self, values: Mapping[str, Any], page: int, first: int | None = None) -> None:
        """The stepper (at `page`) and the fields holding `values`, in place of what was there
        (with `first`: only the first fields until `fields.finish()`)."""
        self.box.clear()
        with self.box:
            self.pages = FormPages(self.wizard.pages, self.lang, self.t, page, on_step=self._on_step)
            self.fields = FormFields(self.wizard.fields, values, self.t, self.lang,
                                     on_change=self._on_change, place=self.pages.place, first=first)

    def values(self) -> dict[str, Any]:
        return self.fields.values()
