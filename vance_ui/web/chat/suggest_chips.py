"""Wizard suggestions above the chat input: up to three chips for the wizards that fit what is typed.

The browser part (assets/suggest_chips.js) debounces typing and asks with the text; the answer is
the service's ranking (`WizardService.suggest`, the API's `?q=`) over this context's listing,
computed off the event loop. A polite live region, always in the page, says when the suggested
wizards change. Opening a chip opens the wizard as the Wizards tab does, and the field marked
`fromMessage: true` receives the typed text.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from nicegui import ui
from nicegui.element import Element
from nicegui.events import GenericEventArguments

from vance_ui.documents.store import InvalidDocumentPath
from vance_ui.service import WizardNotFound
from vance_ui.settings import PACKAGE_ROOT
from vance_ui.usage.events import OpenedFrom
from vance_ui.web.shell.context import PageContext
from vance_ui.web.shell.icons import wizard_icon
from vance_ui.wizards.catalog.suggest import MAX_SUGGESTIONS, MAX_TEXT, WizardMatch
from vance_ui.wizards.catalog.views import message_field

DEBOUNCE_MS = 50  # short: the chip should follow a keystroke within 100 ms (bench: browser.keystroke_chip)


class OpenWizard(Protocol):
    def __call__(self, name: str, prefill: Mapping[str, str] | None = None,
                 opened_from: OpenedFrom = OpenedFrom.TAB) -> None: ...


class SuggestChips(Element, component=PACKAGE_ROOT.parent / "assets" / "suggest_chips.js"):
    """The chips; `announcer` is the live region that reads out a change of them."""

    def __init__(self, ctx: PageContext, on_open: OpenWizard) -> None:
        super().__init__()
        self.ctx, self.on_open = ctx, on_open
        self._answered = 0  # the newest query answered: an older one finishing later is dropped
        self._props.update(chips=[], answered=0, reset=0, inputId=None, label=ctx.t("suggest_label"),
                           keys=ctx.t("suggest_keys"), delay=DEBOUNCE_MS)
        self.classes("vance-suggest-row").mark("suggest-chips")
        self.on("query", self._query)
        self.on("open", self._open)
        self.announcer = ui.label().classes("vance-sr-only").props('role=status aria-live=polite') \
            .mark("suggest-status")

    def follow(self, field: ui.textarea) -> None:
        self._props["inputId"] = field.html_id
        self.update()

    @property
    def chips(self) -> list[dict[str, Any]]:
        return list(self._props["chips"])

    def reset(self) -> None:
        """The message was sent or replaced: no chips, and hidden wizards may come back."""
        self._show([])
        self._props["reset"] += 1
        self.update()

    async def _query(self, event: GenericEventArguments) -> None:
        args = event.args if isinstance(event.args, dict) else {}
        text, seq, dismissed = args.get("text"), args.get("seq"), args.get("dismissed")
        if not isinstance(text, str) or not isinstance(seq, int):
            return
        hidden = {name for name in dismissed if isinstance(name, str)} if isinstance(dismissed, list) else set()
        found = await asyncio.to_thread(self._suggest, text[:MAX_TEXT], hidden)
        if seq < self._answered:
            return
        self._answered = self._props["answered"] = seq
        self._show(found)
        self.update()

    def _suggest(self, text: str, hidden: set[str]) -> list[WizardMatch]:
        if not text.strip() or text.lstrip().startswith("/"):
            return []
        return self.ctx.service.suggest(self.ctx.scope, text, self.ctx.lang, MAX_SUGGESTIONS, hidden)

    def _show(self, found: Sequence[WizardMatch]) -> None:
        t = self.ctx.t
        chips = [{"name": m.wizard.name, "title": m.wizard.title, "icon": wizard_icon(m.wizard.icon),
                  "openLabel": t("suggest_open", title=m.wizard.title),
                  "dismissLabel": t("suggest_dismiss", title=m.wizard.title)} for m in found]
        if [c["name"] for c in chips] != [c["name"] for c in self._props["chips"]]:
            titles = ", ".join(c["title"] for c in chips)
            self.announcer.text = "" if not chips else (
                t("suggest_found_one", titles=titles) if len(chips) == 1 else
                t("suggest_found", n=str(len(chips)), titles=titles))
        self._props["chips"] = chips

    def _open(self, event: GenericEventArguments) -> None:
        args = event.args if isinstance(event.args, dict) else {}
        name, text = args.get("name"), args.get("text")
        if not isinstance(name, str) or name not in (c["name"] for c in self._props["chips"]):
            return
        prefill: dict[str, str] | None = None
        try:
            field = message_field(self.ctx.service.definition(self.ctx.scope, name, self.ctx.lang))
        except (WizardNotFound, InvalidDocumentPath):
            field = None
        if field is not None and isinstance(text, str) and text.strip():
            prefill = {field: text}
        self.on_open(name, prefill, opened_from=OpenedFrom.CHIP)
