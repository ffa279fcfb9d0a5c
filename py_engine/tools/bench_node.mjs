// `python -m py_engine bench`'s run in Pyodide under Node (py_engine/tools/bench.py): the runtime
// given as the first argument, this checkout's py_engine (the second) copied into its file
// system, so that the figures are always of the code beside them; prints measure()'s JSON.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const MEASURE = "import json, sys\nsys.path.insert(0, '/home/pyodide/bench')\n" +
  "from py_engine.tools.bench import measure\njson.dumps(measure())";
const [runtime, source] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: runtime + "/" });

/** @param {string} from @param {string} to */
function copyTree(from, to) {
  pyodide.FS.mkdirTree(to);
  for (const name of readdirSync(from)) {
    if (name === "__pycache__") continue;
    const path = join(from, name);
    if (statSync(path).isDirectory()) copyTree(path, `${to}/${name}`);
    else pyodide.FS.writeFile(`${to}/${name}`, readFileSync(path));
  }
}
copyTree(source, "/home/pyodide/bench/py_engine");
console.log(pyodide.runPython(MEASURE));
