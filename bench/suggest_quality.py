"""The quality of the chat's wizard suggestions on bench/suggest_cases.yaml, and their speed.

Quality: top-1 and top-3 over the `cases` (the expected wizard first / among the suggestions),
and the share of `ordinary` messages that get any suggestion, against the bundled wizards plus
bench/suggest_wizards in the tenant layer. Speed: one suggestion computed on the server (words,
typo matching, BM25 scoring, threshold) at 1,000 wizards, the index already built, as a median
over many messages. tests/domain/test_suggest_quality.py runs the same evaluation.
"""

from __future__ import annotations

import shutil
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from bench.stats import Figure
from vance_ui.documents.filesystem import BundledStore, FileDocumentStore
from vance_ui.service import Scope, WizardService
from vance_ui.settings import BUNDLED_DEFAULTS_DIR, Settings
from vance_ui.wizards.catalog.suggest import SuggestIndex, suggestion_index

BENCH = Path(__file__).resolve().parent
CASES = BENCH / "suggest_cases.yaml"
FIXTURE = BENCH / "suggest_wizards"
SCOPE = Scope(tenant="default", user="local")


@dataclass
class Quality:
    cases: int = 0
    top1: int = 0
    top3: int = 0
    ordinary: int = 0
    chips_on_ordinary: int = 0
    misses: list[str] = field(default_factory=list)

    @property
    def top1_rate(self) -> float:
        return self.top1 / self.cases

    @property
    def top3_rate(self) -> float:
        return self.top3 / self.cases

    @property
    def ordinary_chip_rate(self) -> float:
        return self.chips_on_ordinary / self.ordinary


def load_cases(path: Path = CASES) -> dict[str, list[dict[str, str]]]:
    data: dict[str, list[dict[str, str]]] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data


def put_fixture(data_dir: Path, tenant: str = "default") -> None:
    """The fixture wizards into the tenant layer (`_vance`) of a data dir."""
    target = data_dir / tenant / "_vance" / "wizards"
    target.mkdir(parents=True, exist_ok=True)
    for path in sorted(FIXTURE.glob("*.yaml")):
        shutil.copy(path, target / path.name)


@contextmanager
def fixture_service(data_dir: Path) -> Iterator[WizardService]:
    put_fixture(data_dir)
    settings = Settings(_env_file=None, data_dir=data_dir, watch=False)  # type: ignore[call-arg]
    service = WizardService(settings, FileDocumentStore(data_dir), BundledStore(BUNDLED_DEFAULTS_DIR))
    try:
        yield service
    finally:
        service.close()


def evaluate(service: WizardService, scope: Scope = SCOPE, path: Path = CASES) -> Quality:
    data, quality = load_cases(path), Quality()
    indexes: dict[str, SuggestIndex] = {}
    for case in data["cases"]:
        index = indexes.setdefault(case["lang"], suggestion_index(service.listing(scope), case["lang"]))
        names = [s.wizard.name for s in index.suggest(case["text"])]
        quality.cases += 1
        quality.top1 += bool(names) and names[0] == case["expect"]
        quality.top3 += case["expect"] in names
        if not names or names[0] != case["expect"]:
            quality.misses.append(f"{case['lang']} {case['text']!r}: expected {case['expect']}, got {names}")
    for case in data["ordinary"]:
        index = indexes.setdefault(case["lang"], suggestion_index(service.listing(scope), case["lang"]))
        got = [s.wizard.name for s in index.suggest(case["text"])]
        quality.ordinary += 1
        quality.chips_on_ordinary += bool(got)
        if got:
            quality.misses.append(f"{case['lang']} {case['text']!r}: ordinary, got {got}")
    return quality


def _many_wizards(data_dir: Path, count: int) -> None:
    """`count` wizards in the tenant layer: the fixture's, then variants of them with other words."""
    put_fixture(data_dir)
    target = data_dir / "default" / "_vance" / "wizards"
    sources = sorted(FIXTURE.glob("*.yaml"))
    made = len(sources)
    while made < count:
        source = sources[made % len(sources)]
        text = source.read_text(encoding="utf-8").replace('{ en: "', f'{{ en: "Variant {made} ', 1)
        (target / f"{source.stem}-{made}.yaml").write_text(text, encoding="utf-8")
        made += 1


def speed(count: int = 1000, repeats: int = 5) -> tuple[list[float], float]:
    """(ms per suggestion, each message `repeats` times; ms to build the index) at `count` wizards."""
    messages = [case["text"] for group in load_cases().values() for case in group]
    with tempfile.TemporaryDirectory(prefix="vance-bench-suggest-") as tmp:
        data_dir = Path(tmp) / "data"
        _many_wizards(data_dir, count)
        with fixture_service(data_dir) as service:
            listing = service.listing(SCOPE)
            listing.summaries("en")
            t0 = time.perf_counter()
            index = suggestion_index(listing, "en")
            build_ms = (time.perf_counter() - t0) * 1000
            times: list[float] = []
            for _ in range(repeats):
                for text in messages:
                    t0 = time.perf_counter()
                    index.suggest(text)
                    times.append((time.perf_counter() - t0) * 1000)
    return times, build_ms


def measure(quick: bool = False) -> list[Figure]:
    with tempfile.TemporaryDirectory(prefix="vance-bench-suggest-") as tmp, \
            fixture_service(Path(tmp) / "data") as service:
        quality = evaluate(service)
    times, build_ms = speed(1000, repeats=2 if quick else 5)
    note = f"{quality.cases} messages in en and de, {quality.ordinary} ordinary ones"
    return [
        Figure("suggest.top1", "suggestions: expected wizard first", "%", [100 * quality.top1_rate], ">= 85",
               quality.top1_rate >= 0.85, note),
        Figure("suggest.top3", "suggestions: expected wizard among the chips", "%", [100 * quality.top3_rate], ">= 95",
               quality.top3_rate >= 0.95, note),
        Figure("suggest.ordinary", "suggestions: ordinary messages that get a chip", "%",
               [100 * quality.ordinary_chip_rate], "<= 10", quality.ordinary_chip_rate <= 0.10, note),
        Figure("suggest.time", "suggestion server time at 1,000 wizards", "ms", times, "< 10",
               statistics.median(times) < 10, "words, typo matching, BM25 and threshold; index built"),
        Figure("suggest.build", "suggestion index build at 1,000 wizards", "ms", [build_ms], "", None,
               "once per change of the listing"),
    ]
