// `python -m py_engine bench`'s run in Chromium (py_engine/tools/bench.py): a module worker, as
// the app's engine runs, of a page served from this checkout; the runtime at /pyodide/, this
// checkout's py_engine at /py_engine/ (its files listed in /files.json). Posts measure()'s JSON.
// The runtime as the page serves it (a path on the server, not in this checkout).
const RUNTIME = "/pyodide/pyodide.mjs";
const { loadPyodide } = await import(RUNTIME);

const MEASURE = "import json, sys\nsys.path.insert(0, '/home/pyodide/bench')\n" +
  "from py_engine.tools.bench import measure\njson.dumps(measure())";
const pyodide = await loadPyodide({ indexURL: "/pyodide/" });
/** @type {string[]} each file's path inside py_engine */
const files = await (await fetch("/files.json")).json();
for (const name of files) {
  const bytes = new Uint8Array(await (await fetch("/py_engine/" + name)).arrayBuffer());
  const path = "/home/pyodide/bench/py_engine/" + name;
  pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
  pyodide.FS.writeFile(path, bytes);
}
self.postMessage(pyodide.runPython(MEASURE));
