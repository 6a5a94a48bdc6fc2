"""The editor's own styles and its script (`assets/editor.js`: the leave guard, names for the code
editors' textboxes; see `browser.py`). Added once per page: by the `/editor` page, or by the chat page
when it builds (the editor opens there in a dialog)."""

from __future__ import annotations

from nicegui import ui

from vance_ui.web.editor.browser import add_script
from vance_ui.web.nicegui_compat.code_editor import CodeEditor

EDITOR_CSS = """
.vance-editor-header { flex-wrap: wrap; row-gap: 4px; }
.vance-editor-main { display: grid; grid-template-columns: minmax(0, 1.15fr) minmax(0, 0.85fr); gap: 0;
  min-height: calc(100vh - 64px); }
.vance-editor-pane { padding: 16px 20px 32px; min-width: 0; }
.vance-editor-preview { padding: 16px 20px 32px; background: #f9fafb; border-left: 1px solid var(--v-border, #e5e7eb);
  min-width: 0; flex-wrap: nowrap; position: sticky; top: 57px; align-self: start; max-height: calc(100vh - 57px);
  overflow-y: auto; }
.vance-editor-title { font-weight: 650; font-size: 1.05rem; overflow-wrap: anywhere; }
.vance-editor-name { min-width: 10rem; }
.vance-editor-field { padding: 12px; }
.vance-editor-items { padding-left: 12px; border-left: 3px solid #e0e7ff; }
.vance-editor-status { font-size: 0.85rem; color: #166534; }
.vance-editor-status-bad { color: #991b1b; }
.vance-editor-problems { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.8rem; }
.vance-editor-problem { color: #991b1b; background: #fef2f2; padding: 2px 6px; border-radius: 4px; width: 100%; }
.vance-yaml-editor, .vance-template-editor { border: 1px solid var(--v-border, #d1d5db); border-radius: 6px; }
.vance-yaml-editor { min-height: 360px; }
.vance-yaml-editor .cm-editor { min-height: 360px; }
.vance-template-editor .cm-editor { min-height: 96px; max-height: 320px; }
.vance-template-editor { height: auto; }
.vance-problem-line { background: #fee2e2; }
/* the basicLight theme's token colours (orange on grey) fall below 4.5:1: every token in a dark ink */
.vance-editor-main .cm-line span { color: #1f2937 !important; }
.vance-editor-main .cm-gutters { color: #4b5563; }
.vance-diff { white-space: pre-wrap; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.78rem;
  max-height: 40vh; overflow: auto; background: #f9fafb; padding: 8px; border-radius: 6px; }
.vance-editor-sheet { width: 100%; height: 100%; max-height: 100vh; overflow-y: auto; border-radius: 0; padding: 0;
  gap: 0; flex-wrap: nowrap; }
.vance-editor-topbar { position: sticky; top: 0; z-index: 5; background: #fff; padding: 8px 12px;
  flex-wrap: wrap; row-gap: 4px; border-bottom: 1px solid var(--v-border, #e5e7eb); }
.vance-editor-sheet .vance-editor-main { min-height: calc(100vh - 57px); }
.vance-editor-title:focus { outline: none; }
.vance-editor-title:focus-visible { outline: 2px solid #4f46e5; outline-offset: 2px; }
.vance-editor-dialog { min-width: min(560px, 92vw); max-width: 92vw; }
.vance-history-dialog { width: min(820px, 96vw); }
.vance-history-chosen { background: #e0e7ff; font-weight: 600; }
@media (max-width: 900px) {
  .vance-editor-main { display: block; }
  .vance-editor-pane, .vance-editor-preview { padding: 12px; border-left: none; position: static; max-height: none; }
  .vance-editor-pane .q-field { min-width: 0; }
  .vance-editor-pane .w-64, .vance-editor-pane .w-56, .vance-editor-pane .w-48,
  .vance-editor-pane .w-40 { width: 100%; }
}
"""


def add_editor_assets() -> None:
    """The styles and the script, once per page (call it while the page builds)."""
    ui.add_css(EDITOR_CSS)
    add_script()


def preload_editor_assets() -> None:
    """A hidden, never-shown CodeMirror, so its JS (loaded on the first `CodeEditor` in a page,
    ~400 ms here) is in the browser before the first Edit. The chat page calls it once it is idle."""
    with ui.element("div").classes("hidden").props("aria-hidden=true"):
        CodeEditor("", language="YAML").mark("codemirror-preload")
