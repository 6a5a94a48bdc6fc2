"""One interface over the in-process service and the REST API, so every command works with both.

Errors are the service's own exceptions (`WizardNotFound`, `FormInvalid`, `RenderFailed`), also
when they arrive over HTTP, so the commands handle a single set of failures.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import httpx

from vance_ui.chat.engine import ChatMessage
from vance_ui.documents.store import InvalidDocumentPath
from vance_ui.llm.client import LlmError
from vance_ui.service import FormInvalid, RenderFailed, Scope, WizardNotFound, WizardService
from vance_ui.wizards.catalog.suggest import MAX_TEXT, WizardMatch
from vance_ui.wizards.catalog.views import WizardDefinition, WizardSummary
from vance_ui.wizards.format.paths import Path, parse_path
from vance_ui.wizards.rules.validation import FieldError

T = TypeVar("T")


class BackendError(RuntimeError):
    """Anything else that went wrong (server unreachable, template failure, bad name)."""


def http_call(client: httpx.Client, method: str, path: str, **request: Any) -> tuple[httpx.Response, dict[str, Any]]:
    """One request to the server: its response and JSON object body ({} when it has none); an
    unreachable server and a missing token are `BackendError`s with what to do."""
    try:
        response = client.request(method, path, **request)
    except httpx.HTTPError as exc:
        raise BackendError(f"cannot reach {client.base_url}: {exc}") from None
    try:
        data = response.json()
    except ValueError:
        data = {}
    if response.status_code == 401:
        raise BackendError("the server wants an API token: pass --token or set VANCE_TOKEN")
    return response, data if isinstance(data, dict) else {}


@dataclass(frozen=True)
class Rendered:
    prompt: str
    follow_ups: list[dict[str, str]] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        """The same shape as the REST API's render response."""
        return {"prompt": self.prompt, "followUps": self.follow_ups}


@dataclass(frozen=True)
class Shown:
    """What a form shows for some values (`showIf`, pages), as `POST .../state` answers it."""

    hidden: frozenset[Path]
    pages: tuple[bool, ...]


@dataclass(frozen=True)
class Prefilled:
    """What Fill from chat answers (`POST .../prefill`): the values, the fields filled, and what was
    left out as (field, why)."""

    values: dict[str, Any]
    filled: list[str]
    dropped: list[tuple[str, str]]


class Backend(Protocol):
    def list_wizards(self) -> Sequence[WizardSummary]: ...

    def suggest(self, text: str) -> Sequence[WizardMatch]: ...

    def definition(self, name: str) -> WizardDefinition: ...

    def render(self, name: str, values: Mapping[str, Any]) -> Rendered: ...

    def shown(self, name: str, values: Mapping[str, Any]) -> Shown: ...

    async def prefill(self, name: str, messages: Sequence[ChatMessage], values: Mapping[str, Any]) -> Prefilled:
        """Fill from chat, on the caller's event loop (the chat's: litellm keeps its clients per loop)."""
        ...


class LocalBackend:
    """The local data dir, through the same service the web app uses."""

    def __init__(self, service: WizardService, scope: Scope) -> None:
        self.service = service
        self.scope = scope

    def list_wizards(self) -> Sequence[WizardSummary]:
        return self._call(lambda: self.service.list_wizards(self.scope))

    def suggest(self, text: str) -> Sequence[WizardMatch]:
        return self._call(lambda: self.service.suggest(self.scope, text))

    def definition(self, name: str) -> WizardDefinition:
        return self._call(lambda: self.service.definition(self.scope, name))

    def render(self, name: str, values: Mapping[str, Any]) -> Rendered:
        result = self._call(lambda: self.service.render(self.scope, name, values))
        links = [{"wizard": f.wizard, "label": f.label, "url": f.url} for f in result.follow_ups]
        return Rendered(result.prompt, links)

    def shown(self, name: str, values: Mapping[str, Any]) -> Shown:
        state = self._call(lambda: self.service.form_report_sync(self.scope, name, values)).state
        return Shown(state.visibility.hidden, state.visibility.pages)

    async def prefill(self, name: str, messages: Sequence[ChatMessage], values: Mapping[str, Any]) -> Prefilled:
        lang = self.service.language(self.scope.tenant)
        try:
            result = await self.service.prefill(self.scope, name, values, messages, lang=lang)
        except (InvalidDocumentPath, RenderFailed) as exc:
            raise BackendError(str(exc)) from None
        except LlmError as exc:
            raise BackendError(exc.message) from None
        return Prefilled(result.values, list(result.filled), [(d.field, d.message(lang)) for d in result.dropped])

    @staticmethod
    def _call(action: Callable[[], T]) -> T:
        try:
            return action()
        except (InvalidDocumentPath, RenderFailed) as exc:
            raise BackendError(str(exc)) from None


class RemoteBackend:
    """A running app's REST API (`--server URL`)."""

    def __init__(self, base_url: str, tenant: str, project_id: str | None, timeout: float = 30.0,
                 token: str | None = None) -> None:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.client = httpx.Client(base_url=base_url.rstrip("/"), timeout=timeout, headers=headers)
        self.prefix = f"/brain/{tenant}/wizards"
        self.params = {"projectId": project_id} if project_id else {}

    def list_wizards(self) -> Sequence[WizardSummary]:
        data = self._request("GET", self.prefix, None)
        return [WizardSummary.model_validate(item) for item in data.get("wizards", [])]

    def suggest(self, text: str) -> Sequence[WizardMatch]:
        response, data = http_call(self.client, "GET", self.prefix, params={**self.params, "q": text[:MAX_TEXT]})
        if response.status_code >= 400:
            raise BackendError(f"{response.status_code} {data.get('error', '')}: {data.get('message', response.text)}")
        return [WizardMatch(WizardSummary.model_validate(item), float(item.get("score", 0)))
                for item in data.get("wizards", []) if isinstance(item, dict)]

    def definition(self, name: str) -> WizardDefinition:
        return WizardDefinition.model_validate(self._request("GET", f"{self.prefix}/{name}", name))

    def render(self, name: str, values: Mapping[str, Any]) -> Rendered:
        data = self._request("POST", f"{self.prefix}/{name}/render", name, {"values": dict(values)})
        return Rendered(str(data.get("prompt", "")), list(data.get("followUps") or []))

    def shown(self, name: str, values: Mapping[str, Any]) -> Shown:
        data = self._request("POST", f"{self.prefix}/{name}/state", name, {"values": dict(values)})
        hidden = (parse_path(text) for text in data.get("hidden") or [] if isinstance(text, str))
        return Shown(frozenset(path for path in hidden if path), tuple(bool(p) for p in data.get("pages") or []))

    async def prefill(self, name: str, messages: Sequence[ChatMessage], values: Mapping[str, Any]) -> Prefilled:
        body = {"values": dict(values), "messages": [{"role": m.role, "content": m.content} for m in messages
                                                     if m.role in ("user", "assistant")]}
        data = await asyncio.to_thread(self._request, "POST", f"{self.prefix}/{name}/prefill", name, body)
        dropped = [(str(d.get("field", "")), str(d.get("message", ""))) for d in data.get("dropped") or []
                   if isinstance(d, dict)]
        return Prefilled(dict(data.get("values") or {}), [str(n) for n in data.get("filled") or []], dropped)

    def _request(self, method: str, path: str, name: str | None, body: Any = None) -> dict[str, Any]:
        response, data = http_call(self.client, method, path, params=self.params, json=body)
        if response.status_code == 404 and data.get("error") == "wizard_not_found" and name:
            raise WizardNotFound(name)
        if response.status_code == 400 and data.get("error") == "validation_failed":
            raise FormInvalid([FieldError(parse_path(str(e["field"])) or (str(e["field"]),), e["error"],
                                          e.get("params") or {}, e.get("page")) for e in data["errors"]],
                              response.headers.get("content-language", "en"))
        if response.status_code >= 400:
            raise BackendError(f"{response.status_code} {data.get('error', '')}: {data.get('message', response.text)}")
        return data
