// Model output reaches the page through NiceGUI's setHTML: DOMPurify with its default profile,
// which keeps <style> (a reply could restyle or blank the page) and forms. The server renders
// model text with markdown2's safe mode, which escapes raw HTML, but not always (backticks of a
// code span that straddle blocks let a tag through), so the browser refuses these tags as well.
// A module script in the head runs before NiceGUI's own, which sanitizes everything after it.
import DOMPurify from "dompurify";

DOMPurify.setConfig({
  FORBID_TAGS: ["style", "form", "button", "input", "textarea", "select", "option", "dialog"],
});
