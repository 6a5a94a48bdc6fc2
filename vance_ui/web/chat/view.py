"""The transcript and the input box; sending runs the chat engine and streams the answer.

Sending starts the model call first; saving the session (in a thread) and refreshing the
session list (only when the first message gave the chat its title) happen while the request is
on its way. After the answer, the list is re-read off the event loop and rebuilt only if its
order, a title or a shown time changed. Markdown updates are throttled (each update resends
the whole text) and flushed at the end; the progress panel is updated in the same tick, so each
throttled update is one websocket message. Scroll-following happens in the browser
(assets/vance.js follows the message marked `vance-streaming` while the user is at the bottom),
not with a message per update.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable

from nicegui import background_tasks, run, ui

from vance_ui.chat.drafts import Draft
from vance_ui.chat.engine import ChatEngine, ChatMessage, RunProgress
from vance_ui.chat.origin import PromptOrigin
from vance_ui.chat.sessions import ChatSession, StoredMessage, title_from
from vance_ui.chat.slash import read_input
from vance_ui.documents.store import InvalidDocumentPath
from vance_ui.llm.client import LlmError
from vance_ui.service import WizardNotFound
from vance_ui.usage.events import OpenedFrom, Step
from vance_ui.web.chat.input_draft import InputKeeper
from vance_ui.web.chat.messages import AssistantMessage, EditInForm, stored_message, user_message
from vance_ui.web.chat.progress_panel import ProgressPanel
from vance_ui.web.chat.quick_start import quick_start_cards
from vance_ui.web.chat.slash_menu import SlashMenu
from vance_ui.web.chat.suggest_chips import OpenWizard, SuggestChips
from vance_ui.web.nicegui_compat.submit import on_submit
from vance_ui.web.nicegui_compat.value_sync import follow_value_updates
from vance_ui.web.shell.a11y import aria
from vance_ui.web.shell.context import PageContext
from vance_ui.wizards.rules.secrets import has_password

# <= 12.5 Markdown updates/s; the progress panel rides along (its own timer stays quiet while
# updates come this often), so streaming sends at most ~12.5 websocket messages/s (target: 20)
THROTTLE_SECONDS = 0.08


class ChatView:
    def __init__(self, ctx: PageContext, engine: ChatEngine, progress: ProgressPanel, session: ChatSession,
                 on_open_wizard: OpenWizard, on_edit_in_form: EditInForm, on_sessions_changed: Callable[[], None],
                 on_run_started: Callable[[], None]) -> None:
        self.ctx, self.engine, self.progress_panel = ctx, engine, progress
        self.session = session
        self.on_open_wizard, self.on_edit_in_form = on_open_wizard, on_edit_in_form
        self.on_sessions_changed = on_sessions_changed
        self.on_run_started = on_run_started
        self.task: asyncio.Task[None] | None = None
        self.keeper: InputKeeper | None = None  # with the input, in build_input
        # the wizard form whose prompt is in the input (until it is emptied); the sent message keeps it
        self.prompt_from: PromptOrigin | None = None
        self.chips: SuggestChips | None = None  # with the input, in build_input
        self.transcript = ui.column().classes("vance-transcript w-full gap-5").mark("transcript")
        self.show_session(session)

    def build_input(self) -> None:
        """The composer; placed in the page footer by the caller."""
        t = self.ctx.t
        # The kept input is the textarea's value from the start: assigned after creation, it would be
        # sent again at the websocket handshake and replace what was typed before it (test_browser.py)
        kept = self.ctx.inputs.load(self.session.id) or ""
        chips = self.chips = SuggestChips(self.ctx, self.on_open_wizard)  # above the composer, in the flow
        with ui.row().classes("vance-composer w-full items-end no-wrap"):
            self.input = aria(ui.textarea(placeholder=t("message_placeholder"), value=kept), label=t("message")) \
                .props("autogrow outlined rows=1 input-class=vance-input-text").classes("grow") \
                .mark("chat-input")
            follow_value_updates(self.input)  # a prompt is in the input with the update that closes its form
            on_submit(self.input, "keydown.enter.exact.prevent", [self.input], self.send, accepts=self._idle)
            self.send_button = aria(ui.button(icon="arrow_upward"), label=t("send")) \
                .props("round unelevated").tooltip(t("send")).mark("chat-send")
            on_submit(self.send_button, "click", [self.input], self.send, accepts=self._idle)
            self.stop_button = aria(ui.button(icon="stop", on_click=self.stop), label=t("stop")) \
                .props("round unelevated color=negative").tooltip(t("stop")).mark("chat-stop")
            self.stop_button.visible = False
        self.slash = SlashMenu(self.ctx, self.input,
                               lambda name: self.on_open_wizard(name, opened_from=OpenedFrom.SLASH))
        chips.follow(self.input)
        self.keeper = InputKeeper(self.ctx.inputs, self.input)
        self.keeper.show(self.session.id)
        self.input.on_value_change(lambda e: self._input_changed(e.value or ""))

    # -- sessions -------------------------------------------------------------------------------

    def show_session(self, session: ChatSession) -> None:
        self.stop()
        self.session = session
        if self.keeper is not None:
            self.keeper.show(session.id)
        self._reset_chips()
        self.transcript.clear()
        with self.transcript:
            if not session.messages:
                wizards = self.ctx.service.list_wizards(self.ctx.scope, self.ctx.lang)
                quick_start_cards(wizards, self.ctx.service.most_used(self.ctx.scope), self.ctx.t,
                                  lambda name: self.on_open_wizard(name, opened_from=OpenedFrom.CARD))
            titles = self._wizard_titles() if any(m.origin is not None for m in session.messages) else {}
            for message in session.messages:
                stored_message(message, self.ctx.t, self.on_edit_in_form, titles)
        if session.messages:  # a chat opens at its latest message, also after a reload
            self.transcript.client.run_javascript("vance.scrollToEnd(true)")

    def _wizard_titles(self) -> dict[str, str]:
        """The titles of the wizards one can open here, by name (what "Edit in form" is named after)."""
        return {w.name: w.title for w in self.ctx.service.list_wizards(self.ctx.scope, self.ctx.lang)}

    def refresh_quick_start(self) -> None:
        if not self.session.messages and self.task is None:
            self.show_session(self.session)

    # -- input ----------------------------------------------------------------------------------

    def _input_changed(self, text: str) -> None:
        if not text.strip():
            self.prompt_from = None
        self.slash.text_changed(text)
        if self.keeper is not None:
            self.keeper.changed(text)

    def _reset_chips(self) -> None:
        if self.chips is not None:
            self.chips.reset()

    def conversation(self) -> tuple[list[ChatMessage], str]:
        """What Fill from chat reads: this chat's messages so far and the text being typed."""
        return self.session.conversation(), str(self.input.value or "")

    def use_wizard_prompt(self, wizard: str, prompt: str, form: Draft) -> None:
        """A wizard's result, rendered from `form`; not kept on disk when that wizard has a password
        field (input_draft.py). Without the wizard (gone meanwhile) the message keeps no values."""
        try:
            loaded = self.ctx.service.wizard(self.ctx.scope, wizard)
            secret = has_password(loaded.definition.fields)
            origin = PromptOrigin.of(loaded, form)
        except (WizardNotFound, InvalidDocumentPath):
            secret = True  # cannot tell: the safe side
            origin = PromptOrigin(wizard, "", "", Draft({}))
        self.set_prompt(prompt, secret=secret)
        self.prompt_from = origin

    def set_prompt(self, prompt: str, *, secret: bool) -> None:
        """A wizard's result: replaces the input text, focused for editing; nothing is sent."""
        self._reset_chips()
        if self.keeper is not None:
            self.keeper.set_prompt(prompt, secret=secret)
        else:
            self.input.value = prompt
        self.input.run_method("focus")

    async def send(self) -> None:
        if self.task is not None:
            return
        line = read_input(self.input.value or "")
        if line.kind == "command":  # a wizard to open, or a hint why nothing was sent
            self.slash.run(line)
            return
        text = line.text
        if not text:
            return
        origin, self.prompt_from = self.prompt_from, None
        if origin is not None:
            self.ctx.service.count(self.ctx.scope, origin.wizard, Step.SENT)
        self.input.value = ""
        self._reset_chips()
        session = self.session
        if not session.messages:
            self.transcript.clear()  # the quick-start cards go away with the first message
        session.messages.append(StoredMessage("user", text, origin=origin))
        titled = not session.title
        if titled:
            session.title = title_from(text)
        with self.transcript:
            user_message(text, self.ctx.t, origin, self.on_edit_in_form,
                         self._wizard_titles().get(origin.wizard) if origin is not None else None)
            reply = AssistantMessage(self.ctx.t, self.engine.label, self.engine.is_echo)
        progress = RunProgress(model=self.engine.label)
        self._running(True)
        saved: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        # the run's first step (building and sending the request) comes before the bookkeeping below
        self.task = background_tasks.create(self._run(session, reply, progress, saved), name="chat-run")
        background_tasks.create(self._save_new_turn(session, titled, saved), name="chat-save")
        self._scroll_down()
        self.progress_panel.start(progress, self.stop)
        self.on_run_started()

    async def _save_new_turn(self, session: ChatSession, titled: bool, saved: asyncio.Future[None]) -> None:
        try:
            await run.io_bound(self.ctx.sessions.save, session)
        finally:
            saved.set_result(None)
        if titled:
            self.on_sessions_changed()  # the new title; the list reads the files off the event loop

    def _idle(self) -> bool:
        return self.task is None

    def stop(self) -> None:
        if self.task is not None and not self.task.done():
            self.task.cancel()

    async def _run(self, session: ChatSession, reply: AssistantMessage, progress: RunProgress,
                   saved: asyncio.Future[None]) -> None:
        parts: list[str] = []
        answer: list[StoredMessage] = []  # added to the session once the user's message is saved
        last = 0.0
        try:
            async for delta in self.engine.stream(session.conversation(), progress):
                parts.append(delta)
                now = time.monotonic()
                if now - last >= THROTTLE_SECONDS:
                    reply.set_text("".join(parts))
                    self.progress_panel.update()  # in the same websocket message as the text
                    last = now
            reply.set_text("".join(parts))
            reply.done()
            answer.append(StoredMessage("assistant", "".join(parts), engine=self.engine.label))
        except LlmError as error:
            if progress.state not in ("failed", "done"):
                progress.finish("failed", error)
            answer += self._keep_partial(reply, parts)
            reply.show_error(error.message, self.ctx.t)
            answer.append(StoredMessage("assistant", error.message, error=True))
        except asyncio.CancelledError:
            progress.finish("stopped")
            answer += self._keep_partial(reply, parts)
        finally:
            if not saved.done():
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.shield(saved)
            session.messages.extend(answer)
            self.task = None
            self._running(False)
            self.progress_panel.finish()
            if session is self.session or self.ctx.sessions.get(session.id) is not None:
                self.ctx.sessions.save(session)  # not when the chat was deleted while it ran
                self.on_sessions_changed()  # its new place and time; rebuilt only if those show a change
            self._scroll_down()

    def _keep_partial(self, reply: AssistantMessage, parts: list[str]) -> list[StoredMessage]:
        reply.set_text("".join(parts))
        reply.done()
        return [StoredMessage("assistant", "".join(parts), engine=self.engine.label)] if parts else []

    def _running(self, running: bool) -> None:
        self.send_button.visible = not running
        self.stop_button.visible = running

    def _scroll_down(self) -> None:
        self.transcript.client.run_javascript("vance.scrollToEnd(false)")
