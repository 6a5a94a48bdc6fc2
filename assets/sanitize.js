// Model output reaches the page through NiceGUI's setHTML: DOMPurify with its default profile,
// which keeps <style> (a reply could restyle or blank the page) and forms. The server renders
// model text with raw HTML off (vance_ui/web/chat/markdown.py), so none should arrive; should one ever
// slip through (markdown2, used before, let some through), the browser refuses these tags too.
// A module script in the head runs before NiceGUI's own, which sanitizes everything after it.
// Relies on NiceGUI's import map naming its DOMPurify "dompurify" (one module instance, so this
// config is the one its setHTML uses): tests/reliability/test_xss_browser.py checks it in the page.
import DOMPurify from "dompurify";

DOMPurify.setConfig({
  FORBID_TAGS: ["style", "form", "button", "input", "textarea", "select", "option", "dialog"],
});
