""""Edit in form" of a sent message whose text came from a wizard: the wizard opens with the values
and page the message remembers (its `PromptOrigin`), and its "Use prompt" puts the new prompt into the
chat input, to be sent as a new message.

When the wizard changed meanwhile (another layer or definition), the form says so in its status line
and shows what still fits; values of fields it no longer has, or that their field can no longer
show (another type, a choice it no longer offers), are left out and named. A wizard that
is gone (or no longer available here) gives a notice, and nothing opens.
"""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui

from vance_ui.chat.drafts import Draft
from vance_ui.chat.origin import PromptOrigin, Reopening, reopening
from vance_ui.documents.store import InvalidDocumentPath
from vance_ui.service import WizardNotFound
from vance_ui.web.form.dialog import WizardForm
from vance_ui.web.shell.context import PageContext
from vance_ui.web.shell.i18n import Texts

OpenForm = Callable[[str, Draft], WizardForm | None]  # the wizard, opened with these values at this page


def edit_in_form(ctx: PageContext, origin: PromptOrigin, open_form: OpenForm) -> WizardForm | None:
    """Open the origin's wizard with what still fits of its form; None when the wizard is gone."""
    try:
        wizard = ctx.service.wizard(ctx.scope, origin.wizard)
        again = reopening(origin, wizard)
    except (WizardNotFound, InvalidDocumentPath):
        ui.notify(ctx.t("reopen_gone", name=origin.wizard[:80]), type="warning")
        return None
    form = open_form(origin.wizard, again.form)
    note = reopen_note(ctx.t, again)
    if form is not None and note:
        form.footer.show_status(note, "hint")
    return form


def reopen_note(t: Texts, again: Reopening) -> list[str]:
    """The status lines: that the wizard changed, and which values were left out."""
    lines = [t("reopen_changed")] if again.changed or again.dropped or again.unfit else []
    if again.dropped:
        lines.append(t("reopen_dropped", fields=", ".join(again.dropped)))
    if again.unfit:
        lines.append(t("reopen_unfit", fields=", ".join(again.unfit)))
    return lines
