"""`/login` (multi-user mode only): user id and password, throttled per user id and per client address.

A failed login always says the same thing; which part was wrong is never revealed, and unknown
user ids cost the same password-hash work as known ones (`UserDirectory.authenticate`).
"""

from __future__ import annotations

import math
from urllib.parse import quote

from fastapi import Request
from fastapi.responses import RedirectResponse
from nicegui import run, ui

from vance_ui.accounts.directory import UserDirectory
from vance_ui.accounts.throttle import LoginThrottle
from vance_ui.service import WizardService
from vance_ui.web.nicegui_compat.submit import on_submit
from vance_ui.web.shell.a11y import aria, name_password_toggle
from vance_ui.web.shell.auth import (
    AUTH_KEY,
    LOGIN_PATH,
    USER_SCOPED_KEYS,
    browser_storage,
    current_identity,
    safe_next,
)
from vance_ui.web.shell.i18n import LANGUAGES, Texts, pick_language
from vance_ui.web.shell.theme import apply_theme

MAX_INPUT = 256


class LoginGate:
    """Shared by all clients: the throttle and the attempts in flight (one at a time per key)."""

    def __init__(self, directory: UserDirectory, throttle: LoginThrottle | None = None) -> None:
        self.directory = directory
        self.throttle = throttle or LoginThrottle()
        self._in_flight: set[str] = set()

    @staticmethod
    def keys(user_id: str, address: str) -> tuple[str, str]:
        return f"user:{user_id}", f"addr:{address}"

    async def attempt(self, user_id: str, password: str, address: str) -> tuple[str | None, float]:
        """(user id, 0) on success; (None, seconds to wait) when throttled; (None, 0) when wrong."""
        keys = self.keys(user_id, address)
        wait = self.throttle.retry_after(*keys)
        if wait > 0 or self._in_flight.intersection(keys):
            return None, max(wait, 1.0)
        self._in_flight.update(keys)
        try:
            user = await run.io_bound(self.directory.authenticate, user_id, password)
        finally:
            self._in_flight.difference_update(keys)
        if user is None:
            self.throttle.failed(*keys)
            return None, 0.0
        self.throttle.succeeded(keys[0])
        return user.id, 0.0


def register_login_page(service: WizardService, gate: LoginGate) -> None:
    @ui.page(LOGIN_PATH)
    def login(request: Request) -> RedirectResponse | None:
        target = safe_next(request.query_params.get("next"))
        if current_identity(service.settings, gate.directory) is not None:
            return RedirectResponse(target, status_code=303)
        storage = browser_storage()
        lang = pick_language(request.query_params.get("lang") or storage.get("lang") or
                             service.language(service.settings.tenant))
        address = request.client.host if request.client else "unknown"
        LoginForm(gate, Texts(lang), target, address)
        return None


class LoginForm:
    def __init__(self, gate: LoginGate, t: Texts, target: str, address: str) -> None:
        self.gate, self.t, self.target, self.address = gate, t, target, address
        apply_theme(t.lang)
        ui.page_title(f"{t('login_title')} · {t('app_name')}")
        with ui.column().classes("vance-login w-full items-center q-pa-lg"), \
                ui.card().classes("vance-login-card w-full").style("max-width: 380px"):
            with ui.row().classes("items-center gap-2 no-wrap w-full"):
                with ui.element("div").classes("vance-logo"):
                    ui.icon("auto_awesome")
                ui.label(t("app_name")).classes("vance-app-name")
                ui.space()
                ui.toggle({code: code.upper() for code in LANGUAGES}, value=t.lang,
                          on_change=lambda e: self.switch_language(e.value)) \
                    .props("dense unelevated toggle-color=primary no-caps").mark("language")
            aria(ui.label(t("login_title")), role="heading", level="1").classes("text-h6")
            self.user_id = ui.input(t("login_user")).props("outlined autofocus autocomplete=username") \
                .classes("w-full").mark("login-user")
            self.password = ui.input(t("login_password"), password=True, password_toggle_button=True) \
                .props("outlined autocomplete=current-password").classes("w-full").mark("login-password")
            name_password_toggle(self.password, t("show_password"))
            on_submit(self.password, "keydown.enter", [self.user_id, self.password], self.submit)
            self.error = ui.label("").classes("text-negative").mark("login-error")
            self.error.set_visibility(False)
            self.button = ui.button(t("login_submit")).props("unelevated no-caps") \
                .classes("w-full").mark("login-submit")
            on_submit(self.button, "click", [self.user_id, self.password], self.submit)

    def show_error(self, text: str) -> None:
        self.error.set_text(text)
        self.error.set_visibility(True)

    async def submit(self) -> None:
        user_id = str(self.user_id.value or "").strip().lower()[:MAX_INPUT]
        password = str(self.password.value or "")[:MAX_INPUT]
        if not user_id or not password:
            self.show_error(self.t("login_failed"))
            return
        self.button.disable()
        try:
            logged_in, wait = await self.gate.attempt(user_id, password, self.address)
        finally:
            self.button.enable()
        if logged_in is None:
            self.password.set_value("")
            self.show_error(self.t("login_throttled", minutes=math.ceil(wait / 60)) if wait else
                            self.t("login_failed"))
            return
        # kept in the store before the next page loads, which any instance may serve
        await run.io_bound(browser_storage().apply, {**dict.fromkeys(USER_SCOPED_KEYS), AUTH_KEY: logged_in})
        ui.navigate.to(self.target)

    def switch_language(self, lang: str) -> None:
        if lang == self.t.lang:
            return
        browser_storage()["lang"] = lang
        ui.navigate.to(f"{LOGIN_PATH}?next={quote(self.target, safe='')}")
