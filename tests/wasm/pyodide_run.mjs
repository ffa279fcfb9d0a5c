// Runs the engine's test suite inside Pyodide under Node, the way the browser runs the engine: the
// runtime from dist/pyodide, micropip loaded from beside it, our py_engine wheel installed with
// micropip (the app unpacks the same wheel itself), and the pinned test wheels from
// build/wasm-wheels (build.sh test). The wheel ships the engine alone; the tools some tests use
// (py_engine/tools and the web build they import: a long game, the puzzle prover) are copied in
// beside it.
//
//   node tests/wasm/pyodide_run.mjs [pytest args]
//
// It runs the quick tier (not "slow": the reference cross-checks run on CPython).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const rest = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(root, "dist", "pyodide", "pyodide.mjs")).href);

const pyodide = await loadPyodide({ indexURL: join(root, "dist", "pyodide") + "/" });
await pyodide.loadPackage("micropip", { messageCallback: () => {} });
const micropip = pyodide.pyimport("micropip");

/** @param {string} dir */
const wheelsIn = (dir) => readdirSync(dir).filter((f) => f.endsWith(".whl"))
  .map((f) => pathToFileURL(join(dir, f)).href);
const wheels = [...wheelsIn(join(root, "dist", "wheels")), ...wheelsIn(join(root, "build", "wasm-wheels"))];
await micropip.install.callKwargs(wheels, { deps: false });

/** @param {string} from a folder here  @param {string} to where it goes in Pyodide's file system */
function copyTree(from, to) {
  pyodide.FS.mkdirTree(to);
  for (const name of readdirSync(from)) {
    if (name === "__pycache__" || name === "browser" || name === "wasm") continue;
    const path = join(from, name);
    if (statSync(path).isDirectory()) copyTree(path, `${to}/${name}`);
    else pyodide.FS.writeFile(`${to}/${name}`, readFileSync(path));
  }
}

const installed = pyodide.runPython("import os, py_engine; os.path.dirname(py_engine.__file__)");
for (const part of ["tools", "webbuild"]) copyTree(join(root, "py_engine", part), `${installed}/${part}`);
copyTree(join(root, "tests"), "/home/pyodide/work/tests");
pyodide.FS.writeFile("/home/pyodide/work/pyproject.toml", readFileSync(join(root, "pyproject.toml")));
pyodide.globals.set("pytest_args", pyodide.toPy(rest));
const code = await pyodide.runPythonAsync(`
import os, sys, pytest
os.chdir("/home/pyodide/work")
sys.path.insert(0, "/home/pyodide/work")
import py_engine
print("py_engine from", py_engine.__file__, "on Python", sys.version.split()[0], sys.platform)
# The tests of the command line, the build, the server, matches, the docs and the page's modules
# under Node start processes or threads or read the checkout, which Pyodide cannot; they are
# about the host, not the engine.
int(pytest.main(["tests", "-q", "-p", "no:cacheprovider", "-m", "not slow", "--ignore=tests/test_cli.py",
                 "--ignore=tests/test_match.py",
                 "--ignore=tests/test_web_share.py", "--ignore=tests/test_web_session.py",
                 "--ignore=tests/test_web_snapshots.py", "--ignore=tests/test_web_wheel.py",
                 "--ignore=tests/test_webbuild.py", "--ignore=tests/test_hosting.py",
                 "--ignore=tests/test_docs.py", "--ignore=tests/test_web_controller.py",
                 "--ignore=tests/test_engine_wheel.py", "--ignore=tests/test_qr_build.py",
                 "--ignore=tests/engines",
                 "--deselect=tests/test_puzzles.py::test_cli_prints_the_shipped_set",
                 "--deselect=tests/test_puzzles.py::test_cli_bad_arguments_exit_2_with_one_line",
                 "--deselect=tests/test_facade.py::test_warm_up_makes_the_tables_the_first_replies_make",
                 *pytest_args]))
`);
process.exit(code);
