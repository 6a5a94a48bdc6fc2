"""The spec's own example (section 5) renders to what its author meant: the spec's German text for
`lang: de`, an English prompt in every other language."""

from vance_ui.service import Scope, WizardService

TWO_MEMBERS = {
    "outputName": "strategierat",
    "purpose": "Produktstrategie 2027",
    "members": [
        {"name": "Ada", "description": "Technikvorstand"},
        {"name": "Bo", "description": "Vertrieb"},
    ],
    "createNow": True,
}


def test_gremium_in_german_renders_the_spec_text_one_member_per_line(service: WizardService, scope: Scope) -> None:
    prompt = service.render(scope, "gremium", TWO_MEMBERS, "de").prompt
    assert prompt == (
        "Erstelle mit slart ein Gremium aus folgenden 2 Personen,\n"
        "das ich später zu strategischen Fragen befragen kann.\n"
        "Zweck: Produktstrategie 2027.\n"
        "\n"
        "Mitglieder:\n"
        "- Ada: Technikvorstand\n"
        "- Bo: Vertrieb\n"
        "\n"
        "Speichere es unter 'strategierat'.\n"
        "Führe es direkt aus."
    )


def test_gremium_in_english_is_an_english_prompt(service: WizardService, scope: Scope) -> None:
    prompt = service.render(scope, "gremium", TWO_MEMBERS, "en").prompt
    assert prompt == (
        "Use slart to create a council of the following 2 people,\n"
        "whom I can consult on strategic questions later.\n"
        "Purpose: Produktstrategie 2027.\n"
        "\n"
        "Members:\n"
        "- Ada: Technikvorstand\n"
        "- Bo: Vertrieb\n"
        "\n"
        "Save it as 'strategierat'.\n"
        "Run it right away."
    )
    assert service.render(scope, "gremium", TWO_MEMBERS, "fr").prompt == prompt  # no French: English


def test_gremium_without_create_now_says_not_to_run(service: WizardService, scope: Scope) -> None:
    values = {**TWO_MEMBERS, "createNow": False}
    assert service.render(scope, "gremium", values, "de").prompt.endswith("Führe jetzt keinen Test aus.")
    assert service.render(scope, "gremium", values, "en").prompt.endswith("Do not run a test now.")


def test_gremium_create_now_defaults_to_true(service: WizardService, scope: Scope) -> None:
    values = {k: v for k, v in TWO_MEMBERS.items() if k != "createNow"}
    assert service.render(scope, "gremium", values, "de").prompt.endswith("Führe es direkt aus.")
    assert service.render(scope, "gremium", values, "en").prompt.endswith("Run it right away.")


def test_typed_template_syntax_is_data(service: WizardService, scope: Scope) -> None:
    values = {**TWO_MEMBERS, "purpose": "{{ 7*7 }} {% if true %}x{% endif %}"}
    assert "Zweck: {{ 7*7 }} {% if true %}x{% endif %}." in service.render(scope, "gremium", values, "de").prompt


def test_all_five_bundled_wizards_are_listed(service: WizardService, scope: Scope) -> None:
    names = {w.name for w in service.list_wizards(scope)}
    assert names == {"gremium", "vogon-strategie", "essay-recipe", "essay-mit-recipe", "create-project"}


def test_bundled_wizards_speak_german_and_english(service: WizardService, scope: Scope) -> None:
    for summary in service.list_wizards(scope):
        loaded = service.wizard(scope, summary.name).definition
        assert {"de", "en"} <= set(loaded.title) and {"de", "en"} <= set(loaded.description)
    with_check = [s.name for s in service.list_wizards(scope) if service.wizard(scope, s.name).validator]
    assert len(with_check) >= 2
