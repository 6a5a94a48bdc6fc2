"""Why the form was refused (Next, a step, Use prompt), shown until it is fixed.

Each error is shown at its field and named in the status line as a link that goes there
("Description / role / persona, entry 2: This field is required."); the first field gets the focus,
scrolled into view. From then on every report of the service (after each change) says which of
those fields still fail: the status and the fields follow it, and both are gone once all are fixed.
A field that passed then is not flagged while the user types; the next Next or Use prompt does.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from vance_ui.web.form.pane import FormPane
from vance_ui.web.form.status import FieldLink, StatusLine
from vance_ui.web.form.widgets import FieldWidget
from vance_ui.web.shell.i18n import Texts
from vance_ui.wizards.format.paths import Path
from vance_ui.wizards.rules.validation import FieldError

Shown = tuple[str, ...]  # what the status names, a line per field


class Problems:
    """`go_to(widget)` shows the widget's page and focuses it (the footer's)."""

    def __init__(self, pane: FormPane, status: StatusLine, t: Texts, go_to: Callable[[FieldWidget], Any]) -> None:
        self.pane, self.status, self.t, self._go_to = pane, status, t, go_to
        self.flagged: frozenset[Path] = frozenset()
        self._shown: Shown = ()

    def refuse(self, errors: Sequence[FieldError]) -> None:
        """Flag these fields, show why, focus the first one."""
        self.flagged, self._shown = frozenset(error.path for error in errors), ()
        first = self._show(errors)
        if first is not None:
            self._go_to(first)

    def follow(self, errors: Sequence[FieldError]) -> None:
        """The service's errors for the values now: those of the flagged fields are shown."""
        if not self.flagged:
            return
        still = [error for error in errors if error.path in self.flagged]
        if not still:
            self.clear()
            return
        self._show(still, status=self.status.kind == "error")

    def clear(self) -> None:
        """Nothing flagged, no error at any field; the status only if it shows problems."""
        self.flagged, self._shown = frozenset(), ()
        self.pane.fields.show_errors([])
        if self.status.kind == "error":
            self.status.clear()

    def _show(self, errors: Sequence[FieldError], status: bool = True) -> FieldWidget | None:
        """At the fields and (with `status`) in the status line; returns the first field."""
        unplaced = self.pane.fields.show_errors(errors)
        lang = self.t.lang
        named: dict[int, tuple[FieldWidget, list[str]]] = {}
        for error in errors:
            widget = self.pane.fields.locate(error.path)
            if widget is not None:
                named.setdefault(id(widget), (widget, []))[1].append(error.message(lang))
        fields = [(widget, f"{widget.name}: {' '.join(dict.fromkeys(texts))}") for widget, texts in named.values()]
        others = [f"{error.field}: {error.message(lang)}" for error in unplaced]
        shown = (*(text for _, text in fields), *others)
        if status and shown != self._shown:
            self._shown = shown
            count = len(shown)
            summary = self.t("form_invalid_one") if count == 1 else self.t("form_invalid", n=count)
            links = [FieldLink(text, widget.box, functools.partial(self._go_to, widget)) for widget, text in fields]
            self.status.show([summary, *others], "error", links)
        return fields[0][0] if fields else None
