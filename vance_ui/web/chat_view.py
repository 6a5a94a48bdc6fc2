"""The transcript and the input box; sending runs the chat engine and streams the answer.

Markdown updates are throttled (each update resends the whole text) and flushed at the end.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from nicegui import background_tasks, ui

from vance_ui.chat.engine import ChatEngine, RunProgress
from vance_ui.chat.sessions import ChatSession, StoredMessage, title_from
from vance_ui.llm.client import LlmError
from vance_ui.web.context import PageContext
from vance_ui.web.messages import AssistantMessage, stored_message, user_message
from vance_ui.web.progress_panel import ProgressPanel
from vance_ui.web.quick_start import quick_start_cards

THROTTLE_SECONDS = 0.08


class ChatView:
    def __init__(self, ctx: PageContext, engine: ChatEngine, progress: ProgressPanel, session: ChatSession,
                 on_open_wizard: Callable[[str], None], on_sessions_changed: Callable[[], None],
                 on_run_started: Callable[[], None]) -> None:
        self.ctx, self.engine, self.progress_panel = ctx, engine, progress
        self.session = session
        self.on_open_wizard, self.on_sessions_changed = on_open_wizard, on_sessions_changed
        self.on_run_started = on_run_started
        self.task: asyncio.Task[None] | None = None
        self.transcript = ui.column().classes("vance-transcript w-full gap-5").mark("transcript")
        self.show_session(session)

    def build_input(self) -> None:
        """The composer; placed in the page footer by the caller."""
        t = self.ctx.t
        with ui.row().classes("vance-composer w-full items-end no-wrap"):
            self.input = ui.textarea(placeholder=t("message_placeholder")) \
                .props("autogrow outlined rows=1 input-class=vance-input-text").classes("grow") \
                .mark("chat-input")
            self.input.on("keydown.enter.exact.prevent", self.send)
            self.send_button = ui.button(icon="arrow_upward", on_click=self.send) \
                .props("round unelevated").tooltip(t("send")).mark("chat-send")
            self.stop_button = ui.button(icon="stop", on_click=self.stop) \
                .props("round unelevated color=negative").tooltip(t("stop")).mark("chat-stop")
            self.stop_button.visible = False

    # -- sessions -------------------------------------------------------------------------------

    def show_session(self, session: ChatSession) -> None:
        self.stop()
        self.session = session
        self.transcript.clear()
        with self.transcript:
            if not session.messages:
                wizards = self.ctx.service.list_wizards(self.ctx.scope, self.ctx.lang)
                quick_start_cards(wizards, self.ctx.t, self.on_open_wizard)
            for message in session.messages:
                stored_message(message, self.ctx.t)

    def refresh_quick_start(self) -> None:
        if not self.session.messages and self.task is None:
            self.show_session(self.session)

    # -- input ----------------------------------------------------------------------------------

    def set_prompt(self, prompt: str) -> None:
        """A wizard's result: replaces the input text, focused for editing; nothing is sent."""
        self.input.value = prompt
        self.input.run_method("focus")

    async def send(self) -> None:
        text = (self.input.value or "").strip()
        if not text or self.task is not None:
            return
        self.input.value = ""
        session = self.session
        if not session.messages:
            self.transcript.clear()  # the quick-start cards go away with the first message
        session.messages.append(StoredMessage("user", text))
        if not session.title:
            session.title = title_from(text)
        self.ctx.sessions.save(session)
        self.on_sessions_changed()
        with self.transcript:
            user_message(text, self.ctx.t)
            reply = AssistantMessage(self.ctx.t, self.engine.label, self.engine.is_echo)
        self._scroll_down()
        progress = RunProgress(model=self.engine.label)
        self.progress_panel.start(progress, self.stop)
        self.on_run_started()
        self._running(True)
        self.task = background_tasks.create(self._run(session, reply, progress), name="chat-run")

    def stop(self) -> None:
        if self.task is not None and not self.task.done():
            self.task.cancel()

    async def _run(self, session: ChatSession, reply: AssistantMessage, progress: RunProgress) -> None:
        parts: list[str] = []
        last = 0.0
        try:
            async for delta in self.engine.stream(session.conversation(), progress):
                parts.append(delta)
                now = time.monotonic()
                if now - last >= THROTTLE_SECONDS:
                    reply.set_text("".join(parts))
                    self._follow_stream()
                    last = now
            reply.set_text("".join(parts))
            reply.done()
            session.messages.append(StoredMessage("assistant", "".join(parts), engine=self.engine.label))
        except LlmError as error:
            if progress.state not in ("failed", "done"):
                progress.finish("failed", error)
            self._keep_partial(session, reply, parts)
            reply.show_error(error.message, self.ctx.t)
            session.messages.append(StoredMessage("assistant", error.message, error=True))
        except asyncio.CancelledError:
            progress.finish("stopped")
            self._keep_partial(session, reply, parts)
        finally:
            self.task = None
            self._running(False)
            self.progress_panel.finish()
            if session is self.session or self.ctx.sessions.get(session.id) is not None:
                self.ctx.sessions.save(session)  # not when the chat was deleted while it ran
            self._scroll_down()

    def _keep_partial(self, session: ChatSession, reply: AssistantMessage, parts: list[str]) -> None:
        reply.set_text("".join(parts))
        reply.done()
        if parts:
            session.messages.append(StoredMessage("assistant", "".join(parts), engine=self.engine.label))

    def _running(self, running: bool) -> None:
        self.send_button.visible = not running
        self.stop_button.visible = running

    def _follow_stream(self) -> None:
        """Keep the growing answer in view, unless the user scrolled up to read."""
        self.transcript.client.run_javascript(
            "if (window.innerHeight + window.scrollY >= document.body.scrollHeight - 200)"
            " window.scrollTo(0, document.body.scrollHeight)")

    def _scroll_down(self) -> None:
        self.transcript.client.run_javascript(
            "window.scrollTo({top: document.body.scrollHeight, behavior: 'smooth'})")
