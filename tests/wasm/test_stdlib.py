"""The cut standard library (py_engine/webbuild/stdlib.py) holds all the engine uses in the browser:
tests/wasm/stdlib_used.mjs starts Pyodide under Node as the worker does — once with Pyodide's
whole library, once with the build's cut one — and makes every kind of facade request. With the
cut library every request is answered as with the whole one, and the whole one loads nothing
that the cut one lacks."""
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from py_engine.webbuild import stdlib

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.wasm, pytest.mark.slow]


def used(which):
    assert shutil.which("node"), "Node.js is needed for the Pyodide tests"
    assert (ROOT / "dist" / "pyodide" / "jetan_stdlib.zip").exists(), "run `bash build.sh` first"
    run = subprocess.run(["node", str(ROOT / "tests" / "wasm" / "stdlib_used.mjs"), which],
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_the_cut_standard_library_holds_all_the_engine_uses():
    full, cut = used("full"), used("cut")
    assert cut["answers"] == full["answers"]
    missing = sorted(set(full["loaded"]) - stdlib.USED)
    assert not missing, f"add to py_engine/webbuild/stdlib.py's USED: {missing}"
    assert set(cut["loaded"]) <= stdlib.USED
