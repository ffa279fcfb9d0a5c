"""Browser tests: serve dist/ on 127.0.0.1 from this process and drive Debian's chromium
(/usr/bin/chromium) with Playwright. `bash build.sh test` builds dist/ and installs both."""
import base64
import functools
import os
import sys
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("JETAN_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic",
         "--no-first-run", "--disable-component-update", "--disable-sync"]


class QuietHandler(SimpleHTTPRequestHandler):
    """dist/ as a static host serves it: quietly, and readable from pages of other origins."""

    def log_message(self, *args):
        pass

    def end_headers(self):
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()


class QuietServer(ThreadingHTTPServer):
    """A browser that closes a page mid-download (a test ending, a route aborted) breaks the
    connection: not an error of the server's, so no traceback in the test log for it."""

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class CountingHandler(QuietHandler):
    """Counts the bytes of every file body it sends (304s send none): what a visit downloads."""

    served = 0

    def copyfile(self, source, outputfile):
        data = source.read()
        CountingHandler.served += len(data)
        outputfile.write(data)


def hold_runtime(context):
    """Hold back the Python runtime (pyodide.asm.wasm) of every page of ``context`` until the
    returned ``release()`` is called: the engine stays loading for as long as a test looks."""
    held, released = [], []

    def hold(route):
        if released:
            route.continue_()
        else:
            held.append(route)
    context.route("**/pyodide.asm.wasm", hold)

    def release():
        released.append(True)
        for route in held:
            route.continue_()
    return release


class Server:
    """dist/ (or another folder) served from a thread; stop() and start() again on the same
    port (offline test)."""

    def __init__(self, directory=DIST, handler=QuietHandler):
        self.port = 0
        self.directory = directory
        self.handler = handler
        self.start()

    def start(self):
        handler = functools.partial(self.handler, directory=str(self.directory))
        self.httpd = QuietServer(("127.0.0.1", self.port), handler)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/"


def wait_until(page, script, arg=None, timeout=60):
    """Evaluate ``script`` (a function, maybe async) in the page until it returns something truthy,
    and return that. (Playwright's wait_for_function does not await a promise: a pending one
    counts as truthy at once.)"""
    deadline = time.monotonic() + timeout
    while True:
        value = page.evaluate(script, arg)
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {timeout} s for: {script[:80]}")
        page.wait_for_timeout(200)


def square_centre(locator, name, flipped=False):
    """Where square ``name`` is on the page, on the board canvas ``locator`` (Black at the bottom,
    or Orange if ``flipped``)."""
    box = locator.bounding_box()
    f, r = "abcdefghij".index(name[0]), int(name[1:]) - 1
    if flipped:
        f, r = 9 - f, 9 - r
    cell = box["width"] / 10
    return box["x"] + (f + 0.5) * cell, box["y"] + (9 - r + 0.5) * cell


@pytest.fixture(scope="session")
def server():
    assert (DIST / "index.html").exists() and (DIST / "pyodide" / "pyodide.mjs").exists(), \
        "dist/ is missing: run `bash build.sh` (or `bash build.sh test`)"
    s = Server()
    yield s
    s.stop()


@pytest.fixture(scope="session")
def browser():
    playwright = pytest.importorskip("playwright.sync_api")
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: apt-get install chromium"
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


# Cache Storage's copy of the engine's memory snapshot, read out in the page (base64, a part at a
# time: String.fromCharCode takes only so many arguments).
READ_SNAPSHOT = """async () => {
    const name = (await caches.keys()).find((n) => n.startsWith("jetan-snapshot-"));
    const cache = name && await caches.open(name);
    const [request] = cache ? await cache.keys() : [];
    if (!request) return null;
    const kept = await cache.match(request);
    const bytes = new Uint8Array(await kept.arrayBuffer());
    let text = "";
    for (let i = 0; i < bytes.length; i += 0x8000) {
        text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return { name, key: request.url, sha256: kept.headers.get("x-sha256"), data: btoa(text) };
}"""


@pytest.fixture(scope="session")
def kept_snapshot(browser, server, tmp_path_factory):
    """The engine's memory snapshot as a first visit to ``server`` keeps it: made once a session,
    then given to each new test page (see ``warm``) from a server of its own."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(server.url)
        kept = wait_until(page, READ_SNAPSHOT, timeout=120)
    finally:
        context.close()
    folder = tmp_path_factory.mktemp("snapshot")
    (folder / "engine.snapshot").write_bytes(base64.b64decode(kept.pop("data")))
    own = Server(folder)
    yield {**kept, "url": own.url + "engine.snapshot"}
    own.stop()


def warm(page, server, snapshot):
    """Keep ``snapshot`` in the Cache Storage of ``page``'s context (a new one) as the app would have
    kept it on an earlier visit, so that the app's engine starts as a returning visitor's does:
    restored in about a second instead of five of starting Python. Cold starts have tests of their
    own (test_startup.py, test_first_move.py, the layout-shift test); every other test needs only a
    playing engine, and a warm start saves each some four seconds. The snapshot is checked as the
    app checks any (its SHA-256), and a missing one means a cold start: either way the app behaves
    as it does for a visitor. Done in the test's own page, which then goes on to what it tests (a
    page of its own cost each test about half a second)."""
    page.goto(server.url + "build-info.js")
    page.evaluate("""async ({ name, key, sha256, url }) => {
        const bytes = await (await fetch(url)).arrayBuffer();
        const headers = { "content-type": "application/octet-stream", "x-sha256": sha256 };
        await (await caches.open(name)).put(key, new Response(bytes, { headers }));
    }""", snapshot)


def warm_context(browser, server, snapshot, **options):
    """A new browser context (``options`` as Playwright's) whose engine starts warm (``warm``), as
    a returning visitor's: its service worker blocked unless ``options`` say otherwise. A returning
    visitor's worker has long since kept the app's files; a new context's would fetch and keep
    all 14 MB of them after each page's load, the second after the engine is ready (half a second
    of processor time a test, measured), which only the service worker's own tests need
    (test_app's offline test, test_install, test_update, test_startup, test_learn's offline test)."""
    page = warm_page(browser, server, snapshot, **options)
    page.close()
    return page.context


def warm_page(browser, server, snapshot, **options):
    """A page of its own new context (``warm_context``), the page that kept the snapshot: one page
    fewer to start than ``warm_context(...).new_page()``. Closed with ``page.context.close()``."""
    context = browser.new_context(**{"service_workers": "block", **options})
    page = context.new_page()
    warm(page, server, snapshot)
    return page


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Note on the test whether its body failed (``page`` keeps a screenshot only then)."""
    report = yield
    if report.when == "call":
        item.body_failed = report.failed
    return report


@pytest.fixture
def page(browser, request, server, kept_snapshot):
    page = warm_page(browser, server, kept_snapshot, viewport={"width": 1200, "height": 900})
    context = page.context
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    yield page
    # A failed test's last view is kept (a passing test's, a third of a second each, is not).
    if getattr(request.node, "body_failed", False):
        ARTIFACTS.mkdir(exist_ok=True)
        try:
            page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"))
        except Exception:
            pass
    context.close()
