"""The YAML view: the wizard file in a code editor, its problems marked at their lines while typing
(a line decoration and tooltip in the editor, and a list below it that names line and column)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from nicegui import ui

from vance_ui.web.a11y import aria
from vance_ui.web.i18n import Texts
from vance_ui.wizards.yaml_source import SourceProblem

TextHandler = Callable[[str], None]


def problem_text(problem: SourceProblem) -> str:
    """As lint prints it: `line 3:5: message` (or the message alone when no line is known)."""
    if problem.line is None:
        return problem.message
    column = f":{problem.column}" if problem.column else ""
    return f"{problem.line}{column}: {problem.message}"


class YamlView:
    def __init__(self, t: Texts, text: str, on_text: TextHandler) -> None:
        self.t = t
        with ui.column().classes("w-full gap-2 vance-yaml-view").mark("editor-yaml-view"):
            self.editor = ui.codemirror(text, language="YAML", indent="  ", line_wrapping=True,
                                        on_change=lambda e: on_text(e.value)) \
                .classes("vance-yaml-editor w-full").mark("editor-yaml")
            self.editor.props(f'data-editor-label="{t("editor_yaml")}"')  # named by the page's script (style.py)
            self.problem_list = aria(ui.column(), role="status", live="polite") \
                .classes("vance-editor-problems gap-1 w-full").mark("editor-problems")

    @property
    def text(self) -> str:
        return self.editor.value or ""

    def set_text(self, text: str) -> None:
        """A change from elsewhere (the form view, a reload): the editor shows it without echoing it back."""
        if self.editor.value != text:
            self.editor.set_value(text)

    def show_problems(self, problems: Sequence[SourceProblem]) -> None:
        lines = sorted({p.line for p in problems if p.line})
        self.editor.decorations = [{"kind": "line", "line": line, "class": "vance-problem-line"} for line in lines]
        tips: dict[int, list[str]] = {}
        for problem in problems:
            if problem.line:
                tips.setdefault(problem.line, []).append(problem.message)
        self.editor.line_tooltips = {line: "\n".join(messages) for line, messages in tips.items()}
        self.problem_list.clear()
        with self.problem_list:
            for problem in problems:
                line = problem.line
                label = ui.label(problem_text(problem)).classes("vance-editor-problem").mark("editor-problem")
                if line:
                    label.classes("cursor-pointer").on("click", lambda line=line: self.editor.reveal_line(line))
