"""How ``bash build.sh test`` spreads the suite over two processes (tests/conftest.py): each
browser tier stays whole in one of them. xdist's own grouping once fell apart without a word
(pytest 9.2 no longer read what it set), and two WebKitGTKs then loaded the app at once in CI."""
import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT


@pytest.mark.slow
def test_each_browser_tier_runs_whole_in_one_process(tmp_path):
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "-v", "-p", "no:cacheprovider",
         # a folder of its own: the checkout's (conftest.py) is the running session's
         "--basetemp", str(tmp_path / "inner"),
         "tests/engines/test_client.py", "tests/test_squares.py"],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-2000:]
    ran = re.findall(r"\[(gw\d+)\][^\n]*PASSED (\S+)", run.stdout)
    tier = {worker for worker, test in ran if test.startswith("tests/engines/")}
    assert len(tier) == 1, ran
    assert {worker for worker, _ in ran} == {"gw0", "gw1"}, ran   # the rest still spread
