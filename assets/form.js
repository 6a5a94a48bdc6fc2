// The wizard form's browser side (vance_ui/web/form/), loaded on every page by
// vance_ui/web/shell/theme.py. The server names these functions in a prop or a call and passes the
// data as JSON arguments; nothing here is assembled from Python strings.

// A date picker's `options` (QDate): the days from `lowest` to `highest`, both "YYYY/MM/DD" (QDate's
// own format, which compares as text), are offered; the others are shown but cannot be picked.
function vanceDaysWithin(lowest, highest) {
  return (day) => day >= lowest && day <= highest;
}

// What takes a field's value: text inputs, a select's combobox, checkboxes (Quasar's own, role=checkbox).
const VANCE_CONTROLS = "input:not([type=hidden]):not([tabindex='-1']), textarea, [role=checkbox]";

// Whether the element is laid out (not in a hidden page, a hidden field or a closed dialog).
function vanceShown(element) {
  return element.getClientRects().length > 0 && !element.closest(".hidden");
}

// The first control inside `container` a user can type into or tick, or null.
function vanceFirstControl(container) {
  return [...container.querySelectorAll(VANCE_CONTROLS)]
    .find((control) => vanceShown(control) && !control.disabled && control.getAttribute("aria-disabled") !== "true")
    ?? null;
}

// Focus `control` and bring it into the middle of whatever scrolls around it (the form pane, or the
// dialog body on a phone): a field at the pane's edge would sit under the status line. Quasar's own
// focus() does not scroll (preventScroll), which is why a refused field could stay out of sight.
function vanceFocusControl(control) {
  control.focus({ preventScroll: true });
  control.scrollIntoView({ block: "center", inline: "nearest" });
}

// The top of the form (`paneId`: the form pane's DOM id) in view, after another page or a reset.
// `focus`: "field" puts the focus on the first field of the page it shows, "keyboard" does so except
// on a touch screen (opening a form: there the on-screen keyboard would cover the form before it
// was seen) and except when the user is in a field already (one clicked during the opening's
// animation keeps the focus and what is typed), "none" leaves the focus where it is (Reset: on its
// button, next to its Undo).
function vanceFormTop(paneId, focus) {
  requestAnimationFrame(() => {
    const pane = document.getElementById(paneId);
    if (!pane) return;
    if (focus === "keyboard" && pane.contains(document.activeElement)) return;
    const scroller = vanceScroller(pane);
    if (scroller) scroller.scrollBy({ top: pane.getBoundingClientRect().top - scroller.getBoundingClientRect().top });
    if (focus === "none" || (focus === "keyboard" && window.matchMedia("(pointer: coarse)").matches)) return;
    const control = vanceFirstControl(pane);
    if (!control) return;
    control.focus({ preventScroll: true });
    control.scrollIntoView({ block: "nearest", inline: "nearest" });
  });
}

// The field whose box has the DOM id `fieldId` (an error's link, a refused form).
function vanceFocusField(fieldId) {
  requestAnimationFrame(() => {
    const box = document.getElementById(fieldId);
    const control = box && (vanceFirstControl(box) ?? box.querySelector("button:not([disabled])"));
    if (control) vanceFocusControl(control);
  });
}

// Fields a condition has just shown (`fieldIds`): each is marked for a moment (vance.css
// `.vance-revealed`), and the first one is scrolled into view when it lies below what the form
// shows, as far as that keeps the field being typed in visible.
function vanceReveal(fieldIds) {
  requestAnimationFrame(() => {
    const boxes = fieldIds.map((id) => document.getElementById(id)).filter((box) => box && vanceShown(box));
    for (const box of boxes) {
      box.classList.remove("vance-revealed");
      void box.offsetWidth; // restart the animation
      box.classList.add("vance-revealed");
      box.addEventListener("animationend", () => box.classList.remove("vance-revealed"), { once: true });
    }
    const first = boxes[0];
    const scroller = first && vanceScroller(first);
    if (!scroller) return;
    const view = scroller.getBoundingClientRect();
    const below = first.getBoundingClientRect().bottom - view.bottom;
    if (below <= 0) return;
    const active = document.activeElement;
    const keep = active && scroller.contains(active) ? active.getBoundingClientRect().top - view.top : Infinity;
    const by = Math.min(below + 16, Math.max(0, keep - 8));
    if (by > 0) scroller.scrollBy({ top: by });
  });
}

// The nearest ancestor of `element` that scrolls vertically.
function vanceScroller(element) {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if ((overflow === "auto" || overflow === "scroll") && node.scrollHeight > node.clientHeight) return node;
  }
  return null;
}

// A link in the form's status line to a field (`a.vance-field-link`, href "#<field id>"): the
// browser would only jump to the box; this focuses its control as well. The server is told too
// (the link's own click listener) when the field is on another page.
document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("a.vance-field-link") : null;
  if (!link) return;
  event.preventDefault();
  const box = document.getElementById(link.getAttribute("href").slice(1));
  if (box && vanceShown(box)) vanceFocusField(box.id);
});

// Answers once the browser has painted what it got before: a long form's first screen (dialog.py
// builds the rest after it).
function vanceFormPainted() {
  return new Promise((done) => requestAnimationFrame(() => setTimeout(() => done(true))));
}
