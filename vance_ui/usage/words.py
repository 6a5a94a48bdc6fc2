"""The counts in words, English and German: a funnel step's name and the plain reading of where
users stop. What the API, the CLI and the Insights view all say."""

from __future__ import annotations

from collections.abc import Sequence

from vance_ui.usage.stats import Drop

#: a funnel step's name by its key (`page.<n>` takes the page's title)
STEP_WORDS: dict[str, dict[str, str]] = {
    "opened": {"en": "Opened", "de": "Geöffnet"},
    "page": {"en": "Page {n}: {title}", "de": "Seite {n}: {title}"},
    "used": {"en": "Prompt used", "de": "Prompt übernommen"},
    "sent": {"en": "Sent", "de": "Gesendet"},
}
#: where most users stop, with the share of those who opened the wizard
READING_WORDS: dict[str, dict[str, str]] = {
    "stop_on_page": {"en": "{percent} % stop on page {n}: {title}",
                     "de": "{percent} % hören auf Seite {n} auf: {title}"},
    "stop_in_form": {"en": "{percent} % close the form without using the prompt",
                     "de": "{percent} % schließen das Formular, ohne den Prompt zu übernehmen"},
    "no_drop": {"en": "Nobody stopped before using the prompt.", "de": "Niemand hat vor dem Übernehmen aufgehört."},
    "not_opened": {"en": "Not opened in these days.", "de": "In diesen Tagen nicht geöffnet."},
}


def _lang(lang: str) -> str:
    return "de" if lang.lower().startswith("de") else "en"


def step_label(key: str, lang: str, page_titles: Sequence[str] = ()) -> str:
    head, _, number = key.partition(".")
    if head == "page" and number.isdigit():
        n = int(number)
        title = page_titles[n - 1] if n <= len(page_titles) else ""
        return STEP_WORDS["page"][_lang(lang)].format(n=n, title=title).rstrip(": ")
    words = STEP_WORDS.get(head)
    return words[_lang(lang)] if words else key


def reading(drop: Drop | None, opened: int, lang: str, page_titles: Sequence[str] = ()) -> str:
    """E.g. "42 % stop on page 2: Frame and constraints"."""
    lang = _lang(lang)
    if opened == 0:
        return READING_WORDS["not_opened"][lang]
    if drop is None:
        return READING_WORDS["no_drop"][lang]
    percent = round(drop.share * 100)
    head, _, number = drop.after.key.partition(".")
    n = int(number) if head == "page" and number.isdigit() else 1
    if head == "opened" and len(page_titles) < 2:
        return READING_WORDS["stop_in_form"][lang].format(percent=percent)
    title = page_titles[n - 1] if n <= len(page_titles) else ""
    return READING_WORDS["stop_on_page"][lang].format(percent=percent, n=n, title=title).rstrip(": ")
