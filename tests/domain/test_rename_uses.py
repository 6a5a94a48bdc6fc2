"""Renaming a field in the form view: what reads it (templates, showIfs, rules, follow-ups, page lists)
can read the new name, and nothing else changes (attributes, strings, text, raw blocks)."""

from __future__ import annotations

import yaml

from vance_ui.wizards.catalog.loader import load_wizard
from vance_ui.wizards.source.document import SourceDocument
from vance_ui.wizards.source.rename import rename_in_expression, rename_in_template
from vance_ui.wizards.templates.bounded import Templates

TRIP = """\
title: { en: Trip }
description: { en: A trip }
fields:
  - { name: topic, type: string, label: { en: Topic } }
  - name: people
    type: repeat
    label: { en: People }
    item:
      - { name: name, type: string, label: { en: Name } }
      - { name: note, type: string, label: { en: Note }, showIf: "topic and name" }
  - { name: extra, type: string, label: { en: Extra }, showIf: "topic == 'topic'" }
pages:
  - { title: { en: One }, fields: [topic, people] }
  - { title: { en: Two }, fields: [extra], showIf: "topic" }
rules:
  - { if: "topic == extra", field: topic, message: { en: "Say something new" } }
promptTemplate: |
  About {{ topic }} ({{ 'topic' }}) for {% for p in people %}{{ p.name }}{% endfor %}
  {% if topic %}topic given{% endif %} {% raw %}{{ topic }}{% endraw %}
validatorPrompt: "Check {{ topic | upper }}"
suggestedFollowUps:
  - wizard: trip
    label: { en: "Again about {{ topic }}" }
    prefill: { topic: "{{ topic }}" }
    condition: "topic != ''"
"""


def test_renaming_a_field_and_its_uses_keeps_the_wizard_loading(templates: Templates) -> None:
    doc = SourceDocument.parse(TRIP)
    doc.set_field((0,), "name", "venue")
    assert len(doc.uses_of("topic")) == 9
    assert doc.rename_uses("topic", "venue") == 9
    assert doc.uses_of("topic") == []
    text = doc.dump()
    load_wizard("trip", text.encode(), "trip.yaml", templates)  # loads: nothing reads 'topic' any more
    data = yaml.safe_load(text)
    assert data["promptTemplate"].startswith("About {{ venue }} ({{ 'topic' }})")  # a string stays a string
    assert "{% if venue %}topic given{% endif %} {% raw %}{{ topic }}{% endraw %}" in data["promptTemplate"]
    assert data["fields"][1]["item"][1]["showIf"] == "venue and name"
    assert data["fields"][2]["showIf"] == "venue == 'topic'"
    assert data["pages"][0]["fields"] == ["venue", "people"] and data["pages"][1]["showIf"] == "venue"
    assert data["rules"][0] == {"if": "venue == extra", "field": "venue", "message": {"en": "Say something new"}}
    follow_up = data["suggestedFollowUps"][0]
    assert follow_up["prefill"] == {"topic": "{{ venue }}"}  # the key is the target wizard's field
    assert follow_up["condition"] == "venue != ''" and follow_up["label"] == {"en": "Again about {{ venue }}"}
    assert data["validatorPrompt"] == "Check {{ venue | upper }}"
    assert "{{ p.name }}" in data["promptTemplate"]  # an attribute is no variable
    assert "promptTemplate: |\n" in text  # a block stays a block


def test_an_item_field_of_the_same_name_shadows_the_top_level_one() -> None:
    doc = SourceDocument.parse(TRIP)
    assert doc.rename_uses("name", "fullName") == 0  # `name` is read only inside the item, as its own field


def test_a_rename_touches_names_only() -> None:
    assert rename_in_expression("topics or topic.x or x.topic or f(topic=topic)", "topic", "v") == \
        "topics or v.x or x.topic or f(topic=v)"
    assert rename_in_template("topic {{ topic }} {# topic #} {% verbatim %}{{ topic }}{% endverbatim %}",
                              "topic", "v") == "topic {{ v }} {# topic #} {% verbatim %}{{ topic }}{% endverbatim %}"
    assert rename_in_template("{{ topic", "topic", "v") == "{{ v"  # unclosed, as typed
