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
