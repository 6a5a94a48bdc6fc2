"""Tenant settings: `<data>/<tenant>/_vance/tenant.yaml` over the bundled `vance-defaults/categories.yaml`.

    defaultLanguage: de                                  # the tenant language (else VANCE_LANGUAGE)
    categories:                                          # display names of wizard categories
      strategie: { de: "Strategie", en: "Strategy" }

The bundled file holds a `categories:` mapping of the same form; the tenant's entries win per
category. Each file is parsed once per version; while the stores are watched, the answer is kept
without a stat until the registry's `generation` moves (a change to either file moves it). A
broken file is logged and ignored (defaults apply).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

from vance_ui.documents.store import DocumentStore, GenerationMemo
from vance_ui.wizards.catalog.cascade import TENANT_PROJECT
from vance_ui.wizards.format.categories import CategoryLabels, merged, parse_categories
from vance_ui.wizards.format.yaml_source import SourceProblem, parse_yaml

log = logging.getLogger("vance_ui.service")
TENANT_FILE = "tenant.yaml"
BUNDLED_CATEGORIES = "categories.yaml"


@dataclass(frozen=True)
class TenantSettings:
    language: str
    categories: CategoryLabels = field(default_factory=dict)


class TenantSettingsReader:
    def __init__(self, data: DocumentStore, bundled: DocumentStore, default_language: str,
                 generation: Callable[[], Hashable | None]) -> None:
        """`generation`: the registry's, which moves on a change to a settings file as to a wizard."""
        self.data, self.bundled, self.default_language = data, bundled, default_language
        self._generation = generation
        self._files: dict[str, tuple[str, dict[str, Any]]] = {}  # location -> (version, data)
        self._now: GenerationMemo[str, TenantSettings] = GenerationMemo()
        self._lock = threading.Lock()

    def get(self, tenant: str) -> TenantSettings:
        return self._now.lookup(tenant, self._generation(), lambda: self._read(tenant))

    def remembers(self, tenant: str) -> bool:
        """Whether `get` answers from memory now, without touching a file."""
        return self._now.remembers(tenant, self._generation())

    def _file(self, store: DocumentStore, tenant: str, path: str) -> dict[str, Any]:
        """The mapping of a settings file (parsed once per version); {} when it is missing or not a mapping."""
        info = store.info(tenant, TENANT_PROJECT, path)
        if info is None:
            return {}
        with self._lock:
            cached = self._files.get(info.location)
        if cached and cached[0] == info.version:
            return cached[1]
        content: dict[str, Any] = {}
        document = store.get(tenant, TENANT_PROJECT, path)
        if document is not None:
            try:
                data, _ = parse_yaml(document.content)
                if isinstance(data, dict):
                    content = data
                else:
                    log.warning("tenant settings ignored: %s: not a mapping of keys", info.location)
            except SourceProblem as problem:
                log.warning("tenant settings ignored: %s: %s", info.location, problem)
        with self._lock:
            self._files[info.location] = (info.version, content)
        return content

    def _read(self, tenant: str) -> TenantSettings:
        own = self._file(self.data, tenant, TENANT_FILE)
        bundled = self._file(self.bundled, tenant, BUNDLED_CATEGORIES)
        language = own.get("defaultLanguage")
        if not (isinstance(language, str) and 2 <= len(language) <= 16):
            language = self.default_language
        return TenantSettings(language, merged(self._categories(own, tenant, TENANT_FILE),
                                               self._categories(bundled, tenant, BUNDLED_CATEGORIES)))

    @staticmethod
    def _categories(content: Mapping[str, Any], tenant: str, path: str) -> CategoryLabels:
        labels, problems = parse_categories(content.get("categories"))
        for problem in problems:
            log.warning("tenant settings: %s (%s): %s", path, tenant, problem)
        return labels
