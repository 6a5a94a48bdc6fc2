"""The suggestion quality on the public evaluation set (bench/suggest_cases.yaml): a ranking change that
makes it worse fails here, not only in `make bench`."""

from __future__ import annotations

from pathlib import Path

from bench.suggest_quality import evaluate, fixture_service, load_cases


def test_the_evaluation_set_is_as_large_as_promised() -> None:
    data = load_cases()
    assert len(data["cases"]) >= 80 and len(data["ordinary"]) >= 40
    assert {case["lang"] for case in data["cases"]} == {"en", "de"}
    assert len(list((Path(__file__).parents[2] / "bench" / "suggest_wizards").glob("*.yaml"))) >= 15


def test_top1_top3_and_ordinary_messages_meet_their_targets(tmp_path: Path) -> None:
    with fixture_service(tmp_path / "data") as service:
        quality = evaluate(service)
    report = "\n".join(quality.misses)
    assert quality.top1_rate >= 0.85, report
    assert quality.top3_rate >= 0.95, report
    assert quality.ordinary_chip_rate <= 0.10, report
