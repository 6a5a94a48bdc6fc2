"""A wizard made of a pasted prompt and the fields its author made of parts of it: the prompt
becomes the template (each part replaced by its field, the rest kept literally even where it
looks like Jinja), each part a field, and the part's text the values of an example, so the
wizard checks that it gives back the prompt it was made of (a date comes back as YYYY-MM-DD).
The result is YAML text that loads; nothing is stored here."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from vance_ui.authoring.prompt_fields import (
    PROPOSED_TYPES,
    FieldProposal,
    PromptRefused,
    choice_options,
    date_value,
    integer_value,
    list_shape,
)
from vance_ui.wizards.format.schema import MAX_FIELDS, WIZARD_NAME_RE
from vance_ui.wizards.source.document import SourceDocument
from vance_ui.wizards.source.naming import ascii_text, usable
from vance_ui.wizards.templates.limits import DEFAULT_LIMITS

__all__ = ["escape_literal", "prompt_template", "wizard_from_prompt", "wizard_name_for"]

#: a `{` that would open a Jinja tag, print or comment (or one just before a field's `{{`)
_OPENING_BRACE = re.compile(r"\{(?=[{%#]|\Z)")
_ITEM = "text"  # the one field of a list's items
_TITLE_WORDS = 8
_TITLE_CHARS = 80
_NAME_CHARS = 40
_EXAMPLE_NAMES = {"en": "The pasted prompt", "de": "Der eingefügte Prompt"}
_ITEM_LABELS = {"en": "Text", "de": "Text"}


def escape_literal(text: str) -> str:
    """Text that prints as itself in a template: each brace that would open a tag prints as a string."""
    return _OPENING_BRACE.sub("{{ '{' }}", text)


def _placeholder(prompt: str, proposal: FieldProposal) -> tuple[int, int, str]:
    """The range the field stands for and the template text that prints it."""
    if proposal.type != "repeat":
        return proposal.start, proposal.end, "{{ " + proposal.name + " }}"
    shape = list_shape(prompt, proposal.start, proposal.end, markers_needed=False)
    if shape is None:
        raise PromptRefused("type", f"field '{proposal.name}': a list needs two or more lines, none of them blank")
    prefix = shape.indent + ("{{ loop.index }}" if shape.numbered else "") + escape_literal(shape.marker) + shape.gap
    line_break = "\n" if shape.end > 0 and prompt[shape.end - 1] == "\n" else ""
    loop = (f"{{% for item in {proposal.name} %}}\n{prefix}{{{{ item.{_ITEM} }}}}\n{{% endfor %}}"
            + line_break)
    return shape.start, shape.end, loop


def _check(prompt: str, proposals: Sequence[FieldProposal]) -> None:
    if not prompt.strip():
        raise PromptRefused("empty_prompt", "paste a prompt first")
    if "\x00" in prompt:
        raise PromptRefused("characters", "the prompt contains a NUL character, which a wizard file cannot hold")
    if len(proposals) > MAX_FIELDS:
        raise PromptRefused("too_many", f"a wizard has at most {MAX_FIELDS} fields")
    names: set[str] = set()
    for proposal in proposals:
        if not usable(proposal.name):
            raise PromptRefused("name", f"'{proposal.name}' cannot name a field (letters and digits, "
                                        "starting with a letter, e.g. startDate)")
        if proposal.name in names:
            raise PromptRefused("duplicate_name", f"two fields are called '{proposal.name}'")
        names.add(proposal.name)
        if proposal.type not in PROPOSED_TYPES:
            raise PromptRefused("type", f"field '{proposal.name}': '{proposal.type}' is not one of "
                                        f"{', '.join(PROPOSED_TYPES)}")
        if not 0 <= proposal.start < proposal.end <= len(prompt):
            raise PromptRefused("selection_outside", f"field '{proposal.name}' is not inside the prompt")


def prompt_template(prompt: str, proposals: Sequence[FieldProposal]) -> str:
    """The prompt with each part replaced by what prints its field, the rest escaped (its line
    breaks written as `\\n`, as the template engine would print them)."""
    _check(prompt, proposals)
    parts = sorted((_placeholder(prompt, p) for p in proposals), key=lambda part: part[0])
    out: list[str] = []
    position = 0
    for start, end, placeholder in parts:
        if start < position:
            raise PromptRefused("overlap", "two fields overlap in the prompt: each part of it can be one field")
        out += [escape_literal(_newlines(prompt[position:start])), placeholder]
        position = end
    out.append(escape_literal(_newlines(prompt[position:])))
    template = "".join(out)
    if len(template) > DEFAULT_LIMITS.max_source_chars:
        raise PromptRefused("too_long", f"the prompt is too long for a wizard (its template would have "
                                        f"{len(template)} characters, at most {DEFAULT_LIMITS.max_source_chars})")
    return template


def _value(prompt: str, proposal: FieldProposal) -> Any:
    """What the form holds when the field is filled in as in the pasted prompt (None: its type
    cannot hold that text)."""
    text = prompt[proposal.start:proposal.end]
    if proposal.type == "integer":
        return integer_value(text.strip())
    if proposal.type == "date":
        return date_value(text)
    if proposal.type == "repeat":
        shape = list_shape(prompt, proposal.start, proposal.end, markers_needed=False)
        return [{_ITEM: item} for item in shape.items] if shape is not None else None
    if proposal.type == "select":
        return text.strip() if text.strip() in choice_options(text, proposal.options) else None
    return text


def _expected(prompt: str, proposals: Sequence[FieldProposal], values: dict[str, Any]) -> str:
    """The pasted prompt as the wizard gives it back for `values`: a date as YYYY-MM-DD, each list
    line ended by a line break, line breaks as `\\n` (as the template engine writes them)."""
    out: list[str] = []
    position = 0
    for proposal in sorted(proposals, key=lambda p: p.start):
        start, end, printed = proposal.start, proposal.end, str(values[proposal.name])
        if proposal.type == "repeat":
            shape = list_shape(prompt, proposal.start, proposal.end, markers_needed=False)
            assert shape is not None
            start, end = shape.start, shape.end
            printed = "".join(f"{shape.indent}{number if shape.numbered else ''}{shape.marker}{shape.gap}{item}\n"
                              for number, item in enumerate(shape.items, start=1))
        out += [_newlines(prompt[position:start]), printed]
        position = end
    out.append(_newlines(prompt[position:]))
    return "".join(out).rstrip()  # as the chat gets it


def _newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _title(prompt: str) -> str:
    first_line = next(line for line in prompt.splitlines() if line.strip())
    title = " ".join(first_line.split()[:_TITLE_WORDS])[:_TITLE_CHARS].strip()
    return title.replace("{", "(").replace("}", ")") or "Wizard"


def wizard_name_for(prompt: str) -> str:
    """A wizard (file) name proposed from the prompt's first words: `plan-a-trip-to-berlin`; whole
    words only (no `...-03-12-20` of `03.12.2026`), unless the first word alone is too long."""
    words = re.findall(r"[a-z0-9]+", ascii_text(_title(prompt) if prompt.strip() else "").lower())
    name = "-".join(words)
    if len(name) > _NAME_CHARS:
        cut = name[:_NAME_CHARS + 1]  # a word that ends right at the limit is whole
        name = cut.rsplit("-", 1)[0] if "-" in cut else name[:_NAME_CHARS]
    return name if WIZARD_NAME_RE.fullmatch(name) else "from-prompt"


def _add_field(doc: SourceDocument, proposal: FieldProposal, prompt: str, lang: str) -> None:
    labels = dict(proposal.labels) or {lang: proposal.name}
    first_lang, first_label = next(iter(labels.items()))
    path = doc.add_field((), proposal.type, proposal.name, first_lang, first_label)
    for code, label in labels.items():
        doc.set_field_text(path, "label", code, label or proposal.name)
    doc.set_field(path, "required", True)
    text = prompt[proposal.start:proposal.end]
    if proposal.type == "textarea":
        doc.set_field(path, "rows", min(max(text.count("\n") + 1, 3), 20))
    if proposal.type == "select":
        for option in choice_options(text, proposal.options):
            doc.add_choice(path, option, first_lang, option)
            for code in labels:
                doc.set_choice(path, len(doc.choices(path)) - 1, code, label=option)
        doc.remove_choice(path, 0)  # the placeholder choice a new select field starts with
    if proposal.type == "repeat":
        item = (*path, 0)
        doc.set_field(item, "name", _ITEM)
        for code in labels:
            doc.set_field_text(item, "label", code, _ITEM_LABELS.get(code, _ITEM_LABELS["en"]))


def wizard_from_prompt(prompt: str, proposals: Sequence[FieldProposal], lang: str = "en",
                       title: str | None = None) -> str:
    """The YAML text of a wizard made of `prompt` and the fields `proposals` (in prompt order),
    titled `title` (default: the prompt's first words), with an example holding the pasted values
    when every part fits its field's type. Raises `PromptRefused` (with its `code`) for what
    cannot be made."""
    template = prompt_template(prompt, proposals)
    ordered = sorted(proposals, key=lambda p: p.start)
    doc = SourceDocument(CommentedMap())
    heading = (title or "").strip() or _title(prompt)
    for code in dict.fromkeys(("en", lang)):
        doc.set_text("title", code, heading)
        doc.set_text("description", code, heading)
    doc.root["fields"] = CommentedSeq()
    for proposal in ordered:
        _add_field(doc, proposal, prompt, lang)
    doc.set_value("promptTemplate", template)
    values = {p.name: _value(prompt, p) for p in ordered}
    if ordered and all(value is not None for value in values.values()):
        doc.add_example(_EXAMPLE_NAMES.get(lang, _EXAMPLE_NAMES["en"]), lang, values,
                        _expected(prompt, ordered, values))
    return doc.dump()
