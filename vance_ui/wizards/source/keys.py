"""The keys of the wizard file's mappings as `SourceDocument` places them: the order the file
format lists them in (a new key goes after the present keys that precede it) and which keys each
field type has."""

from __future__ import annotations

WIZARD_KEYS = ("title", "description", "icon", "category", "availableIn", "fields", "pages",
               "promptTemplate", "validatorPrompt", "suggestedFollowUps")
FIELD_KEYS = ("name", "type", "label", "help", "required", "showIf", "rows", "integerMin", "integerMax",
              "dateMin", "dateMax", "min", "max", "choices", "item", "defaultValue")
PAGE_KEYS = ("title", "description", "fields", "showIf")
FOLLOW_UP_KEYS = ("wizard", "label", "prefill", "condition")

#: the keys every field type has
COMMON_FIELD_KEYS = frozenset({"name", "type", "label", "help", "required", "showIf"})
#: the keys only some field types have
TYPE_KEYS: dict[str, frozenset[str]] = {
    "string": frozenset({"defaultValue"}),
    "textarea": frozenset({"rows", "defaultValue"}),
    "password": frozenset(),
    "integer": frozenset({"integerMin", "integerMax", "defaultValue"}),
    "boolean": frozenset({"defaultValue"}),
    "date": frozenset({"dateMin", "dateMax", "defaultValue"}),
    "select": frozenset({"choices", "defaultValue"}),
    "multi_select": frozenset({"choices", "defaultValue"}),
    "repeat": frozenset({"min", "max", "item", "defaultValue"}),
}
