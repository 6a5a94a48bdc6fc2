"""The Live Progress tab: state, model, elapsed time, tokens and a Stop button for the current run.

A timer refreshes it only while a run is active, and only when nothing else did for a while:
while an answer streams, the chat view updates it together with the text (one websocket
message per throttled update instead of two).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from nicegui import ui

from vance_ui.chat.engine import RunProgress
from vance_ui.web.shell.i18n import Texts

TICK_SECONDS = 0.2

STATE_ICONS = {
    "idle": ("radio_button_unchecked", "grey-6"),
    "waiting": ("hourglass_top", "amber-8"),
    "streaming": ("stream", "primary"),
    "done": ("check_circle", "positive"),
    "failed": ("error", "negative"),
    "stopped": ("stop_circle", "grey-8"),
}


class ProgressPanel:
    def __init__(self, t: Texts, engine_label: str, is_echo: bool) -> None:
        self.t = t
        self.progress: RunProgress | None = None
        self._on_stop: Callable[[], None] | None = None
        self._updated = 0.0
        with ui.column().classes("w-full gap-3 vance-progress").mark("progress-panel"):
            with ui.row().classes("items-center gap-2 no-wrap"):
                self.state_icon = ui.icon("radio_button_unchecked").classes("text-2xl")
                self.state_label = ui.label(t("state_idle")).classes("text-base font-medium").mark("run-state")
                self.spinner = ui.spinner(size="sm")
                self.spinner.visible = False
            with ui.grid(columns="auto 1fr").classes("vance-facts w-full"):
                ui.label(t("model"))
                self.model_label = ui.label(engine_label).mark("run-model")
                ui.label(t("elapsed"))
                self.elapsed_label = ui.label("-").mark("run-elapsed")
                ui.label(t("tokens"))
                self.tokens_label = ui.label("-").mark("run-tokens")
            self.error_label = ui.label().classes("vance-error")
            self.error_label.visible = False
            self.stop_button = ui.button(t("stop"), icon="stop", on_click=self._stop) \
                .props("outline no-caps color=negative").mark("progress-stop")
            self.stop_button.visible = False
            if is_echo:
                with ui.row().classes("vance-banner vance-banner-hint items-start gap-2 no-wrap w-full"):
                    ui.icon("info")
                    ui.label(f"{t('echo_label')}. {t('echo_hint')}")
        self.timer = ui.timer(TICK_SECONDS, self._tick, active=False)

    def start(self, progress: RunProgress, on_stop: Callable[[], None]) -> None:
        self.progress, self._on_stop = progress, on_stop
        self.timer.activate()
        self.update()

    def finish(self) -> None:
        self.timer.deactivate()
        self._on_stop = None
        self.update()

    def _stop(self) -> None:
        if self._on_stop is not None:
            self._on_stop()

    def _tick(self) -> None:
        if time.monotonic() - self._updated >= TICK_SECONDS * 0.75:
            self.update()

    def update(self) -> None:
        progress = self.progress
        if progress is None:
            return
        self._updated = time.monotonic()
        icon, color = STATE_ICONS.get(progress.state, STATE_ICONS["idle"])
        self.state_icon.props(f"name={icon} color={color}")
        self.state_label.text = self.t(f"state_{progress.state}")
        active = progress.state in ("waiting", "streaming")
        self.spinner.visible = active
        self.stop_button.visible = active
        self.model_label.text = progress.model
        self.elapsed_label.text = f"{progress.elapsed:.1f} s"
        self.tokens_label.text = f"{progress.prompt_tokens} / {progress.completion_tokens}"
        self.error_label.text = progress.error or ""
        self.error_label.visible = bool(progress.error)
