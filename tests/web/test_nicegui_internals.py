"""What assets/submit.js relies on in NiceGUI's browser code, read from the installed NiceGUI.

If one of these fails after a NiceGUI upgrade, submit.js (and docs/nicegui-upgrade.md) must be
looked at before anything else: without them a submit may wait forever or lose the typed text,
and only the browser tests (tests/e2e/test_early_input.py) would show it.
"""

from __future__ import annotations

import re
from pathlib import Path

import nicegui
import pytest
from nicegui import ui

from tests.support.paths import REPO

NICEGUI_JS = (Path(nicegui.__file__).parent / "static" / "nicegui.js").read_text(encoding="utf-8")
SUBMIT_JS = (REPO / "assets" / "submit.js").read_text(encoding="utf-8")


def between(text: str, start: str, end: str) -> str:
    """The part of `text` from `start` to the next `end` (what one function holds)."""
    first = text.index(start)
    return text[first:text.index(end, first)]


def test_held_events_wait_for_did_handshake_on_a_10_ms_timer() -> None:
    emit = between(NICEGUI_JS, "const delayed_emitter", "};")
    assert re.search(r"if \(window\.did_handshake\) emitter\(\);\s*else setTimeout\(delayed_emitter, 10\);", emit), \
        "events are no longer held on a 10 ms retry of did_handshake: submit.js waits 20 ms after the handshake"


def test_did_handshake_is_false_from_the_socket_on_and_true_after_the_handshake() -> None:
    mounted = between(NICEGUI_JS, "window.socket = io(", "connect_error:")
    assert "window.did_handshake = false;" in mounted
    assert "window.did_handshake = true;" in between(NICEGUI_JS, "function finishHandshake", "connect_error:")


def test_get_html_element_finds_the_c_id_of_an_element() -> None:
    helper = between(NICEGUI_JS, "function getHtmlElement(id)", "\n}")
    assert 'startsWith("c")' in helper and '"c" + id_as_a_string' in helper
    assert "document.getElementById(id_as_a_string)" in helper
    rendered = between(NICEGUI_JS, "function renderRecursively", "element.events.forEach")
    assert re.search(r'id: "c" \+ id,', rendered), "elements no longer carry the DOM id c<id>"


def test_a_js_handler_runs_where_emit_is_defined() -> None:
    events = between(NICEGUI_JS, "element.events.forEach", "handler = Vue.withModifiers")
    assert "const emit = (...args) =>" in events
    assert "handler = eval(event.js_handler);" in events


@pytest.mark.parametrize("name", ["vanceSubmitFields", "vanceSubmitForm"])
def test_the_handlers_submit_py_names_exist(name: str) -> None:
    from vance_ui.web.nicegui_compat import submit

    assert f"function {name}(emit, " in SUBMIT_JS
    assert name in submit._FIELDS_HANDLER + submit._FORM_HANDLER


def test_the_icon_font_to_preload_is_nicegui_s_material_icons_font() -> None:
    """nicegui_compat/icon_font.py reads NiceGUI's fonts.css: the page must ask for the very file
    NiceGUI serves."""
    from nicegui import app

    from vance_ui.web.nicegui_compat import icon_font

    url = icon_font.icon_font_url()
    assert url is not None, "fonts.css has no Material Icons face the regex finds: the page lost its preload"
    prefix = f"/_nicegui/{nicegui.__version__}/static/"
    assert url.startswith(prefix) and (Path(nicegui.__file__).parent / "static" / url[len(prefix):]).is_file()
    assert any(getattr(route, "path", None) == prefix.rstrip("/") for route in app.routes), \
        "NiceGUI no longer serves its static files there"
    template = (Path(nicegui.__file__).parent / "templates" / "index.html").read_text(encoding="utf-8")
    assert "/static/fonts.css" in template, "NiceGUI's pages no longer load fonts.css"


def test_fast_paths_say_when_nicegui_s_middlewares_changed(monkeypatch: pytest.MonkeyPatch,
                                                           caplog: pytest.LogCaptureFixture) -> None:
    from nicegui import app
    from nicegui.middlewares import SetCacheControlMiddleware
    from starlette.middleware import Middleware

    from vance_ui.web.nicegui_compat.fast_paths import PAGE_ONLY, install_fast_paths

    monkeypatch.setattr(app, "user_middleware", [Middleware(SetCacheControlMiddleware)])
    monkeypatch.setattr(app, "middleware_stack", None)
    assert install_fast_paths() == set(PAGE_ONLY)
    assert "NiceGUI's middlewares changed" in caplog.text


CODEMIRROR_JS = (Path(nicegui.__file__).parent / "elements" / "codemirror" / "codemirror.js").read_text("utf-8")


def test_the_codemirror_component_keeps_its_view_as_editor() -> None:
    """`CodeEditor.cursor()` and `insert()` (vance_ui/web/nicegui_compat/code_editor.py, methods of
    assets/code_editor.js) read the cursor from, and insert a key through, the base component's
    CodeMirror view `this.editor`, awaiting `this.editorPromise` until it exists: the wizard editor's
    completion (vance_ui/web/editor/yaml_view.py)."""
    assert re.search(r"this\.editor = new CM\.EditorView\(", CODEMIRROR_JS), \
        "ui.codemirror no longer keeps its EditorView as `editor`: code_editor.js's cursor() and insert()"
    assert "editorPromise: new Promise(" in CODEMIRROR_JS and "this.resolveEditor(this.editor);" in CODEMIRROR_JS
    assert "this.editor.state.doc" in CODEMIRROR_JS and "this.editor.dispatch(" in CODEMIRROR_JS
    own = (REPO / "assets" / "code_editor.js").read_text("utf-8")
    for method in ("async cursor() {", "async insert(at, text) {"):
        body = own[own.index(method):]
        body = body[:body.index("\n    },")]
        assert "if (!this.editor) await this.editorPromise;" in body and "this.editor." in body


INPUT_JS = (Path(nicegui.__file__).parent / "elements" / "input.js").read_text("utf-8")


def test_an_update_calls_the_element_s_update_method_once_applied() -> None:
    """vance_ui/web/nicegui_compat/value_sync.py: the chat input's `_update_method` goes out with each of its
    updates, and the browser calls it in the same message, after the new props are applied."""
    import inspect

    from nicegui.element import Element

    assert "'update_method': self._update_method" in inspect.getsource(Element._to_dict), \
        "an element's update no longer carries its _update_method: value_sync.py does nothing"
    update = between(NICEGUI_JS, "update: async (msg) => {", "run_javascript:")
    applied = update.index("this.elements[id] = element;")
    waited = update.index("await this.$nextTick();", applied)
    assert waited < update.index("getElement(id)?.[element.update_method]();", waited), \
        "nicegui.js no longer calls an element's update_method once its update is applied"


def test_the_input_component_s_update_value_copies_the_value_prop_into_the_field() -> None:
    from vance_ui.web.nicegui_compat.value_sync import UPDATE_METHOD

    assert re.search(rf"{UPDATE_METHOD}\(\) \{{\s*this\.inputValue = this\.value;\s*\}}", INPUT_JS), \
        "input.js's updateValue() changed: value_sync.py must be looked at"
    assert 'v-model="inputValue"' in INPUT_JS
    source = (Path(nicegui.__file__).parent / "elements" / "input.py").read_text("utf-8")
    assert f"self.run_method('{UPDATE_METHOD}')" in source, \
        "NiceGUI no longer calls updateValue after a value change: is the prop alone enough now?"


def test_the_input_s_value_change_adds_only_its_own_update_value_call() -> None:
    """value_sync.py runs ValidationElement's value change for the chat input instead of Input's:
    that drops nothing but the separate updateValue() call."""
    import inspect

    from nicegui.elements.input import Input
    from nicegui.elements.mixins.validation_element import ValidationElement

    from vance_ui.web.nicegui_compat.value_sync import UPDATE_METHOD

    body = [line.strip() for line in inspect.getsource(Input._handle_value_change).splitlines()[1:] if line.strip()]
    assert body == ["super()._handle_value_change(value)", "if self._send_update_on_value_change:",
                    f"self.run_method('{UPDATE_METHOD}')"], body
    assert next(c for c in Input.__mro__[1:] if "_handle_value_change" in c.__dict__) is ValidationElement


def test_codemirror_applies_the_value_prop_from_its_update_method_through_set_editor_value() -> None:
    """vance_ui/web/nicegui_compat/code_editor.py (assets/code_editor.js) keeps an older text out
    of the browser by overriding `setEditorValue`, which the update method calls with the prop."""
    import inspect

    from nicegui.elements.mixins.value_element import ValueElement

    from vance_ui.web.nicegui_compat.code_editor import NICEGUI_COMPONENT

    assert NICEGUI_COMPONENT.read_text("utf-8") == CODEMIRROR_JS
    assert re.search(r"setEditorValueFromProps\(\) \{\s*this\.setEditorValue\(this\.value\);", CODEMIRROR_JS), \
        "ui.codemirror's update method no longer applies the value through setEditorValue: code_editor.js"
    assert re.search(r"\n    setEditorValue\(value\) \{", CODEMIRROR_JS)
    assert re.search(r"\n  async mounted\(\) \{", CODEMIRROR_JS) and "doc: this.value," in CODEMIRROR_JS
    assert "self._update_method = 'setEditorValueFromProps'" in inspect.getsource(ui.codemirror.__init__)
    assert ui.codemirror.LOOPBACK is None  # a change from the browser sends no update back
    handler = inspect.getsource(ValueElement._handle_value_change)
    assert "if self._send_update_on_value_change:" in handler and "self.update()" in handler, \
        "a value set by the server no longer sends an update: code_editor.py counts those"
    assert "self._send_update_on_value_change = self.LOOPBACK is True" in inspect.getsource(ValueElement.__init__)


def test_a_code_editor_counts_the_texts_the_server_sets() -> None:
    from nicegui import Client
    from nicegui.page import page

    from vance_ui.web.nicegui_compat.code_editor import SERIAL_PROP, CodeEditor

    client = Client(page("/code-editor-probe"))  # a page's client of its own, whatever ran before
    try:
        with client:
            editor = CodeEditor("one")
        first = editor.props[SERIAL_PROP]
        editor.set_value("two")
        assert editor.props[SERIAL_PROP] == first + 1
        editor._send_update_on_value_change = False  # as NiceGUI does for a change from the browser
        editor.set_value("three")
        assert editor.props[SERIAL_PROP] == first + 1
    finally:
        client.delete()


def test_the_page_language_is_read_from_the_client_s_page_object_when_it_renders() -> None:
    """vance_ui/web/nicegui_compat/page_language.py gives each visitor a copy of the route's page
    object with its language: that works while the render reads `self.page.resolve_language()`."""
    import inspect

    from nicegui import Client
    from nicegui.page import page

    assert "html_lang = self.page.resolve_language()" in inspect.getsource(Client), \
        "NiceGUI no longer takes <html lang> from client.page: page_language.py must be looked at"
    assert "self.language = language" in inspect.getsource(page.__init__)
