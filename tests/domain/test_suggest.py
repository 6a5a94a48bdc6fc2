"""The ranking behind the chat's wizard suggestions (vance_ui/wizards/catalog/suggest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from tests.support.wizard_files import write_wizard
from vance_ui.service import Scope, WizardService
from vance_ui.wizards.catalog.suggest_text import fold, words
from vance_ui.wizards.format.schema import Wizard

STRASSE = """
title: { en: "Plan a road closure", de: "Straßensperrung planen" }
description: { en: "Detours and signs", de: "Umleitungen und Schilder" }
keywords: { en: [roadworks, detour], de: [Baustelle, Umleitung, Straßensperre] }
fields: []
promptTemplate: "x"
"""


def names(service: WizardService, scope: Scope, text: str, lang: str = "en") -> list[str]:
    return [s.wizard.name for s in service.suggest(scope, text, lang)]


def test_words_fold_case_umlauts_and_sharp_s_and_stem_both_languages() -> None:
    assert fold("Straße") == "strasse" and fold("ÄÖÜ") == "aou"
    assert words("Gremien GREMIUM", "de")[1] == "gremium"
    assert words("Aufsätze", "de") == words("aufsatz", "de")
    assert words("councils", "en") == words("Council", "en") == ["council"]
    assert words("the and of", "en") == [] and words("und der die", "de") == []


def test_the_bundled_wizards_are_suggested_for_what_they_do(service: WizardService, scope: Scope) -> None:
    assert names(service, scope, "I'd like to set up a council of experts for our pricing")[0] == "gremium"
    assert names(service, scope, "Ich will ein neues Gremium anlegen", "de")[0] == "gremium"
    assert names(service, scope, "write an essay about remote work")[0] == "essay-mit-recipe"
    assert names(service, scope, "Neues Projekt für den Relaunch anlegen", "de")[0] == "create-project"


def test_ordinary_messages_get_no_suggestion(service: WizardService, scope: Scope) -> None:
    for text, lang in [("hi, how are you?", "en"), ("why is the sky blue", "en"), ("Danke, das war hilfreich", "de"),
                       ("Wie lange muss ein Ei kochen?", "de"), ("", "en"), ("!!! ???", "en")]:
        assert names(service, scope, text, lang) == [], text


def test_keywords_typos_umlauts_and_compounds_reach_a_wizard(service: WizardService, scope: Scope,
                                                              data_dir: Path) -> None:
    write_wizard(data_dir, "_vance", "closure", STRASSE)
    assert names(service, scope, "we need a detour for the roadworks")[0] == "closure"  # keywords only
    assert names(service, scope, "wir brauchen eine Umleitung für die Baustelle", "de")[0] == "closure"
    assert names(service, scope, "Strassensperrung planen", "de")[0] == "closure"  # ss for ß
    assert names(service, scope, "eine Baustellenumleitung einrichten", "de")[0] == "closure"  # a compound
    assert names(service, scope, "plan a road closure, there are roadwroks")[0] == "closure"  # a typo
    assert names(service, scope, "create a concil")[0] == "gremium"


def test_keywords_are_read_in_the_users_language(service: WizardService, scope: Scope, data_dir: Path) -> None:
    write_wizard(data_dir, "_vance", "closure", STRASSE)
    assert "closure" not in names(service, scope, "Baustelle", "en")
    assert names(service, scope, "Baustelle", "de") == ["closure"]


def test_what_the_user_cannot_open_is_never_suggested(service: WizardService, data_dir: Path) -> None:
    write_wizard(data_dir, "_vance", "closure", STRASSE + "availableIn: [city-*]\n")
    write_wizard(data_dir, "_user_bob", "mine", STRASSE.replace("Plan a road closure", "Bob's closure"))
    alice, bob = Scope("default", "alice"), Scope("default", "bob")
    assert names(service, alice, "detour for the roadworks") == []
    assert names(service, Scope("default", "alice", "city-1"), "detour for the roadworks") == ["closure"]
    assert names(service, bob, "detour for the roadworks") == ["mine"]


def test_at_most_three_best_first(service: WizardService, scope: Scope, data_dir: Path) -> None:
    words = ["alpaca", "bravado", "charleston", "delta", "echolot"]
    for word in words:
        write_wizard(data_dir, "_vance", word, STRASSE.replace("[roadworks, detour]", f"[{word}]"))
    found = service.suggest(scope, "echolot, delta, charleston, bravado and alpaca, charleston", "en")
    assert len(found) == 3 and found[0].wizard.name == "charleston"
    assert [s.score for s in found] == sorted((s.score for s in found), reverse=True)


def test_keywords_and_from_message_are_checked_in_the_file() -> None:
    base = {"title": {"en": "T"}, "description": {"en": "D"}, "promptTemplate": "x"}
    field = {"name": "text", "type": "textarea", "label": {"en": "L"}, "fromMessage": True}
    Wizard.model_validate({**base, "keywords": {"en": ["a"]}, "fields": [field]})
    for bad in ({"keywords": {"en": []}}, {"keywords": {"en": [""]}}, {"keywords": {"english": ["a"]}},
                {"keywords": {"en": "council"}}):
        with pytest.raises(ValidationError):
            Wizard.model_validate({**base, **bad, "fields": []})
    with pytest.raises(ValidationError, match="at most one may take the message"):
        Wizard.model_validate({**base, "fields": [field, {**field, "name": "other"}]})
    with pytest.raises(ValidationError, match="only a top-level field"):
        Wizard.model_validate({**base, "fields": [{"name": "items", "type": "repeat", "label": {"en": "I"},
                                                   "item": [field]}]})
    with pytest.raises(ValidationError):
        Wizard.model_validate({**base, "fields": [{**field, "type": "integer"}]})
