"""The `/` menu of the web chat: type `/` at the start of the input to pick a wizard.

Which wizards match, and what a typed command means, is decided here on the server with the
rules `vance chat` uses too (vance_ui/chat/slash.py), over the service's listing for this
context (the Wizards tab's). The browser part (assets/slash_menu.js) only shows the matches as a
listbox and handles the keys. Choosing a wizard, or `/name` + Enter, opens its form the way the
Wizards tab does; a command that names no wizard is not sent, and the hint below the input says
why (and that `//text` sends `/text`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from nicegui import ui
from nicegui.element import Element
from nicegui.events import GenericEventArguments

from vance_ui.chat.slash import WIZARD_COMMAND, ChatInput, match_wizards, menu_query
from vance_ui.documents.store import InvalidDocumentPath
from vance_ui.service import WizardNotFound
from vance_ui.settings import PACKAGE_ROOT
from vance_ui.web.shell.context import PageContext
from vance_ui.web.shell.icons import wizard_icon
from vance_ui.wizards.catalog.views import WizardSummary

MAX_OPTIONS = 8
LIST_ID = "vance-slash-list"


class SlashMenu(Element, component=PACKAGE_ROOT.parent / "assets" / "slash_menu.js"):
    """The listbox above the chat input, and the hint that says why a command was not sent."""

    def __init__(self, ctx: PageContext, field: ui.textarea, on_open: Callable[[str], None]) -> None:
        super().__init__()
        self.ctx, self.field, self.on_open = ctx, field, on_open
        self._listing: Sequence[WizardSummary] | None = None  # read when a command starts, kept while it is typed
        self._props["options"] = []
        self._props["query"] = None
        self._props["inputId"] = field.html_id
        self._props["listId"] = LIST_ID
        self._props["label"] = ctx.t("slash_label")
        self._props["keys"] = ctx.t("slash_keys")
        self.classes("vance-slash").mark("slash-menu")
        self.on("choose", self._chosen)
        # always in the page, empty when there is nothing to say: a live region that appears is not always read
        self.hint = ui.label().classes("vance-slash-hint").props('role=status aria-live=polite').mark("slash-hint")
        self._props["hintId"] = self.hint.html_id

    @property
    def options(self) -> list[dict[str, Any]]:
        return list(self._props["options"])

    def text_changed(self, text: str) -> None:
        """Follow the input: the matches for the command being typed, or no menu."""
        if self.hint.text:
            self.hint.text = ""
        query = menu_query(text)
        options: list[dict[str, str]] = []
        if query is None:
            self._listing = None
        else:
            options = [{"name": w.name, "title": w.title, "icon": wizard_icon(w.icon)}
                       for w in match_wizards(self.listing(), query, MAX_OPTIONS)]
        if query != self._props["query"] or options != self._props["options"]:
            self._props["query"] = query
            self._props["options"] = options
            self.update()

    def listing(self) -> Sequence[WizardSummary]:
        if self._listing is None:
            self._listing = self.ctx.service.list_wizards(self.ctx.scope, self.ctx.lang)
        return self._listing

    def run(self, line: ChatInput) -> None:
        """Enter (or the send button) on a command: open its wizard, or say why nothing was sent."""
        listed = [w.name for w in self.listing()]
        name = line.wizard_name(listed)
        if name is not None and self._exists(name):
            self._open(name)
        elif line.text in listed and line.rest:
            self._say("slash_extra", name=line.text)
        elif line.text == WIZARD_COMMAND and line.rest:
            self._say("slash_unknown", name=line.rest.split()[0][:60])
        elif line.text and line.text != WIZARD_COMMAND:
            self._say("slash_unknown", name=line.text[:60])
        else:
            self._say("slash_empty")

    def _chosen(self, event: GenericEventArguments) -> None:
        args = event.args
        name = args.get("name") if isinstance(args, dict) else None
        if isinstance(name, str) and name in (w.name for w in self.listing()):
            self._open(name)

    def _open(self, name: str) -> None:
        self.field.value = ""  # the command is done; the form's prompt comes back into the input
        self.on_open(name)

    def _exists(self, name: str) -> bool:
        """`/wizard <name>` may open an unlisted wizard, as a link can; an unknown one is refused."""
        try:
            self.ctx.service.definition(self.ctx.scope, name, self.ctx.lang)
        except (WizardNotFound, InvalidDocumentPath):
            return False
        return True

    def _say(self, key: str, **params: str) -> None:
        self.hint.text = self.ctx.t(key, **params)
