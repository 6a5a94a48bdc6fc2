"""A field name proposed from what the author wrote (a label, a selected part of a prompt): the
words in camelCase, ASCII letters and digits, never a name the format refuses or one taken."""

from __future__ import annotations

import keyword
import re
import unicodedata
from collections.abc import Collection

from vance_ui.wizards.format.schema import RESERVED_NAMES

_WORDS = re.compile(r"[A-Za-z0-9]+")
_SPELLED = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}
MAX_NAME = 32


def ascii_text(text: str) -> str:
    """`Größe` -> `Groesse`: German letters spelled out, other accents dropped, the rest left out."""
    spelled = "".join(_SPELLED.get(char, char) for char in text)
    return unicodedata.normalize("NFKD", spelled).encode("ascii", "ignore").decode()


def usable(name: str) -> bool:
    """A name the file format takes for a field."""
    return (name.isidentifier() and name.isascii() and not keyword.iskeyword(name) and not name.startswith("_")
            and name not in RESERVED_NAMES and len(name) <= 64)


def propose_name(text: str, taken: Collection[str] = (), fallback: str = "field") -> str:
    """`"Team size"` -> `teamSize`, `"Größe"` -> `groesse`: a valid name, numbered (`teamSize2`) when taken;
    `fallback` when the text has no letters to make one of."""
    words = _WORDS.findall(ascii_text(text))[:5]
    letters = [word for word in words if not word.isdigit()]
    digits = "".join(word for word in words if word.isdigit())
    name = "".join(word.lower() if index == 0 else word[:1].upper() + word[1:].lower()
                   for index, word in enumerate(letters))[:MAX_NAME]
    name = name + digits if name else ""
    if not usable(name):
        name = fallback
    if name not in taken:
        return name
    number = 2
    while f"{name}{number}" in taken:
        number += 1
    return f"{name}{number}"
