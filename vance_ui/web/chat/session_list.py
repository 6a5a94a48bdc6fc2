"""The left drawer: chat sessions (new, rename, delete), newest first.

A session whose file cannot be read is listed last as an error entry; clicking it explains
what is wrong instead of opening it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from nicegui import background_tasks, run, ui

from vance_ui.chat.sessions import FOLDER, BrokenSession, ChatSession
from vance_ui.web.shell.a11y import activatable, aria
from vance_ui.web.shell.context import PageContext

SessionHandler = Callable[[ChatSession], None]
Entry = ChatSession | BrokenSession


class SessionList:
    def __init__(self, ctx: PageContext, current: Callable[[], ChatSession], on_select: SessionHandler,
                 on_deleted: Callable[[str], None]) -> None:
        self.ctx, self.current, self.on_select, self.on_deleted = ctx, current, on_select, on_deleted
        self._listed: list[Entry] | None = None  # read off the event loop by `refresh`
        self._shown: tuple[object, ...] = ()  # what the list last showed, see `_looks`
        t = ctx.t
        with ui.column().classes("w-full gap-2 vance-sessions"):
            ui.button(t("new_chat"), icon="add_comment", on_click=self.new_session) \
                .props("unelevated no-caps").classes("w-full").mark("new-chat")
            aria(ui.label(t("sessions")), role="heading", level="2").classes("vance-group-title mt-2")
            self.render()

    def refresh(self) -> None:
        """Re-read the sessions in a thread; rebuild the list only if what it shows changed."""
        background_tasks.create(self._refresh(), name="session-list")

    async def _refresh(self) -> None:
        listed = await run.io_bound(self.ctx.sessions.listing)
        if listed is not None and self._looks(listed) != self._shown:  # None: the app is shutting down
            self._listed = listed
            self.render.refresh()

    def _looks(self, entries: list[Entry]) -> tuple[object, ...]:
        """Order, titles, shown times and the highlighted chat: what a user sees of the list."""
        rows = tuple((e.id, e.title, _when(e.updated)) if isinstance(e, ChatSession) else (e.id, e.error)
                     for e in entries)
        return self.current().id, rows

    async def new_session(self) -> None:
        """Switches to an empty chat (the open one first) instead of piling up another; only a
        chat without messages and without a title the user gave it counts as empty."""
        current = self.current()
        listed = await run.io_bound(self.ctx.sessions.list)  # reads every chat file: not on the loop
        empty = [s for s in listed or [] if not s.messages and not s.title
                 and (s.id != current.id or not current.messages)]
        empty.sort(key=lambda s: s.id != current.id)  # stable: then newest first, as listed
        self.on_select(empty[0] if empty else self.ctx.sessions.create())
        self.render.refresh()

    @ui.refreshable_method
    def render(self) -> None:
        t = self.ctx.t
        active = self.current().id
        with ui.column().classes("w-full gap-1").mark("session-list"):
            listed, self._listed = self._listed, None
            if listed is None:
                listed = self.ctx.sessions.listing()
            self._shown = self._looks(listed)
            for session in listed:
                if isinstance(session, BrokenSession):
                    self._broken_entry(session)
                    continue
                classes = "vance-session w-full items-center no-wrap" + (" active" if session.id == active else "")
                with ui.row().classes(classes).on("click", lambda s=session: self._select(s)) \
                        .mark(f"session-{session.id}"):
                    ui.icon("chat_bubble_outline").classes("text-grey-6")
                    # the title is the keyboard's way in (the row also holds the menu button: no nesting)
                    with aria(activatable(ui.column()), current=True if session.id == active else None) \
                            .classes("vance-session-open gap-0 min-w-0 grow").props('data-arrow-group="sessions"'):
                        ui.label(self._title(session)).classes("truncate w-full").mark("session-title")
                        ui.label(_when(session.updated)).classes("vance-help")
                    actions = t("chat_actions", title=self._title(session))
                    menu_button = aria(ui.button(icon="more_horiz"), label=actions) \
                        .props("flat round dense size=sm color=grey-7").on("click.stop", lambda: None) \
                        .mark("session-menu")
                    with menu_button, ui.menu():
                        _menu_item(ui.menu_item(t("rename"), on_click=lambda s=session: self.rename(s))) \
                            .mark("session-rename")
                        _menu_item(ui.menu_item(t("delete"), on_click=lambda s=session: self.delete(s))) \
                            .mark("session-delete")

    def _broken_entry(self, broken: BrokenSession) -> None:
        t = self.ctx.t
        with activatable(ui.row()).classes("vance-session w-full items-center no-wrap") \
                .on("click", lambda: self._explain_broken(broken)).mark("session-broken") \
                .props('data-arrow-group="sessions"'):
            ui.icon("error_outline").classes("text-negative")
            with ui.column().classes("gap-0 min-w-0 grow"):
                ui.label(t("session_broken")).classes("truncate w-full text-negative").mark("session-broken-title")
                ui.label(f"{broken.id}.json").classes("vance-help truncate w-full")

    def _explain_broken(self, broken: BrokenSession) -> None:
        t = self.ctx.t
        with aria(ui.dialog(), label=t("session_broken_title")) as dialog, \
                ui.card().classes("w-96 max-w-full").mark("session-broken-dialog"):
            with ui.row().classes("items-center gap-2 no-wrap"):
                ui.icon("error_outline").classes("text-negative text-2xl")
                ui.label(t("session_broken_title")).classes("text-lg font-semibold")
            ui.label(t("session_broken_body", file=f"{FOLDER}/{broken.id}.json", error=broken.error)) \
                .classes("whitespace-pre-wrap").mark("session-broken-error")
            with ui.row().classes("w-full justify-end"):
                ui.button(t("close"), on_click=dialog.close).props("flat no-caps").mark("session-broken-close")
        dialog.on("hide", dialog.delete)
        dialog.open()

    def _select(self, session: ChatSession) -> None:
        fresh = self.ctx.sessions.get(session.id) or session
        self.on_select(fresh)
        self.render.refresh()

    def _title(self, session: ChatSession) -> str:
        """The title as listed: an untitled (still empty) chat shows the placeholder."""
        return session.title or self.ctx.t("untitled")

    async def rename(self, session: ChatSession) -> None:
        """Starts from the title the list shows; the placeholder saved unchanged stays no title,
        so the chat's first message still names it."""
        t = self.ctx.t
        shown = self._title(session)
        with aria(ui.dialog(), label=t("rename_title")) as dialog, ui.card().classes("w-96 max-w-full"):
            ui.label(t("rename_title")).classes("text-lg font-semibold")
            name = ui.input(t("title"), value=shown).props("outlined autofocus").classes("w-full") \
                .mark("rename-input")
            name.on("keydown.enter", lambda: dialog.submit(name.value))
            with ui.row().classes("w-full justify-end"):
                ui.button(t("cancel"), on_click=dialog.close).props("flat no-caps")
                ui.button(t("save"), on_click=lambda: dialog.submit(name.value)).props("unelevated no-caps") \
                    .mark("rename-save")
        title = await _answer(dialog)
        if isinstance(title, str) and title.strip() and (session.title or title.strip() != shown):
            target = self.current() if session.id == self.current().id else session
            self.ctx.sessions.rename(target, title)
            self.render.refresh()

    async def delete(self, session: ChatSession) -> None:
        t = self.ctx.t
        with aria(ui.dialog(), label=t("delete_title")) as dialog, ui.card().classes("w-96 max-w-full"):
            ui.label(t("delete_title")).classes("text-lg font-semibold")
            ui.label(t("delete_body", title=self._title(session))).classes("vance-help")
            with ui.row().classes("w-full justify-end"):
                ui.button(t("cancel"), on_click=dialog.close).props("flat no-caps")
                ui.button(t("delete"), on_click=lambda: dialog.submit(True)) \
                    .props("unelevated no-caps color=negative").mark("delete-confirm")
        confirmed = await _answer(dialog)
        if confirmed:
            self.ctx.sessions.delete(session.id)
            self.on_deleted(session.id)
            self.render.refresh()


def _menu_item(item: ui.menu_item) -> ui.menu_item:
    """Quasar's items say `listitem`, which a menu may not hold; arrow keys move between menu items
    (vance.js)."""
    return aria(item, role="menuitem")


async def _answer(dialog: ui.dialog) -> Any:
    """The dialog's result, then the dialog removed; None when the page went away meanwhile (a
    closed tab deletes the dialog: nothing is decided, and deleting it again would fail)."""
    result = await dialog
    if dialog.is_deleted:
        return None
    dialog.delete()
    return result


def _when(timestamp: float) -> str:
    local = time.localtime(timestamp)
    if time.strftime("%Y-%m-%d", local) == time.strftime("%Y-%m-%d"):
        return time.strftime("%H:%M", local)
    return time.strftime("%Y-%m-%d", local)
