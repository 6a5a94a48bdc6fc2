"""The editor's JavaScript lives in assets/editor.js as named functions (`window.vanceEditor`);
Python calls them by name with JSON arguments (vance_ui/web/editor/browser.py). These checks catch a
name that is called but not defined, and JavaScript creeping back into the editor's Python."""

from __future__ import annotations

import re

import pytest

from tests.support.paths import REPO
from vance_ui.web.editor import browser

EDITOR_JS = (REPO / "assets" / "editor.js").read_text(encoding="utf-8")
EDITOR_PACKAGE = REPO / "vance_ui" / "web" / "editor"


def _defined(name: str) -> bool:
    """A member of the object `vanceEditor` is built from: a method, or a function named in it."""
    returned = EDITOR_JS[EDITOR_JS.index("  return {"):]
    return re.search(rf"\n    {name}(\(|,)", returned) is not None


def _handlers() -> set[str]:
    """The functions the key handlers given to NiceGUI (`js_handler`) call."""
    return {re.findall(r"vanceEditor\.(\w+)\(", js)[0] for js in (browser.ESCAPE_PRESSED, browser.ESCAPE_RELEASED)}


def _called() -> set[str]:
    names: set[str] = set()
    for path in EDITOR_PACKAGE.glob("*.py"):
        names.update(re.findall(r'\bcall\(\s*"(\w+)"', path.read_text(encoding="utf-8")))
    return names


def test_the_script_is_where_the_pages_load_it_from() -> None:
    assert browser.SCRIPT_URL == "/assets/editor.js"  # app.py serves assets/ at /assets


@pytest.mark.parametrize("name", sorted(_called() | _handlers()))
def test_every_function_the_editor_calls_is_defined(name: str) -> None:
    assert _defined(name), f"assets/editor.js defines no vanceEditor.{name}"


def test_the_calls_include_the_leave_guard_s_and_the_key_handlers_name_theirs() -> None:
    assert {"setDirty", "focusWhenMounted", "refocus", "painted", "replaceUrl"} <= _called()
    assert _handlers() == {"escapePressed", "escapeReleased"}
    assert "emit" in browser.ESCAPE_RELEASED  # the release is what reaches the server


def test_only_browser_py_runs_javascript_and_only_set_dirty_writes_the_flag() -> None:
    for path in EDITOR_PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        if path.name != "browser.py":
            assert "run_javascript" not in text, f"{path.name} runs JavaScript of its own"
        assert "vanceEditorDirty" not in text, f"{path.name} writes the leave guard's flag"
    assert EDITOR_JS.count("window.vanceEditorDirty = ") == 1  # in `setDirty`
    assert re.search(r"const setDirty = \(dirty\) => \{\s*window\.vanceEditorDirty = ", EDITOR_JS)
