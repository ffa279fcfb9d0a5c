// The standard library the engine uses in the browser: Pyodide started as the worker starts it
// (dist/pyodide, our wheel unpacked, py_engine.facade imported, the worker's own Python), every
// kind of facade request made (errors, a search, a lesson, a record, a traceback), a memory
// snapshot taken — then the files of Python's standard library it loaded, as JSON on stdout.
//
//   node tests/wasm/stdlib_used.mjs full   with Pyodide's whole python_stdlib.zip
//   node tests/wasm/stdlib_used.mjs cut    with the build's cut one (jetan_stdlib.zip), as the app
//
// tests/wasm/test_stdlib.py runs both: the cut library must hold all that the full one loads.
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const runtime = join(root, "dist", "pyodide");
const which = process.argv[2] || "cut";
const { loadPyodide } = await import(pathToFileURL(join(runtime, "pyodide.mjs")).href);
const { unpackWheel } = await import(pathToFileURL(join(root, "web", "js", "wheel.js")).href);
/** @type {{indexURL: string, _makeSnapshot: boolean, stdLibURL?: string}} */
const options = { indexURL: runtime + "/", _makeSnapshot: true };
if (which === "cut") options.stdLibURL = join(runtime, "jetan_stdlib.zip");
const pyodide = await loadPyodide(options);
const wheel = readdirSync(join(root, "dist", "wheels")).find((f) => f.startsWith("py_engine"));
if (!wheel) throw new Error("dist/wheels holds no py_engine wheel: run `bash build.sh`");
await unpackWheel(pyodide.FS, new Uint8Array(readFileSync(join(root, "dist", "wheels", wheel))));
globalThis.jetanBreathe = () => Promise.resolve(false);
const out = pyodide.runPython(`
import json, sys, traceback
from pyodide.ffi import can_run_sync, run_sync
import js
from py_engine import facade
def _breathe():
    return can_run_sync() and bool(run_sync(js.jetanBreathe()))
facade.set_breathe(_breathe)
g = {"rules": "", "start": "start", "moves": ["d2-d3", "g9-g8"]}
requests = [
    {"op": "rules"}, {"op": "state", **g}, {"op": "play", **g, "move": {"from": 14, "to": 24}},
    {"op": "state", **g, "record": True, "comments": {"1": {"text": "a note", "arrows": "d2d3:red"}}},
    {"op": "record", "text": "[Event \\"x\\"]\\n1. d2-d3 {hi [%cal Rd2d3]} g9-g8"},
    {"op": "check", "rules": "duel=dice", "start": "start"}, {"op": "reach"},
    {"op": "destinations", "square": 4}, {"op": "best", **g, "time_ms": 200, "level": 3},
    {"op": "best", **g, "time_ms": 200, "level": 1},
    {"op": "search_start", **g, "time_ms": 200}, {"op": "search_step"}, {"op": "search_stop"},
    {"op": "held", **g}, {"op": "replay", **g, "at_least": 1},
    {"op": "lesson", "lesson": "duels", "moves": ["d4xd7"]},
    {"op": "lesson", "lesson": "chief-takes-chief", "moves": ["c7xf7"]},
    {"op": "puzzle", "id": "?"}, {"op": "puzzle", "id": "01b7d8", "moves": ["e5-f7"]},
    {"op": "state", "rules": "bogus=1"}, {"op": "play", **g, "move": "zz"}, {"op": "nope"},
    {"op": "state", "rules": "setup=facing,duel=even", "start": "start", "moves": ["e2-e3"]},
]
answers = [json.loads(facade.handle_json(json.dumps(r))) for r in requests]
answers = [a["ok"] or a["error"]["key"] for a in answers]
answers.append(json.loads(facade.handle_json("not json"))["error"]["key"])
try:
    raise ValueError("a traceback, as the facade logs one")
except ValueError:
    traceback.format_exc()
"ü".encode("utf-16").decode("utf-16")
json.dumps({"answers": answers, "loaded": sorted({m.__file__.split(".zip/", 1)[1].removesuffix("c")
            for m in list(sys.modules.values())
            if ".zip/" in (getattr(m, "__file__", None) or "")})})
`);
pyodide.makeMemorySnapshot();
console.log(out);
