"""What one scope sees at one change generation: the one listing object every adapter reads.

A `Listing` belongs to a (tenant, project, user) and to one generation of the wizard files and
tenant settings (`WizardRegistry.generation`), and never changes. What is derived from it is
built on first use and kept on it: the wizards by name, the summaries per language, and any
adapter's encoded form (the API's JSON with gzip and ETag, through `derived`). A change makes a
new Listing, so nothing derived is ever invalidated, and no cache is keyed by object identity.

A name asked for before the whole listing is needed (a render through the API) is resolved
layer by layer and kept, so one render does not read every wizard of the scope.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from vance_ui.wizards.catalog.availability import is_available
from vance_ui.wizards.catalog.cascade import WizardRegistry, check_wizard_name
from vance_ui.wizards.catalog.model import LoadedWizard
from vance_ui.wizards.catalog.views import WizardSummary, summary_view
from vance_ui.wizards.format.categories import CategoryLabels, category_label, listing_order

T = TypeVar("T")


class Listing:
    """The resolved wizards of one scope at one generation, and what is derived from them."""

    def __init__(self, registry: WizardRegistry, tenant: str, project_id: str | None, user: str,
                 categories: CategoryLabels) -> None:
        self._registry = registry
        self.tenant, self.project_id, self.user = tenant, project_id, user
        self.categories = categories
        self._lock = threading.Lock()  # one build of the whole listing; the other threads take it
        self._all: dict[str, LoadedWizard] | None = None
        self._named: dict[str, LoadedWizard] = {}  # found one by one before the whole listing was built
        self._derived: dict[Hashable, Any] = {}

    def wizards(self) -> tuple[LoadedWizard, ...]:
        """Every loadable wizard of every layer, deduplicated by name (the first layer wins)."""
        return tuple(self._by_name().values())

    def _by_name(self) -> dict[str, LoadedWizard]:
        built = self._all
        if built is None:
            with self._lock:
                built = self._all
                if built is None:
                    wizards = self._registry.list(self.tenant, self.project_id, self.user)
                    built = self._all = {wizard.name: wizard for wizard in wizards}
        return built

    def knows(self, name: str) -> bool:
        """Whether `get(name)` answers without reading a document."""
        return self._all is not None or name in self._named

    def get(self, name: str) -> LoadedWizard | None:
        """The wizard this scope resolves `name` to (availableIn is not applied: a link to a
        wizard not offered here still opens it), or None."""
        check_wizard_name(name)
        built = self._all  # read once: another thread may finish the whole listing meanwhile
        known = built.get(name) if built is not None else self._named.get(name)
        if known is not None and self._registry.usable(known):
            return known
        if known is None and built is not None:
            return None
        found = self._registry.resolve(self.tenant, name, self.project_id, self.user)
        if found is not None:
            self._named[name] = found  # bounded by the wizards there are; a miss is not kept
        return found

    def summaries(self, lang: str) -> tuple[WizardSummary, ...]:
        """What the Wizards tab and `GET .../wizards` show: availableIn applied, by category, then title."""
        return self.derived(("summaries", lang), lambda: self._summaries(lang))

    def _summaries(self, lang: str) -> tuple[WizardSummary, ...]:
        views = [summary_view(wizard, lang, category_label(wizard.head.category, self.categories, lang))
                 for wizard in self._by_name().values() if is_available(wizard.head.available_in, self.project_id)]
        return tuple(sorted(views, key=listing_order))

    def derived(self, key: Hashable, compute: Callable[[], T]) -> T:
        """`compute()`, made once per key for this listing (two threads asking at once may both
        compute it; the first result is kept and given to both)."""
        try:
            value: T = self._derived[key]
            return value
        except KeyError:
            pass
        made = compute()
        return self._derived.setdefault(key, made)  # type: ignore[no-any-return]
