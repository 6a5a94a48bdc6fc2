"""The editor places keys in the order the file format lists them: every such list holds exactly
the keys the schema models define, so a key added to the format cannot be missed by the editor."""

from __future__ import annotations

from vance_ui.wizards.format.schema import FIELD_MODELS, FollowUp, Page, Rule, Wizard, model_keys
from vance_ui.wizards.source.keys import FIELD_KEYS, FOLLOW_UP_KEYS, PAGE_KEYS, RULE_KEYS, TYPE_KEYS, WIZARD_KEYS


def test_each_key_order_holds_exactly_the_keys_of_its_model() -> None:
    assert sorted(WIZARD_KEYS) == sorted(model_keys(Wizard))
    assert sorted(PAGE_KEYS) == sorted(model_keys(Page))
    assert sorted(FOLLOW_UP_KEYS) == sorted(model_keys(FollowUp))
    assert sorted(RULE_KEYS) == sorted(model_keys(Rule))
    assert set(FIELD_KEYS) == {key for model in FIELD_MODELS.values() for key in model_keys(model)}
    assert len(set(FIELD_KEYS)) == len(FIELD_KEYS)


def test_a_password_has_no_default_and_a_repeat_has_its_bounds_and_items() -> None:
    assert TYPE_KEYS["password"] == frozenset()
    assert TYPE_KEYS["repeat"] == {"min", "max", "item", "defaultValue"}
    assert TYPE_KEYS["date"] == {"dateMin", "dateMax", "defaultValue"}
