"""Submit actions that carry the text the browser shows, not the text the server last heard.

Until a page's websocket handshake is done, NiceGUI holds back each browser event on a 10 ms timer
of its own (nicegui.js `delayed_emitter`), so the events of someone who types right after the page
loads (an autofocused field, a password manager) can reach the server out of order: the Enter
before the keystrokes that came first, an older value after a newer one. A message would go out
without its last letters, a login would try half the password, and a held-back keystroke arriving
after the send would put old text back into the emptied input. A submit therefore reads its fields'
values in the browser and brings them along; they are set on the server before the action runs.
Before the handshake it also waits until every event held back with it has left.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from nicegui.element import Element
from nicegui.elements.mixins.value_element import ValueElement
from nicegui.events import GenericEventArguments

# NiceGUI retries a held-back event every 10 ms until the handshake; two ticks after it, all are out.
READ_AND_EMIT = """() => {
  const values = [IDS].map(id => document.getElementById(id)?.value ?? null);
  if (window.did_handshake) return emit(values);
  const wait = () => window.did_handshake ? setTimeout(() => emit(values), 20) : setTimeout(wait, 10);
  wait();
}"""


def on_submit(trigger: Element, event: str, fields: Sequence[ValueElement[Any]],
              action: Callable[[], Awaitable[None]]) -> None:
    """Run `action` on `event` of `trigger` once `fields` hold what the browser showed at that moment.

    NiceGUI renders an input's native control with the id `c<element id>`. Without browser values
    (NiceGUI's simulated `User` sends none) the server's values are used as they are."""
    ids = ", ".join(f'"c{field.id}"' for field in fields)
    read_values = READ_AND_EMIT.replace("IDS", ids)

    async def submit(event: GenericEventArguments) -> None:
        values = event.args
        if isinstance(values, list) and len(values) == len(fields):
            for field, value in zip(fields, values, strict=True):
                if isinstance(value, str):
                    field.value = value
        await action()

    trigger.on(event, submit, js_handler=read_values)
