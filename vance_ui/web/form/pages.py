"""The stepper of a multi-step wizard: page titles, one container per page, which page is current.

Which pages are shown is the service's answer (`Visibility.pages`): a skipped page's step is
hidden and Back/Next pass over it. A single-page wizard has one page without a stepper.

With `on_step`, the step of a page the user has been on is a button that asks to go there (whether
it may is the caller's: the pages in between must pass); the steps of pages not reached yet are
plain text, so nothing looks clickable that is not. Without it (the editor's preview) no step is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from nicegui import ui

from vance_ui.web.shell.i18n import Texts
from vance_ui.wizards.format.localization import localize
from vance_ui.wizards.format.schema import Page

StepHandler = Callable[[int], Any]


class FormPages:
    def __init__(self, pages: Sequence[Page] | None, lang: str, t: Texts, start: int = 0,
                 on_step: StepHandler | None = None) -> None:
        self.pages = list(pages or [])
        self.titles = [localize(page.title, lang) for page in self.pages]
        self.page_of = {name: index for index, page in enumerate(self.pages) for name in page.fields}
        self.shown = [True] * max(1, len(self.pages))
        self.steps: list[ui.element] = []
        self.step_buttons: list[ui.element] = []
        self.boxes: list[ui.column] = []
        if self.pages:
            with ui.element("ol").classes("vance-steps").props(f'aria-label="{t("steps")}"'):
                for number, title in enumerate(self.titles, 1):
                    with ui.element("li").classes("vance-step").mark("wizard-step") as step, \
                            ui.element("button").classes("vance-step-button").props("type=button") as button:
                        ui.label(str(number)).classes("vance-step-number").props("aria-hidden=true")
                        ui.label(title).classes("vance-step-title")
                    if on_step is not None:
                        button.on("click", lambda index=number - 1: on_step(index))
                    self.steps.append(step)
                    self.step_buttons.append(button)
            for index, page in enumerate(self.pages):
                with ui.column().classes("vance-page w-full gap-4").mark(f"wizard-page-{index}") as box:
                    if page.description:
                        ui.label(localize(page.description, lang)).classes("vance-help")
                self.boxes.append(box)
        self.current = min(max(start, 0), len(self.boxes) - 1) if self.boxes else 0
        self.clickable = on_step is not None
        self.visited = set(range(self.current + 1))  # pages the user has been on
        self._sync()

    @property
    def multi(self) -> bool:
        return bool(self.pages)

    def place(self, name: str) -> AbstractContextManager[Any]:
        """The container a top-level field is built in: its page's."""
        return self.boxes[self.page_of[name]] if self.pages else nullcontext()

    def show(self, pages: Sequence[bool]) -> None:
        """Apply the service's answer; a current page that became skipped gives way to the next shown one."""
        if not self.pages:
            return
        self.shown = list(pages) if len(pages) == len(self.pages) else [True] * len(self.pages)
        if not self.shown[self.current]:
            after, before = self.following(+1), self.following(-1)
            self.current = after if after is not None else before if before is not None else 0
        self._sync()

    def following(self, step: int) -> int | None:
        """The next (+1) or previous (-1) shown page, None at either end."""
        index = self.current + step
        while 0 <= index < len(self.pages):
            if self.shown[index]:
                return index
            index += step
        return None

    def between(self, target: int) -> list[int]:
        """The shown pages from the current one up to (not including) `target`, a later page."""
        return [index for index in range(self.current, target) if self.shown[index]]

    @property
    def is_last(self) -> bool:
        return not self.pages or self.following(+1) is None

    def position(self) -> tuple[int, int, str]:
        """The current page's number among the shown ones, how many are shown, and its title."""
        shown = [index for index, on in enumerate(self.shown) if on]
        number = shown.index(self.current) + 1 if self.current in shown else 1
        return number, len(shown), self.titles[self.current] if self.titles else ""

    def go(self, index: int) -> None:
        if 0 <= index < len(self.pages):
            self.current = index
            self.visited.add(index)
            self._sync()

    def _sync(self) -> None:
        for index, (step, button, box) in enumerate(zip(self.steps, self.step_buttons, self.boxes, strict=True)):
            step.visible = self.shown[index]
            box.visible = index == self.current
            current = index == self.current
            reachable = self.clickable and index in self.visited and not current
            if current:
                step.classes(add="vance-step-current")
                button.props('aria-current="step"')
            else:
                step.classes(remove="vance-step-current")
                button.props(remove="aria-current")
            if reachable:
                button.props(remove="disabled").classes(add="vance-step-reachable")
            else:
                button.props("disabled").classes(remove="vance-step-reachable")
