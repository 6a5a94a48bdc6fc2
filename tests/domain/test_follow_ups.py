"""Spec section 5a: follow-up links rendered from the form, conditions, encoding, no secrets."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.wizard_files import write_wizard
from vance_ui.service import Scope, WizardService
from vance_ui.wizards.catalog.loader import WizardLoadError, load_wizard
from vance_ui.wizards.templates.bounded import Templates

CHAINED = """
title: {en: Chain, de: Kette}
description: {en: D}
fields:
  - {name: recipeName, type: string, label: {en: Recipe}}
  - {name: runNow, type: boolean, label: {en: Run}}
  - {name: token, type: password, label: {en: Token}}
promptTemplate: "Make {{ recipeName }}"
suggestedFollowUps:
  - wizard: essay-mit-recipe
    label: {de: "Aufsatz mit '{{ recipeName }}' schreiben", en: "Write an essay using '{{ recipeName }}'"}
    prefill: {recipe: "{{ recipeName }}", note: "by {{ user }}"}
  - wizard: gremium
    label: {en: "Run it [now]"}
    condition: runNow
"""


@pytest.fixture
def scope(data_dir: Path) -> Scope:
    write_wizard(data_dir, "_vance", "chain", CHAINED)
    return Scope("default", "local")


def test_labels_and_prefill_are_rendered_and_url_encoded(service: WizardService, scope: Scope) -> None:
    rendered = service.render(scope, "chain", {"recipeName": "Kurz & knapp/ä?"})
    assert rendered.prompt == (
        "Make Kurz & knapp/ä?\n\n"
        "If this is successfully completed, offer the user the following follow-up action(s) as a Markdown link:\n"
        "- [Write an essay using 'Kurz & knapp/ä?'](vance:/wizards/essay-mit-recipe?kind=wizard"
        "&recipe=Kurz%20%26%20knapp%2F%C3%A4%3F&note=by%20local)"
    )
    assert rendered.follow_ups[0].prefill == {"recipe": "Kurz & knapp/ä?", "note": "by local"}


def test_condition_false_omits_the_follow_up_and_true_adds_it(service: WizardService, scope: Scope) -> None:
    assert len(service.render(scope, "chain", {"recipeName": "r"}).follow_ups) == 1
    links = service.render(scope, "chain", {"recipeName": "r", "runNow": True}).follow_ups
    assert [f.wizard for f in links] == ["essay-mit-recipe", "gremium"]
    assert links[1].markdown == r"[Run it \[now\]](vance:/wizards/gremium?kind=wizard)"


def test_instruction_and_label_follow_the_language(service: WizardService, scope: Scope) -> None:
    prompt = service.render(scope, "chain", {"recipeName": "r"}, lang="de").prompt
    assert "Wenn dies erfolgreich abgeschlossen ist" in prompt
    assert "[Aufsatz mit 'r' schreiben]" in prompt


def test_a_password_value_never_reaches_a_link(service: WizardService, scope: Scope) -> None:
    rendered = service.render(scope, "chain", {"recipeName": "r", "token": "s3cr3t-TOKEN"})
    assert "s3cr3t-TOKEN" not in rendered.prompt


def test_a_follow_up_that_uses_a_password_is_refused_at_load(templates: Templates) -> None:
    text = CHAINED.replace('note: "by {{ user }}"', 'note: "{{ token }}"')
    with pytest.raises(WizardLoadError, match="password field 'token'"):
        load_wizard("chain", text.encode(), "chain.yaml", templates)


def test_the_bundled_essay_recipe_links_to_essay_mit_recipe(service: WizardService) -> None:
    scope = Scope("default", "local")
    essay = service.wizard(scope, "essay-recipe")
    values = {f.name: None for f in essay.definition.fields}
    values["recipeName"] = "create-essay-recipe"
    preview = service.render(scope, "essay-recipe", values, lenient=True)
    assert "(vance:/wizards/essay-mit-recipe?kind=wizard&recipe=create-essay-recipe)" in preview.prompt
    assert "[Write an essay using 'create-essay-recipe']" in preview.prompt
