"""Generated wizards for the scaling figures: N files over the three data layers, with collisions.

Every wizard is distinct (its own title, labels and template text), so no cache can share work
between them; about a fifth of the names exist in more than one layer, and a few shadow a
bundled wizard.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

TENANT = "default"
PROJECT = "bench"
USER_LAYER = "_user_local"
VANCE_LAYER = "_vance"
BUNDLED_NAMES = ("create-project", "essay-mit-recipe", "essay-recipe", "gremium", "vogon-strategie")
SHADOWED_BUNDLED = "essay-recipe"  # overridden in the tenant layer; gremium stays bundled


def wizard_yaml(index: int, layer: str, title: str | None = None) -> str:
    """A realistic mid-sized wizard: six fields (one repeat, one select), a loop and conditions."""
    title = title or f"Generated wizard {index} ({layer})"
    validator = "" if index % 3 else f"""validatorPrompt: |
  Check the form of wizard {index}: topic '{{{{ topic }}}}' with {{{{ points | length }}}} points.
  {{% if tone == "formal" %}}It must stay formal.{{% endif %}}
"""
    return f"""title: {{ en: "{title}", de: "Erzeugter Assistent {index}" }}
description: {{ en: "Benchmark wizard number {index} in layer {layer}", de: "Benchmark {index}" }}
icon: document-text
category: bench-{index % 7}
fields:
  - name: topic
    type: string
    required: true
    label: {{ en: "Topic {index}", de: "Thema {index}" }}
    help: {{ en: "What the text {index} is about", de: "Worum es geht" }}
  - name: details
    type: textarea
    rows: 3
    label: {{ en: "Details", de: "Details" }}
  - name: tone
    type: select
    defaultValue: neutral
    label: {{ en: "Tone", de: "Ton" }}
    choices:
      - {{ value: neutral, label: {{ en: "Neutral", de: "Neutral" }} }}
      - {{ value: formal, label: {{ en: "Formal", de: "Formell" }} }}
      - {{ value: casual, label: {{ en: "Casual", de: "Locker" }} }}
  - name: words
    type: integer
    integerMin: 10
    integerMax: 5000
    defaultValue: {200 + index % 100}
    label: {{ en: "Words", de: "Wörter" }}
  - name: points
    type: repeat
    min: 1
    max: 10
    label: {{ en: "Points", de: "Punkte" }}
    item:
      - {{ name: text, type: string, required: true, label: {{ en: "Point", de: "Punkt" }} }}
      - {{ name: important, type: boolean, label: {{ en: "Important?", de: "Wichtig?" }} }}
  - name: draft
    type: boolean
    defaultValue: true
    label: {{ en: "Draft first", de: "Erst Entwurf" }}
promptTemplate: |
  Write about {{{{ topic }}}} in about {{{{ words }}}} words (wizard {index}, {layer}).
  {{% if details %}}
  Details: {{{{ details }}}}
  {{% endif %}}
  Tone: {{{{ tone | upper }}}}.
  Cover these points:
  {{% for p in points %}}
  - {{{{ p.text }}}}{{% if p.important %}} (important){{% endif %}}
  {{% endfor %}}
  {{% if draft %}}Start with a draft.{{% else %}}Write the final text.{{% endif %}}
{validator}"""


@dataclass(frozen=True)
class Generated:
    """What was written: the listing the bench expects for `?projectId=PROJECT`."""

    files: int
    expected_names: frozenset[str]
    sample_name: str  # a generated wizard to get/render at every N


def layer_dir(data: Path, layer: str) -> Path:
    return data / TENANT / layer / "wizards"


def generate(data: Path, n: int) -> Generated:
    """Write `n` files: 40 % project, 25 % user, 35 % tenant; names overlap between layers."""
    counts = {PROJECT: n * 40 // 100, USER_LAYER: n * 25 // 100}
    counts[VANCE_LAYER] = n - counts[PROJECT] - counts[USER_LAYER]
    # name ranges overlap: user starts inside the project range, tenant inside the user range
    starts = {PROJECT: 0, USER_LAYER: counts[PROJECT] - n // 10, VANCE_LAYER: n * 55 // 100}
    names: set[str] = set(BUNDLED_NAMES) - {"create-project"}  # availableIn: not in projects
    written = 0
    for layer, count in counts.items():
        folder = layer_dir(data, layer)
        folder.mkdir(parents=True, exist_ok=True)
        for offset in range(count):
            index = starts[layer] + offset
            name = f"gen-{index:05d}"
            if layer == VANCE_LAYER and offset == 0:
                name = SHADOWED_BUNDLED
            (folder / f"{name}.yaml").write_text(wizard_yaml(index, layer), encoding="utf-8")
            names.add(name)
            written += 1
    return Generated(written, frozenset(names), "gen-00001")


def sample_values() -> dict[str, object]:
    return {"topic": "Caching", "details": "Keep it short.", "tone": "formal",
            "points": [{"text": "Correct invalidation", "important": True}, {"text": "Memory"}]}
