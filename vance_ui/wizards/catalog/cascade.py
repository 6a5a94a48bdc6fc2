"""Resolve wizard names through the layers project -> user -> tenant -> bundled (spec section 4).

Parsed and compiled wizards are cached by file version, so a request never re-reads an
unchanged file, and only one thread at a time builds a listing. Successful loads are also kept
on disk (a `LoadCache` handed in by the service), so a restart skips YAML parsing and template
compilation for unchanged files. What a listing is kept as, per scope and `generation`, is a
`Listing` (listing.py), made by the service.
"""

from __future__ import annotations

import builtins
import logging
import re
import threading
from collections.abc import Collection
from dataclasses import dataclass

from vance_ui.documents.store import (
    Document,
    DocumentInfo,
    DocumentRef,
    DocumentStore,
    InvalidDocumentPath,
    check_segment,
)
from vance_ui.wizards.catalog.load_cache import LoadCache
from vance_ui.wizards.catalog.loader import WizardLoadError, load_wizard, with_source
from vance_ui.wizards.catalog.model import LoadedWizard, Source
from vance_ui.wizards.format.schema import WIZARD_NAME_RE
from vance_ui.wizards.templates.bounded import Templates

log = logging.getLogger("vance_ui.wizards")

FOLDER = "wizards"
SUFFIX = ".yaml"
TENANT_PROJECT = "_vance"
USER_PREFIX = "_user_"
PROJECT_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
READ_AT_ONCE = 500  # wizard files a listing reads in one go (one query for a database), bounding memory


def touches_wizards(refs: Collection[DocumentRef] | None) -> bool:
    """Whether a change to these documents (None: not known) can change a listing. Wizards are
    `wizards/<name>.yaml` in a layer: documents elsewhere (chats, drafts) and their folders cannot;
    a layer's YAML files (tenant.yaml), its `wizards` folder, anything at layer level (a project
    moved or deleted) or unknown can."""
    if refs is None:
        return True
    for ref in refs:
        if not ref.project or not ref.path:
            return True
        parts = ref.path.split("/")
        if (parts[0] == FOLDER and len(parts) <= 2) or (len(parts) == 1 and parts[0].endswith(SUFFIX)):
            return True
    return False


def _name(info: DocumentInfo) -> str:
    return info.path.rsplit("/", 1)[-1].removesuffix(SUFFIX)


def check_project_id(project_id: str | None) -> str | None:
    """None and `_tenant` mean no project; `_user_<id>` is the user namespace; else a project folder."""
    if project_id is None or project_id in ("", "_tenant"):
        return None
    if project_id.startswith(USER_PREFIX):
        check_segment(project_id, "projectId")
        return project_id
    if not PROJECT_ID_RE.fullmatch(project_id) or ".." in project_id:
        raise InvalidDocumentPath(f"invalid projectId: {project_id[:80]!r}")
    return project_id


def is_project_folder(name: str) -> bool:
    """Whether a layer folder is a project one can choose: not a `_` namespace, a valid project id."""
    try:
        return not name.startswith("_") and check_project_id(name) == name
    except InvalidDocumentPath:
        return False


def check_wizard_name(name: str) -> str:
    if not WIZARD_NAME_RE.fullmatch(name):
        raise InvalidDocumentPath(f"invalid wizard name: {name[:80]!r}")
    return name


@dataclass(frozen=True, slots=True)
class Layer:
    source: Source
    store: DocumentStore
    tenant: str
    project: str


@dataclass(frozen=True, slots=True)
class Broken:
    """A file that failed to load: kept so lint and logs can name it."""

    info: DocumentInfo
    error: WizardLoadError


class WizardRegistry:
    def __init__(self, data: DocumentStore, bundled: DocumentStore, templates: Templates,
                 cache: LoadCache | None = None) -> None:
        self.data = data
        self.bundled = bundled
        self.templates = templates
        self._lock = threading.Lock()
        self._listing_lock = threading.Lock()  # one listing build at a time (a cold one reads every file)
        self._cache = cache
        self._parsed: dict[str, tuple[str, LoadedWizard | Broken]] = {}
        # chats and drafts live in the same store: their writes must not count as a new generation
        self._wizard_changes = 0
        data.subscribe_refs(self._data_changed)

    def projects(self, tenant: str) -> builtins.list[str]:
        """The tenant's projects: folders that are valid project ids (others would fail every
        request made in them, so they are never offered)."""
        return [name for name in self.data.projects(check_segment(tenant, "tenant")) if is_project_folder(name)]

    def layers(self, tenant: str, project_id: str | None, user: str) -> list[Layer]:
        check_segment(tenant, "tenant")
        project = check_project_id(project_id)
        layers: list[Layer] = []
        if project is not None and not project.startswith(USER_PREFIX):
            layers.append(Layer(Source.PROJECT, self.data, tenant, project))
        layers.append(Layer(Source.USER, self.data, tenant, check_segment(f"{USER_PREFIX}{user}", "user")))
        layers.append(Layer(Source.VANCE, self.data, tenant, TENANT_PROJECT))
        layers.append(Layer(Source.RESOURCE, self.bundled, tenant, TENANT_PROJECT))
        return layers

    # -- loading ----------------------------------------------------------------------------

    def _load(self, layer: Layer, info: DocumentInfo, read: Document | None = None) -> LoadedWizard | Broken | None:
        """The wizard of this file version (`read`: its document, when already fetched)."""
        with self._lock:
            cached = self._parsed.get(info.location)
        if cached is not None and cached[0] == info.version:
            return cached[1]
        document = read if read is not None and read.info.version == info.version else \
            layer.store.get(layer.tenant, layer.project, info.path)
        if document is None:
            return None
        name = info.path.rsplit("/", 1)[-1].removesuffix(SUFFIX)
        result: LoadedWizard | Broken
        try:
            loaded = load_wizard(name, document.content, info.location, self.templates, document.info.version,
                                     self._cache)
            result = with_source(loaded, layer.source)
            for warning in loaded.warnings:  # served all the same: the author finds it in the log, lint, the form
                log.warning("wizard warning: %s", warning.at(info.location))
        except WizardLoadError as error:
            result = Broken(document.info, error)
            log.warning("wizard skipped: %s", error)
        with self._lock:
            self._parsed[info.location] = (document.info.version, result)
        return result

    def resolve(self, tenant: str, name: str, project_id: str | None, user: str) -> LoadedWizard | None:
        """The first layer's loadable wizard of that name; broken files fall through. Reads each
        layer's file information: what is kept per generation is the scope's `Listing`."""
        check_wizard_name(name)
        for layer in self.layers(tenant, project_id, user):
            info = layer.store.info(layer.tenant, layer.project, f"{FOLDER}/{name}{SUFFIX}")
            if info is None:
                continue
            result = self._load(layer, info)
            if isinstance(result, LoadedWizard):
                usable = self._with_body(layer, info, result)
                if usable is not None:
                    return usable
        return None

    def usable(self, wizard: LoadedWizard) -> bool:
        """Whether a wizard taken from a listing can be rendered. If its cached body proves
        unusable (a forged cache entry), its file is loaded again by the next `resolve`, and the
        generation moves on, so listings holding it are made again."""
        try:
            _ = wizard.body
            return True
        except WizardLoadError as error:
            log.warning("wizard loaded again from its file: %s", error)
        with self._lock:
            self._parsed.pop(wizard.location, None)
            self._wizard_changes += 1
        return False

    def _with_body(self, layer: Layer, info: DocumentInfo, wizard: LoadedWizard) -> LoadedWizard | None:
        """Builds a cached wizard's body, which a listing does not need. If its cache entry proves
        unusable (forged), the loader has dropped it and the file is loaded from its source."""
        if self.usable(wizard):
            return wizard
        reloaded = self._load(layer, info)
        if not isinstance(reloaded, LoadedWizard):
            return None
        try:
            _ = reloaded.body
        except WizardLoadError as error:  # the entry could not be dropped (read-only cache)
            log.warning("wizard skipped: %s", error)
            with self._lock:
                self._parsed[info.location] = (info.version, Broken(info, error))
            return None
        return reloaded

    def _data_changed(self, refs: frozenset[DocumentRef] | None) -> None:
        if touches_wizards(refs):
            with self._lock:
                self._wizard_changes += 1

    def generation(self) -> tuple[int, int] | None:
        """Changes when something a listing shows may have changed (a wizard file, tenant
        settings, a layer); None while the stores are not watched (then nothing may be kept)."""
        data, bundled = self.data.generation, self.bundled.generation
        if data is None or bundled is None:
            with self._lock:  # not watching: every listing rescans, and nothing cached before
                self._wizard_changes += 1  # counts as current once watching starts again
            return None
        return self._wizard_changes, bundled

    def list(self, tenant: str, project_id: str | None, user: str) -> list[LoadedWizard]:
        """All loadable wizards of all layers, deduplicated by name (first layer wins), read now."""
        layers = self.layers(tenant, project_id, user)
        with self._listing_lock:
            found: dict[str, LoadedWizard] = {}
            for layer in layers:
                infos = layer.store.list(layer.tenant, layer.project, FOLDER, SUFFIX)
                for start in range(0, len(infos), READ_AT_ONCE):
                    chunk = [info for info in infos[start:start + READ_AT_ONCE] if _name(info) not in found]
                    read = self._unparsed(layer, chunk)
                    for info in chunk:
                        result = self._load(layer, info, read.get(info.path))
                        if isinstance(result, LoadedWizard):
                            found[_name(info)] = result
            return list(found.values())

    def _unparsed(self, layer: Layer, infos: builtins.list[DocumentInfo]) -> dict[str, Document]:
        """The documents among `infos` not parsed at their version yet, read at once (a cold start
        reads a layer in one go, not file by file)."""
        with self._lock:
            missing = [info.path for info in infos
                       if (cached := self._parsed.get(info.location)) is None or cached[0] != info.version]
        if len(missing) < 2:
            return {}
        return layer.store.get_many(layer.tenant, layer.project, missing)

    def broken(self, tenant: str, project_id: str | None, user: str) -> builtins.list[Broken]:
        """Files in these layers that failed to load (for lint and diagnostics)."""
        out: builtins.list[Broken] = []
        for layer in self.layers(tenant, project_id, user):
            for info in layer.store.list(layer.tenant, layer.project, FOLDER, SUFFIX):
                result = self._load(layer, info)
                if isinstance(result, Broken):
                    out.append(result)
        return out
