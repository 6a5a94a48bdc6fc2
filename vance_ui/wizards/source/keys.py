"""The keys of the wizard file's mappings as `SourceDocument` places them: the order the file
format lists them in (a new key goes after the present keys that precede it; the schema models
define which keys exist, tests/domain/test_source_keys.py ties these orders to them) and which
keys each field type has (from the models)."""

from __future__ import annotations

from vance_ui.wizards.format.schema import FIELD_MODELS, FieldBase, model_keys

WIZARD_KEYS = ("title", "description", "icon", "category", "availableIn", "keywords", "fields", "pages", "rules",
               "promptTemplate", "validatorPrompt", "suggestedFollowUps", "examples")
FIELD_KEYS = ("name", "type", "label", "help", "required", "showIf", "rows", "minLength", "maxLength", "pattern",
              "patternMessage", "integerMin", "integerMax", "dateMin", "dateMax", "min", "max", "choices",
              "minSelected", "maxSelected", "item", "defaultValue", "fromMessage")
PAGE_KEYS = ("title", "description", "fields", "showIf")
FOLLOW_UP_KEYS = ("wizard", "label", "prefill", "condition")
RULE_KEYS = ("if", "field", "message")

#: the keys every field type has
COMMON_FIELD_KEYS = frozenset({*model_keys(FieldBase), "type"})
#: the keys only some field types have
TYPE_KEYS: dict[str, frozenset[str]] = {
    kind: frozenset(model_keys(model)) - COMMON_FIELD_KEYS for kind, model in FIELD_MODELS.items()}
