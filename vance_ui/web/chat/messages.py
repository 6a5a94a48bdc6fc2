"""How one chat message looks. Model output is sanitized Markdown; user text stays plain text. A user
message whose text came from a wizard offers "Edit in form" below it (reopen.py).

Raw HTML in model output is shown as text, never rendered: vance_ui/web/chat/markdown.py renders
CommonMark with raw HTML off (markdown-it-py; link targets such as `javascript:` stay text) on the
server, and the result goes to the page in `ui.html` elements that DOMPurify sanitizes in the
browser, configured by assets/sanitize.js to refuse `<style>` and form elements too (its default
profile keeps them, and a reply could hide the whole page).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping

from nicegui import background_tasks, run, ui

from vance_ui.chat.origin import PromptOrigin
from vance_ui.chat.sessions import StoredMessage
from vance_ui.web.chat.markdown import (
    INLINE_REST_CHARS,
    StreamedMarkdown,
    end_html,
    render_untrusted,
    same_rendering,
)
from vance_ui.web.shell.a11y import aria
from vance_ui.web.shell.i18n import Texts
from vance_ui.web.shell.links import rewrite_vance_links


def _answer_part(html: str) -> ui.html:
    """One part of an answer on the page: HTML rendered here, sanitized again in the browser."""
    return ui.html(html, sanitize=True).classes("nicegui-markdown")


class AnswerMarkdown(ui.element):
    """An answer's Markdown (`content`). While it streams, each run of blocks that can no longer
    change goes to the page once, in an element of its own, and only the unfinished end is
    rendered and sent again per update; finished, it shows exactly the whole answer's render."""

    def __init__(self, content: str = "", *, streaming: bool = False) -> None:
        super().__init__("div")
        self.content = content
        self._stream = StreamedMarkdown() if streaming else None
        self._settled: list[ui.html] = []
        self._updates = self._shown = 0  # set_content calls; the one whose end the page shows
        self._parts = 0  # counts every change of the settled parts (a new one, a restart)
        self._late_end: tuple[int, int, str] | None = None  # (update, parts, end) for the thread
        self._rendering_end = False
        with self:
            self._end = _answer_part("" if streaming else render_untrusted(content))

    @property
    def html(self) -> str:
        """What the page shows, in order."""
        return "".join(part.content for part in self._settled) + str(self._end.content)

    def set_content(self, content: str) -> None:
        self.content = content
        if self.is_deleted:  # the tab closed while the answer streams: it is still saved whole
            return
        if self._stream is None:  # shown whole, in one part
            self._drop_settled()
            self._end.set_content(render_untrusted(content))
            return
        restarted, settled_html, rest = self._stream.advance(content)
        if restarted:
            self._drop_settled()
        if settled_html:
            with self:
                part = _answer_part(settled_html)
            part.move(self, target_index=len(self._settled))
            self._settled.append(part)
        self._updates += 1
        if restarted or settled_html:
            self._parts += 1
        if len(rest) <= INLINE_REST_CHARS:
            self._late_end = None
            self._end.set_content(end_html(rest, self._stream.references))
            self._shown = self._updates
            return
        if restarted or settled_html:
            self._end.set_content("")  # the end shown so far repeats what just settled
        self._late_end = (self._updates, self._parts, rest)
        if not self._rendering_end:
            self._rendering_end = True
            background_tasks.create(self._render_late_ends(), name="render an answer's end")

    async def _render_late_ends(self) -> None:
        """Render the newest long end in a worker thread, then rest as long as that took: the
        thread and the event loop share one interpreter lock, and every page needs the loop."""
        try:
            while (late := self._late_end) is not None and self._stream is not None:
                update, parts, rest = late
                started = time.monotonic()
                html = await run.io_bound(end_html, rest, dict(self._stream.references))
                took = time.monotonic() - started
                if html is None or self.is_deleted or self._stream is None:
                    return
                if self._parts == parts and update > self._shown:
                    self._end.set_content(html)
                    self._shown = update
                if self._late_end is late:
                    self._late_end = None
                await asyncio.sleep(took)
        finally:
            self._rendering_end = False

    def finish(self) -> None:
        """Render the finished answer whole once, in a worker thread (~0.15 s for 40,000
        characters), and show that instead only where it differs from the parts (a link
        reference defined at the end, say, changes earlier paragraphs)."""
        if self._stream is not None:
            self._stream = None
            background_tasks.create(self._render_whole(self.content), name="render a finished answer")

    async def _render_whole(self, content: str) -> None:
        whole = await run.io_bound(render_untrusted, content)
        if whole is None or self.is_deleted or self.content != content or same_rendering(whole, self.html):
            return
        self._drop_settled()
        self._end.set_content(whole)

    def _drop_settled(self) -> None:
        for part in self._settled:
            part.delete()
        self._settled.clear()


EditInForm = Callable[[PromptOrigin], None]


def user_message(text: str, t: Texts, origin: PromptOrigin | None = None, on_edit: EditInForm | None = None,
                 title: str | None = None) -> None:
    """The user's text; "Edit in form" below it when it came from a wizard (`title`: that wizard's
    title now, for the button's name; its name when it has none here)."""
    with ui.row().classes("vance-msg vance-msg-user w-full justify-end no-wrap").mark("message-user"):
        if origin is None or on_edit is None:
            ui.label(text).classes("vance-bubble whitespace-pre-wrap")
            return
        with ui.column().classes("items-end gap-1 min-w-0"):
            ui.label(text).classes("vance-bubble whitespace-pre-wrap")
            aria(ui.button(t("edit_in_form"), icon="edit_note", on_click=lambda: on_edit(origin)),
                 label=t("edit_in_form_named", wizard=title or origin.wizard)) \
                .props("flat dense no-caps size=sm color=primary").classes("vance-edit-in-form") \
                .mark("edit-in-form")


class AssistantMessage:
    """An assistant turn; `set_text` is called (throttled) while the answer streams.

    Until `done`, the row has the class `vance-streaming`: assets/vance.js keeps it in view
    while the user stays at the bottom of the page.
    """

    def __init__(self, t: Texts, engine: str | None, is_echo: bool, text: str = "") -> None:
        streaming = " vance-streaming" if not text else ""
        with ui.row().classes("vance-msg vance-msg-assistant w-full no-wrap items-start" + streaming) \
                .mark("message-assistant") as self.row:
            with ui.element("div").classes("vance-avatar"):
                ui.icon("auto_awesome")
            with ui.column().classes("gap-1 min-w-0 grow"):
                with ui.row().classes("items-center gap-2"):
                    ui.label(t("assistant")).classes("vance-msg-name")
                    if engine:
                        ui.badge("echo" if is_echo else engine).props(
                            f"outline color={'deep-orange-10' if is_echo else 'grey-7'}").classes("vance-engine-badge")
                self.waiting = ui.spinner("dots", size="md", color="primary")
                self.waiting.visible = not text
                self.markdown = AnswerMarkdown(rewrite_vance_links(text), streaming=not text) \
                    .classes("vance-markdown").mark("assistant-markdown")
                self.markdown.visible = bool(text)
                self.error_box = ui.column().classes("w-full")

    def set_text(self, text: str) -> None:
        if text:
            self.waiting.visible = False
            self.markdown.visible = True
        self.markdown.set_content(rewrite_vance_links(text))

    def done(self) -> None:
        self.waiting.visible = False
        self.markdown.finish()
        self.row.classes(remove="vance-streaming")

    def show_error(self, message: str, t: Texts) -> None:
        self.done()
        with self.error_box:
            error_card(message, t)


def error_card(message: str, t: Texts) -> None:
    with ui.row().classes("vance-banner vance-banner-error w-full items-start gap-2 no-wrap").mark("chat-error"):
        ui.icon("error_outline")
        with ui.column().classes("gap-0"):
            ui.label(t("error")).classes("font-medium")
            ui.label(message).classes("whitespace-pre-wrap")


def stored_message(message: StoredMessage, t: Texts, on_edit: EditInForm | None = None,
                   titles: Mapping[str, str] | None = None) -> None:
    """Rebuild a message from a saved session (`titles`: the wizards' titles by name)."""
    if message.role == "user":
        title = (titles or {}).get(message.origin.wizard) if message.origin is not None else None
        user_message(message.content, t, message.origin, on_edit, title)
    elif message.error:
        with ui.row().classes("vance-msg w-full no-wrap"):
            error_card(message.content, t)
    else:
        is_echo = bool(message.engine and message.engine.startswith("echo"))
        AssistantMessage(t, message.engine, is_echo, message.content).done()
