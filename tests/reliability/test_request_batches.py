"""One request's templates go to a render worker in few batches, within one total time budget, and
stop when the client goes away (issue 29 item 1, issue 27 finding 6). Counted through the pool's own
counters: `round_trips` (requests a worker answered or was killed on), `busy()` and `killed`."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest

from tests.support.api_errors import assert_error
from tests.support.api_server import ApiServer
from tests.support.polling import until
from tests.support.wizard_files import wide_wizard, write_wizard
from vance_ui.wizards.templates.bounded import RequestBudget, Templates
from vance_ui.wizards.templates.limits import DEFAULT_LIMITS, REQUEST_BUDGET_SECONDS
from vance_ui.wizards.templates.pool import RenderPool
from vance_ui.wizards.templates.problems import TemplateProblem

SHOW_IFS, FOLLOW_UPS = 20, 5  # the wizard of issue 29's bench (`bench/round_trips.py`)


def test_state_and_render_of_20_show_ifs_and_5_follow_ups_take_at_most_3_round_trips_each(
        api: ApiServer, http: httpx.Client, data_dir: Path) -> None:
    write_wizard(data_dir, "_vance", "wide", wide_wizard(SHOW_IFS, FOLLOW_UPS))
    pool = api.service.templates.pool
    values = {"mode": "odd", **{f"f{i}": f"v{i}" for i in range(SHOW_IFS)}}
    http.post("/brain/default/wizards/wide/state", json={"values": values}).raise_for_status()  # loaded
    for route in ("state", "render"):
        before = pool.round_trips
        response = http.post(f"/brain/default/wizards/wide/{route}", json={"values": values})
        assert response.status_code == 200, response.text
        body = response.json()
        assert len(body["followUps"]) == FOLLOW_UPS
        assert body["followUps"][4]["label"] == "Next 4 for odd" and "purpose=p4%20odd" in body["followUps"][4]["url"]
        if route == "state":
            assert body["hidden"] == sorted(f"f{i}" for i in range(0, SHOW_IFS, 2))
        assert pool.round_trips - before <= 3, f"/{route} took {pool.round_trips - before} round trips"


# finding 6: five item fields whose showIf each cost ~0.03 s, far under the 1 s deadline
SLOW_ITEMS = """
title: { en: Slow items }
description: { en: D }
fields:
  - name: rows
    type: repeat
    label: { en: Rows }
    item:
      - { name: n, type: integer, label: { en: N } }
""" + "".join(f"""      - {{ name: s{i}, type: string, label: {{ en: S{i} }},
          showIf: "(range(10000)|map('string')|join|length) > n + {i}" }}
""" for i in range(5)) + """promptTemplate: "{{ rows | length }} rows"
"""
ONE_ROW = {"values": {"rows": [{"n": 1}]}}
SLOW_VALUES = {"rows": [{"n": 1}] * 200}  # 1,000 showIf runs: half a minute of worker time


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "words"), [("en", "longer than"), ("de", "länger als")])
def test_a_request_whose_show_ifs_cost_minutes_stops_at_its_budget_in_its_language(
        api: ApiServer, data_dir: Path, lang: str, words: str) -> None:
    write_wizard(data_dir, "_vance", "slow", SLOW_ITEMS)
    pool = api.service.templates.pool
    with httpx.Client(base_url=api.base_url, timeout=REQUEST_BUDGET_SECONDS + 15) as client:
        assert client.post("/brain/default/wizards/slow/state", json=ONE_ROW).status_code == 200
        started = time.monotonic()
        response = client.post(f"/brain/default/wizards/slow/state?lang={lang}", json={"values": SLOW_VALUES})
        took = time.monotonic() - started
        body = assert_error(response, 422, "template_limit")
        assert words in body["message"] and f"{REQUEST_BUDGET_SECONDS:g} s" in body["message"], body
        assert response.headers["content-language"] == lang
        assert took < REQUEST_BUDGET_SECONDS + 2, f"answered after {took:.1f} s"
        assert pool.busy() == 0, "the worker is free again as soon as the answer is there"
        rendered = client.post("/brain/default/wizards/slow/render", json=ONE_ROW)
        assert rendered.status_code == 200 and rendered.json()["prompt"] == "1 rows", rendered.text


@pytest.mark.slow
def test_a_client_that_goes_away_frees_the_worker_its_request_held(api: ApiServer, data_dir: Path) -> None:
    write_wizard(data_dir, "_vance", "slow", SLOW_ITEMS)
    pool = api.service.templates.pool
    with httpx.Client(base_url=api.base_url, timeout=30) as client:
        assert client.post("/brain/default/wizards/slow/state", json=ONE_ROW).status_code == 200
    killed = pool.killed
    with httpx.Client(base_url=api.base_url, timeout=0.5) as client, pytest.raises(httpx.ReadTimeout):
        client.post("/brain/default/wizards/slow/state", json={"values": SLOW_VALUES})  # then it hangs up
    left = time.monotonic()
    until(lambda: pool.busy() == 0, "the worker is free")
    assert pool.killed == killed + 1, "the worker that ran the abandoned batch was stopped, not left to finish"
    assert time.monotonic() - left < REQUEST_BUDGET_SECONDS - 1, "freed when the client left, not by the budget"


def test_each_template_of_a_batch_keeps_its_own_deadline() -> None:
    """A filter chain in C holds the worker's GIL, so no Python check stops it: inside a batch the
    worker's SIGALRM ends it just past its own deadline (not at the request's budget), and the worker
    is replaced. A template that reaches a limit Python checks (here the loop budget) gets its own
    problem, and the batch goes on."""
    templates = Templates(RenderPool(size=1))
    try:
        cheap = templates.check("{{ n }}", "promptTemplate")
        bomb = templates.check("{{ ([range(n)|list]*n)|sum(start=[])|length }}", "promptTemplate")
        slow = templates.check("{% for i in range(49000) %}{% for j in range(n) %}{% endfor %}{% endfor %}",
                               "promptTemplate")
        started = time.monotonic()
        stopped = templates.render_batch([(cheap, {"n": 1}), (bomb, {"n": 2500}), (cheap, {"n": 2})],
                                         RequestBudget())
        took = time.monotonic() - started
        assert all(isinstance(result, TemplateProblem) and result.kind == "limit" for result in stopped), stopped
        assert took < DEFAULT_LIMITS.deadline_seconds + 0.6 < REQUEST_BUDGET_SECONDS, f"stopped after {took:.2f} s"
        assert templates.pool.killed == 1
        results = templates.render_batch([(slow, {"n": 10 ** 6}), (cheap, {"n": 3})], RequestBudget())
        assert isinstance(results[0], TemplateProblem) and results[0].kind == "limit", results
        assert results[0].origin == "promptTemplate" and results[1] == "3"
    finally:
        templates.close()
