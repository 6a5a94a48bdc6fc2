"""`CodeEditor`: `ui.codemirror` whose text in the browser changes only when the server sets one, and
which tells where its cursor is and inserts text there (`cursor()`, `insert(at, text)`).

Relies on: `ui.codemirror`'s component calling `setEditorValue(this.value)` from its update method
(`setEditorValueFromProps`) after every update of the element, and `ValueElement` sending an update
from `_handle_value_change` exactly when the server (not the browser) changed the value
(`_send_update_on_value_change`). Buys: fast typing stays exactly as typed. Without it, any update
of the element (the YAML view's problem marks after each check) sent the server's copy of the text,
which trails the browser's by the keystrokes in flight, and the browser put that older text back.
The component (`assets/code_editor.js`) extends NiceGUI's and applies a value only when the
`value-serial` prop moved. Guarded by tests/web/test_nicegui_internals.py and
tests/e2e/test_editor_typing_browser.py.

`cursor()` and `insert()` rely on the component keeping its CodeMirror `EditorView` as `this.editor`
(and `this.editorPromise` resolving once it exists); they buy the wizard editor's completion (the
keys allowed at the cursor, one inserted there) without JavaScript written in Python. Guarded by
tests/web/test_nicegui_internals.py and tests/e2e/test_editor_browser.py (completion).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from nicegui import ui
from nicegui.elements.codemirror import codemirror as nicegui_codemirror

from vance_ui.settings import PACKAGE_ROOT

NICEGUI_COMPONENT = Path(nicegui_codemirror.__file__).with_name("codemirror.js")
SERIAL_PROP = "value-serial"


class CodeEditor(ui.codemirror, component=PACKAGE_ROOT.parent / "assets" / "code_editor.js",
                 dependencies=[NICEGUI_COMPONENT]):

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._props.setdefault(SERIAL_PROP, 0)

    def _handle_value_change(self, value: Any) -> None:
        if self._send_update_on_value_change:  # the server set it: the browser takes this text
            with self._props.suspend_updates():
                self._props[SERIAL_PROP] = int(self._props.get(SERIAL_PROP, 0)) + 1
        super()._handle_value_change(value)

    async def cursor(self) -> int | None:
        """Where the cursor is, in CodeMirror's UTF-16 code units (None: no browser answered)."""
        head = await self.run_method("cursor")
        return int(head) if isinstance(head, (int, float)) else None

    def insert(self, at: int, text: str) -> None:
        """`text` inserted at `at` (UTF-16 code units), the cursor after it, the focus in the editor."""
        self.run_method("insert", at, text)
