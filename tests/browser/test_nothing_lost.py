"""Nothing lost, nothing hangs (issue 13): the saved game against bad links, damaged saves,
races, a dead worker and a runtime that does not load — in Debian's chromium, failures injected
by request routing and worker.terminate()."""
import json
import random

import pytest

from py_engine.tools.bench import long_game
from tests.browser.pages import FAST, centre, click, moves, notice, open_app, saved_game, wait_plies

pytestmark = pytest.mark.browser

OWN = ["d2-d3", "g9-g8"]
SAVED = dict(FAST, game=dict(FAST["game"], moves=OWN))


# A link that cannot be read, and one whose game the engine refuses (every other bad link is
# one of these two kinds: tests/web/flow-storage.test.mjs).
@pytest.mark.parametrize("link", ["#moves=", "#start=<script>alert(1)</script>"])
def test_a_bad_or_empty_link_changes_nothing(page, server, link):
    page.on("dialog", lambda d: pytest.fail(f"a dialog opened: {d.message}"))
    open_app(page, server, saved=SAVED, fragment=link)
    wait_plies(page, 2)
    text = notice(page)
    assert "link" in text and ("could not be read" in text or "not valid" in text), text
    assert moves(page) == OWN and saved_game(page)["moves"] == OWN
    assert page.evaluate("location.hash") == ""
    assert not page.errors


def test_a_valid_link_opens_beside_your_game(page, server):
    open_app(page, server, saved=SAVED, fragment="#moves=e2-e3,f9-f8")
    wait_plies(page, 2)
    assert moves(page) == ["e2-e3", "f9-f8"]
    assert "Your own game is kept" in notice(page)
    assert page.evaluate("location.hash") == ""
    assert page.locator("#recent-list li").count() == 1
    page.click("#notice-action")                       # "Back to your game"
    page.wait_for_function(f"document.querySelector('#moves button') && "
                           f"document.querySelector('#moves button').textContent === '{OWN[0]}'")
    assert moves(page) == OWN and saved_game(page)["moves"] == OWN
    # and the linked game is one click away in turn
    assert page.locator("#recent-list li").count() == 1
    page.click("#recent-summary")
    page.click("#recent-list li button")
    page.wait_for_function("document.querySelector('#moves button').textContent === 'e2-e3'")


def test_moves_after_a_link_or_share_survive_a_reload(page, server):
    open_app(page, server, fragment="#moves=e2-e3")
    wait_plies(page, 1)                                # a linked game is for two people
    click(page, "f9")
    click(page, "f8")
    wait_plies(page, 2)
    page.click("#share-button")
    page.click("#share-dialog button[value=close]")
    click(page, "d2")
    click(page, "d3")
    wait_plies(page, 3)
    played = moves(page)
    page.reload()
    page.wait_for_selector("body[data-engine=ready]", timeout=60000)
    wait_plies(page, 3)
    assert moves(page) == played


def test_an_empty_record_changes_nothing(page, server):
    open_app(page, server, saved=SAVED)
    wait_plies(page, 2)
    page.click("#record-summary")
    page.fill("#record", "  ")
    page.click("#load-record-button")
    assert "the record is empty" in notice(page)
    assert moves(page) == OWN and saved_game(page)["moves"] == OWN


# One damaged setting, said and played with (each kind of damage, under Node:
# tests/web/flow-storage.test.mjs).
def test_damaged_settings_fall_back_to_defaults(page, server):
    saved = dict(SAVED, settings=dict(FAST["settings"], scoring="__proto__"))
    open_app(page, server, saved=saved)
    wait_plies(page, 2)
    assert "scoring" in notice(page)
    assert moves(page) == OWN
    click(page, "e2")
    click(page, "e3")
    wait_plies(page, 4)
    assert "Black has won" in page.locator("#wager").inner_text()          # the wager line is drawn
    assert not page.errors


def test_a_huge_unreadable_save_is_moved_aside_and_the_app_starts(page, server):
    open_app(page, server, saved="x" * 3_000_000)
    assert "a copy is kept" in notice(page)
    assert page.evaluate("localStorage.getItem('jetan.saved.damaged').length") == 3_000_000
    click(page, "d2")
    click(page, "d3")
    wait_plies(page, 2)
    assert not page.errors


def test_a_double_click_and_back_to_back_moves_play_once(page, server):
    friend = dict(FAST, settings=dict(FAST["settings"], players={"black": "human", "orange": "human"}))
    open_app(page, server, saved=friend)
    click(page, "d2")
    x, y = centre(page, "d3")
    page.mouse.dblclick(x, y)
    wait_plies(page, 1)
    page.wait_for_timeout(500)
    assert moves(page) == ["d2-d3"]
    # Two typed moves submitted at once: the second waits in the box, it does not replace the first.
    page.evaluate("""() => {
        const input = document.getElementById('move-input'), form = document.getElementById('move-form');
        input.value = 'g9-g8'; form.requestSubmit();
        input.value = 'f9-f8'; form.requestSubmit();
    }""")
    wait_plies(page, 2)
    page.wait_for_timeout(500)
    assert moves(page) == ["d2-d3", "g9-g8"]
    assert saved_game(page)["moves"] == ["d2-d3", "g9-g8"]


def test_a_dead_worker_is_noticed_and_replaced(page, server):
    slow = dict(FAST, settings=dict(FAST["settings"], level=6, timeMs=3000))
    open_app(page, server, saved=slow)
    click(page, "d2")
    click(page, "d3")
    # Ended while its think is still waiting, in the same task that sees it waiting: a test
    # that saw "thinking" and ended the worker a round trip later once, on a loaded machine,
    # ended it after a 1 s think had been answered — and then nothing was wrong to notice.
    page.wait_for_function("""() => { const engine = window.jetan.engine;
        if (![...engine.pending.values()].some((request) => request.op === "think")) return false;
        engine.worker.terminate();
        return true; }""")
    assert "stopped answering" in notice(page)
    page.wait_for_selector("body[data-engine=ready]", timeout=60000)
    wait_plies(page, 2, timeout=60000)                 # the new worker makes the engine's move
    assert moves(page)[0] == "d2-d3"


@pytest.mark.parametrize("failure", ["404", "garbage", "abort"])
def test_a_runtime_that_does_not_load_says_so_with_a_retry(browser, server, failure):
    def route(r):
        if failure == "abort":
            r.abort()
        elif failure == "404":
            r.fulfill(status=404, body="not found")
        else:
            r.fulfill(status=200, body=b"\0asm garbage", content_type="application/wasm")
    # No service worker here: it would keep the damaged file for offline use, as any cache would.
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        context.route("**/pyodide.asm.wasm", route)
        page.goto(server.url)
        page.wait_for_selector("body[data-engine=failed]", timeout=30000)
        text = page.locator("#loading-text").inner_text()
        assert "could not start" in text and "Traceback" not in text and len(text) < 300
        assert page.locator("#retry-button").is_visible()
        context.unroute("**/pyodide.asm.wasm")
        page.click("#retry-button")
        page.wait_for_selector("body[data-engine=ready]", timeout=60000)
        page.wait_for_selector("body[data-plies='0']", timeout=30000)
    finally:
        context.close()


def test_a_failed_start_stays_failed_while_other_files_still_arrive(browser, server):
    # A damaged runtime fails the start while the standard library may still be downloading (on a
    # slow machine or line); its last bytes must not turn the page back to "loading" for ever.
    context = browser.new_context(service_workers="block")
    held = []
    try:
        page = context.new_page()
        context.route("**/pyodide.asm.wasm",
                      lambda r: r.fulfill(status=200, body=b"\0asm garbage", content_type="application/wasm"))
        context.route("**/pyodide/*.zip", lambda route: held.append(route))
        page.goto(server.url)
        page.wait_for_selector("body[data-engine=failed]", timeout=30000)
        assert held, "the standard library was not asked for before the start failed"
        for route in held:
            route.continue_()
        page.wait_for_timeout(1500)
        assert page.evaluate("document.body.dataset.engine") == "failed"
        said = page.locator("#loading-text")
        assert "could not start" in said.inner_text() and "Your game is safe" in said.inner_text()
        # Read whole (it was cut to one line: "…the Python runtime (pyodide…."), under a status
        # line that no longer says it is loading.
        assert said.evaluate("(e) => e.scrollWidth <= e.clientWidth && e.checkVisibility()")
        assert page.locator("#status").inner_text() == "The engine is not running."
        assert page.locator("#retry-button").is_visible()
    finally:
        context.close()


def test_a_long_link_shows_its_replay_progress(page, server):
    fragment = "#moves=" + ",".join(long_game(6000))
    page.add_init_script("""new MutationObserver(() => {
        const t = document.getElementById('loading-text');
        if (t && t.textContent.startsWith('Replaying')) window.sawProgress = t.textContent;
    }).observe(document, {subtree: true, childList: true, characterData: true});""")
    open_app(page, server, saved=None, fragment=fragment)
    wait_plies(page, 6000, timeout=120000)
    assert page.evaluate("window.sawProgress").startswith("Replaying the game: ")


def test_a_link_changed_before_the_engine_is_ready_is_opened(page, server):
    page.goto(server.url)
    page.evaluate("location.hash = '#moves=e2-e3'")
    page.wait_for_selector("body[data-engine=ready]", timeout=60000)
    page.wait_for_function("document.querySelector('#moves button') && "
                           "document.querySelector('#moves button').textContent === 'e2-e3'")


def test_embed_with_an_unreadable_start_says_so(page, server):
    page.goto(server.url + "embed.html#start=zzz")
    caption = page.locator("jetan-board .caption")
    caption.wait_for()
    assert caption.inner_text() == "This board could not be read: a position needs 10 ranks."
    assert not page.errors


# ---- generated saved data and links, in the page ------------------------------------------

def random_value(rng, depth=0):
    kinds = ["null", "bool", "int", "float", "text", "special"] + (["list", "dict"] if depth < 3 else [])
    kind = rng.choice(kinds)
    if kind == "null":
        return None
    if kind == "bool":
        return rng.random() < 0.5
    if kind == "int":
        return rng.choice([0, -1, 1, 6, 7, 100, 2000, 10 ** 12, -(10 ** 9)])
    if kind == "float":
        return rng.choice([0.5, 1e308, -0.0, 3.25])
    if kind == "text":
        return "".join(rng.choice("ab-_<>\"'%&#=,/\\ 0123456789") for _ in range(rng.randint(0, 12)))
    if kind == "special":
        return rng.choice(["__proto__", "constructor", "toString", "human", "engine", "black",
                           "smith", "technical", "d2-d3", "<img src=x onerror=alert(1)>"])
    if kind == "list":
        return [random_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    keys = ["players", "level", "timeMs", "flipped", "notation", "scoring", "black", "orange",
            "__proto__", "rules", "start", "moves", "resigned", "headers", "game", "settings"]
    return {rng.choice(keys): random_value(rng, depth + 1) for _ in range(rng.randint(0, 4))}


def test_generated_saved_data_never_stops_the_app(page, server):
    rng = random.Random(7)
    for _ in range(6):
        saved = {"version": 1, "game": {"rules": "", "start": "start", "moves": OWN},
                 "settings": random_value(rng)}
        page.add_init_script(f"localStorage.setItem('jetan.saved', {json.dumps(json.dumps(saved))})")
        page.goto(server.url)
        page.wait_for_function("document.getElementById('board').dataset.position")     # the app ran
        assert not page.errors, (saved, page.errors)
        page.evaluate("localStorage.clear()")
        page.context.clear_cookies()
