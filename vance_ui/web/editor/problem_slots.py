"""Where the form view shows a problem: each part of the form (the head, a field's card, a page's
row, a template's section, a follow-up's row) registers a slot under its place in the file, and a
problem goes to the slot of the deepest place that holds it (`("pages", 1, "fields")` to page 2's
row). A problem is shown in plain words (`ProblemWords`) and names the control it is about
(`aria-describedby` of the slot's first input), so a screen reader hears it there too."""

from __future__ import annotations

from collections.abc import Iterable

from nicegui import ui

from vance_ui.web.editor.problem_words import ProblemWords
from vance_ui.web.shell.a11y import aria, dom_id
from vance_ui.wizards.format.paths import Path
from vance_ui.wizards.format.yaml_source import SourceProblem


class ProblemSlots:
    def __init__(self) -> None:
        self._slots: dict[Path, ui.column] = {}
        self._boxes: dict[Path, ui.element] = {}  # what a problem's "Show" scrolls to and focuses in

    def clear(self) -> None:
        self._slots.clear()
        self._boxes.clear()

    def add(self, path: Path, box: ui.element, describes: Iterable[ui.element] = ()) -> ui.column:
        """A slot for the problems at `path`, built where this is called, inside `box`; the problems
        shown there describe the `describes` controls (`aria-describedby`)."""
        slot = ui.column().classes("vance-editor-inline-problems w-full gap-1").mark("editor-inline-problems")
        slot.visible = False
        for control in describes:
            aria(control, describedby=dom_id(slot))
        self._slots[path] = slot
        self._boxes[path] = box
        return slot

    def home(self, path: Path | None) -> Path | None:
        """The registered place that holds `path` most closely (None: no slot fits)."""
        if path is None:
            return None
        for end in range(len(path), -1, -1):
            if path[:end] in self._slots:
                return path[:end]
        return None

    def box(self, path: Path | None) -> ui.element | None:
        home = self.home(path)
        return self._boxes.get(home) if home is not None else None

    def slot(self, path: Path) -> ui.column | None:
        return self._slots.get(path)

    def show(self, problems: list[SourceProblem], words: ProblemWords) -> None:
        for slot in self._slots.values():
            slot.clear()
            slot.visible = False
        for problem in problems:
            home = self.home(problem.path)
            if home is None:
                continue
            slot = self._slots[home]
            with slot:
                ui.label(words.placed(problem) if home == () else words.text(problem)) \
                    .classes("vance-editor-problem-inline").mark("editor-inline-problem")
            slot.visible = True
