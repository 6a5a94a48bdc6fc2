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
