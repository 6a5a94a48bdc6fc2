"""The on-disk load cache holds data, never code: a forged entry cannot get past the sandbox."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support.wizard_files import write_wizard
from vance_ui.documents.filesystem import BundledStore, FileDocumentStore
from vance_ui.service import RenderFailed, Scope, WizardService
from vance_ui.settings import BUNDLED_DEFAULTS_DIR, Settings

WIZARD = "title: {en: T}\ndescription: {en: D}\nfields: []\npromptTemplate: 'hello {{ user }}'\n"
WITH_FIELD = ("title: {en: T NAME}\ndescription: {en: D}\n"
              "fields:\n  - {name: topic, type: string, label: {en: Topic}}\npromptTemplate: 'about {{ topic }}'\n")
MAGIC = b"VWZ3"


def fresh(settings: Settings) -> WizardService:
    return WizardService(settings, FileDocumentStore(settings.data_dir), BundledStore(BUNDLED_DEFAULTS_DIR))


def test_a_restart_uses_the_cache_and_renders_the_same(settings: Settings, data_dir: Path) -> None:
    write_wizard(data_dir, "_vance", "hello", WIZARD)
    scope = Scope("default", "local")
    assert fresh(settings).render(scope, "hello", {}).prompt == "hello local"
    entries = [p for p in (data_dir / ".cache").rglob("*") if p.is_file() and not p.name.startswith(".")]
    assert entries, "the first load should leave a cache entry"
    assert all(b"promptTemplate" in p.read_bytes() for p in entries)
    assert fresh(settings).render(scope, "hello", {}).prompt == "hello local"


def forge(data_dir: Path, change: Callable[[dict[str, Any]], None]) -> None:
    """Rewrite the cached body of the 'hello' wizard, with a valid digest (as whoever can write the
    cache directory could)."""
    forged = 0
    for entry in (data_dir / ".cache").rglob("*"):
        if not entry.is_file() or entry.name.startswith("."):
            continue
        raw = entry.read_bytes()
        assert raw.startswith(MAGIC)
        head, body, *rest = json.loads(raw[len(MAGIC) + 32:])  # + templates, lines, warnings
        data = json.loads(body)
        if data.get("promptTemplate") != "hello {{ user }}":
            continue
        change(data)
        payload = json.dumps([head, json.dumps(data), *rest]).encode()
        entry.write_bytes(MAGIC + hashlib.sha256(payload).digest() + payload)
        forged += 1
    assert forged == 1


def test_a_forged_cache_entry_still_goes_through_the_template_guard(settings: Settings, data_dir: Path) -> None:
    write_wizard(data_dir, "_vance", "hello", WIZARD)
    scope = Scope("default", "local")
    fresh(settings).render(scope, "hello", {})
    forge(data_dir, lambda data: data.update(promptTemplate="{{ ''.__class__.__mro__[1].__subclasses__() }}"))
    with pytest.raises(RenderFailed, match="not allowed"):
        fresh(settings).render(scope, "hello", {})


def test_a_restart_lists_from_the_cache_and_an_unusable_entry_heals_from_the_file(
        settings: Settings, data_dir: Path, caplog: pytest.LogCaptureFixture) -> None:
    write_wizard(data_dir, "_vance", "hello", WIZARD)
    scope = Scope("default", "local")
    fresh(settings).render(scope, "hello", {})
    forge(data_dir, lambda data: data.update(fields="not a list"))

    restart = fresh(settings)
    listed = {summary.name: summary.title for summary in restart.list_wizards(scope, "en")}
    assert listed["hello"] == "T"  # listed from the cached head: the body waits until it is used
    with caplog.at_level(logging.WARNING, logger="vance_ui.wizards"):
        assert restart.render(scope, "hello", {}).prompt == "hello local"  # parsed from the file instead
    assert "load cache is unusable" in caplog.text
    assert fresh(settings).render(scope, "hello", {}).prompt == "hello local"  # the entry was rewritten
    forge(data_dir, lambda data: None)  # a readable entry again


def test_a_first_start_shares_the_strings_thousands_of_wizards_repeat_as_a_restart_does(
        settings: Settings, data_dir: Path) -> None:
    for name in ("one", "two"):
        write_wizard(data_dir, "_vance", name, WITH_FIELD.replace("NAME", name))
    scope = Scope("default", "local")
    first_start = fresh(settings)
    restart = fresh(settings)
    for service in (first_start, restart):
        one, two = (service.wizard(scope, name).definition for name in ("one", "two"))
        assert one.title == {"en": "T one"} and two.title == {"en": "T two"}
        assert next(iter(one.title)) is next(iter(two.title))  # "en": one object for all wizards
        assert one.fields[0].name is two.fields[0].name


def test_a_wizard_listed_from_the_cache_renders_after_a_restart(settings: Settings, data_dir: Path) -> None:
    """A restart lists from the cache and compiles nothing; the first render decodes the definition
    and a render worker compiles the template from its source."""
    write_wizard(data_dir, "_vance", "hello", WIZARD)
    scope = Scope("default", "local")
    fresh(settings).render(scope, "hello", {})
    restart = fresh(settings)
    assert "hello" in {summary.name for summary in restart.list_wizards(scope, "en")}
    assert restart.render(scope, "hello", {}).prompt == "hello local"
    assert restart.render(scope, "hello", {}).prompt == "hello local"
