"""Wizard files in a data dir, and wizard texts that several test modules use."""

from __future__ import annotations

from pathlib import Path


def write_wizard(data_dir: Path, layer: str, name: str, text: str, tenant: str = "default") -> Path:
    """Put a wizard file into a layer folder (`_vance`, `_user_local`, or a project id)."""
    path = data_dir / tenant / layer / "wizards" / f"{name}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# one field of each type, with defaults, a repeat and a template that shows every value
EVERY_TYPE = """
title: { en: "Every field type", de: "Alle Feldtypen" }
description: { en: "One field of each kind", de: "Ein Feld jeder Art" }
icon: no-such-heroicon
category: testing
fields:
  - { name: title, type: string, required: true, defaultValue: "Hello",
      label: { en: "Title" }, help: { en: "A short title" } }
  - { name: notes, type: textarea, rows: 5, label: { en: "Notes" } }
  - { name: secret, type: password, label: { en: "Secret" } }
  - { name: count, type: integer, integerMin: 1, integerMax: 9, defaultValue: 3, label: { en: "Count" } }
  - { name: loud, type: boolean, defaultValue: true, label: { en: "Loud" } }
  - name: tone
    type: select
    defaultValue: casual
    label: { en: "Tone" }
    choices:
      - { value: formal, label: { en: "Formal" } }
      - { value: casual, label: { en: "Casual" } }
  - name: tags
    type: multi_select
    label: { en: "Tags" }
    choices:
      - { value: red, label: { en: "Red" } }
      - { value: green, label: { en: "Green" } }
      - { value: blue, label: { en: "Blue" } }
  - name: people
    type: repeat
    min: 1
    max: 3
    label: { en: "People" }
    item:
      - { name: name, type: string, required: true, label: { en: "Name" } }
      - { name: age, type: integer, label: { en: "Age" } }
promptTemplate: |
  T={{ title }} N={{ notes }} C={{ count }} L={{ loud }} O={{ tone }} G={% for t in tags %}{{ t }},{% endfor %}
  P={% for p in people %}{{ p.name }}/{{ p.age }};{% endfor %}
"""


# a password, an integer and a choice, in English and German: reopening a sent message's form
TRIP = """
title: { en: "Trip note", de: "Reisenotiz" }
description: { en: "Where to, and how", de: "Wohin und wie" }
category: notes
fields:
  - { name: destination, type: string, required: true, label: { en: "Destination", de: "Ziel" } }
  - { name: token, type: password, label: { en: "Booking token", de: "Buchungscode" } }
  - { name: budget, type: integer, label: { en: "Budget", de: "Budget" } }
  - name: mode
    type: select
    defaultValue: train
    label: { en: "Mode", de: "Verkehrsmittel" }
    choices:
      - { value: train, label: { en: "Train", de: "Zug" } }
      - { value: plane, label: { en: "Plane", de: "Flugzeug" } }
promptTemplate: "Plan a trip to {{ destination }} by {{ mode }}{% if budget %} for {{ budget }} EUR{% endif %}."
"""


# two pages of one field each
TWO_PAGES = """
title: { en: "Two steps" }
description: { en: "Page one, then page two" }
category: notes
fields:
  - { name: first, type: string, label: { en: "First" } }
  - { name: second, type: string, label: { en: "Second" } }
pages:
  - { title: { en: "Start" }, fields: [first] }
  - { title: { en: "Finish" }, fields: [second] }
promptTemplate: "{{ first }} {{ second }}"
"""


def wide_wizard(show_ifs: int, follow_ups: int) -> str:
    """A wizard with `show_ifs` fields that have a showIf (odd ones shown for mode "odd", even ones for
    "even") and `follow_ups` follow-ups, each with a condition, a label and a prefill. The follow-up
    `i` is labelled "Next i for <mode>" and prefills gremium's purpose with "p<i> <mode>"."""
    fields = ["  - { name: mode, type: string, label: { en: Mode } }"]
    fields += [f"  - {{ name: f{i}, type: string, label: {{ en: F{i} }}, "
               f"showIf: \"mode == '{'odd' if i % 2 else 'even'}'\" }}" for i in range(show_ifs)]
    links = [f"  - {{ wizard: gremium, label: {{ en: \"Next {i} for {{{{ mode }}}}\" }}, "
             f"prefill: {{ purpose: \"p{i} {{{{ mode }}}}\" }}, condition: \"mode != 'x{i}'\" }}"
             for i in range(follow_ups)]
    return "\n".join(["title: { en: Wide }", "description: { en: D }", "fields:", *fields,
                      "promptTemplate: \"mode {{ mode }}{% for i in range(20) %} {{ i }}{% endfor %}\"",
                      "suggestedFollowUps:", *links, ""])
