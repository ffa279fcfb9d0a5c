// The engine worker: hosts Pyodide, installs our py_engine wheel with micropip, and answers the
// page's requests by calling py_engine.facade (JSON in, JSON out). All URLs are built from this
// file's own URL, so dist/ works from any folder.
import { BUILD } from "../build-info.js";

const root = new URL("../", import.meta.url);
let facade = null;
let stopRequested = false;
let queue = Promise.resolve();

function status(state, detail = "") {
  self.postMessage({ status: state, detail });
}

async function boot() {
  try {
    status("loading", "Loading the Python runtime");
    const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", root).href);
    const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", root).href });
    status("loading", "Loading the package installer");
    await pyodide.loadPackage("micropip", { messageCallback: () => {}, errorCallback: (e) => { throw new Error(e); } });
    status("loading", "Installing the Jetan engine");
    const micropip = pyodide.pyimport("micropip");
    await micropip.install(new URL(BUILD.wheel, root).href);
    facade = pyodide.pyimport("py_engine.facade");
    status("ready", BUILD.version);
  } catch (err) {
    status("error", String(err && err.message ? err.message : err));
  }
}

function call(op, args) {
  return JSON.parse(facade.handle_json(JSON.stringify({ ...args, op })));
}

// "think": a search that reports each finished depth and can be stopped between depths.
async function think(id, args) {
  stopRequested = false;
  const started = call("analyse_start", args);
  if (!started.ok) return started;
  let last = null;
  for (;;) {
    const step = call("analyse_step", {});
    if (!step.ok) return step;
    if (step.done) break;
    last = step.info;
    self.postMessage({ id, progress: last });
    await new Promise((resolve) => setTimeout(resolve, 0)); // let a "stop" message in
    if (stopRequested) { call("analyse_stop", {}); break; }
  }
  return { ok: true, best: last, stopped: stopRequested };
}

const booted = boot();

self.onmessage = (event) => {
  const { id, op, args } = event.data;
  if (op === "stop") { stopRequested = true; return; }
  queue = queue.then(async () => {
    await booted;
    let reply;
    if (!facade) reply = { ok: false, error: "the engine failed to load" };
    else {
      try { reply = op === "think" ? await think(id, args) : call(op, args); }
      catch (err) { reply = { ok: false, error: `engine error: ${err.message || err}` }; }
    }
    self.postMessage({ id, reply });
  });
};
