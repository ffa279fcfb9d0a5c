// The page's shared engine (engine.js) for <jetan-board>, its module loaded only when a board
// first asks something of the engine: a still board — a diagram, or a game stepped through —
// never loads it, nor the worker and the runtime it starts. In the built bundle
// (py_engine/webbuild/bundle.py) engine.js is a chunk of its own, beside the entry in js/, so
// that the worker's address engine.js makes from import.meta.url is the same as unbundled.
import { message } from "./i18n.js";

/** @typedef {import("./engine.js").Engine} Engine */

/** engine.js, once loaded. @type {?typeof import("./engine.js")} */
let loaded = null;
/** @type {?Promise<typeof import("./engine.js")>} */
let loading = null;
/** Why engine.js could not be loaded the last time it was asked for, as the browser said it ("" if
 *  it was not refused). */
let refused = "";
/** What onEngineReady() was given, told whenever the page's engine is (or becomes) ready. @type {Set<() => void>} */
const readyListeners = new Set();

/** engine.js, loaded on the first call (the engine itself starts only on its first request);
 *  a load that fails (the page went offline) is tried again on the next call. */
export function engineModule() {
  loading ||= import("./engine.js").then((m) => {
    loaded = m;
    refused = "";
    m.onEngineReady(() => { for (const heard of readyListeners) heard(); });
    return m;
  }, (err) => {
    loading = null;
    refused = String(err && /** @type {{message?: unknown}} */ (err).message || err).slice(0, 120);
    throw err;
  });
  return loading;
}

/** The page's one engine as a Session (session.js) asks it: requests wait for engine.js to load,
 *  then start the engine (once per page, shared with every board); the same calls as Engine's,
 *  whose promises settle, never reject: a module that cannot be loaded is a failed start. */
const LATER = {
  /** @template {import("./engine.js").Op} O @param {O} op
   *  @param {import("./engine.js").GameRequest & Object<string, unknown>} [args]
   *  @param {(progress: import("./engine.js").ProgressOf<O>) => void} [onProgress]
   *  @returns {Promise<import("./engine.js").ReplyTo<O>>} */
  request: (op, args, onProgress) => engineModule().then((m) => m.sharedEngine().request(op, args, onProgress),
    () => ({ ok: false, error: message("startup.couldNotStart",
                                       { why: message("startup.moduleNotLoaded", { detail: refused }) }) })),
  /** Stop a search (there is none before a request has loaded engine.js). */
  stop: () => { if (loaded) loaded.sharedEngine().stop(); },
};

/** The engine a Session is given: the page's Engine itself once engine.js has loaded; before,
 *  one that loads it (a Session calls only request() and stop() on it). */
export const engineLater = () => (loaded ? loaded.sharedEngine()
  : /** @type {Engine} */ (/** @type {unknown} */ (LATER)));

/** Has the page's shared engine started and is it ready (without loading or starting it)? */
export const sharedEngineReady = () => Boolean(loaded && loaded.sharedEngineReady());
/** Has it failed to start (or its module to load)? */
export const sharedEngineFailed = () => Boolean(refused || (loaded && loaded.sharedEngineFailed()));

/** Call ``heard`` whenever the page's shared engine is (or becomes) ready; returns the function
 *  that stops listening. Loads nothing. @param {() => void} heard */
export function onEngineReady(heard) {
  readyListeners.add(heard);
  if (sharedEngineReady()) heard();
  return () => { readyListeners.delete(heard); };
}
