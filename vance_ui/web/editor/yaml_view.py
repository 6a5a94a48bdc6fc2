"""The YAML view: the wizard file in a code editor, its problems marked at their lines while typing
(a line decoration, and the problem in plain words as the line's tooltip; the editor's problem
list beside the preview names each line and shows it here)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from nicegui import ui

from vance_ui.web.editor.problem_words import ProblemWords
from vance_ui.web.nicegui_compat.code_editor import CodeEditor
from vance_ui.web.shell.a11y import aria
from vance_ui.web.shell.i18n import Texts
from vance_ui.wizards.format.schema import FIELD_TYPES
from vance_ui.wizards.format.schema_keys import keys_at
from vance_ui.wizards.format.yaml_source import SourceProblem

TextHandler = Callable[[str], None]


def _python_offset(text: str, utf16: int) -> int:
    """CodeMirror counts UTF-16 code units; Python counts code points."""
    units = 0
    for index, char in enumerate(text):
        if units >= utf16:
            return index
        units += 2 if ord(char) > 0xFFFF else 1
    return len(text)


class YamlView:
    def __init__(self, t: Texts, text: str, on_text: TextHandler) -> None:
        self.t = t
        with ui.column().classes("w-full gap-2 vance-yaml-view").mark("editor-yaml-view"):
            # Ctrl+Space is CodeMirror's own (its completion, which knows no wizard keys)
            self.editor = CodeEditor(text, language="YAML", indent="  ", line_wrapping=True,
                                        on_change=lambda e: on_text(e.value),
                                        keymap={"Ctrl-Shift-Space": self.suggest}) \
                .classes("vance-yaml-editor w-full").mark("editor-yaml")
            with ui.row().classes("w-full items-center gap-1"):
                aria(ui.button(t("editor_suggest"), icon="lightbulb", on_click=self.suggest),
                     label=t("editor_suggest")).props("flat dense no-caps").mark("editor-suggest")
                self.suggestions = ui.row().classes("items-center gap-1").mark("editor-suggestions")
            self.editor.props(f'data-editor-label="{t("editor_yaml")}"')  # names its textbox (assets/editor.js)

    async def suggest(self) -> None:
        """The keys the JSON Schema allows where the cursor is (Ctrl+Shift+Space, or the button), as
        buttons that insert one there. The cursor comes from CodeMirror's view in the browser."""
        head = await self.editor.cursor()
        if head is None:  # no browser answered: the end of the text
            head = len(self.text.encode("utf-16-le")) // 2
        keys = keys_at(self.text, _python_offset(self.text, head))
        self.suggestions.clear()
        with self.suggestions:
            if not keys:
                ui.label(self.t("editor_no_suggestions")).classes("vance-help")
            for key in keys[:24]:
                ui.button(key, on_click=lambda k=key, at=head: self._insert(k, at)) \
                    .props("outline dense no-caps size=sm").mark("editor-suggestion")

    def _insert(self, key: str, at: int) -> None:
        self.suggestions.clear()
        self.editor.insert(at, key if key in FIELD_TYPES else f"{key}: ")

    @property
    def text(self) -> str:
        return self.editor.value or ""

    def set_text(self, text: str) -> None:
        """A change from elsewhere (the form view, a reload): the editor shows it without echoing it back."""
        if self.editor.value != text:
            self.editor.set_value(text)

    def show_problems(self, problems: Sequence[SourceProblem], words: ProblemWords) -> None:
        """Each problem at its line: the line marked, and its words as the line's tooltip."""
        lines = sorted({p.line for p in problems if p.line})
        self.editor.decorations = [{"kind": "line", "line": line, "class": "vance-problem-line"} for line in lines]
        tips: dict[int, list[str]] = {}
        for problem in problems:
            if problem.line:
                tips.setdefault(problem.line, []).append(words.placed(problem))
        self.editor.line_tooltips = {line: "\n".join(messages) for line, messages in tips.items()}

    def reveal(self, line: int) -> None:
        self.editor.reveal_line(line)
