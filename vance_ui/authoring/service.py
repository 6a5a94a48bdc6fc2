"""The write side of wizards: read a layer's source, save, delete, history, restore.

What the write API, the web editor and `vance wizards push/pull/history` all call. A save is
validated by the loader itself (`load_wizard`: schema, templates, showIf, pages, size and name
rules) before anything is written, and written with the store's compare-and-swap, so an edit
based on an old version never overwrites a newer one. Every change leaves a history entry
(`wizard_history`). All calls are synchronous (file I/O, template compilation): adapters on an
event loop call them from a thread.

Who may write what: the caller's own USER layer always; the tenant's VANCE layer (`_vance`) and
its PROJECT layers only with `Scope.admin`; the bundled RESOURCE layer never. The USER layer is
always the caller's own `_user_<id>`: no call can address another user's layer.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from vance_ui.authoring.history import Action, HistoryEntry, WizardHistory, content_version
from vance_ui.documents.store import VersionMismatch
from vance_ui.service import Scope, WizardService
from vance_ui.wizards.catalog.cascade import (
    FOLDER,
    SUFFIX,
    TENANT_PROJECT,
    USER_PREFIX,
    check_project_id,
    check_wizard_name,
)
from vance_ui.wizards.catalog.loader import WizardLoadError, load_wizard
from vance_ui.wizards.catalog.model import LoadWarning, Source
from vance_ui.wizards.format.json_body import JsonRefused
from vance_ui.wizards.format.yaml_source import SourceProblem
from vance_ui.wizards.templates.problems import RendererBusy, TemplateProblem

__all__ = ["HistoryEntry", "JsonRefused", "LayerForbidden", "NothingToRestore", "SourceInvalid", "SourceNotFound",
           "SourceProblem", "VersionConflict", "WizardAuthoring", "WizardSource"]

_RETRIES = 5  # a write re-reads and tries again when the file was changed by hand meanwhile


@dataclass(frozen=True)
class WizardSource:
    """One layer's file: its text and strong version (sha256 of the bytes, 32 hex digits)."""

    name: str
    layer: Source
    text: str
    version: str
    created: bool = field(default=False, compare=False)  # written by a save or restore into an empty place


class SourceInvalid(ValueError):
    """The text does not load; `problems` lists every reason with line and column, as lint does."""

    def __init__(self, problems: list[SourceProblem]) -> None:
        super().__init__(f"the wizard does not load: {len(problems)} problem(s)")
        self.problems = problems


class VersionConflict(Exception):
    """`if_match` is not the stored version (someone saved in between); `current`: the version now
    stored (None: the file does not exist)."""

    def __init__(self, current: str | None) -> None:
        super().__init__("the wizard was changed since it was read" if current else "the wizard does not exist")
        self.current = current


class LayerForbidden(PermissionError):
    """The caller may not write (or read for editing) this layer."""


class SourceNotFound(LookupError):
    """No such file in that layer, or no such history entry."""


class NothingToRestore(SourceNotFound):
    """A delete entry holds no text: restore the version before it."""


class WizardAuthoring:
    def __init__(self, service: WizardService) -> None:
        self.service = service
        self.store = service.data

    # -- layers -----------------------------------------------------------------------------

    def writable_layers(self, scope: Scope) -> list[Source]:
        """In cascade order; PROJECT only in a real project (not `_tenant`, not a `_user_` namespace)."""
        if not scope.admin:
            return [Source.USER]
        project = check_project_id(scope.project_id)
        in_project = project is not None and not project.startswith(USER_PREFIX)
        return [*([Source.PROJECT] if in_project else []), Source.USER, Source.VANCE]

    def readable_layers(self, scope: Scope) -> list[Source]:
        """Every layer of the caller's own cascade: a lower layer's source is what a Customize copies."""
        return [layer.source for layer in self.service.registry.layers(scope.tenant, scope.project_id, scope.user)]

    def _folder(self, scope: Scope, layer: Source) -> str:
        if layer is Source.PROJECT:
            project = check_project_id(scope.project_id)
            assert project is not None
            return project
        if layer is Source.USER:
            return f"{USER_PREFIX}{scope.user}"
        return TENANT_PROJECT

    def _writable(self, scope: Scope, name: str, layer: Source) -> str:
        check_wizard_name(name)
        if layer not in self.writable_layers(scope):
            raise LayerForbidden(f"you may not change the {layer} layer here")
        return self._folder(scope, layer)

    def resolved_layer(self, scope: Scope, name: str) -> Source:
        """The first layer of the caller's cascade holding a file of that name (a broken one too, so
        it can be fixed); SourceNotFound when none does."""
        check_wizard_name(name)
        for layer in self.service.registry.layers(scope.tenant, scope.project_id, scope.user):
            if layer.store.info(layer.tenant, layer.project, f"{FOLDER}/{name}{SUFFIX}") is not None:
                return layer.source
        raise SourceNotFound(f"no wizard named '{name}'")

    # -- reading ----------------------------------------------------------------------------

    def read(self, scope: Scope, name: str, layer: Source) -> WizardSource:
        check_wizard_name(name)
        if layer not in self.readable_layers(scope):
            raise LayerForbidden(f"there is no {layer} layer here")
        if layer is Source.RESOURCE:
            document = self.service.registry.bundled.get(scope.tenant, TENANT_PROJECT, f"{FOLDER}/{name}{SUFFIX}")
        else:
            document = self.store.get(scope.tenant, self._folder(scope, layer), f"{FOLDER}/{name}{SUFFIX}")
        if document is None:
            raise SourceNotFound(f"no wizard '{name}' in the {layer} layer")
        return _source(name, layer, document.content)

    def problems(self, name: str, text: str) -> list[SourceProblem]:
        """Every reason the text would not load as wizard `name` (exactly the loader's); [] = it loads."""
        return self.check(name, text)[0]

    def check(self, name: str, text: str) -> tuple[list[SourceProblem], list[LoadWarning]]:
        """`problems`, and when there are none the load's warnings (what loads but looks like a
        mistake: an unknown icon), as the log and lint name them."""
        try:
            content = text.encode()
        except UnicodeEncodeError as exc:
            return [SourceProblem(f"the text contains an unpaired surrogate at offset {exc.start}")], []
        try:
            loaded = load_wizard(name, content, f"{name}{SUFFIX}", self.service.templates)
        except WizardLoadError as error:
            return error.problems or [SourceProblem("the wizard does not load")], []
        return [], list(loaded.warnings)

    def beyond_bounds(self, text: str) -> SourceProblem | None:
        """Why the text is beyond a wizard file's bounds (size, values, depth, expanded size, value
        lengths), found by a load worker; None: within them, so parsing it here costs at most what
        a wizard file may (the editor's form view parses it only then)."""
        try:
            answer = self.service.templates.bounds(text.encode())
        except UnicodeEncodeError as exc:
            return SourceProblem(f"the text contains an unpaired surrogate at offset {exc.start}")
        except TemplateProblem as problem:
            return SourceProblem(f"the text could not be read: {problem.message}")
        if "problem" in answer:
            line, column, message = answer["problem"]
            return SourceProblem(str(message), line, column)
        return None

    def yaml_of_json(self, body: bytes) -> str:
        """A wizard sent as a JSON object, as the YAML text stored for it (written by a load
        worker, so no body can hold this process); `JsonRefused` says why not."""
        try:
            answer = self.service.templates.yaml_of_json(body)
        except RendererBusy:
            raise
        except TemplateProblem as problem:
            raise JsonRefused(f"the JSON body could not be read: {problem.message}") from None
        if "refused" in answer:
            raise JsonRefused(str(answer["refused"]))
        return str(answer["yaml"])

    # -- writing ----------------------------------------------------------------------------

    def save(self, scope: Scope, name: str, layer: Source, text: str, if_match: str | None) -> WizardSource:
        """Validate, then write atomically. `if_match` None: unconditional (whatever is stored, or
        nothing); else it must be the stored version (VersionConflict otherwise, nothing written)."""
        folder = self._writable(scope, name, layer)
        self._valid(name, text)
        content = text.encode()
        created = self._write(scope, folder, name, content, if_match, "save")
        return WizardSource(name, layer, text, content_version(content), created)

    def delete(self, scope: Scope, name: str, layer: Source, if_match: str | None) -> None:
        folder = self._writable(scope, name, layer)
        if self.store.info(scope.tenant, folder, f"{FOLDER}/{name}{SUFFIX}") is None:
            raise SourceNotFound(f"no wizard '{name}' in the {layer} layer")
        self._write(scope, folder, name, None, if_match, "delete")

    def restore(self, scope: Scope, name: str, layer: Source, entry_id: str, if_match: str | None) -> WizardSource:
        """Write an older version again: a new version (and history entry) of its own."""
        folder = self._writable(scope, name, layer)
        text = self._entry_text(scope, folder, name, layer, entry_id)
        self._valid(name, text)
        content = text.encode()
        created = self._write(scope, folder, name, content, if_match, "restore")
        return WizardSource(name, layer, text, content_version(content), created)

    def _valid(self, name: str, text: str) -> None:
        problems = self.problems(name, text)
        if problems:
            raise SourceInvalid(problems)

    def _write(self, scope: Scope, folder: str, name: str, content: bytes | None, if_match: str | None,
               action: Action) -> bool:
        """Whether the file was created (the layer had none)."""
        path = f"{FOLDER}/{name}{SUFFIX}"
        history = WizardHistory(self.store, scope.tenant, folder)
        # One write of this file at a time, across threads, processes and instances: the check of
        # `if_match`, the history entry of what the file held and the write itself see no other
        # writer of this service in between (only a hand edit can come between, and is retried).
        with self.store.locked(scope.tenant, folder, history.lock_address(name)):
            for _ in range(_RETRIES):
                document = self.store.get(scope.tenant, folder, path)
                current = content_version(document.content) if document is not None else None
                if if_match is not None and if_match != current:
                    raise VersionConflict(current)
                if document is not None:
                    self._keep_unrecorded(history, name, document.content, current)
                try:
                    self.store.replace(scope.tenant, folder, path, content,
                                       document.info.version if document is not None else None)
                except VersionMismatch:
                    continue  # changed by hand in between: compare again with what is there now
                history.add(name, scope.user, action, content.decode() if content is not None else None)
                return document is None
            raise VersionConflict(self._current_version(scope.tenant, folder, path))

    @staticmethod
    def _keep_unrecorded(history: WizardHistory, name: str, content: bytes, version: str | None) -> None:
        """A file first changed through the editor (or hand-edited since) keeps what it held."""
        latest = history.latest(name)
        if latest is None or latest.entry.version != version:
            history.add(name, "", "original", content.decode("utf-8", "replace"))

    def _current_version(self, tenant: str, folder: str, path: str) -> str | None:
        document = self.store.get(tenant, folder, path)
        return content_version(document.content) if document is not None else None

    # -- history ----------------------------------------------------------------------------

    def history(self, scope: Scope, name: str, layer: Source) -> list[HistoryEntry]:
        """Newest first."""
        folder = self._writable(scope, name, layer)
        return [stored.entry for stored in reversed(WizardHistory(self.store, scope.tenant, folder).entries(name))]

    def version_text(self, scope: Scope, name: str, layer: Source, entry_id: str) -> str:
        return self._entry_text(scope, self._writable(scope, name, layer), name, layer, entry_id)

    def _entry_text(self, scope: Scope, folder: str, name: str, layer: Source, entry_id: str) -> str:
        stored = WizardHistory(self.store, scope.tenant, folder).get(name, entry_id)
        if stored is None:
            raise SourceNotFound(f"no history entry '{entry_id[:40]}' of '{name}' in the {layer} layer")
        if stored.text is None:
            raise NothingToRestore(f"entry '{entry_id}' records a delete and holds no text: "
                                   "restore the version before it")
        return stored.text


def _source(name: str, layer: Source, content: bytes) -> WizardSource:
    return WizardSource(name, layer, content.decode("utf-8", "replace"), content_version(content))
