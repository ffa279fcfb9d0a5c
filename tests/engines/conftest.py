"""The engines tier: the app in Firefox ESR (WebDriver BiDi), WebKitGTK and Chromium (classic
WebDriver), as installed by tests/engines/install.sh from Debian — no browser is ever downloaded.

One browser per engine per test module (launched once, shared by the module's tests); dist/ is
served once for the whole run (a copy of it, by tests/browser's Server; the offline test stops it
for a moment). Each test starts as a returning visitor on that origin: the last page (and its
engine worker) is left and its saved game dropped; the service worker, its files and the
engine's memory snapshot stay unless the test asks for a first visit (a cold start), so that
only the tests about start-up pay for Python's start.

Engines: JETAN_ENGINES (comma-separated; default "firefox,webkit"; an engine that is not
installed is skipped, saying so). Chromium is tests/browser's browser (through Playwright);
JETAN_ENGINES=chromium runs these same tests in it too, through Debian's chromedriver, as a
baseline. Screenshots,
the browsers' versions (engines-versions.json) and any command sent twice (engines-retries.log) go
to test-artifacts/.
"""
import json
import os
import re
import shutil
import time

import pytest

from tests.browser.conftest import ARTIFACTS, DIST, Server
from tests.engines import client

ENGINES = [n.strip() for n in os.environ.get("JETAN_ENGINES", "firefox,webkit").split(",")
           if n.strip()]
ENGINE_WAIT_S = 120          # an engine's cold start under load (WebKitGTK: ~13 s on an idle machine)
VERSIONS_FILE = ARTIFACTS / "engines-versions.json"


def copy_of_dist(into):
    """A copy of dist/ as it is now, whole: a build that rebuilds dist/ meanwhile (another
    terminal's `bash build.sh`) changes nothing under a running tier. Retried while dist/ is
    half-written (its build-info.js and precache.js name different versions, or are missing)."""
    for _ in range(30):
        shutil.rmtree(into, ignore_errors=True)
        try:
            shutil.copytree(DIST, into)
            versions = {re.search(r'"version": *"(\w+)"', (into / f).read_text()).group(1)
                        for f in ("build-info.js", "precache.js")}
            if len(versions) == 1 and (into / "index.html").exists() and \
                    (into / "pyodide" / "pyodide.mjs").exists():
                return into
        except (OSError, AttributeError, shutil.Error):
            pass
        time.sleep(1)
    raise AssertionError("dist/ is missing or incomplete: run `bash build.sh`")


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """dist/ (a copy of it) served on 127.0.0.1 for the whole run."""
    s = Server(copy_of_dist(tmp_path_factory.mktemp("served") / "dist"))
    yield s
    s.stop()


def note_retry(line):
    """A command sent again (client.py), noted in test-artifacts/engines-retries.log."""
    ARTIFACTS.mkdir(exist_ok=True)
    with open(ARTIFACTS / "engines-retries.log", "a") as log:
        log.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {line}\n")


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    """A browser that stops answering altogether (seen now and then in WebKitGTK: every script
    then times out, twice) or whose page process ends (client.BrowserCrashed) is relaunched and
    the test run once more, the event noted in engines-retries.log: a hang of the driver or a
    crash of the browser is not a failure of the app, but a second one is."""
    browser = pyfuncitem.funcargs.get("browser")
    if browser is None:
        return None
    kwargs = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
    try:
        pyfuncitem.obj(**kwargs)
    except (client.CommandTimeout, client.DriverTimeout, client.BrowserCrashed) as err:
        note_retry(f"{pyfuncitem.name}: the browser stopped answering or crashed ({str(err)[:100]}); "
                   "relaunched, run again")
        browser.relaunch()
        pyfuncitem.obj(**kwargs)
    return True


@pytest.fixture(scope="module", params=ENGINES)
def browser(request, tmp_path_factory):
    """One browser of the engine ``request.param`` for the module's tests."""
    name = request.param
    why = client.missing(name)
    if why:
        pytest.skip(why)
    b = client.launch(name, tmp_path_factory.mktemp(name))
    b.retried = note_retry
    ARTIFACTS.mkdir(exist_ok=True)
    versions = json.loads(VERSIONS_FILE.read_text()) if VERSIONS_FILE.exists() else {}
    versions[name] = b.version
    VERSIONS_FILE.write_text(json.dumps(versions, indent=1, sort_keys=True) + "\n")
    yield b
    b.close()


# ---- the page ---------------------------------------------------------------------------------

# What an origin keeps of a visitor's, dropped: the saved games and settings always; with
# ``files`` the service worker and the app's files it keeps too; with ``cold`` (a first visit)
# every cache, the engine's memory snapshot with them. A returning visitor keeps all three; a
# service worker made anew for each test would fetch and keep all 14 MB of the app's files
# after its page's load, which only the tests of the service worker need.
FORGET = """async ({ files, cold }) => {
    if (files || cold)
        for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
    for (const k of await caches.keys())
        if (cold || (files && !k.startsWith("jetan-snapshot-"))) await caches.delete(k);
    localStorage.clear();
    sessionStorage.clear();
    return true;
}"""

# The snapshot store of js/snapshots.js: one cache per build, one entry.
KEPT = """async () => {
    const name = (await caches.keys()).find((n) => n.startsWith("jetan-snapshot-"));
    if (!name) return null;
    return (await (await caches.open(name)).keys()).length > 0;
}"""

# Where square ``name`` is, in viewport pixels, on a board canvas (``where``: a selector, with
# " >>> " stepping into an element's shadow root), scrolled into view.
# Null until the board is there and shown (a person does not press a board not yet drawn).
SQUARE = """(where, name, flipped) => {
    let node = document;
    for (const part of where.split(" >>> ")) {
        node = (node.shadowRoot || node).querySelector(part);
        if (!node) return null;
    }
    if (!node.checkVisibility() || !node.getBoundingClientRect().width) return null;
    node.scrollIntoView({ block: "center", inline: "center" });
    const box = node.getBoundingClientRect(), cell = box.width / 10;
    let f = "abcdefghij".indexOf(name[0]), r = Number(name.slice(1)) - 1;
    if (flipped) { f = 9 - f; r = 9 - r; }
    return [box.left + (f + 0.5) * cell, box.top + (9 - r + 0.5) * cell];
}"""


def new_visitor(browser, origin, cold=False, size=(1280, 800), saved=None, files=False):
    """Leave the last page, forget what ``origin`` kept (FORGET: its saved game; with ``files`` its
    service worker and files; with ``cold`` everything), size the viewport (as near as the
    browser's window allows: browser.viewport), and seed the saved game ``saved`` (a dict, as
    js/storage.js writes it) if given."""
    blank = origin + "no-such-page-for-the-engines-tier"             # a 404 of that origin
    try:
        browser.goto(blank)
    except (client.CommandTimeout, client.BrowserCrashed):
        # The browser stopped answering (twice, WebKitGTK after a test had passed) or its page
        # process ended: start it again rather than fail every test after.
        note_retry(f"{browser.name}: stopped answering or crashed; relaunched")
        browser.relaunch()
        browser.goto(blank)
    browser.call(FORGET, {"files": files, "cold": cold})
    if saved is not None:
        browser.call("(text) => localStorage.setItem('jetan.saved', text)", json.dumps(saved))
    browser.set_viewport(*size)


# What the app's page says of its engine, for a test that waited for it in vain.
ENGINE_STATE = """() => ({ engine: document.body.dataset.engine, plies: document.body.dataset.plies,
    status: document.getElementById('status')?.textContent,
    loading: document.getElementById('loading')?.textContent.trim(),
    controlled: Boolean(navigator.serviceWorker && navigator.serviceWorker.controller) })"""


def engine_ready(browser, timeout=ENGINE_WAIT_S):
    """Wait for the app's engine; how it started ("started" or "restored"). A wait in vain says
    what the page showed (once, in CI, Firefox's page had no engine after 120 s)."""
    try:
        return browser.wait("() => document.body.dataset.engine === 'ready' && document.body.dataset.plies "
                            "!== undefined && document.body.dataset.engineStart", timeout=timeout)
    except TimeoutError as err:
        raise TimeoutError(f"{err}; the page: {browser.call(ENGINE_STATE)}") from err


def plies(browser):
    return browser.call("() => Number(document.body.dataset.plies)")


def wait_plies(browser, n, timeout=60):
    browser.wait("(n) => Number(document.body.dataset.plies) === n", n, timeout=timeout)


def moves(browser):
    return browser.call("() => [...document.querySelectorAll('#moves button')].map((b) => b.textContent)")


def text(browser, selector):
    return browser.call("(s) => document.querySelector(s).textContent", selector)


def square(browser, name, where="#board", flipped=None):
    """Square ``name`` on a board, in viewport pixels, once the board is shown (as
    client.centre waits); on the app's board, flipped as it is."""
    if flipped is None:
        flipped = where == "#board" and browser.call(
            "() => document.getElementById('flip-button').getAttribute('aria-pressed') === 'true'")
    return browser.wait(SQUARE, where, name, flipped)


def click_move(browser, frm, to, where="#board", flipped=None):
    """A move by two clicks of the mouse (real pointer input) on a board."""
    browser.click(*square(browser, frm, where, flipped))
    browser.click(*square(browser, to, where, flipped))


# No board is sliding a piece into place (js/board.js marks its canvas meanwhile).
STILL = """() => ![document, ...[...document.querySelectorAll("jetan-board")].map((b) => b.shadowRoot)]
    .some((root) => root && root.querySelector("canvas[data-animating]"))"""


def shot(browser, name):
    """A screenshot of the viewport, once the boards are still:
    test-artifacts/engines-<engine>-<name>-<width>x<height>.png."""
    browser.wait(STILL)
    width, height = browser.viewport
    path = ARTIFACTS / f"engines-{browser.name}-{name}-{width}x{height}.png"
    browser.screenshot(path)
    return path


def no_page_errors(browser):
    errors = browser.page_errors()
    assert not errors, errors        # None (the browser does not report them) passes

