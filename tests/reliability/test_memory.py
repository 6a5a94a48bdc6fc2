"""The start-up build runs without full collections, and what it throws away is given back,
not frozen with the wizards it keeps."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from vance_ui.memory import building_long_lived_objects


class Node:
    """Stands for a YAML node or a Jinja compiler object: part of a reference cycle."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def generations_collected() -> Iterator[list[int]]:
    collected: list[int] = []

    def record(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collected.append(info["generation"])

    gc.callbacks.append(record)
    yield collected
    gc.callbacks.remove(record)
    gc.unfreeze()


def test_a_large_build_runs_no_full_collection_and_its_garbage_is_freed(
    generations_collected: list[int],
) -> None:
    with building_long_lived_objects():
        kept = [Node() for _ in range(300_000)]  # default thresholds collect in full meanwhile
        thrown_away = weakref.ref(Node())
        during_build = list(generations_collected)
    assert 2 not in during_build
    assert thrown_away() is None
    assert gc.get_freeze_count() >= len(kept) and gc.is_tracked(kept[0])
    assert gc.get_threshold()[2] < 1000, "the usual thresholds are back after the build"


def test_overlapping_builds_give_the_usual_thresholds_back_when_the_last_one_ends(
        generations_collected: list[int]) -> None:
    usual = gc.get_threshold()
    first, second = building_long_lived_objects(), building_long_lived_objects()
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)
    assert gc.get_threshold()[2] > usual[2], "the second build is still running"
    second.__exit__(None, None, None)
    assert gc.get_threshold() == usual
