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
// answer is complete) in view while the user is at the bottom of the page; scrolling up to read
// stops the following, scrolling back down resumes it. Runs in the browser, so a streamed update
// needs no extra websocket message.
(() => {
  let pinned = true;
  let following = false;
  const atBottom = () => window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 200;
  window.addEventListener("scroll", () => { if (!following) pinned = atBottom(); }, { passive: true });
  const inStream = (record) => {
    const node = record.target.nodeType === Node.ELEMENT_NODE ? record.target : record.target.parentElement;
    return node !== null && node.closest(".vance-streaming") !== null;
  };
  const follow = () => {
    following = true;
    window.scrollTo(0, document.documentElement.scrollHeight);
    requestAnimationFrame(() => { following = false; });  // our own scroll event comes before this frame
  };
  const start = () => new MutationObserver((records) => {
    if (pinned && records.some(inStream)) follow();
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
  if (document.body) start(); else document.addEventListener("DOMContentLoaded", start);
})();
