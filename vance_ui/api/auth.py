"""Who is calling: the single local user, or the owner of a Bearer token (multi-user mode).

A tenant the caller is not a member of answers 404, like a tenant that does not exist, so
the API never reveals which tenants there are.
"""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import Request

from vance_ui.accounts.directory import UserDirectory
from vance_ui.documents.store import InvalidDocumentPath
from vance_ui.service import Scope
from vance_ui.settings import Settings
from vance_ui.wizards.catalog.cascade import USER_PREFIX


class Unauthorized(Exception):
    """No valid credentials: 401."""


class TenantNotFound(LookupError):
    """Not a member (or no such tenant): 404."""


@dataclass(frozen=True)
class Identity:
    user: str
    tenants: frozenset[str] | None  # None: single-user mode, every tenant
    admin_of: frozenset[str] = frozenset()  # tenants whose _vance and project layers the user may write

    def is_admin(self, tenant: str) -> bool:
        """Single-user mode: the local user administers everything; else the `adminOf` tenants."""
        return self.tenants is None or tenant in self.admin_of

    def check_tenant(self, tenant: str) -> None:
        """Underscore tenants are the app's own (the accounts live in `_system`): never a request's."""
        if tenant.startswith("_") or (self.tenants is not None and tenant not in self.tenants):
            raise TenantNotFound(f"no tenant '{tenant[:64]}'")

    def check_project(self, project_id: str | None) -> None:
        """Underscore projects are reserved: `_tenant` and the caller's own `_user_<id>` only."""
        if project_id and project_id.startswith("_") and project_id not in ("_tenant", f"{USER_PREFIX}{self.user}"):
            raise InvalidDocumentPath(f"invalid projectId: {project_id[:80]!r}")


def identity_from_token(directory: UserDirectory, authorization: str | None) -> Identity:
    scheme, _, token = (authorization or "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("an API token is required: send 'Authorization: Bearer <token>'")
    user = directory.by_token(token.strip())
    if user is None:
        raise Unauthorized("the API token is not valid")
    return Identity(user.id, frozenset(user.tenants), frozenset(user.admin_of))


def request_identity(request: Request) -> Identity:
    settings: Settings = request.app.state.wizard_service.settings
    directory: UserDirectory | None = getattr(request.app.state, "user_directory", None)
    if directory is None:
        return Identity(settings.user, None)
    return identity_from_token(directory, request.headers.get("authorization"))


def scope_for(identity: Identity, tenant: str, project_id: str | None) -> Scope:
    identity.check_tenant(tenant)
    identity.check_project(project_id)
    return Scope(tenant=tenant, user=identity.user, project_id=project_id, admin=identity.is_admin(tenant))
