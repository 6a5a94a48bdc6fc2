"""Where a pulled wizard file came from: `vance wizards pull` writes it as the file's first line, a
YAML comment (so the file still loads anywhere), and `push` reads it back and leaves it out of what
it saves.

    # vance-pulled: wizard=gremium layer=RESOURCE version=3f9c... (push uses these; delete the line for a new wizard)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from vance_ui.wizards.catalog.model import Source

_LINE = re.compile(r"# vance-pulled: wizard=(?P<name>\S+) layer=(?P<layer>[A-Z]+)(?: version=(?P<version>[0-9a-f]+))?"
                   r"(?: \(.*\))?\r?\n?")


@dataclass(frozen=True)
class Pulled:
    name: str
    layer: Source
    version: str | None  # None: an older version from the history (`pull --entry`), not the layer's file

    def line(self) -> str:
        version = f" version={self.version}" if self.version else ""
        return (f"# vance-pulled: wizard={self.name} layer={self.layer.value}{version} "
                "(push uses these; delete the line for a new wizard)\n")

    def where(self) -> str:
        version = f", version {self.version}" if self.version else ""
        return f"'{self.name}' ({self.layer.value} layer{version})"


def with_origin(text: str, pulled: Pulled) -> str:
    """The file's text as `pull` writes it: the origin line, then the layer's text unchanged."""
    return pulled.line() + text


def read_origin(text: str) -> tuple[Pulled | None, str]:
    """The origin a pulled file remembers (None when it has none), and the text without its line."""
    match = _LINE.match(text)
    if match is None:
        return None, text
    try:
        layer = Source(match["layer"])
    except ValueError:
        return None, text
    return Pulled(match["name"], layer, match["version"]), text[match.end():]
