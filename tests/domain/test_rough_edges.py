"""Issue 15: every Heroicon, category names, load warnings that survive a restart, file lines in errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.wizard_files import write_wizard
from vance_ui.documents.filesystem import BundledStore, FileDocumentStore
from vance_ui.service import RenderFailed, Scope, WizardService
from vance_ui.settings import BUNDLED_DEFAULTS_DIR, PACKAGE_ROOT, Settings
from vance_ui.wizards.format.categories import category_label, parse_categories
from vance_ui.wizards.format.heroicon_names import HEROICON_NAMES
from vance_ui.wizards.format.heroicons import heroicon

SPRITE_DIR = PACKAGE_ROOT.parent / "assets" / "heroicons"


def fresh(settings: Settings) -> WizardService:
    return WizardService(settings, FileDocumentStore(settings.data_dir), BundledStore(BUNDLED_DEFAULTS_DIR))


def test_the_sprite_draws_every_heroicon_name_and_keeps_its_license() -> None:
    sprite = (SPRITE_DIR / "outline.svg").read_text(encoding="utf-8")
    assert set(re.findall(r'<symbol id="([^"]+)"', sprite)) == HEROICON_NAMES
    assert len(HEROICON_NAMES) > 300 and {"calendar-days", "users", "sparkles", "chart-bar"} <= HEROICON_NAMES
    license_text = (SPRITE_DIR / "LICENSE").read_text(encoding="utf-8")
    assert "MIT License" in license_text and "Refactoring UI Inc." in license_text
    assert "Refactoring UI Inc." in sprite  # the notice travels with the served file too


@pytest.mark.parametrize(("icon", "name"), [
    ("calendar-days", "calendar-days"), ("Users", "users"), ("light-bulb-outline", "light-bulb"),
    ("chart-bar-solid", "chart-bar"), ("calendar-dayz", None), ("", None), (None, None),
])
def test_which_icon_values_name_a_heroicon(icon: str | None, name: str | None) -> None:
    assert heroicon(icon) == name


def test_category_names_parse_per_entry_and_fall_back_to_a_readable_slug() -> None:
    labels, problems = parse_categories({"Strategie": {"en": "Strategy", "de": "Strategie"}, "bad": "Plain text",
                                         "empty": {}})
    assert labels == {"strategie": {"en": "Strategy", "de": "Strategie"}}
    assert [p.split(":")[0] for p in problems] == ["categories.bad", "categories.empty"]
    assert category_label("strategie", labels, "de-AT") == "Strategie"
    assert category_label("STRATEGIE", labels, "fr") == "Strategy"  # the first entry, as for every text
    assert category_label("data-science", labels, "en") == "Data science"
    assert category_label(None, labels, "en") is None
    assert parse_categories(["a list"])[1] and parse_categories(None) == ({}, [])


def test_the_tenant_names_categories_over_the_bundled_names(service: WizardService, scope: Scope, data_dir: Path,
                                                            caplog: pytest.LogCaptureFixture) -> None:
    def labels(lang: str | None = None) -> dict[str, str | None]:
        return {w.name: w.category_label for w in service.list_wizards(scope, lang)}

    assert labels()["gremium"] == "Strategy" and labels("de")["gremium"] == "Strategie"
    tenant = data_dir / "default" / "_vance" / "tenant.yaml"
    tenant.parent.mkdir(parents=True)
    tenant.write_text("defaultLanguage: de\ncategories:\n  strategie: { de: 'Strategie & Planung' }\n"
                      "  writing: 42\n", encoding="utf-8")
    assert labels()["gremium"] == "Strategie & Planung" and labels()["essay-recipe"] == "Schreiben"
    assert labels("en")["gremium"] == "Strategie & Planung"  # the tenant gave one language only
    assert "categories.writing" in caplog.text  # the broken entry is named; the bundled name stays
    assert service.definition(scope, "gremium").category_label == "Strategie & Planung"
    tenant.write_text("defaultLanguage: [broken\n", encoding="utf-8")
    assert labels()["gremium"] == "Strategy"  # a broken file is ignored as a whole


OFFSITE = ("title: {en: Offsite}\ndescription: {en: D}\nicon: calendar-dayz\nfields:\n"
           "  - {name: days, type: integer, label: {en: Days}}\n"
           "  - {name: secret, type: password, label: {en: Secret}}\n"
           "promptTemplate: |\n  Plan a {{ days }}-day offsite.\n  Per day: {{ 10 // days }}\n"
           "suggestedFollowUps:\n  - wizard: offsite\n    label: {en: \"Again {{ 10 // (days - 1) }}\"}\n")


def test_warnings_come_back_after_a_restart_from_the_load_cache(settings: Settings, scope: Scope, data_dir: Path,
                                                                caplog: pytest.LogCaptureFixture) -> None:
    write_wizard(data_dir, "_vance", "offsite", OFFSITE)
    first = fresh(settings).definition(scope, "offsite").warnings
    assert [w.split(": ")[0] for w in first] == ["offsite.yaml:3:7"]
    assert any((data_dir / ".cache").rglob("*")), "the load was cached"
    caplog.clear()
    with caplog.at_level("WARNING", logger="vance_ui.wizards"):
        restarted = fresh(settings)
        assert [w.name for w in restarted.list_wizards(scope) if w.name == "offsite"]
    assert caplog.text.count("wizard warning: ") == 1  # logged again at the restart's load
    assert restarted.definition(scope, "offsite").warnings == first


@pytest.mark.parametrize("restart", [False, True])
def test_render_errors_name_the_file_line(settings: Settings, scope: Scope, data_dir: Path, restart: bool) -> None:
    write_wizard(data_dir, "_vance", "offsite", OFFSITE)
    service = fresh(settings)
    if restart:
        service.definition(scope, "offsite")
        service = fresh(settings)  # templates and their first lines come from the load cache
    with pytest.raises(RenderFailed) as body:
        service.render(scope, "offsite", {"days": 0})
    assert "offsite.yaml, line 9 (promptTemplate): ZeroDivisionError" in str(body.value)  # template line 2
    assert body.value.problem.lineno == 2  # the template's own line is kept for callers that want it
    with pytest.raises(RenderFailed) as label:
        service.render(scope, "offsite", {"days": 1})
    # a form with a password field withholds the details, never the position
    assert "offsite.yaml, line 12 (suggestedFollowUps[0].label.en): ZeroDivisionError (details withheld" \
        in str(label.value)
