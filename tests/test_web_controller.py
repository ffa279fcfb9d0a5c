"""The page's controllers under Node (tests/web/*.test.mjs, node:test): the Session behind every
board, its clock and its judges, driven as a person would, on the real facade in a Python child
process (tests/web/facade_server.py). The web_page fixture lays web/js beside a freshly written
engine-data.js; the test files go beside them, and node runs them there."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests" / "web"


@pytest.fixture(scope="module")
def page_with_tests(web_page):
    shutil.copytree(TESTS, web_page / "tests", dirs_exist_ok=True)
    return web_page


@pytest.mark.parametrize("name", sorted(p.name for p in TESTS.glob("*.test.mjs")))
def test_controllers_under_node(page_with_tests, name):
    if not shutil.which("node"):
        pytest.fail("Node.js is needed")
    env = {**os.environ, "PYTHON": sys.executable, "JETAN_ROOT": str(ROOT)}
    run = subprocess.run(["node", "--test", "--test-reporter=tap", f"tests/{name}"], cwd=page_with_tests,
                         env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-20000:] + run.stderr[-5000:]
