"""Quick mode: the API answers from memory on the event loop, and hands anything slow to a thread.

Every story here checks both halves: what quick mode refuses (so the event loop never reads a
file, rebuilds a listing or runs a long template) and that the same call then succeeds normally.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from tests.conftest import write_wizard
from vance_ui.documents.filesystem import BundledStore, FileDocumentStore
from vance_ui.quick import WouldBlock, quick_mode
from vance_ui.service import Scope, WizardService
from vance_ui.settings import BUNDLED_DEFAULTS_DIR, Settings
from vance_ui.wizards.templating import compile_template, render_bounded

T = TypeVar("T")

# 40,000 loop iterations with string work: ~0.1 s here, well past the quick deadline, well
# inside the 1 s render deadline.
LONG_RUNNING = ("{% for i in range(40000) %}{{ ('ab' * 20) | upper | replace('A', '') | length % 2 }}"
                "{% endfor %}")


def wizard_yaml(template: str) -> str:
    return (f"title: {{en: 'Quick'}}\ndescription: {{en: 'quick'}}\nfields:\n"
            f"  - {{name: topic, type: string, label: {{en: Topic}}}}\npromptTemplate: \"{template}\"\n")


def quickly(call: Callable[..., T], *args: object) -> T:
    with quick_mode():
        return call(*args)


def test_a_loaded_wizard_renders_in_quick_mode_exactly_as_in_a_thread(service: WizardService, scope: Scope) -> None:
    values = {"outputName": "rat", "purpose": "Pricing",
              "members": [{"name": "Ada", "description": "CTO"}, {"name": "Bo", "description": "CFO"}]}
    normal = service.render(scope, "gremium", values)
    assert quickly(service.render, scope, "gremium", values) == normal
    assert quickly(service.definition, scope, "gremium") == service.definition(scope, "gremium")


def test_a_wizard_not_read_yet_or_changed_on_disk_is_left_to_the_thread(
        service: WizardService, scope: Scope, data_dir: Path) -> None:
    path = write_wizard(data_dir, "_vance", "topic", wizard_yaml("About {{ topic }}"))
    with pytest.raises(WouldBlock):  # reading and parsing the file is slow work
        quickly(service.render, scope, "topic", {"topic": "tea"})
    assert service.render(scope, "topic", {"topic": "tea"}).prompt == "About tea"
    assert quickly(service.render, scope, "topic", {"topic": "tea"}).prompt == "About tea"

    path.write_text(wizard_yaml("Now about {{ topic }}, longer"), encoding="utf-8")
    with pytest.raises(WouldBlock):  # never the stale parse: the file's version changed
        quickly(service.render, scope, "topic", {"topic": "tea"})
    assert service.render(scope, "topic", {"topic": "tea"}).prompt == "Now about tea, longer"


def test_a_template_that_runs_long_goes_to_the_thread_and_stays_there(
        service: WizardService, scope: Scope, data_dir: Path) -> None:
    write_wizard(data_dir, "_vance", "long", wizard_yaml(LONG_RUNNING))
    wizard = service.wizard(scope, "long")
    assert wizard.prompt.template  # loaded and compiled (on first use): only its run time is left
    assert not wizard.prompt.ran_long
    with pytest.raises(WouldBlock):
        quickly(service.render, scope, "long", {})
    assert wizard.prompt.ran_long  # stopped at the quick deadline, not run to the end
    assert len(service.render(scope, "long", {}).prompt) == 40_000  # the thread renders it in full
    with pytest.raises(WouldBlock):  # and from now on it is not even tried on the event loop
        quickly(service.render, scope, "long", {})


def test_waiting_for_the_cpu_does_not_count_against_the_quick_budget(
        service: WizardService, scope: Scope, data_dir: Path) -> None:
    """Five threads spinning for the GIL give the render a sixth of the CPU: ~8 ms of its own work
    (of the 20 ms budget) then takes ~50 ms of wall time, which must not send the template to the
    thread for good. (12 ms of work, 1.7x under the budget, failed once in a busy moment.)"""
    write_wizard(data_dir, "_vance", "medium", wizard_yaml(LONG_RUNNING.replace("40000", "3500")))
    wizard = service.wizard(scope, "medium")
    assert wizard.prompt.template  # compiled, as a wizard is once it has been used
    stop = threading.Event()

    def spin() -> None:
        while not stop.is_set():
            pass

    spinners = [threading.Thread(target=spin) for _ in range(5)]
    for spinner in spinners:
        spinner.start()
    try:
        assert len(quickly(service.render, scope, "medium", {}).prompt) == 3500
    finally:
        stop.set()
        for spinner in spinners:
            spinner.join()
    assert not wizard.prompt.ran_long


def test_quick_mode_does_not_change_what_a_template_error_says() -> None:
    broken = compile_template("{{ 1 // 0 }}", "promptTemplate")
    with pytest.raises(Exception) as normal:
        render_bounded(broken, {})
    with pytest.raises(Exception) as quick, quick_mode():
        render_bounded(broken, {})
    assert type(quick.value) is type(normal.value) and str(quick.value) == str(normal.value)
    assert "ZeroDivisionError" in str(normal.value)


def test_listings_are_built_in_the_thread_and_served_quickly_once_cached(tmp_path: Path, scope: Scope) -> None:
    settings = Settings(_env_file=None, data_dir=tmp_path, watch=True)  # type: ignore[call-arg]
    service = WizardService(settings, FileDocumentStore(settings.data_dir), BundledStore(BUNDLED_DEFAULTS_DIR))
    service.start_watching()  # cached listings need the watcher (else every listing rescans)
    try:
        with pytest.raises(WouldBlock):
            quickly(service.list_wizards, scope)
        listing = service.list_wizards(scope)
        assert quickly(service.list_wizards, scope) is listing
    finally:
        service.stop_watching()


def test_without_a_watcher_every_listing_rescans_so_none_is_served_quickly(service: WizardService,
                                                                           scope: Scope) -> None:
    service.list_wizards(scope)
    with pytest.raises(WouldBlock):
        quickly(service.list_wizards, scope)
