"""The form's "Fill from chat": the fast model fills the empty fields from the current chat.

The button sits beside Check and, like it, is off with the reason when no model is configured. A
fill asks the service (which keeps only what the form's validation accepts, never a password, never
a hidden or typed field), rebuilds the form with the new values, marks each filled field "From the
chat" until the user edits it, and says in the status line how many fields were filled and why
any were left out, with one Undo that brings the form back as it was. A failed fill leaves the form
as it was and says why.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from nicegui import ui

from vance_ui.chat.engine import ChatMessage
from vance_ui.llm.client import LlmError
from vance_ui.service import ChatNotFound, RenderFailed, WizardNotFound
from vance_ui.web.form.pane import FormPane
from vance_ui.web.form.status import StatusLine
from vance_ui.web.shell.context import PageContext
from vance_ui.wizards.filling.fill import FillResult
from vance_ui.wizards.format.localization import localize

#: the chat the form was opened over: its messages so far and the text in its input
Conversation = Callable[[], tuple[Sequence[ChatMessage], str]]
#: the form rebuilt with these values, at this page
Rebuild = Callable[[dict[str, Any], int], None]


class ChatFill:
    def __init__(self, ctx: PageContext, name: str, pane: FormPane, status: StatusLine,
                 conversation: Conversation | None, rebuild: Rebuild, changed: Callable[[], None]) -> None:
        self.ctx, self.name, self.pane, self.status = ctx, name, pane, status
        self._conversation, self._rebuild, self._changed = conversation, rebuild, changed
        self._running = False
        self.button = ui.button(ctx.t("fill_from_chat"), icon="forum", on_click=self.fill) \
            .props("outline no-caps").mark("wizard-fill")
        if not self.available:
            self.button.disable()

    @property
    def available(self) -> bool:
        """A model to ask and a chat to read."""
        return self._conversation is not None and self.ctx.service.validator_model() is not None

    async def fill(self) -> None:
        if self._running or self._conversation is None:
            return
        t = self.ctx.t
        self._running = True
        self.button.props("loading")
        before, page = self.pane.values(), self.pane.pages.current
        messages, draft = self._conversation()
        try:
            result = await self.ctx.service.prefill(self.ctx.scope, self.name, before, messages, draft, self.ctx.lang)
        except (LlmError, RenderFailed, WizardNotFound, ChatNotFound) as problem:
            message = problem.message if isinstance(problem, LlmError) else str(problem)
            self.status.show([t("fill_failed", error=message)], "error")
            return
        finally:
            self._running = False
            self.button.props(remove="loading")
        reasons = self._reasons(result)
        if not result.filled:
            self.status.show([t("fill_nothing"), *reasons], "hint")
            return
        self._rebuild(result.values, page)
        self.pane.fields.mark_filled(result.filled)
        self._changed()
        count = len(result.filled)
        said = t("fill_done_one") if count == 1 else t("fill_done", n=count)
        self.status.offer(said, t("undo"), lambda: self._undo(before, page), details=reasons)

    def _reasons(self, result: FillResult) -> list[str]:
        labels = {f.name: localize(f.label, self.ctx.lang) for f in self.pane.wizard.fields}
        return [self.ctx.t("fill_left_out", field=labels.get(d.field, d.field), reason=d.message(self.ctx.lang))
                for d in result.dropped if d.reason != "typed"]

    def _undo(self, values: dict[str, Any], page: int) -> None:
        self._rebuild(values, page)
        self._changed()
        self.status.show([self.ctx.t("fill_undone")], "hint")
