"""Writes that another site's page cannot trigger, and unconditional writes that never race
(issue 27, findings 7 and 8), on a real server."""

from __future__ import annotations

import re
import threading
from pathlib import Path
from typing import Any

import httpx

from tests.support.api_errors import assert_error

BASE = "/brain/default/wizards"
YAML = {"Content-Type": "application/yaml"}
STORED = "default/_user_local/wizards/notes.yaml"


def wizard(title: str) -> str:
    return (f"title: {{en: {title}}}\ndescription: {{en: About {title}}}\n"
            "fields:\n  - {name: topic, type: string, label: {en: Topic}}\npromptTemplate: 'Notes on {{ topic }}'\n")


def history(http: httpx.Client) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = http.get(f"{BASE}/notes/history").json()["entries"]
    return entries


#: what a page of another site can make a browser send without asking first (no CORS preflight)
SIMPLE_BODIES: dict[str, dict[str, Any]] = {
    "text/plain": {"content": wizard("Forged").encode(), "headers": {"Content-Type": "text/plain"}},
    "text/plain json": {"content": b'{"values": {}}', "headers": {"Content-Type": "text/plain;charset=UTF-8"}},
    "form": {"data": {"yaml": wizard("Forged"), "values": "{}"}},
    "multipart": {"files": {"file": ("notes.yaml", wizard("Forged").encode(), "application/yaml")}},
}
#: how a browser marks a request that a page of another site made (none: an old browser, or no browser)
ORIGINS: dict[str, dict[str, str]] = {
    "no origin": {},
    "other origin": {"Origin": "http://evil.example"},
    "null origin": {"Origin": "null"},
    "cross-site fetch": {"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"},
}


def test_every_state_changing_route_refuses_what_another_site_can_send(http: httpx.Client, data_dir: Path) -> None:
    """Every route and method of the OpenAPI schema that is not a read, with each simple body and
    each origin marking: refused before it runs, and nothing changes (restore included, which
    answered 200 to a text/plain POST)."""
    assert http.put(f"{BASE}/notes/source", content=wizard("Old").encode(), headers=YAML).status_code == 201
    assert http.put(f"{BASE}/notes/source", content=wizard("Mine").encode(), headers=YAML).status_code == 200
    old_entry = history(http)[-1]["id"]
    before = ((data_dir / STORED).read_text(), history(http))
    params = {"tenant": "default", "name": "notes", "entry": old_entry}
    paths = http.get("/openapi.json").json()["paths"]
    tried = 0
    for template, operations in paths.items():
        path = re.sub(r"\{(\w+)\}", lambda m: params[m.group(1)], template)
        for method in operations:
            if method.upper() not in ("POST", "PUT", "PATCH", "DELETE"):
                continue
            for body_kind, body in SIMPLE_BODIES.items():
                for origin_kind, origin in ORIGINS.items():
                    answer = http.request(method.upper(), path, params={"layer": "USER"},
                                          **{**body, "headers": {**body.get("headers", {}), **origin}})
                    where = f"{method.upper()} {template} with {body_kind}, {origin_kind}"
                    assert answer.status_code in (403, 415), f"{where}: {answer.status_code} {answer.text[:200]}"
                    assert answer.json()["error"] in ("unsupported_media_type", "cross_site_request"), where
                    tried += 1
            for origin in ORIGINS.values():  # no body at all (a no-cors fetch): the origin decides
                if origin:
                    answer = http.request(method.upper(), path, params={"layer": "USER"}, headers=origin)
                    assert_error(answer, 403, "cross_site_request")
                    tried += 1
    assert tried >= 6 * 4 * 4, "the schema lists the write routes"
    assert ((data_dir / STORED).read_text(), history(http)) == before


def test_requests_of_the_apps_own_origin_and_of_clients_outside_a_browser_still_write(http: httpx.Client) -> None:
    assert http.put(f"{BASE}/notes/source", content=wizard("One").encode(), headers=YAML).status_code == 201
    same_origin = {"Origin": str(http.base_url).rstrip("/"), "Sec-Fetch-Site": "same-origin"}
    saved = http.put(f"{BASE}/notes/source", content=wizard("Two").encode(), headers={**YAML, **same_origin})
    assert saved.status_code == 200, saved.text
    first = history(http)[-1]["id"]
    restored = http.post(f"{BASE}/notes/history/{first}/restore", params={"layer": "USER"}, headers=same_origin)
    assert restored.status_code == 200 and "One" in restored.json()["yaml"]
    assert http.post(f"{BASE}/notes/history/{first}/restore", params={"layer": "USER"}).status_code == 200
    rendered = http.post(f"{BASE}/notes/render", json={"values": {"topic": "x"}}, headers=same_origin)
    assert rendered.status_code == 200 and rendered.json()["prompt"] == "Notes on x"


def test_parallel_unconditional_writes_never_conflict_and_each_records_its_author(http: httpx.Client) -> None:
    """20 PUTs without If-Match at once: no 412 (the README calls them unconditional), one entry per
    save with its author, no `original` entries with an empty author pushing real versions out."""
    answers: list[httpx.Response] = []
    start = threading.Barrier(20)

    def save(index: int) -> None:
        with httpx.Client(base_url=str(http.base_url), timeout=60) as client:
            start.wait()
            answers.append(client.put(f"{BASE}/notes/source", content=wizard(f"Version {index}").encode(),
                                      headers=YAML))

    threads = [threading.Thread(target=save, args=(index,)) for index in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answer.status_code for answer in answers) == [200] * 19 + [201], [a.text for a in answers]
    entries = history(http)
    assert [(entry["action"], entry["author"]) for entry in entries] == [("save", "local")] * 20
    stored = http.get(f"{BASE}/notes/source").json()["version"]
    assert entries[0]["version"] == stored
