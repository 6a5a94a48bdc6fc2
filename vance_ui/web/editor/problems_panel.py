"""The check's verdict beside the preview, in view while the author edits anything: a status line
("The wizard loads." or how many problems), and each problem in plain words as a button that shows
it where it is (the part of the form, or the line in the YAML view)."""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui

from vance_ui.web.editor.problem_words import ProblemWords
from vance_ui.web.shell.a11y import aria
from vance_ui.web.shell.i18n import Texts
from vance_ui.wizards.format.yaml_source import SourceProblem


class ProblemsPanel:
    def __init__(self, t: Texts, show: Callable[[SourceProblem], None]) -> None:
        self.t, self._show = t, show
        with ui.column().classes("vance-editor-checks w-full gap-1").mark("editor-checks"):
            self.status = aria(ui.label(), role="status", live="polite").classes("vance-editor-status") \
                .mark("editor-status")
            self.list = aria(ui.element("ul"), label=t("problems_title")).classes("vance-editor-problems") \
                .mark("editor-problems")
            self.list.visible = False

    def show(self, problems: list[SourceProblem], words: ProblemWords) -> None:
        t = self.t
        if problems:
            self.status.text = t("editor_problems", count=len(problems))
            self.status.classes(add="vance-editor-status-bad")
        else:
            self.status.text = t("editor_loads")
            self.status.classes(remove="vance-editor-status-bad")
        self.list.clear()
        with self.list:
            for problem in problems:
                text = words.line(problem)
                with ui.element("li"):
                    aria(ui.button(text, on_click=lambda p=problem: self._show(p)),
                         label=t("problem_show", text=text)) \
                        .props("flat dense no-caps align=left").classes("vance-editor-problem w-full") \
                        .mark("editor-problem")
        self.list.visible = bool(problems)
