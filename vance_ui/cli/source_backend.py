"""Wizard sources for `vance wizards pull | push | history`: the data dir in-process, or the write API.

Both raise the authoring service's own exceptions (`SourceInvalid`, `VersionConflict`,
`LayerForbidden`, `SourceNotFound`), also when they arrive over HTTP, so the commands handle one
set of failures.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol

import httpx

from vance_ui.authoring.service import (
    HistoryEntry,
    LayerForbidden,
    NothingToRestore,
    SourceInvalid,
    SourceNotFound,
    SourceProblem,
    VersionConflict,
    WizardAuthoring,
    WizardSource,
)
from vance_ui.cli.backend import BackendError, http_call
from vance_ui.documents.store import InvalidDocumentPath
from vance_ui.service import Scope, WizardService
from vance_ui.wizards.catalog.model import Source


class SourceBackend(Protocol):
    def read(self, name: str, layer: Source | None) -> WizardSource: ...

    def save(self, name: str, layer: Source, text: str, if_match: str | None) -> WizardSource: ...

    def history(self, name: str, layer: Source) -> list[HistoryEntry]: ...

    def version_text(self, name: str, layer: Source, entry_id: str) -> str: ...


class LocalSource:
    """The local data dir: its owner may write every layer of it (as in single-user mode)."""

    def __init__(self, service: WizardService, scope: Scope) -> None:
        self.authoring = WizardAuthoring(service)
        self.scope = scope

    def read(self, name: str, layer: Source | None) -> WizardSource:
        try:
            return self.authoring.read(self.scope, name, layer or self.authoring.resolved_layer(self.scope, name))
        except InvalidDocumentPath as exc:
            raise BackendError(str(exc)) from None

    def save(self, name: str, layer: Source, text: str, if_match: str | None) -> WizardSource:
        try:
            return self.authoring.save(self.scope, name, layer, text, if_match)
        except InvalidDocumentPath as exc:
            raise BackendError(str(exc)) from None

    def history(self, name: str, layer: Source) -> list[HistoryEntry]:
        try:
            return self.authoring.history(self.scope, name, layer)
        except InvalidDocumentPath as exc:
            raise BackendError(str(exc)) from None

    def version_text(self, name: str, layer: Source, entry_id: str) -> str:
        try:
            return self.authoring.version_text(self.scope, name, layer, entry_id)
        except InvalidDocumentPath as exc:
            raise BackendError(str(exc)) from None


class RemoteSource:
    """The write API of a running app (`--server URL`)."""

    def __init__(self, base_url: str, tenant: str, project_id: str | None, token: str | None = None,
                 timeout: float = 30.0) -> None:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.client = httpx.Client(base_url=base_url.rstrip("/"), timeout=timeout, headers=headers)
        self.prefix = f"/brain/{tenant}/wizards"
        self.project = {"projectId": project_id} if project_id else {}

    def read(self, name: str, layer: Source | None) -> WizardSource:
        data = self._request("GET", f"{self.prefix}/{name}/source", layer)
        return WizardSource(name, Source(data["layer"]), str(data["yaml"]), str(data["version"]))

    def save(self, name: str, layer: Source, text: str, if_match: str | None) -> WizardSource:
        headers = {"Content-Type": "application/yaml", **({"If-Match": f'"{if_match}"'} if if_match else {})}
        data = self._request("PUT", f"{self.prefix}/{name}/source", layer, text.encode(), headers)
        return WizardSource(name, Source(data["layer"]), str(data["yaml"]), str(data["version"]))

    def history(self, name: str, layer: Source) -> list[HistoryEntry]:
        data = self._request("GET", f"{self.prefix}/{name}/history", layer)
        return [HistoryEntry(e["id"], datetime.fromisoformat(e["time"]), e["author"], e["action"], e["size"],
                             e["version"]) for e in data.get("entries", [])]

    def version_text(self, name: str, layer: Source, entry_id: str) -> str:
        return str(self._request("GET", f"{self.prefix}/{name}/history/{entry_id}", layer)["yaml"])

    def _request(self, method: str, path: str, layer: Source | None, content: bytes | None = None,
                 headers: dict[str, str] | None = None) -> dict[str, Any]:
        params = {**self.project, **({"layer": layer.value} if layer else {})}
        response, data = http_call(self.client, method, path, params=params, content=content, headers=headers)
        status, code, message = response.status_code, data.get("error"), str(data.get("message", response.text))
        if status < 400:
            return data
        if code == "invalid_wizard":
            raise SourceInvalid([SourceProblem(p["message"], p.get("line"), p.get("column"))
                                 for p in data.get("problems") or []])
        if code == "version_conflict":
            raise VersionConflict(data.get("current"))
        if code == "forbidden_layer":
            raise LayerForbidden(message)
        if code == "nothing_to_restore":
            raise NothingToRestore(message)
        if code == "source_not_found":
            raise SourceNotFound(message)
        raise BackendError(f"{status} {code or ''}: {message}")
