"""The stepper of a multi-step wizard: page titles, one container per page, which page is current.

Which pages are shown is the service's answer (`Visibility.pages`): a skipped page's step is
hidden and Back/Next pass over it. A single-page wizard has one page without a stepper.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from nicegui import ui

from vance_ui.web.shell.i18n import Texts
from vance_ui.wizards.format.localization import localize
from vance_ui.wizards.format.schema import Page


class FormPages:
    def __init__(self, pages: Sequence[Page] | None, lang: str, t: Texts, start: int = 0) -> None:
        self.pages = list(pages or [])
        self.page_of = {name: index for index, page in enumerate(self.pages) for name in page.fields}
        self.shown = [True] * max(1, len(self.pages))
        self.steps: list[ui.element] = []
        self.boxes: list[ui.column] = []
        if self.pages:
            with ui.element("ol").classes("vance-steps").props(f'aria-label="{t("steps")}"'):
                for number, page in enumerate(self.pages, 1):
                    with ui.element("li").classes("vance-step").mark("wizard-step") as step:
                        ui.label(str(number)).classes("vance-step-number").props("aria-hidden=true")
                        ui.label(localize(page.title, lang)).classes("vance-step-title")
                    self.steps.append(step)
            for index, page in enumerate(self.pages):
                with ui.column().classes("vance-page w-full gap-4").mark(f"wizard-page-{index}") as box:
                    if page.description:
                        ui.label(localize(page.description, lang)).classes("vance-help")
                self.boxes.append(box)
        self.current = min(max(start, 0), len(self.boxes) - 1) if self.boxes else 0
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

    @property
    def is_last(self) -> bool:
        return not self.pages or self.following(+1) is None

    def go(self, index: int) -> None:
        if 0 <= index < len(self.pages):
            self.current = index
            self._sync()

    def _sync(self) -> None:
        for index, (step, box) in enumerate(zip(self.steps, self.boxes, strict=True)):
            step.visible = self.shown[index]
            box.visible = index == self.current
            if index == self.current:
                step.props('aria-current="step"').classes(add="vance-step-current")
            else:
                step.props(remove="aria-current").classes(remove="vance-step-current")

