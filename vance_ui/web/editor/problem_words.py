"""A load problem in the author's words and language: where it is ("Field 'topic'", "Page 2",
"Prompt template") and what to do ("Page 2 has no fields yet: add one or remove the page").

The loader's `SourceProblem` carries its place in the file (`path`), its kind (`code`) and what
its message quotes (`params`); a kind this module does not know is shown with the loader's own
message after the place.
"""

from __future__ import annotations

from typing import Any

from vance_ui.web.shell.i18n import Texts
from vance_ui.wizards.format.paths import Path
from vance_ui.wizards.format.yaml_source import SourceProblem

#: the file's keys the author meets in the form view, by their label's text key
_KEY_LABELS = {"title": "wizard_title", "description": "wizard_description", "icon": "wizard_icon",
               "category": "wizard_category", "availableIn": "wizard_available_in", "label": "field_label",
               "help": "field_help", "name": "field_name", "type": "field_type", "choices": "field_choices",
               "item": "field_items", "showIf": "field_show_if", "defaultValue": "field_default",
               "promptTemplate": "wizard_prompt", "validatorPrompt": "wizard_validator", "fields": "editor_fields",
               "pages": "editor_pages", "wizard": "follow_up_wizard", "condition": "follow_up_condition",
               "minLength": "field_min_length", "maxLength": "field_max_length", "pattern": "field_pattern",
               "patternMessage": "field_pattern_message", "minSelected": "field_min_selected",
               "maxSelected": "field_max_selected", "rules": "editor_rules", "if": "rule_condition",
               "message": "rule_message"}


def _item(data: Any, key: str | int) -> Any:
    if isinstance(key, int):
        return data[key] if isinstance(data, list) and 0 <= key < len(data) else None
    return data.get(key) if isinstance(data, dict) else None


def field_name_at(data: Any, path: Path) -> str | None:
    """The name of the field at `("fields", 2, "item", 0, ...)` in the file's data, if it has one."""
    current, name = data, None
    for index, key in enumerate(path):
        current = _item(current, key)
        if isinstance(key, int) and index and path[index - 1] in ("fields", "item"):
            name = current.get("name") if isinstance(current, dict) and isinstance(current.get("name"), str) else None
            if name is None:
                return None
    return name


class ProblemWords:
    """`data`: the file's data as the form view holds it (None when the text is no mapping)."""

    def __init__(self, t: Texts, data: Any) -> None:
        self.t, self.data = t, data

    def place(self, path: Path | None) -> str:
        """Where, as the form view names it; "" for the file as a whole."""
        t = self.t
        if not path:
            return ""
        head = path[0]
        if head == "fields" and len(path) > 1 and isinstance(path[1], int):
            depth = 2
            while len(path) > depth + 1 and path[depth] == "item" and isinstance(path[depth + 1], int):
                depth += 2
            names = [field_name_at(self.data, path[:end]) for end in range(2, depth + 1, 2)]
            if all(names):
                return t("problem_at_field", name="' > '".join(str(name) for name in names))
            return t("problem_at_field_number", number=path[1] + 1)
        if head == "pages" and len(path) > 1 and isinstance(path[1], int):
            return t("problem_at_page", number=path[1] + 1)
        if head == "suggestedFollowUps" and len(path) > 1 and isinstance(path[1], int):
            return t("problem_at_follow_up", number=path[1] + 1)
        if head == "rules" and len(path) > 1 and isinstance(path[1], int):
            return t("problem_at_rule", number=path[1] + 1)
        if head in ("promptTemplate", "validatorPrompt", "fields", "pages", "suggestedFollowUps", "rules"):
            return t(_KEY_LABELS.get(str(head), "editor_follow_ups"))
        return t("editor_general")

    def text(self, problem: SourceProblem) -> str:
        """What is wrong and what to do, in plain words."""
        t, p, path = self.t, problem.params, problem.path or ()
        code = problem.code
        last = path[-1] if path else ""
        if code == "yaml":
            return t("problem_yaml")
        if code == "unknown_key":
            return t("problem_unknown_key", name=p.get("key", ""))
        if code == "missing":
            return t("problem_missing", what=self._key(p.get("key", "")))
        if code in ("too_short", "string_too_short"):  # a list or a text left empty
            return self._too_short(path, last)
        if code == "unknown_type":
            return t("problem_unknown_type", type=p.get("type", ""))
        if code == "no_type":
            return t("problem_no_type")
        if code == "unknown_variable":
            hint = p.get("hint")
            return t("problem_unknown_variable", name=p.get("name", "")) + \
                (" " + t("problem_did_you_mean", name=hint) if hint else "")
        if code == "template":
            return t("problem_template", detail=p.get("detail", problem.message))
        if code in ("show_if_unknown", "page_unknown_field", "page_twice", "no_page", "show_if_cycle",
                    "password_in_link", "wizard_name"):
            return t(f"problem_{code}", **p)
        return _strip_place(problem.message)

    def _too_short(self, path: Path, last: str | int) -> str:
        t = self.t
        if path[:1] == ("pages",) and last == "fields" and len(path) > 1 and isinstance(path[1], int):
            return t("problem_page_no_fields", number=path[1] + 1)
        if last == "choices":
            return t("problem_no_choices")
        if last == "item":
            return t("problem_no_items")
        if last in ("promptTemplate", "validatorPrompt"):
            return t("problem_empty_template")
        return t("problem_empty", what=self._key(str(last)))

    def _key(self, key: str) -> str:
        label = _KEY_LABELS.get(key)
        return self.t(label) if label else key

    def placed(self, problem: SourceProblem) -> str:
        """`Page 2: ...`: the text after its place (unless it names the place itself)."""
        place, text = self.place(problem.path), self.text(problem)
        return f"{place}: {text}" if place and not text.startswith(place) else text

    def line(self, problem: SourceProblem) -> str:
        """`Line 12 · Page 2: ...` (the YAML view's list), or without the line when none is known."""
        said = self.placed(problem)
        return self.t("problem_line", line=problem.line, text=said) if problem.line else said


def _strip_place(message: str) -> str:
    """The loader's message without its leading `fields[0].x: ` (the place is said already)."""
    head, _, rest = message.partition(": ")
    return rest if rest and " " not in head and ("[" in head or "." in head or head.isidentifier()) else message
