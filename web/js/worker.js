// The engine worker: hosts Pyodide, puts our py_engine wheel in it, and answers the page's
// requests by calling py_engine.facade (JSON in, JSON out). All URLs are built from this file's
// own URL, so dist/ works from any folder.
//
// Start-up (docs/architecture.md, "Start-up" and "Snapshots"): a visit with the engine's memory
// snapshot kept restores it (Python with the engine imported, in about half a second); a visit
// after a release that changed only the engine restores the runtime's snapshot instead, installs
// the new engine and keeps its snapshot; any other starts the runtime, keeps its snapshot,
// unpacks the wheel, imports the engine and keeps the engine's snapshot for next time. The wheel
// is fetched (and its SHA-256 checked) while the runtime boots.
//
// Messages in:  {id, op, args} (a facade request, or "think"), {op: "stop"}, {op: "ping"}, and
//               from the app's page once {op: "runtime", module} (the runtime it compiled, or null).
// Messages out: {status: "loading", detail, fraction} (the step, and how far along, 0..1), then
//               {status: "ready", detail: "restored" | "updated" | "started", suspends} (from the
//               engine's snapshot, the runtime's, or afresh; suspends: whether a search can be stopped mid-depth, see SUSPENDS) or
//               {status: "error", detail: why}; {id, progress}; {id, reply}; {pong: true}.
//               What a person reads — a step, why the start failed, a reply's error — is a
//               message ({key, args}: i18n.js), never a sentence: the page words it in its reader's
//               language. This worker loads no catalogue (its start waits for nothing of the kind).
import { BUILD } from "../build-info.js";
import { handedOnce, openSnapshots, restorable, sha256 } from "./snapshots.js";
import { unpackWheel } from "./wheel.js";

/**
 * @typedef {import("./i18n.js").Message} Message
 * @typedef {import("./i18n.js").MessageArg} MessageArg
 *
 * What this worker uses of Pyodide (loaded at run time from pyodide/pyodide.mjs, so not checked
 * against Pyodide's own declarations, which need Node's) and of our engine in it.
 * @typedef {{FS: Parameters<typeof unpackWheel>[0], unpackArchive: (bytes: Uint8Array, format: string) => void,
 *   pyimport: (name: string) => unknown, makeMemorySnapshot: () => Uint8Array, runPython: (code: string) => unknown,
 *   _module: {HEAPU8: Uint8Array}}} Pyodide
 * @typedef {(options: Object<string, unknown>) => Promise<Pyodide>} LoadPyodide   pyodide.mjs's loadPyodide
 * @typedef {{handle_json: ((request: string) => string) & {callPromising: (request: string) => Promise<string>},
 *   warm_up: () => void}} Facade   py_engine.facade, as Pyodide hands it over: JSON in, JSON out
 * @typedef {{ok: boolean, plies?: number, done?: boolean, paused?: boolean, info?: unknown,
 *   played?: {text: string}, best?: unknown, stopped?: boolean}} FacadeReply   the fields of the
 *   facade's answers (and of a search's, think()) this worker reads or writes (the page reads
 *   the rest: engine.js)
 * @typedef {{rules?: string, start?: string, moves?: string[], slice_ms?: number, [field: string]: unknown}} Request
 *   a request's fields, as the page sends them (engine.js)
 */

const root = new URL("../", import.meta.url);
const RUNTIME_WASM = "pyodide.asm.wasm";
// The service worker's cache of the app's files (sw.js).
const FILES = "jetan-files";
// The browser's own fetch (countDownloads and startRuntime put others in its place meanwhile).
const browserFetch = self.fetch.bind(self);

/** The address a fetch was given. @param {RequestInfo | URL} input */
const addressOf = (input) => String(input instanceof Request ? input.url : input);

/** A file of ours: the service worker's copy when it keeps one, read from Cache Storage, else
 *  fetched. The runtime's files and our wheel (build-info.js names the revision sw.js keeps each
 *  under) are read directly rather than fetched through the service worker, whose answers
 *  competed with the runtime's compile: in Firefox a warm start's first move came at a median
 *  437 ms instead of 457 for the standard library, the lock and the wheel read so (the runtime's
 *  WebAssembly itself is compiled by index.html, from its copy too; docs/architecture.md, "Start-up"). Where
 *  no copy is kept (a first visit, storage denied, another origin's page) this is the plain
 *  fetch; caches.match with a cacheName makes no cache where there is none.
 *  @param {RequestInfo | URL} input @param {RequestInit} [init] @returns {Promise<Response>} */
async function ownFetch(input, init) {
  const address = addressOf(input);
  const path = address.startsWith(root.href) ? address.slice(root.href.length) : "";
  /** @type {Object<string, string>} each file's revision (a build-info.js of an older build names none) */
  const revisions = BUILD.revisions || {};
  const revision = Object.hasOwn(revisions, path) ? revisions[path] : null;
  if (revision && (!init || !init.method || init.method === "GET")) {
    try {
      const kept = await caches.match(new URL(`${path}?rev=${revision}`, root).href, { cacheName: FILES });
      if (kept) return kept;
    } catch { /* no Cache Storage here */ }
  }
  return browserFetch(input, init);
}
const RUNTIME = new URL("pyodide/", root).href;
// A game longer than this is replayed in slices of this many moves, with progress between.
const REPLAY_SLICE = 1000;
// Where the loading bar stands once the runtime's files are in, and once Python has started.
const DOWNLOADED = 0.8;
const STARTED = 0.9;
/** @type {?Facade} */
let facade = null;
/** @type {Message} why the start failed (once it has) */
let failure = { key: "worker.unexpected", args: { detail: "" } };
let stopRequested = false;
let queue = Promise.resolve();
let waiting = 0;                 // requests taken and not yet answered
let lastActive = 0;              // when a request last came or was answered (performance.now())
const QUIET_MS = 1000;

// The worker that runs only searches, where they cannot suspend (engine.js, searcher()), warms up
// before it says it is ready: WebKit runs new WebAssembly code in its interpreter and compiles
// what runs often, so a fresh worker's searches start slow. It does not make the first request
// after it fast: in WebKitGTK that still took 85-173 ms, the next 25-30, later ones 4-9
// (docs/benchmarks.md, "2026-11-26: the board drawn on the CPU"). Until this worker is ready the
// page's own worker searches instead.
// This module's own address's parameters (a worker started from another origin's page imports
// it from a blob, whose address has none).
const OWN_PARAMS = new URL(import.meta.url).searchParams;
const ROLE = OWN_PARAMS.get("role");
const WARM_UP_MS = 300;

/** Tell the page how the start goes: ``state``, ``detail`` (the step or why it failed, a message
 *  the page words; "ready": how it started), ``fraction`` done (0..1).
 *  @param {string} state @param {Message | string} detail @param {number} [fraction] */
function status(state, detail, fraction = undefined) {
  self.postMessage({ status: state, detail, fraction });
}

/** A message: catalogue ``key`` and its ``args`` (i18n.js's message(), which this worker does not
 *  load). @param {string} key @param {Record<string, MessageArg>} [args] @returns {Message} */
const message = (key, args) => (args ? { key, args } : { key });

/** An error the page may come to show (the engine could not start): ``reason`` its message (as
 *  the page's own errors carry theirs), the key its text (for the console).
 *  @param {string} key @param {Record<string, MessageArg>} [args] */
const errorSaying = (key, args) => Object.assign(new Error(key), { reason: message(key, args) });

/** What a thrown error says to a person: its message if it is one of ours, else that something
 *  unexpected happened, with the first line of what it said (a browser's or Python's words).
 *  @param {unknown} err @returns {Message} */
function reasonOf(err) {
  const { reason, message: text } = /** @type {{reason?: Message, message?: unknown}} */ (Object(err));
  if (reason && typeof reason.key === "string") return reason;
  return message("worker.unexpected", { detail: String(text ?? err).split("\n")[0].slice(0, 200) });
}

/** Count the bytes of the runtime's files as they arrive, for a loading bar that tells the truth
 *  (Pyodide fetches its WebAssembly module, standard library and lock file with fetch()).
 *  Returns the function that stops counting. */
function countDownloads() {
  const total = BUILD.download;
  let done = 0;
  let shown = 0;
  let counting = true;
  const report = () => {
    // A file still arriving when the start has ended (a failed start leaves the standard library
    // downloading) must not say "loading" after the page was told it failed.
    if (!counting || (done - shown < total / 50 && done < total)) return;
    shown = done;
    // (Megabytes to a tenth, as numbers: the page formats them for its language.)
    const mb = (/** @type {number} */ n) => Math.round(n / 1e5) / 10;
    if (done < total) {
      status("loading", message("worker.loading.downloaded", { done: mb(done), total: mb(total) }),
             DOWNLOADED * done / total);
    } else {
      status("loading", message("worker.loading.starting"), DOWNLOADED);
    }
  };
  self.fetch = async (input, init) => {
    const response = await ownFetch(input, init);
    if (!response.ok || !response.body) return response;
    const counter = new TransformStream({
      transform(chunk, stream) { done += chunk.byteLength; report(); stream.enqueue(chunk); },
    });
    const { status: code, statusText, headers } = response;
    return new Response(response.body.pipeThrough(counter), { status: code, statusText, headers });
  };
  return () => { counting = false; self.fetch = browserFetch; };
}

/** Our wheel's bytes, checked against the SHA-256 the build wrote down. */
async function fetchWheel() {
  const response = await ownFetch(new URL(BUILD.wheel, root));
  if (!response.ok) throw errorSaying("worker.package.notFetched", { status: response.status });
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (await sha256(bytes) !== BUILD.wheelSha256) throw errorSaying("worker.package.damaged");
  return bytes;
}

// The runtime's WebAssembly compiled by the page: the app's page (index.html) names this worker
// "runtime-from-page", compiles the runtime itself when it finds a kept snapshot, long before
// this worker has loaded, and hands it over ({op: "runtime", module}, once; null when it did
// not compile). Any other page's worker compiles its own. (A name, not a parameter of this
// file's address: served by the service worker, the address is its cache's key in Firefox.)
/** @type {(module: ?WebAssembly.Module) => void} */
let handOver = () => {};
/** @type {Promise<?WebAssembly.Module>} */
const fromPage = self.name === "runtime-from-page"
  ? new Promise((resolve) => { handOver = resolve; }) : Promise.resolve(null);

/** The runtime's WebAssembly for a restore: the page's, or compiled here from now on, while the
 *  snapshot is read and checked — Pyodide's loader would start compiling it only once it held
 *  the snapshot's bytes. (Firefox and WebKit keep no compiled code between visits: in Firefox
 *  170-200 ms of compiling on every warm start here.)
 *  @returns {Promise<WebAssembly.Module>} */
function runtimeModule() {
  const compiled = fromPage.then((module) => module || WebAssembly.compileStreaming(ownFetch(RUNTIME + RUNTIME_WASM)));
  compiled.catch(() => {});      // reported where the start instantiates it
  return compiled;
}

// The largest WebAssembly module rememberingModule() keeps by its bytes.
const SMALL_MODULE = 256;

/** WebAssembly.Module as it is, except that a small module compiled once is given again for the
 *  same bytes (a module is immutable: it is the same module). While the runtime starts,
 *  Emscripten's linker puts each of the 261 JavaScript functions the runtime's function table
 *  holds behind a tiny module of its own (convertJsFunctionToWasm), compiled one by one, though
 *  they come in 30 signatures: 8-11 ms of a warm start in Firefox before, 1 after
 *  (docs/benchmarks.md, "Start-up, part by part"). */
function rememberingModule() {
  /** @type {Map<string, WebAssembly.Module>} */
  const compiled = new Map();
  /** @type {typeof WebAssembly.Module} */
  const remembering = new Proxy(WebAssembly.Module, {
    construct(Module, args, newTarget) {
      const bytes = args[0];
      const view = ArrayBuffer.isView(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
        : bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : null;
      const small = newTarget === remembering && args.length === 1 && view && view.length <= SMALL_MODULE;
      if (!small) return Reflect.construct(Module, args, newTarget);
      const key = view.join();
      let module = compiled.get(key);
      if (!module) compiled.set(key, module = Reflect.construct(Module, args, newTarget));
      return module;
    },
  });
  return remembering;
}

/** loadPyodide, failing (not waiting for ever) when the WebAssembly module cannot be fetched or
 *  compiled: Pyodide's loader only warns then. ``compiled``: the runtime's module compiled
 *  already (runtimeModule), which the loader then instantiates instead of compiling its own.
 *  @param {LoadPyodide} loadPyodide @param {Object<string, unknown>} options
 *  @param {?Promise<WebAssembly.Module>} [compiled] */
async function startRuntime(loadPyodide, options, compiled = null) {
  const warn = console.warn;
  const instantiateStreaming = WebAssembly.instantiateStreaming;
  const Module = WebAssembly.Module;
  const fetchNow = self.fetch;
  /** @type {(why: Error) => void} */
  let fail;
  const failed = new Promise((_, reject) => { fail = reject; });
  console.warn = (...args) => {
    warn.apply(console, args);
    if (String(args[0]).includes("wasm instantiation failed")) {    // not a message: Pyodide's, matched
      fail(errorSaying("worker.runtimeNotLoaded", { file: RUNTIME_WASM }));
    }
  };
  if (compiled) {
    // Pyodide's loader takes no compiled module: its one call of instantiateStreaming is answered
    // with ours for the length of the start, and its fetch of the runtime's WebAssembly, which
    // would go unread, with an empty response — a real one had the 9.6 MB read from the cache
    // beside the runtime's compile (Firefox's warm start: ~45 ms later).
    self.fetch = (input, init) => addressOf(input).endsWith(RUNTIME_WASM)
      ? Promise.resolve(new Response(new Uint8Array(0), { headers: { "content-type": "application/wasm" } }))
      : ownFetch(input, init);
    WebAssembly.instantiateStreaming = async (_response, imports) => {
      const module = await compiled;
      return { module, instance: await WebAssembly.instantiate(module, imports) };
    };
  }
  try {
    WebAssembly.Module = rememberingModule();
    // The standard library cut to what the engine uses, as bytecode (py_engine/webbuild/stdlib.py): 160
    // modules, not 560, and none compiled at the start; a package lock that names no package
    // (the app loads none: py_engine/webbuild/dist.py's rewrite_lock).
    const stdLibURL = new URL(BUILD.stdlib, root).href;
    const lockFileURL = new URL(BUILD.lock, root).href;
    return await Promise.race([loadPyodide({ indexURL: RUNTIME, stdLibURL, lockFileURL, ...options }), failed]);
  } finally {
    console.warn = warn;
    WebAssembly.instantiateStreaming = instantiateStreaming;
    WebAssembly.Module = Module;
    self.fetch = fetchNow;
  }
}

/** Put the engine's files in place, import it and check that it answers. A snapshot holds
 *  Python's memory, not the files, so this is done after a restore too (the engine's modules
 *  are then imported already). The wheel is unpacked in JavaScript (wheel.js), not by Pyodide's
 *  unpackArchive, whose Python took 90-250 ms of a warm start in WebKitGTK.
 *  @param {Pyodide} pyodide @param {Uint8Array<ArrayBuffer>} wheel @returns {Promise<Facade>} */
async function installEngine(pyodide, wheel) {
  try {
    try {
      await unpackWheel(pyodide.FS, wheel);
    } catch (err) {
      // Not the wheel (its SHA-256 was checked): a browser without raw DecompressionStream
      // (Safari before 16.4). Nothing was written; Pyodide's own unpacking does it.
      console.warn("The engine package is unpacked the slower way.", err);
      pyodide.unpackArchive(wheel, "wheel");
    }
    const engine = /** @type {Facade} */ (pyodide.pyimport("py_engine.facade"));
    if (!JSON.parse(engine.handle_json(JSON.stringify({ op: "rules" }))).ok) throw new Error("no answer"); // not a message: replaced below
    return engine;
  } catch (err) {
    console.error(err);
    throw errorSaying("worker.package.notInstalled");
  }
}

/** A snapshot of the runtime as it is now, or null: none when its memory has grown past the
 *  ``initialMemory`` it started with (it would not restore). @param {Pyodide} pyodide
 *  @param {number} initialMemory */
function takeSnapshot(pyodide, initialMemory) {
  if (!restorable(memoryOf(pyodide), initialMemory)) {
    console.info("No snapshot is taken: Python's memory has grown, and it would not restore.");
    return null;
  }
  try {
    return pyodide.makeMemorySnapshot();
  } catch (err) {
    console.warn("No snapshot could be taken; the next visit starts afresh.", err);
    return null;
  }
}

/** Python's memory now, in bytes; asked before anything of ours runs, the runtime's initial
 *  memory: the most a snapshot may hold to be restored. @param {Pyodide} pyodide */
const memoryOf = (pyodide) => pyodide._module.HEAPU8.length;

/** Start the engine; when that fails and a kept copy of a file it read was damaged (mended
 *  meanwhile), start it once more. Otherwise the page is told why (a message). */
async function boot() {
  try {
    await start();
  } catch (err) {
    let why = err;
    if (await mendKeptFiles()) {
      console.warn("A kept file was damaged and was downloaded again; starting once more.", err);
      try {
        await start();
        return;
      } catch (again) {
        why = again;
      }
    }
    // A message for the page (of an error not ours, its first line); Python's tracebacks go to
    // the console only.
    console.error(why);
    failure = reasonOf(why);
    status("error", failure);
  }
}

/** Check the service worker's copies of the files the engine's start reads (the runtime's and
 *  our wheel: BUILD.revisions) against their revisions; put each damaged one (truncated, written
 *  by half) right from the server. A copy is not checked on every start (hashing 13 MB would
 *  slow each warm start): only after a start has failed. Returns whether one was damaged.
 *  @returns {Promise<boolean>} */
async function mendKeptFiles() {
  let damaged = false;
  try {
    const cache = await caches.open(FILES);
    for (const [path, revision] of Object.entries(BUILD.revisions || {})) {
      const key = new URL(`${path}?rev=${revision}`, root).href;
      const kept = await cache.match(key);
      if (!kept || (await sha256(new Uint8Array(await kept.arrayBuffer()))).startsWith(revision)) continue;
      damaged = true;
      await cache.delete(key);
      const fresh = await browserFetch(new URL(path, root), { cache: "reload" });
      const bytes = new Uint8Array(await fresh.arrayBuffer());
      if (fresh.ok && (await sha256(bytes)).startsWith(revision)) {
        const type = fresh.headers.get("content-type");
        await cache.put(key, new Response(bytes, { headers: type ? { "content-type": type } : {} }));
      }
    }
  } catch (err) {
    // No Cache Storage, or offline: a copy found damaged is gone, and is fetched when next needed.
    console.warn("The kept files could not all be checked.", err);
  }
  return damaged;
}

/** The engine's start: from the engine's snapshot, the runtime's, or afresh (docs/architecture.md,
 *  "Start-up"); throws when even the ordinary start fails. */
async function start() {
  let stopCounting = () => {};
  const wheel = fetchWheel();
  wheel.catch(() => {});         // awaited below, where a failure is reported
  try {
    const loader = import(`${RUNTIME}pyodide.mjs`);
    const engines = await openSnapshots("engine", BUILD.engine, root);
    const saved = engines && await engines.kept();
    // Without the engine's snapshot, the runtime's, kept on an earlier visit: this release
    // changed only the engine. (Not looked for on a warm visit.)
    const runtimes = engines && !saved ? await openSnapshots("runtime", BUILD.runtime, root) : null;
    const base = runtimes && await runtimes.kept();
    const compiled = saved || base ? runtimeModule() : null;
    const { loadPyodide } = await loader;
    if (saved) {
      status("loading", message("worker.loading.restoring"), STARTED);
      try {
        const pyodide = await startRuntime(loadPyodide, { _loadSnapshot: handedOnce(saved.bytes) }, compiled);
        facade = await installEngine(pyodide, await wheel);
        ready(pyodide, "restored");
        return settled();
      } catch (err) {
        console.warn("The kept engine snapshot could not be restored; starting afresh.", err);
        await engines.forget();
      }
    }
    if (base) {
      status("loading", message("worker.loading.updating"), STARTED);
      try {
        // Restored able to snapshot itself again, for the new engine's snapshot.
        const pyodide = await startRuntime(loadPyodide, { _loadSnapshot: handedOnce(base.bytes), _makeSnapshot: true },
                                           compiled);
        return await startEngine(pyodide, wheel, engines, memoryOf(pyodide), "updated");
      } catch (err) {
        facade = null;
        console.warn("The kept runtime snapshot could not be restored; starting afresh.", err);
        await runtimes.forget();
      }
    }
    status("loading", message("worker.loading.downloading"), 0);
    stopCounting = countDownloads();
    // Only a runtime told so at its start can snapshot itself: not where nothing can be kept.
    const pyodide = await startRuntime(loadPyodide, { _makeSnapshot: Boolean(engines) });
    const initialMemory = memoryOf(pyodide);
    // The runtime before anything of ours, for the visit after an engine's release.
    const runtime = engines && runtimes && takeSnapshot(pyodide, initialMemory);
    await startEngine(pyodide, wheel, engines, initialMemory, "started");
    if (runtime && runtimes) whenQuiet(() => runtimes.write(runtime));
  } finally {
    stopCounting();
  }
}

/** Install our engine in a runtime that can snapshot itself (unless ``engines`` is null: nothing
 *  can be kept), say it is ready (``how`` it started), and keep its snapshot once the page is
 *  quiet. The snapshot is taken before any request builds a game, while the memory is smallest
 *  (one larger than the runtime's initial memory would fail to restore: Pyodide issue #6254),
 *  and, on a first visit, after the tables a first search makes are made (facade.warm_up: the
 *  memory does not grow), so that a restored engine's first reply does not make them. Not after
 *  an engine's release ("updated"): a returning player is waiting for that start, and its warm-up
 *  (0.4-0.6 s) would hold up their first move more than it saves the next visit's first search.
 *  @param {Pyodide} pyodide @param {ReturnType<typeof fetchWheel>} wheel our wheel's bytes, checked
 *  @param {?import("./snapshots.js").SnapshotStore} engines
 *  @param {number} initialMemory @param {string} how */
async function startEngine(pyodide, wheel, engines, initialMemory, how) {
  status("loading", message("worker.loading.starting"), STARTED);
  facade = await installEngine(pyodide, await wheel);
  if (engines && how === "started") facade.warm_up();
  const snapshot = engines && takeSnapshot(pyodide, initialMemory);
  ready(pyodide, how);
  if (snapshot && engines) whenQuiet(() => engines.write(snapshot).then(settled));
  else settled();
}

/** Do ``work`` (keeping a snapshot) once the page has been quiet for a moment: checking and
 *  storing 31 MB would otherwise hold up the first requests — the game's state, the visitor's
 *  first move. @param {() => Promise<unknown>} work */
function whenQuiet(work) {
  const later = () => {
    if (waiting || performance.now() - lastActive < QUIET_MS) setTimeout(later, QUIET_MS);
    else work();
  };
  setTimeout(later, QUIET_MS);
}

/** The engine has started: say so. @param {Pyodide} pyodide @param {string} how "restored" or "started" */
function ready(pyodide, how) {
  if (SUSPENDS) letSearchesBreathe(pyodide);
  // (A restored page worker is not warmed up while the page is idle: in WebKitGTK, whose one
  // compiler thread here is then still compiling the restored runtime's hot code, that warm-up
  // made the replies a person meets slower, not faster; docs/architecture.md, "The worker bridge".)
  if (ROLE === "searches") warmUp();
  self.postMessage({ status: "ready", detail: how, suspends: SUSPENDS });
}

/** Say that the start's work is done — the snapshot kept, or none to keep — so that the page may
 *  start a second worker (engine.js), which then restores it rather than starting afresh. */
function settled() {
  self.postMessage({ settled: true });
}

function warmUp() {
  call("best", { rules: "", start: "start", moves: [], level: 6, time_ms: WARM_UP_MS });
}

/** A facade operation, answered at once (the engine has started). @param {string} op @param {Request} args
 *  @returns {FacadeReply} */
function call(op, args) {
  return JSON.parse(/** @type {Facade} */ (facade).handle_json(JSON.stringify({ ...args, op })));
}

const breathe = () => new Promise((resolve) => setTimeout(resolve, 0)); // let "stop"/"ping" in

// Where WebAssembly can suspend (JS promise integration, JSPI: Chromium; no special headers
// needed), a search suspends Python every few milliseconds, lets this worker's event loop run —
// a "stop" or "ping" is heard — and resumes: Stop, a move, Undo or New game take effect within
// milliseconds even in the middle of a depth. Elsewhere a search hears them between depths.
// (?jspi=off on the worker's address runs it as in a browser without, for the tests.)
const SUSPENDS = typeof (/** @type {{Suspending?: unknown}} */ (WebAssembly)).Suspending === "function" &&
  OWN_PARAMS.get("jspi") !== "off";

/** @param {Pyodide} pyodide */
function letSearchesBreathe(pyodide) {
  /** @type {{jetanBreathe?: () => Promise<boolean>}} */ (self).jetanBreathe = () => new Promise((resolve) => setTimeout(() => resolve(stopRequested), 0));
  pyodide.runPython(`# // not a message: Python's code
from pyodide.ffi import can_run_sync, run_sync
import js
from py_engine import facade
def _breathe():
    # Only inside a call that may suspend (callPromising): elsewhere run_sync would fail.
    return can_run_sync() and bool(run_sync(js.jetanBreathe()))
facade.set_breathe(_breathe)
`);
}

/** A search step: one that may suspend where it can (see SUSPENDS), a plain call elsewhere.
 *  @param {string} op @param {Request} args @returns {Promise<FacadeReply>} */
async function callSearch(op, args) {
  const request = JSON.stringify({ ...args, op });
  const engine = /** @type {Facade} */ (facade);
  const text = SUSPENDS ? await engine.handle_json.callPromising(request) : engine.handle_json(request);
  return JSON.parse(text);
}

/** The game the facade was last asked about (it keeps that game): its rules, start and moves;
 *  null when unknown (after a record was read, or a request failed).
 *  @type {?{rules: string, start: string, moves: string[]}} */
let lastGame = null;

/** How many of ``args``' moves the facade holds: counted here when it was last asked about this
 *  game (comparing texts is cheap in JavaScript), else asked.
 *  @param {Request} args @param {string[]} moves @returns {number} */
function heldMoves(args, moves) {
  if (lastGame && lastGame.rules === (args.rules ?? "") && lastGame.start === (args.start ?? "start")) {
    const known = lastGame.moves;
    let held = 0;
    while (held < known.length && held < moves.length && known[held] === moves[held]) held += 1;
    return held;
  }
  const reply = call("held", args);
  return reply.ok ? /** @type {number} */ (reply.plies) : 0;
}

/** Replay a long game in slices so the page can show progress (the facade keeps the game):
 *  only the moves it does not hold yet, so a move in a long game costs what it costs in a short.
 *  @param {number} id @param {Request} args @returns {Promise<?FacadeReply>} the facade's refusal, if any */
async function replay(id, args) {
  const moves = Array.isArray(args.moves) ? args.moves : [];
  if (moves.length <= REPLAY_SLICE) return null;
  const held = heldMoves(args, moves);
  if (moves.length - held <= REPLAY_SLICE) return null;
  for (let done = held + REPLAY_SLICE; done < moves.length; done += REPLAY_SLICE) {
    const reply = call("replay", { ...args, moves: moves.slice(0, done) });
    if (!reply.ok) return reply;
    self.postMessage({ id, progress: { replayed: done, total: moves.length } });
    await breathe();
  }
  return null;
}

// "think": a search that reports each finished depth and can be stopped between depths — and,
// where it cannot suspend, between slices of ``slice_ms`` (the page asks for them when no second
// worker can take the search: engine.js, request()).
/** @param {number} id @param {Request} args @returns {Promise<FacadeReply>} */
async function think(id, args) {
  stopRequested = false;
  const { slice_ms: sliceMs, ...search } = args;
  const started = call("search_start", SUSPENDS || !sliceMs ? search : { ...search, slice_ms: sliceMs });
  if (!started.ok) return started;
  /** @type {unknown} the last depth finished */
  let last = null;
  for (;;) {
    const step = await callSearch("search_step", {});
    if (!step.ok) return step;
    if (step.done) break;
    if (!step.paused) {
      last = step.info;
      self.postMessage({ id, progress: last });
    }
    await breathe();
    if (stopRequested) { call("search_stop", {}); break; }
  }
  return { ok: true, best: last, stopped: stopRequested };
}

/** A request's reply, once the engine has started. @param {number} id @param {string} op @param {Request} args */
async function answer(id, op, args) {
  await booted;
  if (!facade) return { ok: false, error: message("startup.couldNotStart", { why: failure }) };
  try {
    const failed = await replay(id, args);
    if (failed) return failed;
    const reply = op === "think" ? await think(id, args) : call(op, args);
    // What the facade keeps now: the game of this request (a move played adds to it).
    const moves = Array.isArray(args.moves) ? args.moves : null;
    lastGame = moves && op !== "record" && reply.ok
      ? { rules: args.rules ?? "", start: args.start ?? "start",
          moves: op === "play" && reply.played ? [...moves, reply.played.text] : moves } : null;
    return reply;
  } catch (err) {
    console.error(err);
    return { ok: false, internal: true, error: message("worker.requestFailed") };
  }
}

const booted = boot();

self.onmessage = (event) => {
  const { id, op, args } = event.data || {};
  if (op === "stop") { stopRequested = true; return; }
  if (op === "ping") { self.postMessage({ pong: true }); return; }
  if (op === "runtime") { handOver(event.data.module || null); return; }
  waiting += 1;
  lastActive = performance.now();
  queue = queue.then(async () => {
    self.postMessage({ id, reply: await answer(id, op, args || {}) });
    waiting -= 1;
    lastActive = performance.now();
  });
};
