"""Issue 14: a document must resolve inside its own layer folder (`<data>/<tenant>/<project>/`).

A symlink in one layer that leads into another (another user's, another tenant's) is left out with
one WARNING naming it; writes through such a link are refused; links within the layer still work.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest

from tests.support.wizard_files import write_wizard
from vance_ui.chat.sessions import SessionStore
from vance_ui.documents.filesystem import FileDocumentStore
from vance_ui.documents.store import InvalidDocumentPath
from vance_ui.service import Scope, WizardNotFound, WizardService

BOB_IN_RESEARCH = Scope("default", "bob", "research")


def wizard_yaml(owner: str) -> str:
    return (f"title: {{en: '{owner}'}}\ndescription: {{en: 'by {owner}'}}\nfields: []\n"
            f"promptTemplate: 'secret of {owner}'\n")


@pytest.fixture
def alice_secret(data_dir: Path) -> Path:
    return write_wizard(data_dir, "_user_alice", "secret", wizard_yaml("alice"))


def names(service: WizardService, scope: Scope) -> set[str]:
    return {w.name for w in service.list_wizards(scope)}


def warnings_naming(caplog: pytest.LogCaptureFixture, text: str) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno == logging.WARNING and text in r.getMessage()]


def test_a_file_linked_into_another_user_s_layer_is_left_out_with_one_warning(
    service: WizardService, data_dir: Path, alice_secret: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = data_dir / "default" / "research" / "wizards"
    folder.mkdir(parents=True)
    (folder / "stolen.yaml").symlink_to(os.path.relpath(alice_secret, folder))
    write_wizard(data_dir, "research", "own", wizard_yaml("research"))
    with caplog.at_level(logging.WARNING, logger="vance_ui"):
        for _ in range(3):
            assert "stolen" not in names(service, BOB_IN_RESEARCH)
            assert "own" in names(service, BOB_IN_RESEARCH)
            with pytest.raises(WizardNotFound):
                service.definition(BOB_IN_RESEARCH, "stolen")
    refused = warnings_naming(caplog, "stolen.yaml")
    assert len(refused) == 1 and refused[0].exc_info is None
    store = service.data
    assert store.get("default", "research", "wizards/stolen.yaml") is None
    assert store.info("default", "research", "wizards/stolen.yaml") is None
    assert "secret" in names(service, Scope("default", "alice")), "alice still has her own wizard"


def test_a_wizards_folder_linked_to_another_user_s_shows_nothing_and_takes_no_writes(
    service: WizardService, data_dir: Path, alice_secret: Path, caplog: pytest.LogCaptureFixture
) -> None:
    project = data_dir / "default" / "research"
    project.mkdir(parents=True)
    (project / "wizards").symlink_to("../_user_alice/wizards")
    with caplog.at_level(logging.WARNING, logger="vance_ui"):
        assert "secret" not in names(service, BOB_IN_RESEARCH)
        with pytest.raises(WizardNotFound):
            service.definition(BOB_IN_RESEARCH, "secret")
    assert len(warnings_naming(caplog, str(project / "wizards"))) >= 1
    store = service.data
    with pytest.raises(InvalidDocumentPath):
        store.put("default", "research", "wizards/planted.yaml", wizard_yaml("bob").encode())
    with pytest.raises(InvalidDocumentPath):
        store.delete("default", "research", "wizards/secret.yaml")
    assert sorted(p.name for p in alice_secret.parent.iterdir()) == ["secret.yaml"]


def test_a_project_folder_linked_to_another_user_s_layer_is_no_project(
    service: WizardService, data_dir: Path, alice_secret: Path
) -> None:
    (data_dir / "default" / "research").symlink_to("_user_alice")
    assert "research" not in service.data.projects("default")
    assert "secret" not in names(service, BOB_IN_RESEARCH)


def test_links_into_another_tenant_are_left_out(service: WizardService, data_dir: Path) -> None:
    theirs = write_wizard(data_dir, "_vance", "theirs", wizard_yaml("globex"), tenant="globex")
    write_wizard(data_dir, "_user_b", "bobs", wizard_yaml("globex bob"), tenant="globex")
    acme = data_dir / "acme" / "_vance" / "wizards"
    acme.mkdir(parents=True)
    (acme / "borrowed.yaml").symlink_to(theirs)  # an absolute link this time
    (data_dir / "acme" / "_user_bob").mkdir()
    (data_dir / "acme" / "_user_bob" / "wizards").symlink_to(data_dir / "globex" / "_user_b" / "wizards")
    listed = names(service, Scope("acme", "bob"))
    assert "borrowed" not in listed and "bobs" not in listed
    assert "theirs" in names(service, Scope("globex", "b"))


def test_tenant_settings_linked_from_another_tenant_are_not_read(service: WizardService, data_dir: Path) -> None:
    globex = data_dir / "globex" / "_vance"
    globex.mkdir(parents=True)
    (globex / "tenant.yaml").write_text("defaultLanguage: de\n")
    acme = data_dir / "acme" / "_vance"
    acme.mkdir(parents=True)
    (acme / "tenant.yaml").symlink_to(globex / "tenant.yaml")
    assert service.language("globex") == "de"
    assert service.language("acme") == service.settings.language == "en"


def test_a_chats_folder_linked_to_another_user_s_is_neither_read_nor_written(
    service: WizardService, data_dir: Path
) -> None:
    alice = SessionStore(service.data, "acme", "alice")
    alice.create("Alice's private chat")
    (data_dir / "acme" / "_user_bob").mkdir()
    (data_dir / "acme" / "_user_bob" / "chats").symlink_to("../_user_alice/chats")
    bob = SessionStore(service.data, "acme", "bob")
    assert bob.list() == []
    with pytest.raises(InvalidDocumentPath):
        bob.create("written into alice's folder?")
    assert [s.title for s in alice.list()] == ["Alice's private chat"]


def test_links_within_the_own_layer_keep_working(service: WizardService, data_dir: Path) -> None:
    original = write_wizard(data_dir, "research", "a", wizard_yaml("research"))
    (original.parent / "b.yaml").symlink_to("a.yaml")
    shared = data_dir / "default" / "research" / "templates"
    shared.mkdir()
    (shared / "c.yaml").write_text(wizard_yaml("research c"))
    (original.parent / "c.yaml").symlink_to("../templates/c.yaml")
    assert {"a", "b", "c"} <= names(service, BOB_IN_RESEARCH)
    assert service.render(BOB_IN_RESEARCH, "b", {}).prompt == "secret of research"
    assert service.render(BOB_IN_RESEARCH, "c", {}).prompt == "secret of research c"


def test_a_data_dir_reached_through_a_link_still_works(tmp_path: Path) -> None:
    """The root itself may be a link (e.g. /srv/vance -> /mnt/disk/vance): it is resolved once."""
    real = tmp_path / "real-data"
    write_wizard(real, "_vance", "here", wizard_yaml("here"))
    (tmp_path / "linked").symlink_to(real)
    store = FileDocumentStore(tmp_path / "linked")
    assert [i.path for i in store.list("default", "_vance", "wizards", ".yaml")] == ["wizards/here.yaml"]
    assert store.get("default", "_vance", "wizards/here.yaml") is not None
