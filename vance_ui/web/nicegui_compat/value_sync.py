"""The chat input takes a value set on the server in the same message as the rest of the update.

NiceGUI sends a text field's new value as its `value` prop and, in a message of its own, a call of
the field's `updateValue()`. The prop alone does not always do: the browser's copy of it is not
updated while the user types, so once the text was changed by hand it still holds the last value
the server sent, and setting that same value again changes nothing Vue can see. Then only the
second message puts the text in, and the browser handles it after all the work the first one
caused: after "Use prompt" that is the wizard dialog closing (its restyles and layouts), so the
prompt would appear tens of milliseconds later whenever the same prompt had been in the input
before (a used prompt is kept per chat).

`follow_value_updates` makes NiceGUI call `updateValue()` right after applying each update of the
field, in the same message (the `submit until the chat input holds the prompt` bench figure; the
current A/B in docs/nicegui-upgrade.md). Only for a field whose updates are value changes (the chat
input): every update copies the server's value into the field, as NiceGUI's own later call does for
a value change. That own call is dropped for the field: arriving after the user had begun to type
again (a new chat's empty input, then typing at once on a loaded machine), it put the server's
older text back over the first letters.

Relies on NiceGUI 3.18 internals (tests/web/test_nicegui_internals.py, docs/nicegui-upgrade.md):
an element's `_update_method` goes out with each of its updates and nicegui.js calls that method
of the component once the update is applied; the input component's `updateValue()` copies the
`value` prop into the field; `Input._handle_value_change` adds only that own call to
`ValidationElement._handle_value_change`, which the field now runs instead.
"""

from __future__ import annotations

from types import MethodType

from nicegui import ui
from nicegui.elements.mixins.validation_element import ValidationElement

UPDATE_METHOD = "updateValue"  # nicegui/elements/input.js


def follow_value_updates(field: ui.input) -> ui.input:
    """Every update of `field` also sets the browser's text to the server's value, once (see above)."""
    field._update_method = UPDATE_METHOD
    field._handle_value_change = MethodType(ValidationElement._handle_value_change, field)  # type: ignore[method-assign]
    return field
