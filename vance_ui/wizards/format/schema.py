"""The wizard file format (spec sections 2, 2a, 3, 5a) as strict pydantic models.

Keys are camelCase as in the spec. Unknown keys are rejected, and so are keys that do not
belong to a field's type: each type is its own model in a union discriminated by `type`.
Form engine v2 (a per-field and per-page `showIf`, top-level `pages`, the `date` type) added only
optional keys and a new type, so every file valid before stays valid.
"""

from __future__ import annotations

import datetime
import keyword
import re
from typing import Annotated, Any, Literal, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    model_validator,
)
from pydantic.alias_generators import to_camel

from vance_ui.wizards.format.patterns import PatternRefused, compile_pattern

WIZARD_NAME_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
LANG_CODE_PATTERN = r"^[a-z]{2,3}([-_][A-Za-z0-9]{2,8})*$"
ICON_PATTERN = r"^[a-z0-9][a-z0-9-]{0,63}$"
CATEGORY_PATTERN = r"^[\w][\w .-]{0,63}$"

MAX_FIELDS = 200
MAX_CHOICES = 500
MAX_REPEAT_ITEMS = 200
MAX_NESTING = 3

#: Names the render context provides itself (spec section 5) or Jinja reserves.
RESERVED_NAMES = frozenset(
    {"lang", "user", "project", "loop", "range", "dict", "lipsum", "cycler", "joiner", "namespace",
     "true", "false", "none", "True", "False", "None", "self", "caller", "varargs", "kwargs",
     "and", "or", "not", "in", "is", "if", "else", "elif", "for", "recursive"}
)

#: What every template sees next to the field values (spec section 5, plus `today`).
CONTEXT_VARIABLES = frozenset({"lang", "user", "project", "today"})

MAX_PAGES = 50
ISO_DATE_RE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")


def _check_field_name(name: str) -> str:
    if not name.isidentifier() or keyword.iskeyword(name):
        raise ValueError(f"'{name}' is not a valid field name (use letters, digits and _, e.g. outputName)")
    if name.startswith("_"):
        raise ValueError(f"field name '{name}' may not start with '_'")
    if name in RESERVED_NAMES:
        raise ValueError(f"field name '{name}' is reserved (the template context or Jinja uses it)")
    return name


def _check_wizard_name(name: str) -> str:
    if not WIZARD_NAME_RE.fullmatch(name):
        raise ValueError(f"'{name}' is not a wizard name (lowercase letters, digits, '-' and '_')")
    return name


def parse_iso_date(text: str) -> datetime.date | None:
    """`YYYY-MM-DD` and nothing else (no week dates, no times): what a date field holds."""
    if not ISO_DATE_RE.fullmatch(text):
        return None
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        return None


def _yaml_date_as_text(value: Any) -> Any:
    """YAML reads an unquoted 2026-12-03 as a date: the file means the ISO text."""
    if isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
        return value.isoformat()
    return value


def _check_iso_date(text: str) -> str:
    if parse_iso_date(text) is None:
        raise ValueError(f"'{text[:40]}' is not a date (use YYYY-MM-DD, e.g. 2026-12-03)")
    return text


FieldName = Annotated[StrictStr, Field(max_length=64), AfterValidator(_check_field_name)]
WizardName = Annotated[StrictStr, AfterValidator(_check_wizard_name)]
LangCode = Annotated[str, Field(pattern=LANG_CODE_PATTERN)]
IsoDate = Annotated[StrictStr, BeforeValidator(_yaml_date_as_text), AfterValidator(_check_iso_date),
                    Field(json_schema_extra={"pattern": ISO_DATE_RE.pattern})]
ShowIf = Annotated[StrictStr, Field(min_length=1, max_length=4000)]
SHOW_IF_HELP = (
    "A template expression, e.g. \"tone == 'formal'\" or \"members | length > 2\": the field is shown only while "
    "it is true. It reads the form's field names (inside a repeat item: the item's own fields first, then the "
    "form's), lang, user, project and today (YYYY-MM-DD). A hidden field is not validated and reaches templates "
    "and later conditions as its empty value; the expression itself never leaves the server (clients get dependsOn)"
)
PAGE_SHOW_IF_HELP = ("A template expression over the form's fields (see a field's showIf): while it is false the "
                     "page is skipped and its fields are hidden. It may not read a field on this page")
LocalizableText = Annotated[
    dict[LangCode, Annotated[StrictStr, Field(max_length=4000)]],
    Field(min_length=1, description="Text per language code, e.g. {de: 'Gremium anlegen', en: 'Create a council'}"),
]


Keyword = Annotated[StrictStr, Field(min_length=1, max_length=100)]
LocalizedKeywords = Annotated[
    dict[LangCode, Annotated[list[Keyword], Field(min_length=1, max_length=50)]],
    Field(min_length=1, description="Words and phrases per language that users type when they need this wizard, "
                                    "beyond its title and description, e.g. {en: [council, advisory board], "
                                    "de: [Gremium, Beirat]}: chat suggestions rank by them"),
]


class StrictModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, alias_generator=to_camel)


class FormChoice(StrictModel):
    """One option of a select or multi_select field."""

    value: Annotated[StrictStr, Field(min_length=1, max_length=200)]
    label: LocalizableText


class FieldBase(StrictModel):
    name: FieldName
    label: LocalizableText
    help: LocalizableText | None = None
    required: StrictBool = False
    show_if: ShowIf | None = Field(default=None, description=SHOW_IF_HELP)


FROM_MESSAGE_HELP = ("When the wizard is opened from a suggestion in the chat, this field receives the message "
                     "being typed. At most one top-level string or textarea field may say so")


def _check_pattern(pattern: str) -> str:
    try:
        compile_pattern(pattern)
    except PatternRefused as refused:
        raise ValueError(f"pattern: {refused}") from None
    return pattern


Pattern = Annotated[StrictStr, Field(min_length=1, max_length=1000, description=(
    "A regular expression the whole text must match (RE2 syntax: linear time; no backreferences or lookaround), "
    "checked when the text is not empty, e.g. '[^\\s/]+' for a file name without spaces")),
    AfterValidator(_check_pattern)]
TextLength = Annotated[StrictInt, Field(ge=0, le=100_000)]


class TextFieldBase(FieldBase):
    """What a one-line or multi-line text field may require of a non-empty text (validation rules)."""

    min_length: TextLength | None = Field(default=None, description="At least this many characters (when not empty)")
    max_length: TextLength | None = Field(default=None, description="At most this many characters")
    pattern: Pattern | None = None
    pattern_message: LocalizableText | None = Field(
        default=None, description="What a text that does not match the pattern is told, per language")

    @model_validator(mode="after")
    def _lengths(self) -> TextFieldBase:
        low, high = self.min_length, self.max_length
        if low is not None and high is not None and low > high:
            raise ValueError(f"minLength ({low}) is greater than maxLength ({high})")
        if self.pattern_message is not None and self.pattern is None:
            raise ValueError("patternMessage without a pattern")
        return self


class StringField(TextFieldBase):
    type: Literal["string"]
    default_value: StrictStr | None = None
    from_message: StrictBool = Field(default=False, description=FROM_MESSAGE_HELP)


class TextareaField(TextFieldBase):
    type: Literal["textarea"]
    rows: Annotated[StrictInt, Field(ge=1, le=50)] = 3
    default_value: StrictStr | None = None
    from_message: StrictBool = Field(default=False, description=FROM_MESSAGE_HELP)


class PasswordField(FieldBase):
    """Masked input. No defaultValue: it would be sent to every browser that opens the form."""

    type: Literal["password"]


class IntegerField(FieldBase):
    type: Literal["integer"]
    integer_min: StrictInt | None = None
    integer_max: StrictInt | None = None
    default_value: StrictInt | None = None

    @model_validator(mode="after")
    def _bounds(self) -> IntegerField:
        low, high = self.integer_min, self.integer_max
        if low is not None and high is not None and low > high:
            raise ValueError(f"integerMin ({low}) is greater than integerMax ({high})")
        value = self.default_value
        if value is not None and ((low is not None and value < low) or (high is not None and value > high)):
            raise ValueError(f"defaultValue {value} is outside integerMin/integerMax")
        return self


class BooleanField(FieldBase):
    type: Literal["boolean"]
    default_value: StrictBool | None = None


class DateField(FieldBase):
    """A calendar date, held and rendered as ISO text (YYYY-MM-DD), so a showIf can compare it with `today`."""

    type: Literal["date"]
    date_min: IsoDate | None = Field(default=None, description="The earliest date allowed, YYYY-MM-DD")
    date_max: IsoDate | None = Field(default=None, description="The latest date allowed, YYYY-MM-DD")
    default_value: IsoDate | None = Field(default=None, description="The date filled in at first, YYYY-MM-DD")

    @model_validator(mode="after")
    def _bounds(self) -> DateField:
        low, high, value = self.date_min, self.date_max, self.default_value
        if low is not None and high is not None and low > high:  # ISO dates compare as text
            raise ValueError(f"dateMin ({low}) is after dateMax ({high})")
        if value is not None and ((low is not None and value < low) or (high is not None and value > high)):
            raise ValueError(f"defaultValue {value} is outside dateMin/dateMax")
        return self


def _unique_choices(choices: list[FormChoice]) -> list[FormChoice]:
    seen: set[str] = set()
    for choice in choices:
        if choice.value in seen:
            raise ValueError(f"choice value '{choice.value}' appears twice")
        seen.add(choice.value)
    return choices


Choices = Annotated[list[FormChoice], Field(min_length=1, max_length=MAX_CHOICES), AfterValidator(_unique_choices)]


class SelectField(FieldBase):
    type: Literal["select"]
    choices: Choices
    default_value: StrictStr | None = None

    @model_validator(mode="after")
    def _default_is_a_choice(self) -> SelectField:
        allowed = {c.value for c in self.choices}
        if self.default_value is not None and self.default_value not in allowed:
            raise ValueError(f"defaultValue '{self.default_value}' is not one of the choices")
        return self


class MultiSelectField(FieldBase):
    type: Literal["multi_select"]
    choices: Choices
    default_value: list[StrictStr] | None = None
    min_selected: Annotated[StrictInt, Field(ge=1, le=MAX_CHOICES)] | None = Field(
        default=None, description="At least this many choices (when any is chosen; required makes none an error)")
    max_selected: Annotated[StrictInt, Field(ge=1, le=MAX_CHOICES)] | None = Field(
        default=None, description="At most this many choices")

    @model_validator(mode="after")
    def _defaults_are_choices(self) -> MultiSelectField:
        allowed = {c.value for c in self.choices}
        for value in self.default_value or []:
            if value not in allowed:
                raise ValueError(f"defaultValue '{value}' is not one of the choices")
        low, high = self.min_selected, self.max_selected
        if low is not None and high is not None and low > high:
            raise ValueError(f"minSelected ({low}) is greater than maxSelected ({high})")
        if low is not None and low > len(self.choices):
            raise ValueError(f"minSelected ({low}) is more than the {len(self.choices)} choices")
        return self


class RepeatField(FieldBase):
    """A list of items, each a small form of its own (`item`)."""

    type: Literal["repeat"]
    min: Annotated[StrictInt, Field(ge=0, le=MAX_REPEAT_ITEMS)] = 0
    max: Annotated[StrictInt, Field(ge=1, le=MAX_REPEAT_ITEMS)] = MAX_REPEAT_ITEMS
    item: Annotated[list[FormField], Field(min_length=1, max_length=MAX_FIELDS)]
    default_value: list[dict[StrictStr, Any]] | None = None

    @model_validator(mode="after")
    def _bounds(self) -> RepeatField:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is greater than max ({self.max})")
        _unique_names(self.item, "item")
        if self.default_value is not None and not self.min <= len(self.default_value) <= self.max:
            raise ValueError(f"defaultValue has {len(self.default_value)} items, outside min/max")
        return self


FormField = Annotated[
    StringField | TextareaField | PasswordField | IntegerField | BooleanField | DateField
    | SelectField | MultiSelectField | RepeatField,
    Field(discriminator="type"),
]
#: each field type's model, by the `type` that names it in a file
FIELD_MODELS: dict[str, type[FieldBase]] = {
    get_args(model.model_fields["type"].annotation)[0]: model
    for model in get_args(get_args(FormField)[0])
}
FIELD_TYPES = tuple(FIELD_MODELS)


def model_keys(model: type[BaseModel]) -> tuple[str, ...]:
    """The keys a file writes for `model`'s fields (their camelCase aliases), in the model's order."""
    return tuple(field.alias or name for name, field in model.model_fields.items())


def _unique_names(fields: list[FormField], where: str) -> None:
    seen: set[str] = set()
    for field in fields:
        if field.name in seen:
            raise ValueError(f"field name '{field.name}' appears twice in {where}")
        seen.add(field.name)


def _check_from_message(fields: list[FormField]) -> None:
    """At most one field takes the typed message, and only at the top level (a repeat item has no one place)."""
    takers = [f.name for f in fields if isinstance(f, (StringField, TextareaField)) and f.from_message]
    if len(takers) > 1:
        raise ValueError(f"fromMessage is true on {len(takers)} fields ({', '.join(takers)}); at most one may take "
                         "the message")
    levels = [f.item for f in fields if isinstance(f, RepeatField)]
    while levels:
        level = levels.pop()
        for sub in level:
            if isinstance(sub, (StringField, TextareaField)) and sub.from_message:
                raise ValueError(f"item field '{sub.name}' has fromMessage: only a top-level field can take "
                                 "the message")
            if isinstance(sub, RepeatField):
                levels.append(sub.item)


def nesting_depth(fields: list[FormField]) -> int:
    return 1 + max((nesting_depth(f.item) for f in fields if isinstance(f, RepeatField)), default=0)


class FollowUp(StrictModel):
    """A follow-up wizard the model should offer after success (spec section 5a)."""

    wizard: WizardName
    label: LocalizableText
    prefill: dict[FieldName, Annotated[StrictStr, Field(max_length=4000)]] = Field(default_factory=dict)
    condition: Annotated[StrictStr, Field(max_length=4000)] | None = None


class Page(StrictModel):
    """One step of a multi-step wizard: a title and the top-level fields shown on it, in order."""

    title: LocalizableText
    description: LocalizableText | None = None
    fields: Annotated[list[FieldName], Field(
        min_length=1, max_length=MAX_FIELDS,
        description="Names of top-level fields, in the order they are asked; each field is on exactly one page")]
    show_if: ShowIf | None = Field(default=None, description=PAGE_SHOW_IF_HELP)


class Rule(StrictModel):
    """A check across fields: while `if` is true, the form is refused with `message` at `field`."""

    if_: ShowIf = Field(alias="if", description=(
        "A template expression over the form's top-level fields (as a showIf), e.g. \"endDate < startDate\": "
        "while it is true the form cannot be sent. Hidden fields read as their empty value; an expression that "
        "fails for the values (an empty number compared) counts as false"))
    field: FieldName = Field(description="The top-level field the message is shown at")
    message: LocalizableText


class Example(StrictModel):
    """Values and what their prompt must be: `vance wizards test` and `vance lint` render it as the
    chat would get it and compare."""

    name: Annotated[StrictStr, Field(min_length=1, max_length=200, description="What the example shows")]
    lang: LangCode = Field(default="en", description="The language it is rendered in")
    values: dict[StrictStr, Any] = Field(default_factory=dict, description="The form's values, as the API takes them")
    prompt: StrictStr | None = Field(default=None, description="The whole prompt expected (trailing newlines aside)")
    contains: list[StrictStr] = Field(default_factory=list, description="Texts the prompt must contain")
    not_contains: list[StrictStr] = Field(default_factory=list, description="Texts the prompt must not contain")

    @model_validator(mode="after")
    def _checks_something(self) -> Example:
        if self.prompt is None and not self.contains and not self.not_contains:
            raise ValueError("an example needs prompt, contains or notContains")
        return self


class WizardHead(StrictModel):
    """What a listing shows of a wizard. A cached wizard is listed with this part alone validated;
    the rest waits until the wizard is opened or rendered."""

    title: LocalizableText
    description: LocalizableText
    icon: Annotated[StrictStr, Field(pattern=ICON_PATTERN)] | None = None
    category: Annotated[StrictStr, Field(pattern=CATEGORY_PATTERN)] | None = None
    available_in: list[Annotated[StrictStr, Field(min_length=1, max_length=200)]] = Field(
        default_factory=list, max_length=50
    )
    keywords: LocalizedKeywords | None = None


HEAD_KEYS = tuple(WizardHead.model_fields[name].alias or name for name in WizardHead.model_fields)


class Wizard(WizardHead):
    """One wizard file. Its name is the file name, not a key."""

    model_config = ConfigDict(
        extra="forbid", frozen=True, alias_generator=to_camel,
        title="Vance prompt wizard",
        json_schema_extra={"$schema": "https://json-schema.org/draft/2020-12/schema"},
    )

    fields: Annotated[list[FormField], Field(max_length=MAX_FIELDS)]
    prompt_template: Annotated[StrictStr, Field(min_length=1)]
    validator_prompt: Annotated[StrictStr, Field(min_length=1)] | None = None
    suggested_follow_ups: list[FollowUp] = Field(default_factory=list, max_length=20)
    pages: Annotated[list[Page], Field(min_length=1, max_length=MAX_PAGES)] | None = Field(
        default=None, description="Makes the wizard multi-step: its pages in order. With pages, every top-level "
                                  "field is on exactly one of them")
    rules: list[Rule] = Field(default_factory=list, max_length=50, description=(
        "Checks across fields, run like showIf (sandboxed, on the server) when the form is sent or checked"))
    examples: list[Example] = Field(default_factory=list, max_length=50, description=(
        "Values with the prompt they must give: `vance wizards test` and `vance lint` run them"))

    @model_validator(mode="after")
    def _structure(self) -> Wizard:
        _unique_names(self.fields, "fields")
        _check_from_message(self.fields)
        if nesting_depth(self.fields) > MAX_NESTING:
            raise ValueError(f"repeat fields may be nested at most {MAX_NESTING - 1} levels deep")
        return self


def wizard_json_schema() -> dict[str, Any]:
    """The JSON Schema of the file format, for editors (yaml-language-server)."""
    return Wizard.model_json_schema(by_alias=True, mode="validation")


if __name__ == "__main__":  # `python -m vance_ui.wizards.format.schema > assets/wizard.schema.json`
    import json

    print(json.dumps(wizard_json_schema(), indent=2, ensure_ascii=False))
