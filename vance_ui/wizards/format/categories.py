"""Display names for wizard categories.

A wizard's `category` is a slug that groups the Wizards tab ("strategie", "writing"). People
should read a name in their language ("Strategy" in the English UI), so the tenant settings and
the bundled defaults may give each slug a LocalizableText:

    categories:
      strategie: { de: "Strategie", en: "Strategy" }

A slug nobody names is shown made readable ("data-science" -> "Data science").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from pydantic import TypeAdapter, ValidationError

from vance_ui.wizards.format.localization import localize
from vance_ui.wizards.format.schema import LocalizableText

CategoryLabels = Mapping[str, Mapping[str, str]]  # lower-case slug -> text per language
MAX_CATEGORIES = 1000
_TEXT = TypeAdapter(LocalizableText)


def parse_categories(value: Any) -> tuple[dict[str, dict[str, str]], list[str]]:
    """The `categories` mapping of a settings file, and a problem per entry it had to skip."""
    if value is None:
        return {}, []
    if not isinstance(value, dict):
        return {}, ["categories: must map each category to its names, e.g. strategie: { en: Strategy }"]
    labels: dict[str, dict[str, str]] = {}
    problems: list[str] = []
    for slug, text in list(value.items())[:MAX_CATEGORIES]:
        if not isinstance(slug, str) or not slug.strip():
            problems.append(f"categories: {slug!r} is not a category name")
            continue
        try:
            labels[slug.strip().lower()] = _TEXT.validate_python(text)
        except ValidationError as exc:
            problems.append(f"categories.{slug}: {exc.errors(include_url=False)[0]['msg']}"
                            " (expected names per language, e.g. { en: Strategy, de: Strategie })")
    if len(value) > MAX_CATEGORIES:
        problems.append(f"categories: only the first {MAX_CATEGORIES} are used")
    return labels, problems


def readable(category: str) -> str:
    """A slug nobody gave a name, as a heading: `data-science` -> `Data science`."""
    return category.replace("-", " ").replace("_", " ").strip().capitalize() or category


def category_label(category: str | None, labels: CategoryLabels, lang: str) -> str | None:
    """What people read for `category` in `lang`: its configured name, else the readable slug."""
    if not category:
        return None
    text = labels.get(category.lower())
    return localize(text, lang) if text else readable(category)


def merged(*layers: CategoryLabels) -> dict[str, Mapping[str, str]]:
    """Earlier layers win per category (the tenant's names over the bundled ones)."""
    out: dict[str, Mapping[str, str]] = {}
    for layer in reversed(layers):
        out.update(layer)
    return out


class Listed(Protocol):
    name: str
    title: str
    category: str | None
    category_label: str | None


def listing_order(wizard: Listed) -> tuple[bool, str, str, str]:
    """By category as people read it (uncategorised last; two slugs named alike form one group),
    then by title (spec section 8)."""
    label = wizard.category_label or wizard.category or ""
    return wizard.category is None, label.lower(), wizard.title.lower(), wizard.name
