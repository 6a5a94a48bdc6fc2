"""Ask a wizard's fields one after another, and re-ask exactly the ones the service rejected.

The only checks here turn typed text into the field's type (a whole number, y/n, a choice
number); required, bounds and repeat rules are the service's (`render` -> `FormInvalid`). What is
shown (`showIf`, pages) is the service's too: before a field or page that depends on others, the
prompter asks the backend (`shown`, the API's `POST .../state`) with the answers so far.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from prompt_toolkit.completion import WordCompleter

from vance_ui.cli.backend import Backend, BackendError, Rendered
from vance_ui.cli.terminal import Terminal
from vance_ui.service import FormInvalid
from vance_ui.wizards.catalog.views import ChoiceView, FieldView
from vance_ui.wizards.format.paths import Path
from vance_ui.wizards.rules.validation import FieldError

Values = dict[str, Any]
HiddenCheck = Callable[[Path], bool]


def _never_hidden(path: Path) -> bool:
    return False


class FormPrompter:
    def __init__(self, terminal: Terminal) -> None:
        self.term = terminal
        self.hidden: HiddenCheck = _never_hidden  # run_wizard asks the backend

    # -- whole forms ------------------------------------------------------------------------

    def ask_form(self, fields: list[FieldView], current: Values | None = None, prefix: Path = (),
                 values: Values | None = None) -> Values:
        """Fill `values` in place (so a showIf further on sees the answers so far); a hidden
        field is not asked and keeps what it had."""
        values = {} if values is None else values
        for field in fields:
            path = (*prefix, field.name)
            before = (current or {}).get(field.name)
            if field.depends_on and self.hidden(path):
                values[field.name] = before
                continue
            values[field.name] = self.ask_field(field, before, path, values)
        return values

    def fix(self, fields: list[FieldView], values: Values, errors: list[FieldError], lang: str) -> bool:
        """Say each error once, named as the questions named its field ("Members #2 > Name"), and
        ask only those fields again (in place); False, saying nothing, if none matched."""
        targets: dict[str, tuple[Values, FieldView]] = {}
        for error in errors:
            found = _locate(fields, values, list(error.path))
            if found is not None:
                targets.setdefault(found[2], (found[0], found[1]))
        if not targets:
            return False
        for error in errors:
            self.term.say(f"  x {_readable(fields, error.path)}: {error.message(lang)}", "ansired")
        for label, (container, field) in targets.items():
            if any(label.startswith((f"{other}[", f"{other}.")) for other in targets):
                continue  # inside a repeat that is asked again as a whole
            container[field.name] = self.ask_field(field, container.get(field.name), (), container)
        return True

    # -- one field --------------------------------------------------------------------------

    def ask_field(self, field: FieldView, current: Any = None, path: Path = (),
                  container: Values | None = None) -> Any:
        value = current if current is not None else field.default_value
        mark = " *" if field.required else ""
        if field.type != "boolean":
            self.term.say(f"{field.label}{mark}", "bold")
        if field.help:
            self.term.say(f"  {field.help}", "ansibrightblack")
        if field.type == "repeat":
            return self._ask_repeat(field, value, path or (field.name,), {} if container is None else container)
        ask: Callable[[FieldView, Any], Any] = getattr(self, f"_ask_{field.type}", self._ask_string)
        return ask(field, value)

    def _ask_date(self, field: FieldView, value: Any) -> str:
        low, high = field.date_min or "", field.date_max or ""
        bounds = f"[{low}..{high}] " if low or high else ""
        while True:
            text = self.term.text(f"YYYY-MM-DD {bounds}> ", default=str(value or "")).strip()
            if not text or re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
                return text
            self.term.say("  please type a date as YYYY-MM-DD, e.g. 2026-12-03", "ansiyellow")
            value = None

    def _ask_string(self, field: FieldView, value: Any) -> str:
        return self.term.text("> ", default=str(value or ""))

    def _ask_password(self, field: FieldView, value: Any) -> str:
        return self.term.text("> ", default=str(value or ""), password=True)

    def _ask_textarea(self, field: FieldView, value: Any) -> str:
        if self.term.editor:
            self.term.say(f"  (opening {self.term.editor}; save and close it to continue)", "ansibrightblack")
            return self.term.edit(str(value or ""))
        return self.term.multiline("> ", default=str(value or ""))

    def _ask_integer(self, field: FieldView, value: Any) -> int | None:
        low, high = field.integer_min, field.integer_max
        shown = ("" if low is None else str(low), "" if high is None else str(high))
        bounds = f"[{shown[0]}..{shown[1]}]" if any(shown) else ""
        while True:
            text = self.term.text(f"{bounds}> " if bounds else "> ",
                                  default="" if value is None else str(value)).strip()
            if not text:
                return None
            try:
                return int(text)
            except ValueError:
                self.term.say("  please type a whole number", "ansiyellow")
                value = None

    def _ask_boolean(self, field: FieldView, value: Any) -> bool:
        return self.term.confirm(field.label + (" *" if field.required else ""), bool(value))

    def _menu(self, choices: list[ChoiceView], selected: list[str]) -> WordCompleter:
        for number, choice in enumerate(choices, 1):
            mark = "*" if choice.value in selected else " "
            self.term.say(f"  {mark} {number:>2}) {choice.label}  ({choice.value})")
        return WordCompleter([c.value for c in choices])

    def _pick(self, choices: list[ChoiceView], token: str) -> str | None:
        if token.isdigit() and 1 <= int(token) <= len(choices):
            return choices[int(token) - 1].value
        return next((c.value for c in choices if token in (c.value, c.label)), None)

    def _ask_select(self, field: FieldView, value: Any) -> str:
        choices = field.choices or []
        completer = self._menu(choices, [value] if value else [])
        hint = f" [{value}]" if value else ""
        while True:
            text = self.term.text(f"number or value{hint}> ", completer=completer).strip()
            if not text:
                return str(value or "")
            picked = self._pick(choices, text)
            if picked is not None:
                return picked
            self.term.say(f"  '{text}' is not in the list; type a number from 1 to {len(choices)}", "ansiyellow")

    def _ask_multi_select(self, field: FieldView, value: Any) -> list[str]:
        choices = field.choices or []
        chosen = [v for v in value if isinstance(v, str)] if isinstance(value, list) else []
        completer = self._menu(choices, chosen)
        hint = f" [{', '.join(chosen)}]" if chosen else ""
        while True:
            text = self.term.text(f"numbers or values, comma-separated, '-' for none{hint}> ",
                                  completer=completer).strip()
            if not text:
                return chosen
            if text == "-":
                return []
            tokens = [t for t in re.split(r"[,\s]+", text) if t]
            picked = [self._pick(choices, t) for t in tokens]
            if all(p is not None for p in picked):
                return list(dict.fromkeys(p for p in picked if p is not None))
            bad = next(t for t, p in zip(tokens, picked, strict=True) if p is None)
            self.term.say(f"  '{bad}' is not in the list", "ansiyellow")

    def _ask_repeat(self, field: FieldView, value: Any, path: Path, container: Values) -> list[Values]:
        """The "another entry? (y/n)" loop: at least `min` entries are asked, never more than `max`.
        The list is in `container` while it is asked, so an item's showIf sees the entries so far."""
        existing = [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []
        low, high = field.min or 0, field.max if field.max is not None else 200
        self.term.say(f"  between {low} and {high} entries", "ansibrightblack")
        items: list[Values] = []
        container[field.name] = items
        while len(items) < high:
            if len(items) >= low:
                question = f"Add another entry to '{field.label}'?" if items else f"Add an entry to '{field.label}'?"
                if not self.term.confirm(question, len(existing) > len(items)):
                    break
            self.term.say(f"-- {field.label} #{len(items) + 1}", "ansicyan")
            previous = existing[len(items)] if len(items) < len(existing) else None
            item: Values = {}
            items.append(item)
            self.ask_form(field.item or [], previous, (*path, len(items) - 1), item)
        return items


def _locate(fields: list[FieldView], values: Values,
            path: list[str | int]) -> tuple[Values, FieldView, str] | None:
    """The dict holding the field an error path points at, the field, and its path label."""
    container, label = values, ""
    index = 0
    while index < len(path):
        name = path[index]
        field = next((f for f in fields if f.name == name), None)
        if field is None:
            return None
        label += f".{name}" if label else str(name)
        following = path[index + 1] if index + 1 < len(path) else None
        if field.type == "repeat" and isinstance(following, int) and index + 2 < len(path):
            items = container.get(field.name)
            if not isinstance(items, list) or following >= len(items) or not isinstance(items[following], dict):
                return container, field, label
            container, fields = items[following], field.item or []
            label += f"[{following}]"
            index += 2
            continue
        return container, field, label
    return None


def _readable(fields: list[FieldView], path: Path) -> str:
    """An error's field as the questions named it: labels, and entries counted from 1 ("Members #2 >
    Name"); a part this form does not have stays as the path says it."""
    parts: list[str] = []
    for step in path:
        if isinstance(step, int):
            parts[-1:] = [f"{parts[-1]} #{step + 1}" if parts else f"#{step + 1}"]
            continue
        field = next((f for f in fields if f.name == step), None)
        parts.append(field.label if field is not None else step)
        fields = (field.item or []) if field is not None else []
    return " > ".join(parts)


def run_wizard(backend: Backend, name: str, prompter: FormPrompter, prefill: Values | None = None) -> Rendered:
    """Ask the shown fields page by page, render through the backend, and loop on validation errors
    until it renders."""
    definition = backend.definition(name)
    prompter.term.say(f"{definition.title}", "bold ansicyan")
    prompter.term.say(f"{definition.description}", "ansibrightblack")
    values: Values = {}
    prompter.hidden = lambda path: path in backend.shown(name, values).hidden
    by_name = {f.name: f for f in definition.fields}
    pages = definition.pages or []
    for number, page in enumerate(pages, 1):
        if page.depends_on is not None and not backend.shown(name, values).pages[number - 1]:
            continue  # skipped: its showIf is false for the answers so far
        prompter.term.say(f"== {number}/{len(pages)} {page.title}", "bold ansicyan")
        if page.description:
            prompter.term.say(page.description, "ansibrightblack")
        prompter.ask_form([by_name[n] for n in page.fields if n in by_name], prefill, (), values)
    if not pages:
        prompter.ask_form(definition.fields, prefill, (), values)
    while True:
        try:
            return backend.render(name, values)
        except FormInvalid as invalid:
            if not prompter.fix(definition.fields, values, invalid.errors, invalid.lang):
                # errors for fields this form does not have: asking again could never help
                raise BackendError("the values were rejected: " + "; ".join(
                    f"{e.field}: {e.message(invalid.lang)}" for e in invalid.errors)) from None
