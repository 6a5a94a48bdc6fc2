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
  align-items: start; min-height: calc(100vh - 64px); }
.vance-editor-pane { padding: 16px 20px 32px; min-width: 0; }
/* the check and the preview stay in view while the pane scrolls (the page, or the dialog's sheet) */
.vance-editor-aside { position: sticky; top: 57px; height: calc(100vh - 57px); min-width: 0; flex-wrap: nowrap;
  background: #f9fafb; border-left: 1px solid var(--v-border, #e5e7eb); }
.vance-editor-checks { flex: 0 0 auto; max-height: 32%; overflow-y: auto; padding: 12px 20px 8px;
  border-bottom: 1px solid var(--v-border, #e5e7eb); flex-wrap: nowrap; }
.vance-editor-preview { flex: 1 1 auto; min-height: 0; padding: 12px 20px 12px; flex-wrap: nowrap; width: 100%; }
.vance-editor-preview-form { flex: 1 1 auto; min-height: 4rem; overflow-y: auto; flex-wrap: nowrap; padding: 2px; }
.vance-editor-prompt-box { flex: 0 1 auto; max-height: 45%; overflow-y: auto; flex-wrap: nowrap;
  border-top: 1px solid var(--v-border, #e5e7eb); padding-top: 8px; }
.vance-preview-empty { font-style: italic; color: #4b5563; }
.vance-editor-jumps { display: flex; flex-wrap: wrap; gap: 2px 6px; }
.vance-editor-title { font-weight: 650; font-size: 1.05rem; overflow-wrap: anywhere; }
.vance-editor-name { min-width: 10rem; }
.vance-editor-field { padding: 12px; }
.vance-editor-items { padding-left: 12px; border-left: 3px solid #e0e7ff; }
.vance-editor-status { font-size: 0.85rem; color: #166534; }
.vance-editor-status-bad { color: #991b1b; }
.vance-editor-problems { list-style: none; margin: 0; padding: 0; width: 100%; }
.vance-editor-problem { color: #991b1b; background: #fef2f2; font-size: 0.8rem; text-align: left;
  justify-content: flex-start; width: 100%; margin-top: 2px; }
.vance-editor-problem-inline { color: #991b1b; background: #fef2f2; padding: 4px 8px; border-radius: 4px;
  font-size: 0.85rem; width: 100%; }
.vance-yaml-editor, .vance-template-editor { border: 1px solid var(--v-border, #d1d5db); border-radius: 6px; }
.vance-yaml-editor .cm-editor { height: calc(100vh - 230px); min-height: 360px; }
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
.vance-editor-sheet .vance-editor-main { min-height: calc(100vh - 57px); flex: none; }
.vance-editor-title:focus { outline: none; }
.vance-editor-title:focus-visible { outline: 2px solid #4f46e5; outline-offset: 2px; }
.vance-editor-dialog { min-width: min(560px, 92vw); max-width: 92vw; }
.vance-history-dialog { width: min(820px, 96vw); }
.vance-history-chosen { background: #e0e7ff; font-weight: 600; }
@media (max-width: 900px) {
  .vance-editor-main { display: block; }
  .vance-editor-pane { padding: 12px; }
  .vance-editor-aside { position: static; height: auto; border-left: none; border-top: 1px solid #e5e7eb; }
  .vance-editor-checks, .vance-editor-prompt-box { max-height: none; }
  .vance-editor-preview-form { overflow: visible; }
  .vance-editor-pane .q-field { min-width: 0; }
  .vance-editor-pane .w-64, .vance-editor-pane .w-56, .vance-editor-pane .w-48,
  .vance-editor-pane .w-40 { width: 100%; }
  .vance-yaml-editor .cm-editor { height: 60vh; }
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
