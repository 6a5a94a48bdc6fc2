"""Per-client state of the chat page: who and where (scope), the UI language, the stores."""

from __future__ import annotations

from dataclasses import dataclass

from vance_ui.chat.drafts import DraftStore, InputDraftStore
from vance_ui.chat.sessions import SessionStore
from vance_ui.service import Scope, WizardService
from vance_ui.web.shell.i18n import Texts


@dataclass
class PageContext:
    """Everything user-scoped (wizard layer, sessions, drafts, chat inputs) goes through `tenant` and `user`."""

    service: WizardService
    t: Texts
    tenant: str
    user: str
    project_id: str | None = None
    admin: bool = False  # `WebIdentity.admin`: may write the tenant's `_vance` and project wizards

    def __post_init__(self) -> None:
        self.sessions = SessionStore(self.service.data, self.tenant, self.user)
        self.drafts = DraftStore(self.service.data, self.tenant, self.user)
        self.inputs = InputDraftStore(self.service.data, self.tenant, self.user)

    @property
    def lang(self) -> str:
        return self.t.lang

    @property
    def scope(self) -> Scope:
        return Scope(self.tenant, self.user, self.project_id, self.admin)

    def projects(self) -> list[str]:
        """The tenant's project folders with valid project ids; namespaces (user, tenant) are no projects."""
        return self.service.registry.projects(self.tenant)
