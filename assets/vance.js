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

// When NiceGUI's websocket handshake last completed (`window.did_handshake` turning true, also
// after a reconnect), for vance_ui/web/submit.py: events held back before it leave on their own
// 10 ms retry timers, so a submit pressed less than 20 ms after it waits for them to go first.
(() => {
  const own = Object.getOwnPropertyDescriptor(window, "did_handshake");
  let stored = own && "value" in own ? own.value : undefined;
  const read = own?.get ? own.get.bind(window) : () => stored;
  const write = own?.set ? own.set.bind(window) : (value) => { stored = value; };
  Object.defineProperty(window, "did_handshake", {
    configurable: true,
    get: read,
    set: (value) => {
      if (value && !read()) window.vanceConnectedAt = performance.now();
      write(value);
    },
  });
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
