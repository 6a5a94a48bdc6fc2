"""Words as the suggestion ranking compares them: German and English text folded to stems.

A text is split into words (letters and digits), case-folded, stripped of the language's stop
words (bm25s's lists), stemmed with the language's Snowball stemmer (PyStemmer; each word once:
the stems are remembered) and folded once more, so `Gremien`, `gremium` and `GREMIUMS` meet, as
do `Aufsätze` and `aufsatz`, `Straße` and `strasse`, `councils` and `council`. Languages without a
stemmer here are folded, not stemmed.
"""

from __future__ import annotations

import functools
import re
import threading
import unicodedata
from collections.abc import Callable

import Stemmer  # PyStemmer: the Snowball stemmers in C

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_STEMMERS = {"de": "german", "en": "english"}
MIN_WORD = 2


@functools.cache
def _stop_lists() -> dict[str, frozenset[str]]:
    """bm25s's lists, imported on first use: bm25s (with numpy) would add most of a second to start-up."""
    from bm25s.stopwords import STOPWORDS_EN_PLUS, STOPWORDS_GERMAN

    return {"de": frozenset(STOPWORDS_GERMAN), "en": frozenset(STOPWORDS_EN_PLUS)}


def base_language(lang: str) -> str:
    """`de-AT` -> `de`."""
    return lang.replace("_", "-").split("-")[0].lower()


def fold(word: str) -> str:
    """Case and accents away, `ß` -> `ss`, `ä` -> `a`: what a user types without the German keyboard."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@functools.cache
def _stemmer(lang: str) -> Callable[[str], str]:
    """The language's stemmer; a PyStemmer object is not thread-safe, so one call at a time uses it."""
    name = _STEMMERS.get(lang)
    if name is None:
        return lambda word: word
    stemmer, lock = Stemmer.Stemmer(name), threading.Lock()

    def stem_word(word: str) -> str:
        with lock:
            stemmed: str = stemmer.stemWord(word)
        return stemmed
    return stem_word


@functools.lru_cache(maxsize=200_000)
def stem(word: str, lang: str) -> str:
    """The folded stem of a case-folded word."""
    return fold(_stemmer(lang)(word))


@functools.cache
def stop_words(lang: str) -> frozenset[str]:
    """The stop words of the language and of English (messages mix them), folded."""
    lists = _stop_lists()
    words = lists.get(base_language(lang), frozenset()) | lists["en"]
    return frozenset(fold(word) for word in words)


def words(text: str, lang: str) -> list[str]:
    """The stems of the text's content words, in order (repeats kept)."""
    base = base_language(lang)
    stop = stop_words(base)
    plain = [word for word in _WORD.findall(text.casefold()) if len(word) >= MIN_WORD and fold(word) not in stop]
    return [stem(word, base) for word in plain]
