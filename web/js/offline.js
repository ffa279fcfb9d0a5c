// The service worker (sw.js) keeps the app for offline play. Every page a visitor may open
// first (the app, Learn, the puzzles) registers it, so that it works offline from the next visit.
import { loadedCatalogues } from "./i18n.js";

/** The page's service worker container, or null where there is none (reading it throws in a
 *  sandboxed frame without allow-same-origin). */
export function serviceWorkers() {
  try {
    return "serviceWorker" in navigator && location.protocol.startsWith("http") ? navigator.serviceWorker : null;
  } catch {
    return null;
  }
}

/** Register the service worker ``delayMs`` after ``after`` settles — on a first visit its copies
 *  of the files then neither compete with the engine's own download (they come from the HTTP
 *  cache) nor hold up the first moves. updateViaCache "none": the worker and the precache list
 *  it imports are always checked with the server, never taken from the HTTP cache, so a deploy
 *  is seen on the next visit. @param {Promise<unknown>} after @param {number} delayMs */
export function keepForOffline(after, delayMs) {
  const workers = serviceWorkers();
  if (!workers) return;
  after.then(() => setTimeout(() => workers.register("sw.js", { updateViaCache: "none" }).catch(() => {}), delayMs));
  // The worker keeps a catalogue (or a translated article, i18n/) as a page fetches it through
  // the worker; the first visit's came before there was one: fetched again once it is in charge
  // (the HTTP cache answers).
  const keepWords = () => {
    const fetched = performance.getEntriesByType("resource").map((entry) => entry.name)
      .filter((url) => new URL(url).pathname.includes("/i18n/"));
    for (const url of new Set([...loadedCatalogues(), ...fetched])) fetch(url).catch(() => {});
  };
  if (workers.controller) return;
  workers.addEventListener("controllerchange", keepWords, { once: true });
}

/** Call ``heard`` when a new version of the app takes over from the one this page came from (a
 *  visit after a deploy): the page says so (its saved game is safe; a reload runs the new
 *  version). The first visit's worker taking over changes nothing. @param {() => void} heard */
export function hearNewVersion(heard) {
  const workers = serviceWorkers();
  if (!workers) return;
  const hadVersion = Boolean(workers.controller);
  workers.addEventListener("controllerchange", () => {
    if (!hadVersion) return;
    document.body.dataset.update = "ready";
    heard();
  });
}
