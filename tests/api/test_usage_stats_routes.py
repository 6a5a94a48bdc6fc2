"""Usage counts over the REST API: an author reads their wizard's funnel in their language; a
member never sees the counts of wizards that are not theirs; a tenant admin sees every wizard's."""

from __future__ import annotations

import httpx

from tests.support.api_errors import assert_error
from tests.support.api_server import ApiServer, Team, api, http, team
from vance_ui.service import Scope, WizardService
from vance_ui.usage.events import OpenedFrom, Step, opened_key, page_key

__all__ = ["api", "http", "team"]  # the server fixtures


def use_the_council(service: WizardService, people: int, reach_page_2: int, use: int) -> None:
    scope = Scope("default", "local")
    for person in range(people):
        service.count(scope, "gremium", Step.OPENED)
        service.count(scope, "gremium", opened_key(OpenedFrom.CARD))
        if person < reach_page_2:
            service.count(scope, "gremium", page_key(2))
        if person < use:
            service.count_used(scope, "gremium", seconds=50)
    service.usage.flush()


def test_an_author_reads_where_users_stop_in_their_language(api: ApiServer, http: httpx.Client,
                                                            service: WizardService) -> None:
    use_the_council(service, people=4, reach_page_2=4, use=1)
    answer = http.get("/brain/default/wizards/gremium/stats", params={"days": 7, "lang": "de"})
    assert answer.status_code == 200, answer.text
    stats = answer.json()
    assert [(s["step"], s["count"]) for s in stats["funnel"]] == [("opened", 4), ("used", 1), ("sent", 0)]
    assert stats["openedFrom"] == {"card": 4}
    assert stats["medianSecondsToUse"] == 60
    assert stats["reading"] == "75 % schließen das Formular, ohne den Prompt zu übernehmen"
    assert len(stats["daily"]) == 7 and stats["daily"][-1]["opened"] == 4

    every = http.get("/brain/default/stats/wizards", params={"days": 30}).json()
    assert every["wizards"][0] == {"name": "gremium", "title": every["wizards"][0]["title"], "opened": 4, "used": 1,
                                   "sent": 0, "medianSecondsToUse": 60}
    assert all(row["opened"] == 0 for row in every["wizards"][1:])


def test_bad_windows_and_unknown_wizards_get_clear_errors(api: ApiServer, http: httpx.Client) -> None:
    refused = http.get("/brain/default/wizards/gremium/stats", params={"days": 0})
    assert_error(refused, 400, "invalid_request")
    assert refused.json()["message"].startswith("the query parameter days is not valid: ")
    assert_error(http.get("/brain/default/wizards/nosuch/stats"), 404, "wizard_not_found")
    assert_error(http.get("/brain/default/stats/wizards", params={"days": "many"}), 400, "invalid_request")


def test_members_see_the_counts_of_their_own_wizards_only(team: Team, service: WizardService) -> None:
    bob = Scope("acme", "bob")
    for _ in range(3):
        service.count(bob, "notes", Step.OPENED)  # bob's own wizard
        service.count(bob, "gremium", Step.OPENED)  # the tenant's
    service.usage.flush()

    def get(token: str, path: str) -> httpx.Response:
        return httpx.get(f"{team.base}/brain/acme{path}", headers={"Authorization": f"Bearer {token}"})

    assert get(team.bob, "/wizards/notes/stats").json()["funnel"][0]["count"] == 3
    assert_error(get(team.bob, "/wizards/gremium/stats"), 403, "forbidden")
    assert [row["name"] for row in get(team.bob, "/stats/wizards").json()["wizards"]] == ["notes", "bobonly"]
    # alice has a wizard called "notes" too: bob's counts are never hers
    assert get(team.alice, "/wizards/notes/stats").json()["funnel"][0]["count"] == 0
    assert_error(get(team.alice, "/wizards/gremium/stats"), 403, "forbidden")
    team.users.set_admin("alice", "acme")
    rows = {row["name"]: row["opened"] for row in get(team.alice, "/stats/wizards").json()["wizards"]}
    assert rows["gremium"] == 3 and rows["notes"] == 0
