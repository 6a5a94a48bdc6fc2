"""`GET /brain/{tenant}/wizards?q=`: the wizards that fit a message being typed, best first."""

from __future__ import annotations

from pathlib import Path

import httpx

from tests.support.api_errors import assert_error
from tests.support.api_server import Team, team
from tests.support.wizard_files import write_wizard

__all__ = ["team"]  # the multi-user server fixture

BASE = "/brain/default/wizards"
TRANSLATE = """
title: { en: "Translate a text", de: "Text übersetzen" }
description: { en: "Into another language", de: "In eine andere Sprache" }
keywords: { en: [translate, translation], de: [übersetzen, Übersetzung] }
availableIn: [ "lingo*" ]
fields: []
promptTemplate: "translate"
"""


def suggested(http: httpx.Client, q: str, **params: str) -> list[dict[str, object]]:
    response = http.get(BASE, params={"q": q, **params})
    assert response.status_code == 200, response.text
    wizards: list[dict[str, object]] = response.json()["wizards"]
    return wizards


def test_a_message_about_a_council_suggests_the_council_wizard_with_its_score(http: httpx.Client) -> None:
    wizards = suggested(http, "I'd like to set up a council of experts that I can ask about our pricing")
    assert wizards[0]["name"] == "gremium" and wizards[0]["title"] == "Create a council"
    assert wizards[0]["categoryLabel"] == "Strategy" and wizards[0]["source"] == "RESOURCE"
    scores = [w["score"] for w in wizards]
    assert all(isinstance(s, float) and s >= 0.6 for s in scores) and scores == sorted(scores, reverse=True)
    assert len(wizards) <= 3


def test_ordinary_messages_and_empty_text_get_an_empty_list(http: httpx.Client) -> None:
    for text in ("hi, how are you today?", "What's the capital of Australia?", "", "   "):
        assert suggested(http, text) == [], text


def test_german_text_in_german(http: httpx.Client) -> None:
    wizards = suggested(http, "Ich möchte ein Gremium anlegen, das mich zu Preisen berät", lang="de")
    assert wizards[0]["name"] == "gremium" and wizards[0]["title"] == "Gremium anlegen"
    assert wizards[0]["categoryLabel"] == "Strategie"


def test_only_what_the_context_lists_is_suggested(http: httpx.Client, data_dir: Path) -> None:
    """availableIn and the cascade apply: create-project is not offered inside a project, and a wizard for
    `lingo*` projects only there; keywords of a tenant wizard count."""
    assert suggested(http, "set up a new project with members")[0]["name"] == "create-project"
    assert "create-project" not in [w["name"] for w in suggested(http, "set up a new project with members",
                                                                 projectId="research")]
    write_wizard(data_dir, "_vance", "translate", TRANSLATE)
    assert suggested(http, "please translate this into French") == []
    found = suggested(http, "please translate this into French", projectId="lingo1")
    assert [w["name"] for w in found] == ["translate"] and found[0]["source"] == "VANCE"


def test_a_wizard_named_like_a_word_is_still_its_own_route(http: httpx.Client, data_dir: Path) -> None:
    write_wizard(data_dir, "_vance", "suggest", TRANSLATE.replace('availableIn: [ "lingo*" ]\n', ""))
    assert http.get(f"{BASE}/suggest").json()["title"] == "Translate a text"
    assert [w["name"] for w in suggested(http, "translation please")] == ["suggest"]


def test_bad_parameters_are_structured_400s(http: httpx.Client) -> None:
    assert_error(http.get(BASE, params={"q": "x" * 4001}), 400, "invalid_request")
    assert_error(http.get(BASE, params={"q": "council", "projectId": "../x"}), 400, "invalid_request")
    assert_error(http.get(BASE, params={"q": "council", "lang": "not a language"}), 400, "invalid_request")
    long_but_legal = suggested(http, "council " + "word " * 790)
    assert long_but_legal and long_but_legal[0]["name"] == "gremium"


def test_multi_user_rules_hold_for_suggestions(team: Team) -> None:
    url = team.base + "/brain/acme/wizards"
    assert_error(httpx.get(url, params={"q": "notes"}, timeout=30), 401, "unauthorized")
    as_bob = httpx.get(url, params={"q": "bob notes plan"}, headers={"Authorization": f"Bearer {team.bob}"},
                       timeout=30).json()["wizards"]
    as_alice = httpx.get(url, params={"q": "bob notes plan"}, headers={"Authorization": f"Bearer {team.alice}"},
                         timeout=30).json()["wizards"]
    assert "bobonly" in [w["name"] for w in as_bob]
    assert "bobonly" not in [w["name"] for w in as_alice]
    other = httpx.get(team.base + "/brain/research/wizards", params={"q": "notes"},
                      headers={"Authorization": f"Bearer {team.bob}"}, timeout=30)
    assert_error(other, 404, "tenant_not_found")
