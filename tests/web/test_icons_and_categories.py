"""Issue 15's rough edges in the web UI: real Heroicons, category names, author warnings, help lines."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from nicegui import ui
from nicegui.testing import User

from tests.support.web_user import eventually, one
from tests.support.wizard_files import write_wizard
from vance_ui.service import Scope, WizardService

OFFSITE = """\
title: { en: "Plan an offsite" }
description: { en: "Days, place, agenda" }
icon: calendar-days
category: team-events
fields:
  - { name: days, type: integer, label: { en: "Days" } }
promptTemplate: |
  Plan a {{ days }}-day offsite.
"""
TENANT = "categories:\n  team-events: { en: 'Team events', de: 'Teamevents' }\n"


def icons_in(element: Any) -> list[str]:
    return [str(e.props.get("name")) for e in element.descendants() if isinstance(e, ui.icon)]


async def test_a_heroicon_and_the_tenants_category_name_show_in_list_cards_and_dialog(web_data: Path,
                                                                                    app_user: User) -> None:
    write_wizard(web_data, "_vance", "offsite", OFFSITE)
    (web_data / "default" / "_vance" / "tenant.yaml").write_text(TENANT, encoding="utf-8")
    await app_user.open("/")

    await app_user.should_see("Team events")  # the group title: the tenant's name, not the slug
    await app_user.should_see("Strategy")  # a bundled name
    entry = one(app_user, "wizard-offsite")
    assert any(name.startswith("svguse:/assets/heroicons/outline.svg") and name.endswith("#calendar-days")
               for name in icons_in(entry)), icons_in(entry)
    card = one(app_user, "card-offsite")  # the quick-start card of the empty chat
    assert any(name.endswith("#calendar-days") for name in icons_in(card))
    assert "Team events" in [getattr(e, "text", "") for e in card.descendants()]

    app_user.find(marker="wizard-offsite").click()
    await app_user.should_see("Plan an offsite")
    dialog = one(app_user, "wizard-dialog")
    assert any(name.endswith("#calendar-days") for name in icons_in(dialog))


async def test_the_author_sees_an_unknown_icon_in_the_form(web_data: Path, app_user: User) -> None:
    write_wizard(web_data, "_vance", "offsite", OFFSITE.replace("calendar-days", "calendar-dayz"))
    await app_user.open("/")
    app_user.find(marker="wizard-offsite").click()
    await app_user.should_see("Plan an offsite")

    warnings = one(app_user, "wizard-warnings").text
    assert "offsite.yaml:3:7: icon: 'calendar-dayz' is not a Heroicon name" in warnings
    assert "did you mean 'calendar-days'?" in warnings
    await eventually(lambda: "Plan a -day offsite." in one(app_user, "wizard-preview").text, timeout=10,
                     what="the preview (the wizard still works)")


@pytest.mark.parametrize(("lang", "bounds"), [("en", "Between 200 and 10000"), ("de", "Zwischen 200 und 10000")])
async def test_the_integer_help_line_states_the_bounds_once(app_user: User, lang: str, bounds: str) -> None:
    await app_user.open("/")
    if lang == "de":
        one(app_user, "language").value = "de"
        await app_user.open("/")  # the switch navigates to a fresh page
    app_user.find(marker="wizard-essay-recipe").click()
    await app_user.should_see(bounds)
    box = next(e for e in one(app_user, "field-targetLength").ancestors() if "data-field" in e.props)
    lines = [str(e.text) for e in box.descendants() if isinstance(e, ui.label) and "10000" in str(e.text)]
    assert len(lines) == 1 and lines[0].count("10000") == 1 and bounds in lines[0], lines


def test_no_bundled_label_promises_a_rule_the_form_does_not_check(service: WizardService, scope: Scope) -> None:
    """The validator has no pattern rule, so no label or help may say "no spaces". Except in
    `gremium`, the spec's own example, which is kept verbatim."""
    for summary in service.list_wizards(scope):
        if summary.name == "gremium":
            continue
        for lang in ("en", "de"):
            for field in service.definition(scope, summary.name, lang).fields:
                text = f"{field.label} {field.help or ''}".lower()
                assert not any(p in text for p in ("no spaces", "ohne spaces", "ohne leerzeichen")), \
                    (summary.name, field.name, text)
