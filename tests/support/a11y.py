"""What the accessibility tests (tests/a11y) share: languages, the team password, a wizard with
every field type labelled in both languages, and waiting for animations to end."""

from __future__ import annotations

from playwright.sync_api import Page

LANGS = ("en", "de")
PASSWORD = "pw-a11y-e2e"

# every field type, at the top and inside a repeat entry: each must be named, required, described
BILINGUAL_EVERY_TYPE = """
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


def settle(page: Page) -> None:
    """No transition half-way (a notification fading in is measured at a false contrast)."""
    page.wait_for_function("""() => document.getAnimations().every(a =>
        a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity)""")
