// The wizard editor's browser side (vance_ui/web/editor/browser.py calls these functions by name,
// with JSON arguments). Loaded by the pages that host the editor: the `/editor` page and the chat
// page, where the editor opens in a dialog (vance_ui/web/editor/style.py, `add_editor_assets`).
// Relies on: NiceGUI rendering an element with the DOM id "c" + its id; CodeMirror's DOM classes
// `cm-content` (its textbox) and `cm-scroller`.
window.vanceEditor = (() => {
  // The leave guard: with unsaved edits the browser asks before the tab closes or navigates away
  // (in-app navigation asks with the editor's own dialog). `setDirty` is the flag's one writer;
  // the browser tests wait for `window.vanceEditorDirty`.
  const setDirty = (dirty) => {
    window.vanceEditorDirty = dirty === true;
  };
  setDirty(false);
  let escapeFree = false; // the last Escape press inside the editor was not used by what had focus
  window.addEventListener("beforeunload", (event) => {
    if (window.vanceEditorDirty) {
      event.preventDefault();
      event.returnValue = "";
    }
  });

  // CodeMirror's content node is the textbox: it takes its name from its wrapper's data-editor-label
  // (the YAML view, the template editors); a long file scrolls, so keyboards must reach the scroller.
  const nameEditors = () => {
    for (const wrapper of document.querySelectorAll("[data-editor-label]")) {
      const box = wrapper.querySelector(".cm-content");
      if (box && box.getAttribute("aria-label") !== wrapper.dataset.editorLabel) {
        box.setAttribute("aria-label", wrapper.dataset.editorLabel);
      }
      const scroller = wrapper.querySelector(".cm-scroller");
      if (scroller && scroller.tabIndex !== 0) scroller.tabIndex = 0;
    }
  };
  const watch = () => {
    nameEditors();
    new MutationObserver(nameEditors).observe(document.body, { childList: true, subtree: true });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch);
  else watch();

  // Ctrl+S (Cmd+S) saves while an editor is open: a click on its Save button (`.vance-editor-save`),
  // so a save goes the one way a click goes; a disabled button takes no click.
  document.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && (event.key === "s" || event.key === "S")) {
      const save = document.querySelector(".vance-editor-save");
      if (!save) return;
      event.preventDefault();
      save.click();
    }
  });

  // In the prompt of "New wizard from a prompt" (`.vance-prompt-source`), Ctrl+Shift+Enter makes the
  // selected part a field: a click on its Make a field button (`.vance-make-field`).
  document.addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || !event.shiftKey || event.key !== "Enter") return;
    if (!event.target.closest || !event.target.closest(".vance-prompt-source")) return;
    const make = document.querySelector(".vance-make-field");
    if (!make) return;
    event.preventDefault();
    make.click();
  });

  const FOCUSABLE = "input, textarea, [contenteditable=true], button, [tabindex]:not([tabindex='-1'])";

  // The element with NiceGUI id `id` focused once it is in the page: a new element is mounted a
  // frame after its update arrives (tried for at most `frames` frames).
  const focusWhenMounted = (id, frames = 30) => {
    const element = document.getElementById("c" + id);
    if (element) element.focus();
    else if (frames > 0) requestAnimationFrame(() => focusWhenMounted(id, frames - 1));
  };

  return {
    setDirty,

    focusWhenMounted,

    // The part of the form with NiceGUI id `id` scrolled into view, and its first control focused
    // (the part itself when it has none): where a problem in the list is, or a section's start.
    reveal(id) {
      const box = document.getElementById("c" + id);
      if (!box) return;
      box.scrollIntoView({ block: "center" });
      const control = box.matches(FOCUSABLE) ? box : box.querySelector(FOCUSABLE);
      if (control) control.focus({ preventScroll: true });
    },

    // After the editor's dialog closed: the focus back on its opener. The Wizards tab may have been
    // rebuilt meanwhile (a save): then the same wizard's actions button, else nothing.
    refocus(openerId, wizard) {
      let target = document.getElementById("c" + openerId);
      if (!target && wizard) {
        const entry = document.querySelector(`.vance-wizard-entry[data-wizard="${CSS.escape(wizard)}"]`);
        target = entry && entry.parentElement.querySelector(".vance-wizard-actions");
      }
      if (target) target.focus();
    },

    // The page's URL, without a page load (the `/editor` page once a new wizard is saved).
    replaceUrl(url) {
      history.replaceState(null, "", url);
    },

    // The selection in the textarea inside the element with NiceGUI id `id`, as [start, end] counted
    // in characters (code points, as the server counts them: an emoji is one, not two UTF-16 units).
    promptSelection(id) {
      const box = document.getElementById("c" + id);
      const area = box && (box.matches("textarea") ? box : box.querySelector("textarea"));
      if (!area) return [0, 0];
      const count = (end) => Array.from(area.value.slice(0, end)).length;
      return [count(area.selectionStart), count(area.selectionEnd)];
    },

    // Answers once the browser has painted what it got before (the first screen of the form).
    painted() {
      return new Promise((done) => requestAnimationFrame(() => setTimeout(() => done(true))));
    },

    // Escape leaves the editor when it is released, as Quasar's own dialogs act on the release:
    // acting on the press, the question it may open would take the release as its own Escape and
    // close at once. Only a press nothing inside used counts (a select closing its list, CodeMirror
    // its completion), and a held key's repeats are one press. `emit` is NiceGUI's, given to a
    // js_handler.
    escapePressed(event) {
      if (!event.repeat) escapeFree = !event.defaultPrevented;
    },
    escapeReleased(event, emit) {
      if (!escapeFree) return;
      escapeFree = false;
      emit();
    },
  };
})();
