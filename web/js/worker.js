// The engine worker: hosts Pyodide, installs our py_engine wheel with micropip, and answers the
// page's requests by calling py_engine.facade (JSON in, JSON out). All URLs are built from this
// file's own URL, so dist/ works from any folder.
//
// Messages in:  {id, op, args} (a facade request, or "think"), {op: "stop"}, {op: "ping"}.
// Messages out: {status, detail} while loading; {id, progress}; {id, reply}; {pong: true}.
import { BUILD } from "../build-info.js";

const root = new URL("../", import.meta.url);
// A game longer than this is replayed in slices of this many moves, with progress between.
const REPLAY_SLICE = 1000;
let facade = null;
let failure = "";
let stopRequested = false;
let queue = Promise.resolve();

function status(state, detail = "") {
  self.postMessage({ status: state, detail });
}

/** Pyodide's loader only warns when the WebAssembly module cannot be fetched or compiled (a 404,
 *  a damaged or cut-off file) and then waits for ever: turn that warning into an error. */
function runtimeFailure() {
  return new Promise((_, reject) => {
    const warn = console.warn;
    console.warn = (...args) => {
      warn.apply(console, args);
      if (String(args[0]).includes("wasm instantiation failed")) {
        console.warn = warn;
        reject(new Error("the Python runtime (pyodide.asm.wasm) could not be loaded"));
      }
    };
  });
}

async function boot() {
  try {
    status("loading", "Loading the Python runtime");
    const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", root).href);
    const pyodide = await Promise.race([
      loadPyodide({ indexURL: new URL("pyodide/", root).href }), runtimeFailure()]);
    status("loading", "Loading the package installer");
    await pyodide.loadPackage("micropip", { messageCallback: () => {}, errorCallback: () => {} });
    status("loading", "Installing the Jetan engine");
    const micropip = pyodide.pyimport("micropip");
    try {
      await micropip.install(new URL(BUILD.wheel, root).href);
      facade = pyodide.pyimport("py_engine.facade");
      if (SUSPENDS) letSearchesBreathe(pyodide);
    } catch (err) {
      console.error(err);
      throw new Error("the Jetan engine package could not be installed (a file may be damaged)");
    }
    status("ready", BUILD.version);
  } catch (err) {
    // One line for the page; Python's tracebacks go to the console only.
    const message = String(err && err.message ? err.message : err).split("\n")[0].slice(0, 200);
    console.error(err);
    failure = message;
    status("error", message);
  }
}

function call(op, args) {
  return JSON.parse(facade.handle_json(JSON.stringify({ ...args, op })));
}

const breathe = () => new Promise((resolve) => setTimeout(resolve, 0)); // let "stop"/"ping" in

// Where WebAssembly can suspend (JS promise integration, JSPI: Chromium; no special headers
// needed), a search suspends Python every few milliseconds, lets this worker's event loop run —
// a "stop" or "ping" is heard — and resumes: Stop, a move, Undo or New game take effect within
// milliseconds even in the middle of a depth. Elsewhere a search hears them between depths.
const SUSPENDS = typeof WebAssembly.Suspending === "function";

function letSearchesBreathe(pyodide) {
  self.jetanBreathe = () => new Promise((resolve) => setTimeout(() => resolve(stopRequested), 0));
  pyodide.runPython(`
from pyodide.ffi import can_run_sync, run_sync
import js
from py_engine import facade
def _breathe():
    # Only inside a call that may suspend (callPromising): elsewhere run_sync would fail.
    return can_run_sync() and bool(run_sync(js.jetanBreathe()))
facade.set_breathe(_breathe)
`);
}

/** A search step: one that may suspend where it can (see SUSPENDS), a plain call elsewhere. */
async function callSearch(op, args) {
  const request = JSON.stringify({ ...args, op });
  const text = SUSPENDS ? await facade.handle_json.callPromising(request) : facade.handle_json(request);
  return JSON.parse(text);
}

/** Replay a long game in slices so the page can show progress (the facade keeps the game). */
async function replay(id, args) {
  const moves = Array.isArray(args.moves) ? args.moves : [];
  if (moves.length <= REPLAY_SLICE) return null;
  for (let done = REPLAY_SLICE; done < moves.length; done += REPLAY_SLICE) {
    const reply = call("replay", { ...args, moves: moves.slice(0, done) });
    if (!reply.ok) return reply;
    self.postMessage({ id, progress: { replayed: done, total: moves.length } });
    await breathe();
  }
  return null;
}

// "think": a search that reports each finished depth and can be stopped between depths.
async function think(id, args) {
  stopRequested = false;
  const started = call("search_start", args);
  if (!started.ok) return started;
  let last = null;
  for (;;) {
    const step = await callSearch("search_step", {});
    if (!step.ok) return step;
    if (step.done) break;
    last = step.info;
    self.postMessage({ id, progress: last });
    await breathe();
    if (stopRequested) { call("search_stop", {}); break; }
  }
  return { ok: true, best: last, stopped: stopRequested };
}

async function answer(id, op, args) {
  await booted;
  if (!facade) return { ok: false, error: `the engine could not start: ${failure}` };
  try {
    const failed = await replay(id, args);
    if (failed) return failed;
    return op === "think" ? await think(id, args) : call(op, args);
  } catch (err) {
    console.error(err);
    return { ok: false, internal: true, error: "the engine failed on this request (see the console)" };
  }
}

const booted = boot();

self.onmessage = (event) => {
  const { id, op, args } = event.data || {};
  if (op === "stop") { stopRequested = true; return; }
  if (op === "ping") { self.postMessage({ pong: true }); return; }
  queue = queue.then(async () => self.postMessage({ id, reply: await answer(id, op, args || {}) }));
};
