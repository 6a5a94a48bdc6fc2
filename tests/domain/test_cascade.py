"""Spec section 4: project -> user -> tenant -> bundled, first layer wins, broken files fall through."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.wizard_files import write_wizard
from vance_ui.documents.filesystem import FileDocumentStore
from vance_ui.documents.store import InvalidDocumentPath
from vance_ui.service import Scope, WizardNotFound, WizardService
from vance_ui.wizards.catalog.cascade import touches_wizards


def wizard_yaml(title: str) -> str:
    return (f"title: {{en: '{title}'}}\ndescription: {{en: 'from {title}'}}\n"
            "fields: []\npromptTemplate: 'I am {{ user }} in {{ project }} via " + title + "'\n")


LAYERS = [("research", "PROJECT"), ("_user_local", "USER"), ("_vance", "VANCE")]


def test_the_same_name_resolves_through_each_layer_in_turn(service: WizardService, data_dir: Path) -> None:
    scope = Scope("default", "local", "research")
    files = [write_wizard(data_dir, folder, "gremium", wizard_yaml(source)) for folder, source in LAYERS]
    for path, (_, source) in zip(files, LAYERS, strict=True):
        listed = {w.name: w for w in service.list_wizards(scope)}
        assert listed["gremium"].source == source and listed["gremium"].title == source
        assert service.definition(scope, "gremium").source == source
        assert service.render(scope, "gremium", {}).prompt == f"I am local in research via {source}"
        path.unlink()
    assert service.definition(scope, "gremium").source == "RESOURCE"
    assert service.list_wizards(scope)[0].source == "RESOURCE"


def test_listing_is_deduplicated_by_name(service: WizardService, data_dir: Path) -> None:
    for folder, source in LAYERS:
        write_wizard(data_dir, folder, "gremium", wizard_yaml(source))
    names = [w.name for w in service.list_wizards(Scope("default", "local", "research"))]
    assert names.count("gremium") == 1
    # create-project is only available in the user namespace
    assert sorted(names) == ["essay-mit-recipe", "essay-recipe", "gremium", "vogon-strategie"]


def test_a_broken_project_file_falls_through_with_one_warning(
    service: WizardService, data_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    scope = Scope("default", "local", "research")
    write_wizard(data_dir, "_vance", "gremium", wizard_yaml("VANCE"))
    broken = write_wizard(data_dir, "research", "gremium", "title: [unclosed\n")
    with caplog.at_level(logging.WARNING, logger="vance_ui.wizards"):
        for _ in range(3):
            assert service.definition(scope, "gremium").source == "VANCE"
            assert {w.name: w.source for w in service.list_wizards(scope)}["gremium"] == "VANCE"
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and str(broken) in warnings[0] and "invalid YAML" in warnings[0]


def test_a_wizard_with_a_template_error_is_not_listed(service: WizardService, data_dir: Path) -> None:
    write_wizard(data_dir, "_vance", "evil", wizard_yaml("x").replace("I am", "{% include 'x' %}"))
    assert "evil" not in {w.name for w in service.list_wizards(Scope("default", "local"))}
    with pytest.raises(WizardNotFound):
        service.definition(Scope("default", "local"), "evil")


def test_other_users_and_projects_stay_invisible(service: WizardService, data_dir: Path) -> None:
    write_wizard(data_dir, "_user_bob", "bobs", wizard_yaml("bob"))
    write_wizard(data_dir, "other", "others", wizard_yaml("other"))
    names = {w.name for w in service.list_wizards(Scope("default", "local", "research"))}
    assert "bobs" not in names and "others" not in names
    assert "bobs" in {w.name for w in service.list_wizards(Scope("default", "bob"))}


def test_a_changed_file_is_picked_up_without_restart(service: WizardService, data_dir: Path) -> None:
    scope = Scope("default", "local")
    path = write_wizard(data_dir, "_vance", "mine", wizard_yaml("first"))
    assert service.definition(scope, "mine").title == "first"
    time.sleep(0.01)
    path.write_text(wizard_yaml("second!"))
    assert service.definition(scope, "mine").title == "second!"
    assert {w.name: w.title for w in service.list_wizards(scope)}["mine"] == "second!"


def test_the_watcher_invalidates_cached_listings(service: WizardService, data_dir: Path) -> None:
    scope = Scope("default", "local")
    service.start_watching()
    try:
        assert "late" not in {w.name for w in service.list_wizards(scope)}
        write_wizard(data_dir, "_vance", "late", wizard_yaml("late"))
        deadline = time.monotonic() + 3
        while "late" not in {w.name for w in service.list_wizards(scope)}:
            assert time.monotonic() < deadline, "new wizard not listed within 3 s"
            time.sleep(0.05)
    finally:
        service.stop_watching()


def test_chat_and_draft_writes_keep_the_cached_listing(service: WizardService) -> None:
    scope = Scope("default", "local")
    # the user's layer exists already (a new layer folder is a change to the listing: a late event
    # for it under load would be a different story than the one told here)
    service.data.put("default", "_user_local", "chats/000-first.json", b'{"id": "000-first", "messages": []}')
    service.start_watching()
    try:
        first = service.list_wizards(scope)
        service.data.put("default", "_user_local", "chats/123-abc.json", b'{"id": "123-abc", "messages": []}')
        service.data.put("default", "_user_local", "drafts/gremium.json", b'{"values": {}}')
        assert service.list_wizards(scope) is first  # no rescan of every wizard file per chat message
        service.data.put("default", "_user_local", "wizards/mine.yaml", wizard_yaml("Mine").encode())
        assert "mine" in {w.name for w in service.list_wizards(scope)}
    finally:
        service.stop_watching()


@pytest.mark.slow
def test_files_changed_while_not_watching_are_seen_after_watching_again(
        service: WizardService, data_dir: Path) -> None:
    scope = Scope("default", "local")
    service.start_watching()
    service.list_wizards(scope)  # cached while watching
    service.stop_watching()
    write_wizard(data_dir, "_vance", "offline", wizard_yaml("Written while nobody watched"))
    service.list_wizards(scope)
    service.start_watching()
    try:
        assert "offline" in {w.name for w in service.list_wizards(scope)}
    finally:
        service.stop_watching()


@pytest.mark.parametrize("bad", ["..", "../etc", "a/b", "x\x00", "_secret", "a" * 200, ".hidden"])
def test_path_tricks_in_project_ids_are_refused(service: WizardService, bad: str) -> None:
    with pytest.raises(InvalidDocumentPath):
        service.list_wizards(Scope("default", "local", bad))


@pytest.mark.parametrize("bad", ["..", "../x", "a/b", "UPPER", "x\x00", ""])
def test_path_tricks_in_wizard_names_are_refused(service: WizardService, scope: Scope, bad: str) -> None:
    with pytest.raises(InvalidDocumentPath):
        service.definition(scope, bad)


@pytest.mark.parametrize("bad", ["..", "a/b", ".", "x\x00"])
def test_path_tricks_in_tenants_are_refused(service: WizardService, bad: str) -> None:
    with pytest.raises(InvalidDocumentPath):
        service.list_wizards(Scope(bad, "local"))


def test_tenant_language_comes_from_tenant_yaml(service: WizardService, data_dir: Path, scope: Scope) -> None:
    assert {w.name: w.title for w in service.list_wizards(scope)}["gremium"] == "Create a council"
    (data_dir / "default" / "_vance").mkdir(parents=True)
    (data_dir / "default" / "_vance" / "tenant.yaml").write_text("defaultLanguage: de\n")
    assert {w.name: w.title for w in service.list_wizards(scope)}["gremium"] == "Gremium anlegen"
    assert service.definition(scope, "gremium").fields[0].label == "Name (Dateiname, ohne Spaces)"


def test_warm_up_logs_broken_files_at_boot(
    service: WizardService, data_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    write_wizard(data_dir, "research", "broken", "title: {en: T}\n")
    write_wizard(data_dir, "_vance", "fine", wizard_yaml("fine"))
    with caplog.at_level(logging.WARNING, logger="vance_ui.wizards"):
        assert service.warm_up() == 6  # five bundled + fine
    assert any("broken.yaml" in r.getMessage() and "required" in r.getMessage() for r in caplog.records)


def test_cached_listings_follow_file_changes(service: WizardService, data_dir: Path) -> None:
    scope = Scope("default", "local")
    service.start_watching()
    try:
        first = service.list_wizards(scope)
        assert service.list_wizards(scope) is first  # unchanged files: the same cached listing
        path = write_wizard(data_dir, "_vance", "gremium", wizard_yaml("Renamed council"))
        deadline = time.monotonic() + 3
        while {w.name: w.title for w in service.list_wizards(scope)}["gremium"] != "Renamed council":
            assert time.monotonic() < deadline, "changed title not listed within 3 s"
            time.sleep(0.05)
        assert service.list_wizards(scope, lang="de") is not service.list_wizards(scope)
        path.unlink()
    finally:
        service.stop_watching()


@pytest.mark.parametrize(("relative", "touches"), [
    ("default/_vance/wizards/gremium.yaml", True),
    ("default/team/wizards/new.yaml", True),
    ("default/team", True),  # a project folder moved or deleted
    ("default/_vance/tenant.yaml", True),
    ("default/_user_local/chats/1-abc.json", False),
    ("default/_user_local/chats", False),  # the first chat's folder appearing
    ("default/_user_local/wizards", True),
    ("default/_user_local/drafts/gremium.json", False),
    ("default/team/wizards/sub/x.yaml", False),  # not a wizard: sub-folders are not listed
])
def test_which_changes_can_touch_a_listing(tmp_path: Path, relative: str, touches: bool) -> None:
    store = FileDocumentStore(tmp_path)  # the file store names what its watcher saw as document refs
    assert touches_wizards(store.refs([str(tmp_path / relative)])) is touches
    assert touches_wizards(None) is True  # unknown changes always count
    assert store.refs(["/elsewhere/x.json"]) is None


def test_watched_lookups_follow_the_app_s_writes_at_once_and_outside_edits_soon(
        service: WizardService, data_dir: Path) -> None:
    scope = Scope("default", "local")
    service.start_watching()
    try:
        def prompt() -> str:
            try:
                return service.render(scope, "note", {}).prompt
            except WizardNotFound:
                return "missing"

        assert prompt() == "missing"
        outside = write_wizard(data_dir, "_vance", "note", wizard_yaml("tenant"))  # an editor, not the app
        wait_until(lambda: prompt() == "I am local in  via tenant")
        service.data.put("default", "_user_local", "wizards/note.yaml", wizard_yaml("user").encode())
        assert prompt() == "I am local in  via user"  # the app's own write: no waiting for the watcher
        (data_dir / "default" / "_user_local" / "wizards" / "note.yaml").unlink()
        wait_until(lambda: prompt() == "I am local in  via tenant")
        outside.unlink()
        wait_until(lambda: prompt() == "missing")
    finally:
        service.stop_watching()


def wait_until(condition: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the change never showed"
        time.sleep(0.05)


def test_a_watched_tenant_settings_change_reaches_the_cached_listing(
        service: WizardService, data_dir: Path) -> None:
    scope = Scope("default", "local")
    planned = wizard_yaml("Plan").replace("fields: []", "category: strategie\nfields: []")
    write_wizard(data_dir, "_vance", "plan", planned)
    service.start_watching()
    try:
        listed = {w.name: w for w in service.list_wizards(scope)}
        assert listed["gremium"].title == "Create a council" and listed["plan"].category_label == "Strategy"
        (data_dir / "default" / "_vance" / "tenant.yaml").write_text(
            "defaultLanguage: de\ncategories:\n  strategie: {de: Planung, en: Planning}\n")
        deadline = time.monotonic() + 3
        while (listed := {w.name: w for w in service.list_wizards(scope)})["gremium"].title != "Gremium anlegen":
            assert time.monotonic() < deadline, "the tenant language was not followed within 3 s"
            time.sleep(0.05)
        assert listed["plan"].category_label == "Planung"  # the new names, in the new language
        assert service.definition(scope, "gremium").language == "de"
    finally:
        service.stop_watching()
