"""Which wizards fit a message being typed: BM25 (bm25s) over what the user can open.

Each wizard the listing offers (cascade and `availableIn` applied) is one document in the
listing's language: its title and `keywords` (counted three times: they name the task), its
category label, description and name (`suggest_text` makes the words). A message is made into
words the same way; a word the index does not know is matched to the closest indexed word
(rapidfuzz: a typo such as `concil`, or the tail of a German compound such as `Preisstrategie`
-> `strategie`). bm25s scores every wizard; those at or above `THRESHOLD`, and at least
`RELATIVE` of the best, are the suggestions, best first. The threshold is what keeps ordinary chat
messages free of suggestions (bench/suggest_cases.yaml measures both sides).

The index is built once per listing and language and kept on the listing (`Listing.derived`),
so a change to any wizard file builds a new one and a keystroke only scores.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rapidfuzz import fuzz, process

from vance_ui.wizards.catalog.listing import Listing
from vance_ui.wizards.catalog.suggest_text import words
from vance_ui.wizards.catalog.views import WizardSummary
from vance_ui.wizards.format.localization import localize
from vance_ui.wizards.format.schema import WizardHead

if TYPE_CHECKING:
    import bm25s

#: the lowest score that makes a suggestion. Scores are in units of the idf of a word only one wizard has, so one
#: such word in a wizard's title or keywords scores about 0.8, in its description alone about 0.4
THRESHOLD = 0.6
#: a second or third suggestion scores at least this share of the best one
RELATIVE = 0.5
#: the boost of a wizard's title and keywords over its description
TITLE_WEIGHT = 3
#: a misspelt word still matches an indexed one this similar (rapidfuzz ratio, 0-100)
TYPO_SIMILARITY = 84
#: the shortest indexed word that is matched as the tail or head of a longer typed word
MIN_PART = 5
#: a message longer than this is cut: the start says what it is about, and scoring stays fast
MAX_TEXT = 2000
MAX_SUGGESTIONS = 3


@dataclass(frozen=True)
class WizardMatch:
    wizard: WizardSummary
    score: float


def _joined(word: str, term: str) -> bool:
    """One is the head or tail of the other: parts of a German compound (`Preisstrategie`, `Expertenrunde`)."""
    short, long = sorted((word, term), key=len)
    return long.startswith(short) or long.endswith(short)


def wizard_words(summary: WizardSummary, head: WizardHead, lang: str) -> list[str]:
    """The words one wizard is found by, its title and keywords repeated (`TITLE_WEIGHT`)."""
    keywords = localize({code: " ".join(listed) for code, listed in (head.keywords or {}).items()}, lang)
    named = words(f"{summary.title} {keywords}", lang)
    rest = words(f"{summary.category_label or ''} {summary.description} {summary.name.replace('-', ' ')}", lang)
    return named * TITLE_WEIGHT + rest


class SuggestIndex:
    """The BM25 index of one listing's wizards in one language."""

    def __init__(self, wizards: Sequence[WizardSummary], heads: Mapping[str, WizardHead], lang: str) -> None:
        self.lang = lang
        self.wizards = tuple(wizards)
        corpus = [wizard_words(w, heads[w.name], lang) for w in self.wizards]
        self.vocabulary = sorted({word for document in corpus for word in document})
        self._known = frozenset(self.vocabulary)
        self._long = [word for word in self.vocabulary if len(word) >= MIN_PART]
        self._bm25: bm25s.BM25 | None = None
        # bm25s's idf (Lucene's) of a word only one wizard has: scores are read in these units, so one
        # threshold holds for 20 wizards and for 2,000 (the idf of a rare word grows with the count)
        self._unit = math.log(1 + (len(self.wizards) - 0.5) / 1.5) if len(self.wizards) > 1 else 1.0
        if self.vocabulary:
            import bm25s  # with numpy: imported when the first index is built, not at start-up

            self._bm25 = bm25s.BM25()
            self._bm25.index(corpus, show_progress=False)

    def query_words(self, text: str) -> list[str]:
        """The message's words as the index knows them (typos and compound parts matched, unknown ones left out)."""
        found: list[str] = []
        for word in words(text[:MAX_TEXT], self.lang):
            if word in self._known:
                found.append(word)
                continue
            close = process.extractOne(word, self.vocabulary, scorer=fuzz.ratio, score_cutoff=TYPO_SIMILARITY) \
                if len(word) >= MIN_PART else None
            if close is not None:
                found.append(close[0])
                continue
            part = process.extractOne(word, self._long, scorer=fuzz.partial_ratio, score_cutoff=100,
                                      processor=None) if len(word) >= MIN_PART else None
            if part is not None and _joined(word, part[0]):
                found.append(part[0])
        return found

    def scores(self, text: str) -> list[tuple[WizardSummary, float]]:
        """Every wizard with its score for the message (0 for no shared word), in listing order."""
        query = self.query_words(text)
        if self._bm25 is None or not query:
            return [(w, 0.0) for w in self.wizards]
        scores = self._bm25.get_scores(query)
        return [(w, float(s) / self._unit) for w, s in zip(self.wizards, scores, strict=True)]

    def suggest(self, text: str, limit: int = MAX_SUGGESTIONS, exclude: Collection[str] = ()) -> list[WizardMatch]:
        """The wizards that fit the message, best first (ties by listing order); none for an ordinary message.
        `exclude`: names the user has dismissed for this message (the rest are ranked among themselves)."""
        fits = [(s, i) for i, (w, s) in enumerate(self.scores(text)) if s >= THRESHOLD and w.name not in exclude]
        ranked = sorted(fits, key=lambda pair: (-pair[0], pair[1]))
        if not ranked:
            return []
        best = ranked[0][0]
        return [WizardMatch(self.wizards[i], round(s, 3)) for s, i in ranked[:limit] if s >= best * RELATIVE]


def suggestion_index(listing: Listing, lang: str) -> SuggestIndex:
    """The listing's index in this language, built on first use and kept with the listing."""
    def build() -> SuggestIndex:
        heads = {wizard.name: wizard.head for wizard in listing.wizards()}
        return SuggestIndex(listing.summaries(lang), heads, lang)
    return listing.derived(("suggest", lang), build)


def suggest(listing: Listing, text: str, lang: str, limit: int = MAX_SUGGESTIONS,
            exclude: Collection[str] = ()) -> list[WizardMatch]:
    return suggestion_index(listing, lang).suggest(text, limit, exclude)
