// The service worker, served at /sw.js with scope / (vance_ui/web/shell/installable.py).
// It keeps static files only: NiceGUI's versioned files under /_nicegui/<version>/ (cache
// first: a new NiceGUI version has new URLs), the app's /assets/... (network first, the cache
// only when offline, so a new version of the app is used at once) and the offline page. A page
// is never kept (every page holds a chat), nor anything under /brain/ (answers), socket.io or
// a request other than GET: the worker does not touch those. A page that cannot load shows the
// offline page instead of the browser's error.
const VANCE_CACHE = "vance-static-v1";
const VANCE_OFFLINE = "/offline";
const VANCE_PRECACHE = [VANCE_OFFLINE, "/assets/favicon.svg", "/assets/icons/icon-192.png"];

// NiceGUI's versioned files (/_nicegui/3.18.0/static/..., .../components/...); not its dynamic
// resources (made per element) nor /_nicegui/client/... (a page's own uploads and downloads)
function vanceIsVersioned(url) {
  return /^\/_nicegui\/\d+\.\d+[^/]*\/(?!dynamic_resources\/)/.test(url.pathname);
}

function vanceIsAsset(url) {
  return url.pathname.startsWith("/assets/");
}

async function vanceKeep(request, response) {
  if (response.ok && response.type === "basic") {
    const cache = await caches.open(VANCE_CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

async function vanceCacheFirst(request) {
  const kept = await caches.match(request);
  return kept || vanceKeep(request, await fetch(request));
}

async function vanceNetworkFirst(request) {
  try {
    return await vanceKeep(request, await fetch(request));
  } catch (error) {
    const kept = await caches.match(request);
    if (kept) return kept;
    throw error;
  }
}

async function vancePage(request) {
  try {
    return await fetch(request);
  } catch (error) {
    return (await caches.match(VANCE_OFFLINE)) || Response.error();
  }
}

async function vanceInstall() {
  const cache = await caches.open(VANCE_CACHE);
  await cache.addAll(VANCE_PRECACHE);
  await self.skipWaiting();
}

async function vanceActivate() {
  for (const name of await caches.keys()) {
    if (name !== VANCE_CACHE) await caches.delete(name);
  }
  await self.clients.claim();
}

function vanceFetch(event) {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") event.respondWith(vancePage(request));
  else if (vanceIsVersioned(url)) event.respondWith(vanceCacheFirst(request));
  else if (vanceIsAsset(url)) event.respondWith(vanceNetworkFirst(request));
  // everything else (/brain/..., socket.io, the manifest, /sw.js) goes to the network untouched
}

self.addEventListener("install", (event) => event.waitUntil(vanceInstall()));
self.addEventListener("activate", (event) => event.waitUntil(vanceActivate()));
self.addEventListener("fetch", vanceFetch);
