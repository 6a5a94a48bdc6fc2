"""The wizard file format: what authors may write, and the precise message when they get it wrong."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from vance_ui.wizards.catalog.loader import WizardLoadError, load_wizard
from vance_ui.wizards.format.schema import wizard_json_schema
from vance_ui.wizards.templates.bounded import Templates

REPO = Path(__file__).resolve().parents[2]

HEAD = "title: {en: T, de: T}\ndescription: {en: D}\npromptTemplate: 'x {{ a }}'\n"


def problems(templates: Templates, text: str, name: str = "w") -> list[str]:
    try:
        load_wizard(name, text.encode(), "w.yaml", templates)
    except WizardLoadError as error:
        return [str(p) for p in error.problems]
    return []


def field(spec: str) -> str:
    return HEAD + f"fields:\n  - {spec}\n"


def test_every_field_type_with_its_keys_loads(templates: Templates) -> None:
    text = HEAD + """fields:
  - {name: a, type: string, label: {en: A}, help: {en: H}, required: true, defaultValue: x}
  - {name: b, type: textarea, label: {en: B}, rows: 6, defaultValue: y}
  - {name: c, type: password, label: {en: C}}
  - {name: d, type: integer, label: {en: D}, integerMin: 0, integerMax: 9, defaultValue: 3}
  - {name: e, type: boolean, label: {en: E}, defaultValue: true}
  - {name: f, type: select, label: {en: F}, defaultValue: x, choices: [{value: x, label: {en: X}}]}
  - {name: g, type: multi_select, label: {en: G}, defaultValue: [x], choices: [{value: x, label: {en: X}}]}
  - name: h
    type: repeat
    label: {en: H}
    min: 1
    max: 3
    defaultValue: [{n: one}]
    item: [{name: n, type: string, label: {en: N}, required: true}]
"""
    assert problems(templates, text) == []


@pytest.mark.parametrize(("spec", "message"), [
    ("{name: a, type: string, label: {en: A}, choices: []}", "unknown key 'choices' (not allowed for type 'string')"),
    ("{name: a, type: select, label: {en: A}, rows: 3, choices: [{value: x, label: {en: X}}]}",
     "unknown key 'rows' (not allowed for type 'select')"),
    ("{name: a, type: integer, label: {en: A}, min: 1}", "unknown key 'min' (not allowed for type 'integer')"),
    ("{name: a, type: string, label: {en: A}, colour: red}", "unknown key 'colour'"),
    ("{name: a, type: datetime, label: {en: A}}", "unknown field type"),
    ("{name: a, label: {en: A}}", "every field needs a 'type'"),
    ("{name: 1a, type: string, label: {en: A}}", "not a valid field name"),
    ("{name: _a, type: string, label: {en: A}}", "may not start with '_'"),
    ("{name: lang, type: string, label: {en: A}}", "is reserved"),
    ("{name: a, type: string}", "fields[0].label: this key is required"),
    ("{name: a, type: string, label: {}}", "at least 1 item"),
    ("{name: a, type: integer, label: {en: A}, integerMin: 5, integerMax: 1}", "integerMin (5) is greater than"),
    ("{name: a, type: integer, label: {en: A}, integerMax: 3, defaultValue: 4}", "outside integerMin/integerMax"),
    ("{name: a, type: integer, label: {en: A}, defaultValue: '4'}", "valid integer"),
    ("{name: a, type: boolean, label: {en: A}, defaultValue: 'no'}", "valid boolean"),
    ("{name: a, type: select, label: {en: A}, defaultValue: z, choices: [{value: x, label: {en: X}}]}",
     "'z' is not one of the choices"),
    ("{name: a, type: multi_select, label: {en: A}, defaultValue: [z], choices: [{value: x, label: {en: X}}]}",
     "'z' is not one of the choices"),
    ("{name: a, type: select, label: {en: A}, choices: [{value: x, label: {en: X}}, {value: x, label: {en: Y}}]}",
     "appears twice"),
    ("{name: a, type: repeat, label: {en: A}, min: 3, max: 2, item: [{name: b, type: string, label: {en: B}}]}",
     "min (3) is greater than max (2)"),
    ("{name: a, type: repeat, label: {en: A}, item: []}", "at least 1 item"),
    ("{name: a, type: password, label: {en: A}, defaultValue: hunter2}", "unknown key 'defaultValue'"),
])
def test_schema_errors_are_precise(spec: str, message: str, templates: Templates) -> None:
    found = problems(templates, field(spec))
    assert any(message in p for p in found), found


def test_duplicate_field_names_are_rejected(templates: Templates) -> None:
    text = HEAD + "fields:\n  - {name: a, type: string, label: {en: A}}\n  - {name: a, type: string, label: {en: B}}\n"
    assert any("'a' appears twice" in p for p in problems(templates, text))


def test_repeat_default_items_are_checked_by_the_validator(templates: Templates) -> None:
    spec = ("{name: m, type: repeat, label: {en: M}, defaultValue: [{n: 5}], "
            "item: [{name: n, type: string, label: {en: N}}]}")
    assert any("m[0].n" in p and "Expected text" in p for p in problems(templates, field(spec)))


@pytest.mark.parametrize("name", ["Bad", "a b", "../x", "-x", "x" * 65])
def test_wizard_names_come_from_the_file_name_and_are_checked(name: str, templates: Templates) -> None:
    found = problems(templates, field("{name: a, type: string, label: {en: A}}"), name)
    assert any("not a valid wizard name" in p for p in found)


def test_errors_carry_the_file_line(templates: Templates) -> None:
    text = field("{name: a, type: string, label: {en: A}, choices: []}")
    with pytest.raises(WizardLoadError) as caught:
        load_wizard("w", text.encode(), "w.yaml", templates)
    assert caught.value.problems[0].line == 5


def test_missing_top_level_keys_and_unknown_ones(templates: Templates) -> None:
    found = problems(templates, "title: {en: T}\nsubtitle: {en: S}\n")
    assert any("description: this key is required" in p for p in found)
    assert any("fields: this key is required" in p for p in found)
    assert any("promptTemplate: this key is required" in p for p in found)
    assert any("unknown key 'subtitle'" in p for p in found)


def test_committed_json_schema_matches_the_models() -> None:
    committed = json.loads((REPO / "assets" / "wizard.schema.json").read_text())
    regenerate = ".venv/bin/python -m vance_ui.wizards.format.schema > assets/wizard.schema.json"
    assert committed == wizard_json_schema(), f"the schema file is stale; run: {regenerate}"


def test_json_schema_describes_each_field_type() -> None:
    schema = wizard_json_schema()
    kinds = {d["properties"]["type"]["const"] for d in schema["$defs"].values() if "type" in d.get("properties", {})
             and "const" in d["properties"]["type"]}
    assert kinds == {"string", "textarea", "password", "integer", "boolean", "date", "select", "multi_select", "repeat"}


def test_bundled_wizards_validate_against_the_json_schema() -> None:
    schema = wizard_json_schema()
    for path in sorted((REPO / "vance-defaults" / "wizards").glob("*.yaml")):
        jsonschema.validate(yaml.safe_load(path.read_text()), schema)
