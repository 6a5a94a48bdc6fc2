"""The bundled wizards use form engine v2, so every user meets it: vogon-strategie has pages,
create-project and essay-recipe have fields that appear only when they apply (in German and English)."""

from __future__ import annotations

import pytest

from vance_ui.service import FormInvalid, Scope, WizardService
from vance_ui.wizards.format.paths import path_text

SCOPE = Scope("default", "local")


def hidden(service: WizardService, name: str, values: dict[str, object]) -> set[str]:
    return {path_text(p) for p in service.form_report_sync(SCOPE, name, values).state.visibility.hidden}


def test_vogon_strategie_is_a_multi_step_wizard_in_both_languages(service: WizardService) -> None:
    for lang, titles in [("en", ["Goal and situation", "Frame", "Stakeholders and success", "Results"]),
                         ("de", ["Ziel und Ausgangslage", "Rahmen", "Stakeholder und Erfolg", "Ergebnisse"])]:
        definition = service.definition(SCOPE, "vogon-strategie", lang)
        assert definition.pages is not None
        assert [p.title for p in definition.pages] == titles
        on_pages = [name for page in definition.pages for name in page.fields]
        assert sorted(on_pages) == sorted(f.name for f in definition.fields), "every field on exactly one page"
    with pytest.raises(FormInvalid) as invalid:
        service.render(SCOPE, "vogon-strategie", {"optionCount": 9})
    assert [(e.field, e.page) for e in invalid.value.errors] == [("goal", 0), ("optionCount", 3)]
    prompt = service.render(SCOPE, "vogon-strategie", {"goal": "Grow", "horizon": "quarter"}, "en").prompt
    assert prompt.startswith("Use vogon to plan a strategy for the following goal:\n\nGrow")


def test_create_project_asks_what_fits_the_template(service: WizardService) -> None:
    base = {"projectId": "app-2026"}
    assert hidden(service, "create-project", base) == {"repository", "researchQuestion", "deadline"}
    assert hidden(service, "create-project", {**base, "template": "software"}) == {"researchQuestion", "deadline"}
    assert hidden(service, "create-project", {**base, "template": "research"}) == {"repository", "deadline"}
    values = {**base, "template": "software", "repository": "https://git.example.com/app",
              "researchQuestion": "left over from research", "hasDeadline": True, "deadline": "2026-12-24"}
    english = service.render(SCOPE, "create-project", values, "en").prompt
    assert "- Code repository: https://git.example.com/app (link it)\n" in english
    assert "- Target date: 2026-12-24\n" in english and "left over" not in english
    german = service.render(SCOPE, "create-project", values, "de").prompt
    assert "- Code-Repository: https://git.example.com/app (verknüpfen)\n" in german
    assert "- Zieltermin: 2026-12-24\n" in german
    research = service.render(SCOPE, "create-project", {**values, "template": "research"}, "en").prompt
    assert "- Guiding question: left over from research\n" in research and "git.example" not in research


def test_create_project_deadline_is_required_once_it_is_asked_for(service: WizardService) -> None:
    values = {"projectId": "app-2026", "deadline": "not a date"}
    assert "Target date" not in service.render(SCOPE, "create-project", values, "en").prompt
    with pytest.raises(FormInvalid) as invalid:
        service.render(SCOPE, "create-project", {"projectId": "app-2026", "hasDeadline": True})
    assert [(e.field, e.error) for e in invalid.value.errors] == [("deadline", "required")]


def test_create_project_asks_an_end_date_for_viewers_only(service: WizardService) -> None:
    members = [{"username": "ann", "role": "viewer", "accessUntil": "2026-06-30"},
               {"username": "bo", "role": "editor", "accessUntil": "2026-06-30"},
               {"username": "cy", "role": "viewer"}]
    assert hidden(service, "create-project", {"projectId": "p", "members": members}) >= {"members[1].accessUntil"}
    assert "members[0].accessUntil" not in hidden(service, "create-project", {"projectId": "p", "members": members})
    english = service.render(SCOPE, "create-project", {"projectId": "p", "members": members}, "en").prompt
    assert "- ann: read only, until 2026-06-30\n- bo: editor\n- cy: read only\n" in english
    german = service.render(SCOPE, "create-project", {"projectId": "p", "members": members}, "de").prompt
    assert "- ann: nur lesen, bis 2026-06-30\n- bo: bearbeiten\n- cy: nur lesen\n" in german


def test_essay_recipe_asks_the_test_topic_and_citation_style_only_when_they_apply(service: WizardService) -> None:
    base = {"recipeName": "essay-blog"}
    assert hidden(service, "essay-recipe", base) == {"citationStyle", "testTopic"}
    assert hidden(service, "essay-recipe", {**base, "runNow": True, "citations": True}) == set()
    values = {**base, "testTopic": "Owls", "citationStyle": "footnotes"}
    off = service.render(SCOPE, "essay-recipe", values, "en").prompt
    assert "Owls" not in off and "Citation style" not in off and "Do not run the recipe yet." in off
    on = service.render(SCOPE, "essay-recipe", {**values, "runNow": True, "citations": True}, "en").prompt
    assert 'Then test it with the topic "Owls"' in on
    assert "- Citation style: footnotes, with the list of sources at the end.\n" in on
    german = service.render(SCOPE, "essay-recipe", {**values, "runNow": True, "citations": True}, "de").prompt
    assert "- Zitierstil: Fußnoten, das Quellenverzeichnis am Ende.\n" in german
    default_style = service.render(SCOPE, "essay-recipe", {**base, "citations": True}, "en").prompt
    assert "- Citation style: APA (author, year).\n" in default_style


def test_new_labels_speak_german_and_english(service: WizardService) -> None:
    for name in ("create-project", "essay-recipe", "vogon-strategie"):
        definition = service.wizard(SCOPE, name).definition
        for field in definition.fields:
            assert {"de", "en"} <= set(field.label), (name, field.name)
        for page in definition.pages or []:
            assert {"de", "en"} <= set(page.title), (name, page.title)
