"""The chat page: header (project, language), sessions left, transcript and input in the middle,
Live Progress and Wizards tabs on the right. Deep links and `/?wizard=` URLs open wizards here.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from nicegui import ui

from vance_ui.chat.drafts import Draft
from vance_ui.chat.engine import create_engine
from vance_ui.chat.origin import PromptOrigin
from vance_ui.chat.sessions import ChatSession
from vance_ui.documents.store import StoreUnavailable
from vance_ui.service import WizardService
from vance_ui.usage.events import OpenedFrom, Step
from vance_ui.web.chat.progress_panel import ProgressPanel
from vance_ui.web.chat.reopen import edit_in_form
from vance_ui.web.chat.session_list import SessionList
from vance_ui.web.chat.view import ChatView
from vance_ui.web.chat.wizards_panel import WizardsPanel
from vance_ui.web.editor.style import add_editor_assets, preload_editor_assets
from vance_ui.web.form.dialog import WizardForm, open_wizard, preload_form_assets
from vance_ui.web.shell.a11y import aria, bridged_aria, drawer_landmark
from vance_ui.web.shell.auth import TENANT_KEY, WebIdentity, browser_storage, log_out_browser
from vance_ui.web.shell.changes import ChangeHub
from vance_ui.web.shell.context import PageContext
from vance_ui.web.shell.i18n import LANGUAGES, Texts, pick_language
from vance_ui.web.shell.latest import LatestRun
from vance_ui.web.shell.links import parse_wizard_link, query_prefill
from vance_ui.web.shell.theme import apply_theme

log = logging.getLogger("vance_ui.web")

RESERVED_QUERY = ("wizard", "project", "kind", "lang")
IDLE_PRELOAD_S = 1.0  # after the page is up: the editor's JS loads while the user looks, not on the first Edit


class ChatPage:
    def __init__(self, service: WizardService, hub: ChangeHub, identity: WebIdentity, query: Mapping[str, str],
                 query_pairs: list[tuple[str, str]]) -> None:
        self.storage = browser_storage()
        self.identity = identity
        lang = pick_language(query.get("lang") or self.storage.get("lang") or service.language(identity.tenant))
        self.ctx = ctx = PageContext(service, Texts(lang), identity.tenant, identity.user, admin=identity.admin)
        projects = ctx.projects()
        ctx.project_id = self._initial_project(projects, query.get("project"))
        engine = create_engine(service.chat_model())
        apply_theme(lang)
        ui.page_title(ctx.t("app_name"))

        self._first_session = self._initial_session()
        self._header(projects, engine.label, engine.is_echo)
        with drawer_landmark(ui.left_drawer(bordered=True, bottom_corner=True), ctx.t("sessions")) \
                .props("width=272").classes("vance-drawer") as self.left:
            self.sessions = SessionList(ctx, self._current, self.select_session, self.session_deleted)
        with drawer_landmark(ui.right_drawer(bordered=True, bottom_corner=True), ctx.t("side_panel")) \
                .props("width=440").classes("vance-drawer vance-side") as self.right:
            self._side_panel(engine.label, engine.is_echo)
        with ui.column().classes("vance-main w-full items-center"):
            self.chat = ChatView(ctx, engine, self.progress, self._first_session, self.open_wizard,
                                 self.edit_in_form, self.sessions.refresh, self.show_progress)
        with ui.footer().classes("vance-footer"), ui.column().classes("vance-footer-inner w-full"):
            self.chat.build_input()
        # Tab order: the chat input right after the transcript, the side panel (every wizard) after it
        self.right.move()  # to the end of the layout

        preload_form_assets()
        add_editor_assets()  # the editor opens over this page in a dialog (Wizards tab)
        ui.timer(IDLE_PRELOAD_S, preload_editor_assets, once=True)
        ui.on("vance_link", self.follow_link)
        self.client = ui.context.client
        self._wizards_stale = False  # a wizard changed since this page's list was read
        self.list_reads = LatestRun(self._wizards_changed, alive=lambda: not self.client.is_deleted,
                                    name="wizards changed")
        key = hub.add(self.files_changed)
        self.client.on_delete(lambda: hub.remove(key))
        self.client.on_connect(self._browser_connected)
        if query.get("wizard"):
            prefill = query_prefill(query_pairs, RESERVED_QUERY)
            self.open_wizard(query["wizard"], prefill, OpenedFrom.LINK)

    # -- building -------------------------------------------------------------------------------

    def _header(self, projects: list[str], engine_label: str, is_echo: bool) -> None:
        t = self.ctx.t
        with ui.header(bordered=True).classes("vance-header items-center no-wrap"):
            aria(ui.button(icon="menu", on_click=lambda: self.left.toggle()), label=t("toggle_sessions")) \
                .props("flat round dense").tooltip(t("toggle_sessions")).mark("toggle-sessions")
            with ui.row().classes("items-center gap-2 no-wrap"):
                with ui.element("div").classes("vance-logo"):
                    ui.icon("auto_awesome")
                aria(ui.label(t("app_name")), role="heading", level="1").classes("vance-app-name")
            ui.space()
            options = {"": t("no_project"), **{p: p for p in projects}}
            project = ui.select(options, value=self.ctx.project_id or "",
                                on_change=lambda e: self.switch_project(e.value)) \
                .props("outlined dense options-dense").classes("vance-project").mark("project-switch") \
                .tooltip(t("project"))
            bridged_aria(project, label=t("project"))  # the combobox is named, not only its tooltip
            if len(self.identity.tenants) > 1:
                tenant = ui.select(list(self.identity.tenants), value=self.identity.tenant,
                                   on_change=lambda e: self.switch_tenant(e.value)) \
                    .props("outlined dense options-dense").classes("vance-tenant").mark("tenant-switch") \
                    .tooltip(t("tenant"))
                bridged_aria(tenant, label=t("tenant"))
            if is_echo:
                ui.badge(t("echo_label")).props("outline color=deep-orange-10").classes("vance-engine-chip gt-sm")
            else:
                ui.badge(engine_label).props("outline color=grey-7").classes("vance-engine-chip gt-sm")
            ui.toggle({code: code.upper() for code in LANGUAGES}, value=self.ctx.lang,
                      on_change=lambda e: self.switch_language(e.value)) \
                .props("dense unelevated toggle-color=primary no-caps").classes("vance-lang").mark("language")
            if self.identity.multi_user:
                ui.label(self.identity.display_name).classes("vance-user-name gt-xs").mark("user-name")
                aria(ui.button(icon="logout", on_click=self.logout), label=t("logout")).props("flat round dense") \
                    .tooltip(t("logout")).mark("logout")
            aria(ui.button(icon="view_sidebar", on_click=lambda: self.right.toggle()), label=t("toggle_panel")) \
                .props("flat round dense").tooltip(t("toggle_panel")).mark("toggle-panel")

    def _side_panel(self, engine_label: str, is_echo: bool) -> None:
        t = self.ctx.t
        with ui.tabs().props("dense no-caps align=justify inline-label").classes("vance-tabs w-full") as self.tabs:
            ui.tab("progress", label=t("tab_progress"), icon="monitor_heart").mark("tab-progress")
            ui.tab("wizards", label=t("tab_wizards"), icon="auto_fix_high").mark("tab-wizards")
        with ui.tab_panels(self.tabs, value="wizards", animated=False).classes("vance-tab-panels w-full"):
            with ui.tab_panel("progress"):
                self.progress = ProgressPanel(t, engine_label, is_echo)
            with ui.tab_panel("wizards"):
                self.wizards = WizardsPanel(self.ctx, self.open_wizard)

    def _initial_project(self, projects: list[str], asked: str | None) -> str | None:
        """The project from the URL, else the one this browser remembers, if still one of the
        tenant's. A remembered one that is gone (deleted, or renamed to a name that is no project
        id) is forgotten with a notice, instead of failing every later page load of this browser."""
        remembered = self.storage.get("project")
        if remembered and remembered not in projects:
            self.storage["project"] = None
            ui.notify(self.ctx.t("project_gone", project=str(remembered)[:80]), type="warning")
            remembered = None
        wanted = asked or remembered
        return wanted if wanted in projects else None

    def _initial_session(self) -> ChatSession:
        sessions = self.ctx.sessions
        stored = self.storage.get("session")
        session = sessions.get(stored) if isinstance(stored, str) else None
        if session is None:
            existing = sessions.list()
            session = existing[0] if existing else sessions.create()
        self.storage["session"] = session.id
        return session

    def _current(self) -> ChatSession:
        chat: ChatView | None = getattr(self, "chat", None)
        return chat.session if chat is not None else self._first_session

    # -- actions --------------------------------------------------------------------------------

    def open_wizard(self, name: str, prefill: Mapping[str, str] | None = None,
                    opened_from: OpenedFrom = OpenedFrom.TAB) -> None:
        open_wizard(self.ctx, name, prefill, lambda prompt, form: self.prompt_used(name, prompt, form),
                    opened_from=opened_from, conversation=self.chat.conversation)

    def edit_in_form(self, origin: PromptOrigin) -> None:
        """A sent message's form, opened again (reopen.py); its prompt goes into the input as any other."""
        edit_in_form(self.ctx, origin, self._open_form)

    def _open_form(self, name: str, start: Draft) -> WizardForm | None:
        return open_wizard(self.ctx, name, None, lambda prompt, form: self.prompt_used(name, prompt, form),
                           opened_from=OpenedFrom.MESSAGE, start=start, conversation=self.chat.conversation)

    def prompt_used(self, name: str, prompt: str, form: Draft) -> None:
        """The prompt goes into the input; on a phone the side panel lies over it, so it closes."""
        self.chat.use_wizard_prompt(name, prompt, form)
        ui.run_javascript(f"vance.closePhoneSidePanel({self.right.id})")

    def show_progress(self) -> None:
        self.tabs.set_value("progress")

    def follow_link(self, event: Any) -> None:
        href = event.args[0] if isinstance(event.args, list) and event.args else event.args
        link = parse_wizard_link(href) if isinstance(href, str) else None
        if link is None:
            ui.notify(self.ctx.t("bad_link"), type="warning")
            return
        self.right.show()
        self.tabs.set_value("wizards")
        self.ctx.service.count(self.ctx.scope, link.name, Step.FOLLOW_UP_TAKEN)
        self.open_wizard(link.name, link.prefill, OpenedFrom.FOLLOW_UP)

    def select_session(self, session: ChatSession) -> None:
        self.storage["session"] = session.id
        self.chat.show_session(session)

    def session_deleted(self, session_id: str) -> None:
        self.ctx.inputs.delete(session_id)
        if self.chat.session.id == session_id:
            remaining = self.ctx.sessions.list()
            self.select_session(remaining[0] if remaining else self.ctx.sessions.create())

    def switch_project(self, project: str | None) -> None:
        if project and project not in self.ctx.projects():
            return  # only the tenant's own project folders, whatever the browser sends
        self.ctx.project_id = project or None
        self.storage["project"] = self.ctx.project_id
        if self.wizards.reload():
            self.chat.refresh_quick_start()

    def switch_language(self, lang: str) -> None:
        if lang == self.ctx.lang:
            return
        self.storage["lang"] = lang
        ui.navigate.to("/")

    def switch_tenant(self, tenant: str) -> None:
        if tenant == self.identity.tenant or tenant not in self.identity.tenants:
            return
        for key in ("session", "project"):
            self.storage.pop(key, None)
        self.storage[TENANT_KEY] = tenant
        ui.navigate.to("/")

    def logout(self) -> None:
        log_out_browser(self.storage)

    def files_changed(self) -> None:
        """A wizard changed: the list is read again, one read at a time however many changes come
        meanwhile; a page without its browser (not connected yet, or gone until it comes back or the
        page is dropped) reads it when the browser connects, not for every change in between."""
        self._wizards_stale = True
        if self.client.has_socket_connection:
            self.list_reads.ask()

    def _browser_connected(self) -> None:
        if self._wizards_stale:
            self.list_reads.ask()

    async def _wizards_changed(self) -> None:
        self._wizards_stale = False
        try:
            if await self.wizards.reload_off_loop():  # False too when the page is gone meanwhile
                self.chat.refresh_quick_start()
        except StoreUnavailable as error:  # gone again: the page refreshes with the next change
            log.info("page not refreshed: %s", error)
