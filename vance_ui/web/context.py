"""Per-client state of the chat page: who and where (scope), the UI language, the stores."""

from __future__ import annotations

from dataclasses import dataclass

from vance_ui.chat.drafts import DraftStore
from vance_ui.chat.sessions import SessionStore
from vance_ui.service import Scope, WizardService
from vance_ui.web.i18n import Texts


@dataclass
class PageContext:
    service: WizardService
    t: Texts
    project_id: str | None = None

    def __post_init__(self) -> None:
        settings = self.service.settings
        self.sessions = SessionStore(self.service.data, settings.tenant, settings.user)
        self.drafts = DraftStore(self.service.data, settings.tenant, settings.user)

    @property
    def lang(self) -> str:
        return self.t.lang

    @property
    def scope(self) -> Scope:
        settings = self.service.settings
        return Scope(settings.tenant, settings.user, self.project_id)

    def projects(self) -> list[str]:
        """The tenant's project folders; `_`-prefixed namespaces (user, tenant) are not projects."""
        return [p for p in self.service.data.projects(self.service.settings.tenant) if not p.startswith("_")]
