"""Accessibility in real Chromium (issue 17): axe-core scans and keyboard-only use.

Unlike tests/e2e, nothing here is skipped when a tool is missing: without Chromium or axe-core
the tests fail and say which `make` target installs it, since a check that silently does not run
would look like a passing one. One echo-engine app (no model: its labelled echo badges are part of
what is checked) and one multi-user app (for the login page) per module.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests.conftest import write_wizard
from tests.support.app_server import AppServer, start_app
from tests.support.browser import CHROMIUM, CHROMIUM_ARGS, HAVE_CHROMIUM
from vance_ui.accounts.directory import UserDirectory

expect.set_options(timeout=10_000)

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

LANGS = ("en", "de")
PASSWORD = "pw-a11y-e2e"

# every field type, at the top and inside a repeat entry: each must be named, required, described
EVERY_TYPE = """
title: { en: "Every field type", de: "Alle Feldtypen" }
description: { en: "One field of each kind", de: "Ein Feld jeder Art" }
category: testing
fields:
  - { name: title, type: string, required: true, label: { en: "Title", de: "Titel" },
      help: { en: "A short title", de: "Ein kurzer Titel" } }
  - { name: notes, type: textarea, label: { en: "Notes", de: "Notizen" } }
  - { name: secret, type: password, label: { en: "Secret", de: "Geheimnis" } }
  - { name: count, type: integer, integerMin: 1, integerMax: 9, label: { en: "Count", de: "Anzahl" } }
  - { name: agree, type: boolean, required: true, label: { en: "Agree", de: "Zustimmen" } }
  - name: tone
    type: select
    required: true
    label: { en: "Tone", de: "Ton" }
    choices:
      - { value: formal, label: { en: "Formal", de: "Förmlich" } }
      - { value: casual, label: { en: "Casual", de: "Locker" } }
  - name: tags
    type: multi_select
    required: true
    label: { en: "Tags", de: "Schlagworte" }
    help: { en: "Pick at least one", de: "Mindestens eines" }
    choices:
      - { value: red, label: { en: "Red", de: "Rot" } }
      - { value: blue, label: { en: "Blue", de: "Blau" } }
  - name: people
    type: repeat
    min: 2
    max: 4
    label: { en: "People", de: "Personen" }
    help: { en: "Who takes part", de: "Wer mitmacht" }
    item:
      - { name: name, type: string, required: true, label: { en: "Name", de: "Name" } }
      - { name: active, type: boolean, label: { en: "Active", de: "Aktiv" } }
      - name: role
        type: select
        label: { en: "Role", de: "Rolle" }
        choices: [ { value: lead, label: { en: "Lead", de: "Leitung" } } ]
      - name: skills
        type: multi_select
        label: { en: "Skills", de: "Fähigkeiten" }
        choices:
          - { value: a, label: { en: "Analysis", de: "Analyse" } }
          - { value: b, label: { en: "Build", de: "Bau" } }
promptTemplate: "T={{ title }} P={% for p in people %}{{ p.name }};{% endfor %}"
"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not HAVE_CHROMIUM:
        pytest.fail(f"{CHROMIUM} is missing: the accessibility tests need it, run `make chromium`", pytrace=False)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def echo_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    data = tmp_path_factory.mktemp("a11y-app") / "data"
    write_wizard(data, "_vance", "every-type", EVERY_TYPE)
    app = start_app(data)
    yield app
    app.stop()


@pytest.fixture(scope="module")
def team_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    root = tmp_path_factory.mktemp("a11y-team")
    users = UserDirectory(root / "users.yaml")
    users.add_user("ada", PASSWORD, ["acme"], name="Ada Example")
    app = start_app(root / "data", {"VANCE_USERS_FILE": str(users.path), "VANCE_TENANT": "acme",
                                    "VANCE_STORAGE_SECRET": "a11y-storage-secret-0123456789abcdef"})
    yield app
    app.stop()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    yield tab
    context.close()


def screenshot(page: Page, name: str) -> None:
    """Into test-artifacts/ (gitignored), as tests/e2e does; not imported from there, since its
    conftest skips when Chromium is missing and these tests must fail instead."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
