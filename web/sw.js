// Service worker: keeps every file of the app so Jetan plays offline, each under its revision (the
// start of its SHA-256: precache.js, written by py_engine/webbuild/dist.py). A release downloads only
// the files whose bytes changed — an engine change costs the wheel, not the 12 MB runtime — and
// activation drops what no file of the current release uses. Answers from the cache first; the
// catalogues (i18n/) are kept as a page first fetches one, not at install. On a
// first visit it keeps the page's own downloads (download()), so each file crosses the wire once.
//
// Hand-written rather than Workbox's precaching (which does the same with revisioned entries):
// these few lines are all the app needs, and they add no dependency to ship.
importScripts("precache.js");

const CACHE = "jetan-files";
const scope = self.registration.scope;
/** Where a file's revision is kept in the cache. */
const keyOf = (path, rev) => new URL(`${path}?rev=${rev}`, scope).href;
/** Each file's address (and the folder's, for index.html) → the key of its current revision. */
const CURRENT = new Map();
for (const [path, rev] of self.PRECACHE.files) {
  CURRENT.set(new URL(path, scope).href, keyOf(path, rev));
  if (path === "index.html") CURRENT.set(scope, keyOf(path, rev));
}
/** Files kept once a page has fetched one (the catalogues: a language costs a visit only its own
 *  words), by address → [path, revision] (CURRENT has their keys too). */
const ON_DEMAND = new Map(self.PRECACHE.onDemand.map(([path, rev]) => [new URL(path, scope).href, [path, rev]]));
for (const [address, [path, rev]] of ON_DEMAND) CURRENT.set(address, keyOf(path, rev));

/** The revision of a file's bytes: the start of their SHA-256 in hex, as precache.js writes it.
 *  @param {Response} response @returns {Promise<string>} */
async function revisionOf(response) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("").slice(0, 16);
}

/** File ``path`` as revision ``rev``, crossing the wire at most once. On a first visit the page
 *  has just downloaded most files (the runtime's 2.8 MB among them), and the browser's HTTP cache
 *  holds them: that copy is taken whatever the server's caching headers say, if its bytes are
 *  this revision; anything else — no copy, an older one — comes from the server afresh.
 *  @param {string} path @param {string} rev @returns {Promise<Response>} */
async function download(path, rev) {
  const url = new URL(path, scope);
  // The app's page was most likely opened as its folder's address.
  for (const address of path === "index.html" ? [scope, url] : [url]) {
    const held = await fetch(address, { cache: "force-cache" }).catch(() => null);
    if (held?.ok && await revisionOf(held.clone()) === rev) return held;
  }
  const reply = await fetch(url, { cache: "reload" });
  if (!reply.ok) throw new Error(`${path} could not be fetched (${reply.status})`);
  return reply;
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(self.PRECACHE.files.map(async ([path, rev]) => {
    const key = keyOf(path, rev);
    if (await cache.match(key)) return;                  // kept from an earlier release
    await cache.put(key, await download(path, rev));
  }))));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  const wanted = new Set(CURRENT.values());
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    for (const request of await cache.keys()) if (!wanted.has(request.url)) await cache.delete(request);
    // Earlier releases kept a cache per version ("jetan-<version>"); the memory snapshots of
    // other builds (js/snapshots.js's KINDS: "jetan-snapshot-<engine>", "jetan-runtime-<runtime>")
    // are js/snapshots.js's to drop.
    const snapshots = ["jetan-snapshot-", "jetan-runtime-"];
    for (const name of await caches.keys()) {
      if (name !== CACHE && name.startsWith("jetan-") && !snapshots.some((kind) => name.startsWith(kind))) {
        await caches.delete(name);
      }
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const url = new URL(event.request.url);
  url.search = "";
  url.hash = "";
  const key = CURRENT.get(url.href);
  if (!key) return;                                       // not one of ours: the network's
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    const kept = await cache.match(key);
    if (kept) return kept;
    const wanted = ON_DEMAND.get(url.href);
    if (!wanted) return fetch(event.request);
    // A catalogue the page fetched before this worker was in charge is in the HTTP cache: kept
    // from there, it crosses the wire once.
    const reply = await download(...wanted).catch(() => null);
    if (!reply) return fetch(event.request);
    await cache.put(key, reply.clone());
    return reply;
  }));
});
