// Service worker: keeps every file of the app (the list build.sh writes to precache.js) so Jetan
// plays offline; answers from the cache first, and drops caches of older builds.
importScripts("precache.js");
const CACHE = `jetan-${self.PRECACHE.version}`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(["./", ...self.PRECACHE.files])));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  // Older builds' files and engine snapshots (js/snapshots.js: "jetan-snapshot-<version>") go.
  event.waitUntil(caches.keys().then((keys) => Promise.all(
    keys.filter((k) => k.startsWith("jetan-") && !k.endsWith(self.PRECACHE.version))
      .map((k) => caches.delete(k)))));
  self.clients.claim();
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const url = new URL(event.request.url);
  if (url.origin !== location.origin) return;
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    const hit = await cache.match(event.request, { ignoreSearch: true });
    return hit || fetch(event.request);
  }));
});
