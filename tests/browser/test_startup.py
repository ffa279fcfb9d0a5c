"""Start-up in Debian's chromium: the engine's memory snapshot restored on a second visit, the
runtime's after an engine's release, and the ordinary start whenever a snapshot cannot be used —
damaged, made by another runtime, storage denied or full (docs/architecture.md, "Snapshots")."""
import re

import pytest

from tests.browser.conftest import ARTIFACTS, hold_runtime
from tests.browser.pages import FAST, open_app, wait_plies, wait_until

pytestmark = pytest.mark.browser

# The snapshot store of js/snapshots.js: one cache per build, one entry.
KEPT = """async () => {
    const name = (await caches.keys()).find((n) => n.startsWith("jetan-snapshot-"));
    if (!name) return null;
    const cache = await caches.open(name);
    const keys = await cache.keys();
    return keys.length ? { name, key: keys[0].url } : null;
}"""

# The runtime's snapshot (js/snapshots.js's other kind), once it has been written.
RUNTIME_KEPT = KEPT.replace('"jetan-snapshot-"', '"jetan-runtime-"')

# An engine's release as a returning visitor's worker meets it: the engine's snapshot kept is
# another build's, so none is this one's (the runtime's still is).
ENGINE_RELEASED = """async () => {
    for (const name of await caches.keys()) if (name.startsWith("jetan-snapshot-")) await caches.delete(name);
}"""

# The service worker has made its copies of the app's files.
ACTIVE = "async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated'"


def visit(context, server):
    """A visit to the app as a new tab: the engine's way of starting, once it is ready."""
    page = context.new_page()
    page.errors, page.messages = [], []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("console", lambda m: page.messages.append(m.text))
    open_app(page, server, saved=FAST)
    return page, page.evaluate("document.body.dataset.engineStart")


def kept(page):
    """The kept snapshot's cache and key, once it has been written."""
    return wait_until(page, KEPT)


def plays(page, plies_before=0):
    """A move is accepted and the engine (level 1) answers it."""
    page.fill("#move-input", "d2-d3")
    page.press("#move-input", "Enter")
    wait_plies(page, plies_before + 2, timeout=60000)
    assert not page.errors


def worker_without(context, prelude):
    """The engine's worker in a browser that lacks something: ``prelude`` (JavaScript, taking
    it away) runs before js/worker.js."""
    def serve(route):
        route.fulfill(body=prelude + "\n" + route.fetch().text(), content_type="text/javascript")
    context.route("**/js/worker.js", serve)


def rewrite_snapshot(page, where, change):
    """Replace the kept snapshot by ``change(bytes)`` (JS), under a SHA-256 that matches it, so
    that only the runtime itself can refuse it."""
    page.evaluate("""async ([where, change]) => {
        const cache = await caches.open(where.name);
        const bytes = new Uint8Array(await (await cache.match(where.key)).arrayBuffer());
        const changed = new Function("bytes", change)(bytes);
        const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", changed));
        const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
        await cache.put(where.key, new Response(changed, { headers: { "x-sha256": hex } }));
    }""", [where, change])


def starts_afresh_then_restores(context, server):
    """The next visit starts Python afresh and plays; a good snapshot is kept again, and the visit
    after restores it."""
    page, how = visit(context, server)
    assert how == "started"
    plays(page)
    kept(page)
    page.wait_for_timeout(500)
    page.close()
    _, how = visit(context, server)
    assert how == "restored"


@pytest.fixture
def context(browser):
    context = browser.new_context()
    yield context
    context.close()


def test_a_second_visit_restores_the_snapshot_and_plays(context, server):
    first, how = visit(context, server)
    assert how == "started"
    where = kept(first)
    assert where["name"].startswith("jetan-snapshot-")
    # The service worker made its copies of the files (registered 2 s after the engine's start).
    wait_until(first, ACTIVE)
    first.close()
    asked = []
    context.on("request", lambda request: asked.append(request.url))
    second, how = visit(context, server)
    assert how == "restored"
    plays(second)                   # the search, its breathing hook and the referee all work
    # The runtime's files and the wheel were read from the service worker's copies in Cache
    # Storage: no page or worker asked for them (Pyodide's loader's own fetch of the WebAssembly,
    # compiled by the page, is answered in the worker).
    own = ("pyodide.asm.wasm", "jetan_stdlib.zip", "jetan-lock.json", ".whl")
    assert not [url for url in asked if url.endswith(own)]
    assert [url for url in asked if url.endswith("build-info.js")]     # requests were seen
    # After an engine's release: the runtime's snapshot restored and the engine installed in it,
    # its snapshot kept for the next visit.
    wait_until(second, RUNTIME_KEPT)
    second.evaluate(ENGINE_RELEASED)
    second.close()
    third, how = visit(context, server)
    assert how == "updated"
    plays(third)
    kept(third)


def test_a_runtime_snapshot_the_runtime_refuses_means_an_ordinary_start(context, server):
    first, _ = visit(context, server)
    where = wait_until(first, RUNTIME_KEPT)
    kept(first)
    rewrite_snapshot(first, where, "bytes[20] ^= 0xff; return bytes;")     # another runtime's build id
    first.evaluate(ENGINE_RELEASED)
    first.close()
    starts_afresh_then_restores(context, server)


def test_a_damaged_snapshot_is_ignored_and_made_again(context, server):
    first, _ = visit(context, server)
    where = kept(first)
    first.evaluate("""async (where) => {
        const cache = await caches.open(where.name);
        const hit = await cache.match(where.key);
        const bytes = new Uint8Array(await hit.arrayBuffer());
        bytes.fill(7, 1000000, 1000100);          // the kept checksum no longer matches
        await cache.put(where.key, new Response(bytes, { headers: hit.headers }));
    }""", where)
    first.close()
    starts_afresh_then_restores(context, server)


def test_a_snapshot_of_another_runtime_build_is_refused_by_it(context, server):
    first, _ = visit(context, server)
    where = kept(first)
    # Pyodide writes its build id into the snapshot's header (bytes 16-47) and checks it.
    rewrite_snapshot(first, where, "bytes[20] ^= 0xff; return bytes;")
    # A snapshot kept by another build of the app is never read, and goes when one is kept.
    first.evaluate("""async () => (await caches.open("jetan-snapshot-000000000000"))
        .put("/engine.snapshot", new Response(new Uint8Array(64)))""")
    first.close()
    second, how = visit(context, server)
    assert how == "started"
    plays(second)
    kept(second)
    wait_until(second, """async () => !(await caches.keys()).includes("jetan-snapshot-000000000000")""")


def test_storage_denied_still_plays(browser, server):
    # As in a private window of some browsers: Cache Storage throws.
    context = browser.new_context(service_workers="block")
    try:
        worker_without(context, 'Object.defineProperty(self, "caches", { get() { '
                                'throw new DOMException("denied", "SecurityError"); } });')
        for _ in range(2):
            page, how = visit(context, server)
            assert how == "started"
            plays(page)
            page.close()
    finally:
        context.close()


def test_a_browser_that_cannot_inflate_unpacks_the_wheel_as_pyodide_does(browser, server):
    """js/wheel.js inflates the wheel with DecompressionStream("deflate-raw"), which Safari before
    16.4 lacks: the worker then unpacks it with Pyodide's unpackArchive, started and restored."""
    context = browser.new_context(service_workers="block")
    try:
        worker_without(context, 'self.DecompressionStream = class { constructor() { '
                                'throw new TypeError("unsupported compression format"); } };')
        first, how = visit(context, server)
        assert how == "started"
        plays(first)
        assert any("unpacked the slower way" in m for m in first.messages)
        kept(first)
        first.close()
        second, how = visit(context, server)
        assert how == "restored"
        plays(second)
        assert any("unpacked the slower way" in m for m in second.messages)
    finally:
        context.close()


def test_storage_full_still_plays(browser, server):
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(server.url + "rules.html")
        cdp = context.new_cdp_session(page)
        cdp.send("Storage.overrideQuotaForOrigin", {"origin": server.url.rstrip("/"), "quotaSize": 1000})
        for _ in range(2):
            page, how = visit(context, server)
            assert how == "started"
            plays(page)
            # The worker tries to keep its snapshot once the page is quiet, and fails.
            for _ in range(100):
                if any("could not be kept" in m for m in page.messages):
                    break
                page.wait_for_timeout(200)
            assert any("could not be kept" in m for m in page.messages)
            assert page.evaluate(KEPT) is None
            page.close()
    finally:
        context.close()


@pytest.fixture
def held_runtime(browser):
    """A page whose Python runtime (pyodide.asm.wasm) does not arrive until ``release()``: the
    engine stays loading for as long as a test looks."""
    context = browser.new_context(service_workers="block")
    held = []
    context.route("**/pyodide.asm.wasm", lambda route: held.append(route))

    def release():
        assert held, "the runtime was never asked for"
        held[0].continue_()

    yield context.new_page(), release
    context.close()


def test_a_shared_game_can_be_looked_through_while_the_engine_loads(held_runtime, server):
    page, release = held_runtime
    page.goto(server.url + "#1;m=d2d3,g9g8,e2e3,c9c8")
    status = page.locator("#status")
    page.wait_for_function("document.getElementById('status').textContent.includes('after 2… c9-c8')")
    start = page.locator("#board").get_attribute("data-position")
    for key in ("ArrowLeft", "ArrowLeft"):
        page.keyboard.press(key)
    assert "Showing the position after 1… g9-g8" in status.inner_text()
    after_two = page.locator("#board").get_attribute("data-position")
    page.keyboard.press("Home")
    assert "Showing the start" in status.inner_text()
    assert page.locator("#board").get_attribute("data-position").split()[0] != start.split()[0]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.locator("#board").get_attribute("data-position") == after_two
    page.click("#flip-button")
    assert page.evaluate("document.body.dataset.engine") != "ready"
    # On a phone there are no arrow keys: the move list is there before the engine too.
    assert page.locator("#moves button").all_inner_texts() == ["d2-d3", "g9-g8", "e2-e3", "c9-c8"]
    page.locator("#moves button").nth(3).click()
    assert "Showing the position after 2… c9-c8" in status.inner_text()
    page.locator("#moves button").nth(1).click()
    assert "Showing the position after 1… g9-g8" in status.inner_text()
    release()
    page.wait_for_selector("body[data-engine=ready]", timeout=60000)
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Reviewing')")
    assert status.inner_text() == "Reviewing: after 1… g9-g8 (Orange)"
    assert page.locator("#flip-button").get_attribute("aria-pressed") == "true"
    assert page.locator("#board").get_attribute("data-position").split()[0] == after_two.split()[0]


def test_the_engine_loads_in_the_readers_language_on_a_phone(browser, server):
    """The worker says its steps as messages (codes and numbers, no words: it loads no
    catalogue), and the page words them in its reader's language: a German browser reads the
    download's progress in German, with German numbers, whole on one line of a phone."""
    context = browser.new_context(locale="de-DE", viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, service_workers="block")
    try:
        release = hold_runtime(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        page.goto(server.url)
        page.wait_for_function("document.getElementById('loading-text').textContent.includes('MB')")
        said = page.locator("#loading-text")
        page.screenshot(path=str(ARTIFACTS / "startup-loading-de-390.png"))
        assert page.evaluate("document.documentElement.lang") == "de"
        words = said.inner_text()
        assert re.fullmatch(r"Die Engine wird geladen: \d+(,\d)? von \d+(,\d)? MB…", words), words
        assert said.evaluate("(e) => e.scrollWidth <= e.clientWidth && e.checkVisibility()")
        release()
        page.wait_for_selector("body[data-engine=ready]", timeout=60000)
        assert not page.errors
    finally:
        context.close()


def test_the_early_move_list_numbers_and_marks_moves_as_the_engine_will(held_runtime, server):
    page, release = held_runtime
    # Orange moves first; Black's second move takes a piece, winning its duel.
    page.goto(server.url + "#1;r=setup=facing,first=orange,duel=dice;m=g10d7,d2d3,d7g4,d1g4/a")
    page.wait_for_function("document.querySelectorAll('#moves button').length === 4")
    early = page.locator("#moves").inner_text().split()
    assert early == ["1.", "…", "g10-d7", "2.", "d2-d3", "d7-g4", "3.", "d1xg4/a"]
    assert page.locator("#players").inner_text() == "Black: player · Orange: player · custom rules"
    release()
    page.wait_for_selector("body[data-engine=ready]", timeout=60000)
    page.wait_for_function("document.querySelector('#moves .duel-mark')")
    # The engine's list says the same, and marks the duel.
    assert page.locator("#moves button").all_inner_texts() == ["g10-d7", "d2-d3", "d7-g4", "d1xg4/a"]
    assert page.locator("#moves .duel-mark").inner_text() == "duel won"


def test_a_damaged_kept_file_is_downloaded_again_and_the_first_move_kept(context, server):
    """The service worker's copies of the runtime's WebAssembly and of our wheel, cut short (a
    write cut off, a disk's damage): the start that reads them fails, the copies are checked
    and put right from the server, the engine starts, and the move made meanwhile is played."""
    first, _ = visit(context, server)
    kept(first)
    wait_until(first, ACTIVE)
    damaged = first.evaluate("""async () => {
        const { BUILD } = await import("./build-info.js");
        const cache = await caches.open("jetan-files");
        const cut = [];
        for (const [path, rev] of Object.entries(BUILD.revisions)) {
            if (!path.endsWith(".wasm") && !path.endsWith(".whl")) continue;
            const key = new URL(`${path}?rev=${rev}`, location.href).href;
            const bytes = new Uint8Array(await (await cache.match(key)).arrayBuffer());
            await cache.put(key, new Response(bytes.slice(0, bytes.length >> 1), {
                headers: { "content-type": path.endsWith(".wasm") ? "application/wasm" : "" } }));
            cut.push(key);
        }
        return cut;
    }""")
    assert len(damaged) == 2
    first.close()
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(server.url)
    page.wait_for_selector("#move-input")
    assert page.evaluate("document.body.dataset.engine") != "ready"
    page.fill("#move-input", "d2-d3")                 # while the engine is (re)starting
    page.press("#move-input", "Enter")
    page.wait_for_selector("body[data-engine=ready]", timeout=120000)
    wait_plies(page, 2, timeout=60000)
    assert not page.errors
    assert page.evaluate("""async (keys) => {
        const { BUILD } = await import("./build-info.js");
        const cache = await caches.open("jetan-files");
        for (const key of keys) {
            const bytes = await (await cache.match(key)).arrayBuffer();
            const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
            const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
            if (!hex.startsWith(new URL(key).searchParams.get("rev"))) return false;
        }
        return true;
    }""", damaged)
