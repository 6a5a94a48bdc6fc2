// vance: deep links in model output. The Markdown sanitizer keeps `#vance:...` hrefs only,
// so the server rewrites `](vance:` to `](#vance:`; this one delegated listener hands such
// clicks to Python (`ui.on('vance_link', ...)`). No other link gets special treatment.
document.addEventListener(
  "click",
  (event) => {
    const link = event.target instanceof Element ? event.target.closest("a[href^='#vance:']") : null;
    if (!link) return;
    event.preventDefault();
    event.stopPropagation();
    emitEvent("vance_link", link.getAttribute("href"));
  },
  true,
);

// Streaming answers: keep the growing message (`.vance-streaming`, set by the server until the
// answer is complete) in view while the user is at the bottom of the page. Any scroll up (wheel,
// touch, keys, scrollbar) stops the following at once, even within the bottom zone; scrolling
// back to the bottom resumes it. Runs in the browser: a streamed update needs no extra message.
(() => {
  let pinned = true;
  let lastY = window.scrollY;
  let ours = -1; // where our own last follow scrolled to: its scroll event is not the user's
  const gap = () => document.documentElement.scrollHeight - (window.innerHeight + window.scrollY);
  window.addEventListener("wheel", (event) => { if (event.deltaY < 0) pinned = false; }, { passive: true });
  window.addEventListener("scroll", () => {
    const y = window.scrollY;
    if (Math.abs(y - ours) >= 1) {
      if (y < lastY) pinned = false; // went up to read
      else if (gap() < 200) pinned = true; // back at the bottom
    }
    lastY = y;
  }, { passive: true });
  const inStream = (record) => {
    const node = record.target.nodeType === Node.ELEMENT_NODE ? record.target : record.target.parentElement;
    return node !== null && node.closest(".vance-streaming") !== null;
  };
  const follow = () => {
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
    ours = lastY = window.scrollY; // a user scroll in the same frame is measured from here
  };
  const start = () => new MutationObserver((records) => {
    if (pinned && records.some(inStream)) follow();
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
  if (document.body) start(); else document.addEventListener("DOMContentLoaded", start);
})();


// Keyboards (issue 17). Clickable cards and list entries (`.vance-activatable`, role=button,
// tabindex=0; vance_ui/web/shell/a11y.py) are pressed with Enter or Space like real buttons: the key
// becomes a click, so the server's click handler does the rest. Arrow keys move the focus between
// the elements of one `data-arrow-group` (the wizard search box and the wizard entries, the chats,
// the quick-start cards), Home and End to its first and last one; in an open menu, between its items.
document.addEventListener("keydown", (event) => {
  const target = event.target instanceof Element ? event.target : null;
  if (!target || event.altKey || event.ctrlKey || event.metaKey) return;
  if ((event.key === "Enter" || event.key === " ") && target.classList.contains("vance-activatable")) {
    event.preventDefault();
    if (!event.repeat) target.click();
    return;
  }
  if (vanceMenuKey(event, target)) return;
  const group = target.getAttribute("data-arrow-group");
  const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1, Home: -Infinity, End: Infinity }[event.key];
  if (!group || step === undefined) return;
  if (target.matches("input, textarea") && !["ArrowDown", "ArrowUp"].includes(event.key)) return; // text keys
  const members = [...document.querySelectorAll(`[data-arrow-group="${CSS.escape(group)}"]`)]
    .filter((element) => element.getClientRects().length > 0); // shown ones only
  const here = members.indexOf(target);
  if (here < 0) return;
  const items = members.filter((element) => !element.matches("input, textarea")); // Home/End: not the search box
  const next = Number.isFinite(step) ? members[here + step] : items[step < 0 ? 0 : items.length - 1];
  if (!next || next === target) return;
  event.preventDefault();
  next.focus();
  next.scrollIntoView({ block: "nearest" });
}, true);

// Menus (`role=menu`: a chat's, a wizard's actions): the arrow keys move between its items, round
// the end, Home and End to the first and last one, from the menu, its opener or the page while it
// is open; a text field outside it keeps its keys. Opened, a menu that takes the focus (Quasar
// focuses the menu itself) hands it to its first item, as a menu button should.
function vanceOpenMenu() {
  return [...document.querySelectorAll(".q-menu[role='menu']")].filter((menu) => menu.getClientRects().length > 0)
    .pop() ?? null;
}

function vanceMenuItems(menu) {
  return [...menu.querySelectorAll("[role='menuitem']")]
    .filter((item) => item.getClientRects().length > 0 && item.getAttribute("aria-disabled") !== "true");
}

function vanceMenuKey(event, target) {
  if (!["ArrowDown", "ArrowUp", "Home", "End"].includes(event.key)) return false;
  const menu = vanceOpenMenu();
  if (!menu || (!menu.contains(target) && target.matches("input, textarea, [role='combobox']"))) return false;
  const items = vanceMenuItems(menu);
  if (items.length === 0) return false;
  const here = items.indexOf(target.closest("[role='menuitem']"));
  const last = items.length - 1;
  const index = { Home: 0, End: last }[event.key] ?? (here < 0 ? (event.key === "ArrowUp" ? last : 0)
    : (here + (event.key === "ArrowDown" ? 1 : -1) + items.length) % items.length);
  event.preventDefault();
  items[index].focus();
  return true;
}

document.addEventListener("focusin", (event) => {
  const menu = event.target instanceof Element && event.target.matches(".q-menu[role='menu']") ? event.target : null;
  if (menu) vanceMenuItems(menu)[0]?.focus();
});

// ARIA bridge (issue 17): Quasar gives a select's attributes to a wrapper around its combobox and a
// drawer's to its inner content, never to the element a screen reader reads. The server puts the
// wanted ones as JSON into `data-vance-aria` (vance_ui/web/shell/a11y.py `bridged_aria`; null removes
// one); this sets them on the combobox or the <aside>, now and whenever Vue builds or changes them.
// Vue leaves an attribute it did not change alone, so what is set here stays. Also names the
// loading bar (an unnamed progressbar while it runs) with Quasar's own text in the page language.
(() => {
  const targetOf = (element) => element.classList.contains("q-drawer__content")
    ? element.closest("aside") : element.querySelector("[role='combobox']");
  const apply = () => {
    // Quasar's page-loading bar becomes an unnamed progressbar while it runs: its own text for it
    const bar = document.querySelector(".q-loading-bar:not([aria-label])");
    if (bar) bar.setAttribute("aria-label", window.Quasar?.lang?.props?.table?.loading ?? "Loading");
    for (const element of document.querySelectorAll("[data-vance-aria]")) {
      const target = targetOf(element);
      let wanted;
      try { wanted = JSON.parse(element.getAttribute("data-vance-aria")); } catch { continue; }
      if (!target || !wanted) continue;
      for (const [name, value] of Object.entries(wanted)) {
        if (value === null) target.removeAttribute(name);
        else if (target.getAttribute(name) !== value) target.setAttribute(name, value);
      }
    }
  };
  const start = () => {
    apply();
    new MutationObserver(apply).observe(document.body, {
      childList: true, subtree: true, attributes: true, attributeFilter: ["data-vance-aria"] });
  };
  if (document.body) start(); else document.addEventListener("DOMContentLoaded", start);
})();

// Touch screens: Quasar opens a tooltip on the mouseenter a tap emulates and waits for a
// mouseleave that does not come, so it stayed over the chat after every tap on a button. While
// the last pointer was a finger, `vance-touch` on <html> hides tooltips (vance.css); a mouse
// moving or clicking brings them back.
(() => {
  const root = document.documentElement;
  const seen = (event) => {
    if (event.pointerType === "touch" || event.pointerType === "pen") root.classList.add("vance-touch");
    else if (event.pointerType === "mouse") root.classList.remove("vance-touch");
  };
  document.addEventListener("pointerdown", seen, { capture: true, passive: true });
  document.addEventListener("pointermove", (event) => { if (event.pointerType === "mouse") seen(event); },
    { capture: true, passive: true });
})();

// Called from the server (vance_ui/web/chat): named here, never assembled in Python strings.
window.vance = window.vance || {};
// After "Use prompt": on a phone the side panel (a mobile drawer) lies over the chat input.
window.vance.closePhoneSidePanel = (drawerId) => {
  if (document.querySelector(".q-drawer--mobile .vance-side")) getElement(drawerId)?.hide();
};
// A sent message: the transcript's end comes into view (smoothly). `atOnce`: a chat just shown
// (a page load, another chat) opens at its end, and what is laid out after this call (answers'
// HTML, fonts) keeps it there until the user does anything (scrolls, clicks, types, touches).
window.vance.scrollToEnd = (atOnce) => {
  window.vance.stopKeepingEnd?.();
  if (!atOnce) {
    window.scrollTo({ top: document.body.scrollHeight, behavior: "smooth" });
    return;
  }
  const end = () => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
  const grows = new ResizeObserver(end);
  const inputs = ["wheel", "touchstart", "keydown", "mousedown"];
  const stop = () => {
    grows.disconnect();
    for (const type of inputs) window.removeEventListener(type, stop, true);
    window.vance.stopKeepingEnd = null;
  };
  for (const type of inputs) window.addEventListener(type, stop, true);
  window.vance.stopKeepingEnd = stop;
  grows.observe(document.body);
  end();
};
