"""Test-wide settings: hypothesis draws the same examples on every run, with no deadline, so that
CI is repeatable (run `pytest --hypothesis-seed=N` or drop the profile to explore further); the browser and
Pyodide tests count as slow, so `pytest -m "not slow"` is the quick tier; each checkout has a
temporary folder of its own."""
import hashlib
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

from tests.helpers import examples

ROOT = Path(__file__).resolve().parents[1]

# No deadline: an example's time is not what these tests check, and beside the browser tiers an
# example that takes 2 ms alone once took 295 (hypothesis failed it as "unreliable").
settings.register_profile("repeatable", derandomize=True, deadline=None, max_examples=examples(100))
settings.load_profile("repeatable")


def pytest_configure(config):
    """Unless --basetemp says otherwise, this checkout's own folder for temporary files: pytest's
    shared one (/tmp/pytest-of-<user>) keeps the newest three sessions' folders, so a session
    in another checkout deleted the folder of one still running (its kept engine snapshot with
    it, failing every warm browser test there)."""
    if config.option.basetemp is None:
        checkout = hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]
        config.option.basetemp = str(Path(tempfile.gettempdir()) / f"jetan-tests-{checkout}")


def is_slow(item):
    return any(item.get_closest_marker(name) for name in ("slow", "browser", "wasm"))


def pytest_collection_modifyitems(items):
    """Browser and Pyodide tests are slow. The slow tests go first, so that the processes of
    ``pytest -n 2`` (pytest_xdist_make_scheduler below) share the long ones and end on the quick
    ones."""
    items.sort(key=lambda item: not is_slow(item))
    for item in items:
        if is_slow(item):
            item.add_marker(pytest.mark.slow)


# The browser tiers, each one work unit under pytest-xdist (the folders as node ids begin).
BROWSER_TIERS = ("tests/browser/", "tests/engines/")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """With ``pytest -n N`` (``bash build.sh test`` runs ``-n 2``): each browser tier — Chromium's
    (tests/browser), Firefox's and WebKitGTK's (tests/engines) — is one work unit, so that one
    process launches each browser once and never two copies of a browser load the app at once
    (two WebKitGTKs did in CI, and a page then never got its engine within 120 s); every other
    test is a unit of its own. The units go out largest first: the Chromium tier to one
    process, the other tier to the other, then the engine's own tests in collection order (the
    slow first) to whichever is free.

    Not xdist's own ``--dist loadgroup``: it marks a group by rewriting an item's private
    ``_nodeid``, which pytest 9.2 no longer reads, so every group silently fell apart."""
    from xdist.scheduler import LoadScopeScheduling

    class BrowserTiersWhole(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return next((tier for tier in BROWSER_TIERS if nodeid.startswith(tier)), nodeid)

    if config.getvalue("dist") == "load":
        return BrowserTiersWhole(config, log)
    return None


@pytest.fixture(scope="session")
def web_page(tmp_path_factory) -> Path:
    """web/js as it is in this checkout, beside an engine-data.js written from this very source
    (as build.sh lays them out in dist/): the page's modules under Node, no build needed."""
    from py_engine.webbuild import facts

    root = tmp_path_factory.mktemp("page")
    shutil.copytree(ROOT / "web" / "js", root / "js")
    shutil.copytree(ROOT / "web" / "i18n", root / "i18n")
    (root / "engine-data.js").write_text(facts.engine_data_js())
    (root / "training-data.js").write_text(facts.training_data_js())
    return root



def write_host_pages(folder, app_url):
    """Pages of another origin: the app and the element in sandboxed frames (sandboxed.html),
    and a page whose element ids clobber globals the engine might look at (clobbered.html)."""
    (folder / "sandboxed.html").write_text(f"""<!doctype html><meta charset="utf-8">
<iframe id="app" sandbox="allow-scripts" src="{app_url}index.html" width="900" height="700"></iframe>
<iframe id="embed" sandbox="allow-scripts" src="{app_url}embed.html?interactive" width="400" height="500">
</iframe>""")
    (folder / "clobbered.html").write_text(f"""<!doctype html><meta charset="utf-8">
<div id="jetanEarlyWorker"></div><div id="early"></div><form name="shared"></form>
<script type="module" src="{app_url}js/jetan-board.js"></script>
<jetan-board id="board" interactive style="width:300px"></jetan-board>
<jetan-board id="letters" position="xyz7/10/10/10/10/10/10/10/10/10 b" style="width:300px"></jetan-board>""")


@pytest.fixture(scope="module")
def host(server, tmp_path_factory):
    """The host pages (write_host_pages) on a server of their own: another origin than the
    app's ``server`` (tests/browser's or tests/engines')."""
    from tests.browser.conftest import Server
    folder = tmp_path_factory.mktemp("host")
    write_host_pages(folder, server.url)
    other = Server(folder)
    yield other
    other.stop()
