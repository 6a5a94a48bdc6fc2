"""`set_page_language`: `<html lang>` (and Quasar's own texts) per visitor, not per route.

Relies on: NiceGUI writing `<html lang>` from `client.page.resolve_language()` when it renders the
page, right after the page function, and on `client.page` being the route's `ui.page` object that
every visitor of the route shares (so it must be replaced, not changed). Buys: screen readers
pronounce a German page as German (axe: `html-has-lang`/`valid-lang` in both languages), with one
route for every language. Guarded by tests/web/test_nicegui_internals.py and the axe tests in
tests/a11y/ (both languages).
"""

from __future__ import annotations

import copy

from nicegui import ui
from nicegui.language import Language


def set_page_language(language: Language) -> None:
    """This client's page in `language`: a copy of the route's page object with it set."""
    client = ui.context.client
    own = copy.copy(client.page)
    own.language = language
    client.page = own
