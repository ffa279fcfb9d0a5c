"""The engine's test suite again, inside Pyodide under Node, with our wheel installed by micropip
(tests/wasm/pyodide_run.mjs). Needs dist/ and build/wasm-wheels, which `bash build.sh test`
prepares; the test fails, saying so, when they are missing."""
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.wasm


def test_engine_suite_passes_inside_pyodide():
    assert shutil.which("node"), "Node.js is needed for the Pyodide tests"
    assert (ROOT / "dist" / "pyodide" / "pyodide.mjs").exists(), "run `bash build.sh` first"
    assert list((ROOT / "build" / "wasm-wheels").glob("pytest-*.whl")), \
        "run `bash build.sh test` (it downloads the test wheels for Pyodide)"
    run = subprocess.run(["node", str(ROOT / "tests" / "wasm" / "pyodide_run.mjs")],
                         capture_output=True, text=True, timeout=1200, cwd=ROOT)
    tail = "\n".join((run.stdout + run.stderr).splitlines()[-25:])
    assert run.returncode == 0, tail
    assert "emscripten" in run.stdout and " passed" in run.stdout, tail
