"""The on-disk cache of successful wizard loads: JSON data, never code, in a private folder.

A restart reads an entry instead of parsing YAML: the listing's part of the data is decoded at
once, the rest is kept as JSON text until the wizard is first used (see `loader`).
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.metadata
import importlib.util
import json
import logging
import os
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

log = logging.getLogger("vance_ui.wizards")


@dataclass(frozen=True, slots=True)
class CachedLoad:
    """What a successful load leaves in the cache: the listing's part of the YAML data, all of the
    data as JSON text (decoded on first use), and the names each template reads."""

    head: dict[str, Any]
    body: str
    templates: dict[str, frozenset[str]]  # origin (e.g. "promptTemplate") -> variables
    lines: dict[str, int] = field(default_factory=dict)  # origin -> the file line its text starts on
    warnings: tuple[tuple[int, int, str], ...] = ()  # the load's warnings: (line, column, message)
    path: str | None = None  # where it is stored: dropped if its body proves unusable


_MAGIC = b"VWZ3"
_CODE_MODULES = tuple(f"vance_ui.wizards.{name}" for name in (
    "catalog.loader", "catalog.load_cache", "catalog.model", "catalog.load_warnings", "catalog.load_job",
    "catalog.body", "load_worker", "rules.visibility", "templates.bounded",
    "templates.compiled", "templates.sandbox", "templates.guard", "templates.tag_lines", "format.schema",
    "format.yaml_source", "format.heroicons", "format.heroicon_names", "rules.validation"))


def _code_salt() -> bytes:
    """Everything a load result depends on besides the file: Python, Jinja, pydantic and our code
    (read as files: the modules that compile templates are not imported here)."""
    versions = "|".join(importlib.metadata.version(package) for package in ("jinja2", "pydantic"))
    digest = hashlib.sha256(f"{sys.version}|{versions}".encode())
    for module in _CODE_MODULES:
        spec = importlib.util.find_spec(module)
        assert spec is not None and spec.origin is not None, module
        digest.update(Path(spec.origin).read_bytes())
    return digest.digest()


class LoadCache:
    """Successful loads on disk as JSON data (never code), in a private directory; entries are
    written atomically and checked by a digest when read. A forged entry can at worst list a
    wizard whose template then fails its guard on first render: templates are always compiled
    from source through the allowlist."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._salt: bytes | None = None
        self._enabled: bool | None = None

    def _ready(self) -> bool:
        if self._enabled is None:
            try:
                self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
                st = self.directory.stat()
                private = st.st_uid == os.getuid() and not st.st_mode & 0o022
                self._salt = _code_salt()
                self._enabled = private
                if not private:
                    log.warning("wizard load cache disabled: %s is writable by others", self.directory)
            except OSError as exc:
                log.warning("wizard load cache disabled: %s", exc)
                self._enabled = False
        return self._enabled

    def _path(self, name: str, content: bytes) -> str:
        assert self._salt is not None
        key = hashlib.sha256(self._salt + name.encode() + b"\0" + content).hexdigest()
        return os.path.join(self.directory, key[:2], key[2:])

    def get(self, name: str, content: bytes) -> CachedLoad | None:
        """The entry of a file that loaded before, else None."""
        return self._read(self._path(name, content)) if self._ready() else None

    @staticmethod
    def _read(path: str) -> CachedLoad | None:
        try:
            with open(path, "rb") as handle:
                raw = handle.read()
        except OSError:
            return None
        payload = raw[len(_MAGIC) + 32:]
        if raw[:len(_MAGIC)] != _MAGIC or raw[len(_MAGIC):len(_MAGIC) + 32] != hashlib.sha256(payload).digest():
            return None
        try:
            head, body, templates, lines, warnings = json.loads(payload, object_pairs_hook=interned_object)
            if type(head) is not dict or type(body) is not str:
                return None
            return CachedLoad(head, body, {origin: frozenset(names) for origin, names in templates.items()},
                              {origin: int(line) for origin, line in lines.items()},
                              tuple((int(line), int(col), str(text)) for line, col, text in warnings), path)
        except (ValueError, TypeError, AttributeError, RecursionError):
            return None

    @staticmethod
    def discard(path: str) -> None:
        with contextlib.suppress(OSError):
            os.unlink(path)

    def put(self, name: str, content: bytes, entry: CachedLoad) -> None:
        if not self._ready():
            return
        templates = {origin: sorted(names) for origin, names in entry.templates.items()}
        payload = json.dumps([entry.head, entry.body, templates, entry.lines, entry.warnings],
                             ensure_ascii=False).encode()
        path = Path(self._path(name, content))
        tmp = path.with_name(f".{path.name}.{os.getpid()}-{threading.get_ident()}.tmp")
        try:
            path.parent.mkdir(mode=0o700, exist_ok=True)
            tmp.write_bytes(_MAGIC + hashlib.sha256(payload).digest() + payload)
            os.replace(tmp, path)
        except OSError:
            tmp.unlink(missing_ok=True)


def interned_object(pairs: list[tuple[Any, Any]]) -> dict[Any, Any]:
    """Share keys and short values ("en", "type", "string", ...) between thousands of wizards.

    Called by the JSON decoder for every object, so no second walk over the data is needed."""
    return {sys.intern(key) if type(key) is str else key:
            sys.intern(value) if type(value) is str and len(value) <= 32 else value
            for key, value in pairs}


def interned(value: Any) -> Any:
    """Freshly parsed YAML data shared the way `interned_object` shares the cache's."""
    if type(value) is dict:
        return interned_object([(key, interned(item)) for key, item in value.items()])
    if type(value) is list:
        return [interned(item) for item in value]
    return value
