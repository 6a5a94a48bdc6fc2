"""Submit actions that carry the text the browser shows, not the text the server last heard.

Until a page's websocket handshake is done, NiceGUI holds back each browser event on a 10 ms timer
of its own (nicegui.js `delayed_emitter`), so the events of someone who types right after the page
loads (an autofocused field, a password manager, a deep-linked wizard) can reach the server out of
order: the Enter before the keystrokes that came first, an older value after a newer one. A
message would go out without its last letters, a login would try half the password, and a
held-back keystroke arriving after the send would put old text back into the emptied input. A
submit therefore reads its text fields' values in the browser and brings them along; they are set
on the server before the action runs. Pressed before the handshake or less than 20 ms after it
(also a reconnect), it waits until every event held back with it has left. The browser's part is
assets/submit.js; what it relies on in NiceGUI is checked by tests/web/test_nicegui_internals.py and
listed in docs/nicegui-upgrade.md.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from nicegui import ui
from nicegui.element import Element
from nicegui.events import GenericEventArguments

# The browser side is assets/submit.js (loaded by theme.apply_theme). Its functions are called from
# the `js_handler`, where NiceGUI provides `emit`; without the script the event goes out as it
# would without this module (the server's values stand).
_FIELDS_HANDLER = "() => (window.vanceSubmitFields ?? ((emit) => emit()))(emit, {ids})"
_FORM_HANDLER = "() => (window.vanceSubmitForm ?? ((emit) => emit()))(emit, {form_id})"


def on_submit(trigger: Element, event: str, fields: Sequence[ui.input],
              action: Callable[[], Awaitable[None] | None], *, accepts: Callable[[], bool] | None = None) -> None:
    """Run `action` on `event` of `trigger` once `fields` hold what the browser showed then.

    `accepts`: whether the action would run now; if not, the fields keep their values (a second
    Enter while the first message is sent must not put its text back into the emptied input)."""
    by_id = {field.id: field for field in fields}
    _listen(trigger, event, _FIELDS_HANDLER.format(ids=sorted(by_id)), by_id.get, action, accepts)


def on_form_submit(trigger: Element, event: str, form: Element, action: Callable[[], Awaitable[None] | None]) -> None:
    """The same for every text input inside `form`, as many as it has at that moment (repeats)."""
    def field(element_id: int) -> ui.input | None:
        element = form.client.elements.get(element_id)
        if isinstance(element, ui.input) and any(a is form for a in element.ancestors()):
            return element
        return None

    _listen(trigger, event, _FORM_HANDLER.format(form_id=form.id), field, action)


def _listen(trigger: Element, event: str, read_values: str, field: Callable[[int], ui.input | None],
            action: Callable[[], Awaitable[None] | None], accepts: Callable[[], bool] | None = None) -> None:
    def submit(event: GenericEventArguments) -> Awaitable[None] | None:
        if accepts is not None and not accepts():
            return None
        values = event.args  # NiceGUI's simulated `User` sends none: the server's values stand
        if isinstance(values, dict):
            for key, value in values.items():
                target = field(int(key)) if isinstance(key, str) and key.isdigit() and len(key) < 12 else None
                # what the user could not type into (hidden, disabled, read-only) is not set either
                if target is not None and isinstance(value, str) and not target.is_ignoring_events \
                        and not target.props.get("readonly"):
                    target.value = value
        return action()  # NiceGUI awaits a coroutine; a plain action has run when the click returns

    trigger.on(event, submit, js_handler=read_values)
