"""Over real HTTP, a plain member's hostile wizard text against the write path (`PUT .../source`,
`/source/check`): each shape gets a fast, clear answer (a problem at its line and column, nothing
written), `/healthz` answers everyone else meanwhile, and the app's memory stays where it was
(issue 27: an alias bomb grew the app by a GiB, 16,000 unknown keys took 9 s, a JSON body held
the event loop for seconds, a 403 KB file expanded to a 76 MiB wizard)."""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from tests.support.app_server import AppServer, start_app
from tests.support.attack import Attacked, attack

pytestmark = pytest.mark.slow  # app.py as a process, attacked

SOURCE = "/brain/default/wizards/{name}/source"
CHECK = SOURCE + "/check"
YAML = {"content-type": "application/yaml"}
HEAD = "title: {en: T}\ndescription: {en: D}\n"
FIELD = "  - {name: topic, type: string, label: {en: Topic}}\n"
MIB = 1024 * 1024
HEALTHZ_CPU = 0.003  # seconds of the app's CPU per /healthz answered (measured ~1.5 ms; with room)


def alias_bomb(levels: int = 7) -> str:
    """The issue's 0.5 KB paste: each level ten aliases of the one below, then used twice."""
    lines = ["l0: &l0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]" for i in range(1, levels)]
    return "\n".join(lines) + f"\ntitle: {{en: *l{levels - 1}}}\ncategory: *l{levels - 1}\n"


def aliased_defaults(chars: int, fields: int) -> str:
    """`fields` string fields whose defaultValue all alias one `chars`-long string (finding 2)."""
    first = f"  - {{name: f0, type: string, label: {{en: F}}, defaultValue: &big '{'x' * chars}'}}\n"
    rest = "".join(f"  - {{name: f{i}, type: string, label: {{en: F}}, defaultValue: *big}}\n"
                   for i in range(1, fields))
    return HEAD + "fields:\n" + first + rest + "promptTemplate: x\n"


def repeat_default_extra(aliases: int) -> str:
    """An extra key in a repeat field's default item holding `aliases` aliases of one text (finding 2)."""
    return HEAD + ("fields:\n  - name: people\n    type: repeat\n    label: {en: People}\n"
                   "    item:\n      - {name: who, type: string, label: {en: Who}}\n"
                   f"    defaultValue:\n      - who: &t '{'y' * 1000}'\n        junk: [" +
                   ", ".join(["*t"] * aliases) + "]\npromptTemplate: x\n")


def unknown_top_keys(count: int) -> str:
    return HEAD + "fields:\n" + FIELD + "promptTemplate: '{{ topic }}'\n" + \
        "".join(f"k{i}: 1\n" for i in range(count))


def unknown_field_keys(count: int) -> str:
    keys = ", ".join(f"k{i}: 1" for i in range(count))
    return HEAD + "fields:\n  - {name: topic, type: string, label: {en: Topic}, " + keys + "}\npromptTemplate: x\n"


def bad_languages(count: int) -> str:
    return "title: {" + ", ".join(f"q{i}: T" for i in range(count)) + "}\ndescription: {en: D}\nfields: []\n" \
        "promptTemplate: x\n"


def undeclared_names(count: int) -> str:
    template = "".join(f"  {{{{ n{i} }}}}\n" for i in range(count))
    return HEAD + "fields: []\npromptTemplate: |\n" + template


def flow_numbers(count: int) -> str:
    """One flow list of `count` numbers (finding 5's import)."""
    return HEAD + "fields: []\npromptTemplate: x\njunk: [" + ", ".join("1" for _ in range(count)) + "]\n"


def deep(levels: int) -> str:
    return HEAD + "fields: []\npromptTemplate: x\njunk: " + "[" * levels + "]" * levels + "\n"


def big_scalar(chars: int) -> str:
    return HEAD + "fields: []\npromptTemplate: x\ncategory: '" + "z" * chars + "'\n"


# shape -> (text, what the first problem must say, the line it must name, or None: any line)
SHAPES: dict[str, tuple[Callable[[], str], str, int | None]] = {
    "alias bomb (finding 1)": (alias_bomb, "alias bomb", None),
    "one 400 KB default, aliased 200 times (finding 2)": (lambda: aliased_defaults(400_000, 200),
                                                          "a value is longer than 64000 characters", 4),
    "one 60 KB default, aliased 200 times (finding 2)": (lambda: aliased_defaults(60_000, 200),
                                                         "the document expands to more than 2 MiB", None),
    "10,000 aliases in a repeat default's extra key (finding 2)": (lambda: repeat_default_extra(10_000),
                                                                   "expands to more than", None),
    "16,000 unknown top-level keys (finding 4)": (lambda: unknown_top_keys(16_000), "unknown key 'k0'", 6),
    "10,000 unknown keys in one field (finding 4)": (lambda: unknown_field_keys(10_000), "unknown key", 4),
    "16,000 language keys under title (finding 4)": (lambda: bad_languages(16_000), "title", 1),
    "120,000 numbers in a flow list (finding 5)": (lambda: flow_numbers(120_000), "more than 50000 values", None),
    "nested 100 levels deep": (lambda: deep(100), "nested more than 40 levels", 5),
    "nested 1,000 levels deep": (lambda: deep(1000), "nesting depth", 5),
    "a 500 KB scalar": (lambda: big_scalar(500_000), "a value is longer than 64000 characters", 5),
}


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    server = start_app(tmp_path_factory.mktemp("write-path") / "data")
    with httpx.Client(base_url=server.base_url, timeout=60) as client:  # the workers started, the first load done
        client.post(CHECK.format(name="warm"), content=HEAD + "fields:\n" + FIELD + "promptTemplate: x\n",
                    headers=YAML)
    yield server
    server.stop()


def assert_unnoticed(outcome: Attacked) -> None:
    """What the issue asks, measured so that a busy machine does not decide it: a cheap answer (at
    most 1.5 s of CPU in the app and its workers; each shape costs ~0.5 s; the wall time only within
    the load deadline), next to nothing of it in the app's own process (its event loop cannot have
    been held), `/healthz` for others as fast as usual (median under 100 ms; a single answer under
    1 s, as a busy 2-core machine's scheduler alone delays one now and then), at most 64 MiB more."""
    assert outcome.cpu < 1.5, f"the answer cost {outcome.cpu:.2f} s of CPU"
    own = outcome.app_cpu - HEALTHZ_CPU * len(outcome.latencies)  # what the app spent besides answering /healthz
    assert own < 0.15, f"the app's own process spent {own:.2f} s of CPU on it"
    assert outcome.took < 10.0, f"the answer took {outcome.took:.2f} s"
    if len(outcome.latencies) >= 5:  # a median of fewer says more about the machine than about the app
        median = statistics.median(outcome.latencies)
        assert median < 0.1, f"/healthz median {median:.3f} s"
    assert outcome.worst < 1.0, f"/healthz waited {outcome.worst:.3f} s meanwhile"
    assert outcome.grown < 64 * MIB, f"the app grew by {outcome.grown / MIB:.0f} MiB"


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_hostile_text_is_refused_at_its_place_and_nobody_notices(app: AppServer, shape: str) -> None:
    make, message, line = SHAPES[shape]
    text = make()
    name = "hostile-" + str(abs(hash(shape)) % 10_000)
    for method in ("POST", "PUT"):
        url = (CHECK if method == "POST" else SOURCE).format(name=name)
        outcome = attack(app, lambda client: client.request(method, url, content=text, headers=YAML))  # noqa: B023
        assert outcome.response.status_code == (200 if method == "POST" else 400), outcome.response.text[:300]
        problems = outcome.response.json()["problems"]
        assert not (app.data_dir / "default" / "_user_local" / "wizards" / f"{name}.yaml").exists()
        assert problems, shape
        assert message in problems[0]["message"], problems[:3]
        if line is not None:
            assert problems[0]["line"] == line, problems[:3]
        assert_unnoticed(outcome)


def test_many_problems_are_answered_in_one_pass_and_capped(app: AppServer) -> None:
    outcome = attack(app, lambda client: client.post(CHECK.format(name="keys"), content=unknown_top_keys(16_000),
                                                     headers=YAML))
    problems = outcome.response.json()["problems"]
    assert len(problems) == 200  # the API's cap
    assert [p["line"] for p in problems[:3]] == [6, 7, 8]
    assert_unnoticed(outcome)


def test_thousands_of_undeclared_names_are_found_in_one_pass(app: AppServer) -> None:
    """Finding 4's template: 2,500 names no field declares, one per line (was 5 s)."""
    outcome = attack(app, lambda client: client.post(CHECK.format(name="names"), content=undeclared_names(2_500),
                                                     headers=YAML))
    problems = outcome.response.json()["problems"]
    assert len(problems) == 200
    assert problems[0]["line"] == 5 and problems[0]["column"] == 6 and "'n0'" in problems[0]["message"]
    assert_unnoticed(outcome)


@pytest.mark.parametrize("url", [CHECK, SOURCE])
def test_a_big_json_body_is_read_off_the_event_loop(app: AppServer, url: str) -> None:
    """Finding 3: a 488 KB JSON body of 250,000 numbers held `/healthz` for 2-3.6 s per request."""
    body = json.dumps({"title": {"en": "T"}, "description": {"en": "D"}, "fields": [], "promptTemplate": "x",
                       "junk": [0] * 250_000}, separators=(",", ":"))
    assert len(body) < 512 * 1024
    method = "POST" if url == CHECK else "PUT"
    outcome = attack(app, lambda client: client.request(method, url.format(name="json-junk"), content=body,
                                                        headers={"content-type": "application/json"}))
    assert outcome.response.status_code == 400, outcome.response.text[:300]
    assert "more than 50000 values" in outcome.response.json()["message"]
    assert_unnoticed(outcome)


def test_the_same_text_gets_the_same_verdict_after_a_big_check(app: AppServer) -> None:
    """Finding 9: a worker that grew in one check made another user's next check of a valid text fail."""
    template = "".join(f"{{% if topic %}}Line {i}: {{{{ topic | upper }}}}{{% endif %}}\n" for i in range(1000))
    valid = HEAD + "fields:\n" + FIELD + "promptTemplate: |\n" + \
        "".join(f"  {line}\n" for line in template.splitlines())
    assert len(valid) > 50_000
    with httpx.Client(base_url=app.base_url, timeout=60) as client:
        verdicts = []
        for _ in range(4):
            client.post(CHECK.format(name="grow"), content=aliased_defaults(60_000, 30), headers=YAML)
            answer = client.post(CHECK.format(name="valid"), content=valid, headers=YAML)
            verdicts.append(answer.json()["problems"])
    assert verdicts == [[]] * 4


def test_a_text_that_loads_is_still_saved(app: AppServer, tmp_path: Path) -> None:
    text = HEAD + "fields:\n" + FIELD + "promptTemplate: 'About {{ topic }}'\n"
    with httpx.Client(base_url=app.base_url, timeout=60) as client:
        saved = client.put(SOURCE.format(name="fine"), content=text, headers=YAML)
        assert saved.status_code == 201, saved.text[:300]
        rendered = client.post("/brain/default/wizards/fine/render", json={"values": {"topic": "bees"}})
        assert rendered.json()["prompt"] == "About bees"
