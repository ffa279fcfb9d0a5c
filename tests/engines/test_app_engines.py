"""The app in Firefox ESR, WebKitGTK and Chromium (tests/engines/conftest.py): a first visit and a first
move by clicks, a warm visit from the engine's memory snapshot, a shared link, Move now during the
engine's search, an offline reload, and a phone's screen by touch. Moves are made with real
pointer input (WebDriver actions at the board's squares), never by calling the page's code."""
import time

import pytest

from py_engine import Game
from tests.browser.pages import FAST
from tests.engines.conftest import (
    KEPT,
    click_move,
    engine_ready,
    moves,
    new_visitor,
    no_page_errors,
    plies,
    shot,
    square,
    text,
    wait_plies,
)

pytestmark = [pytest.mark.slow, pytest.mark.browser, pytest.mark.engines]

LEVEL_6 = dict(FAST, settings=dict(FAST["settings"], level=6, timeMs=5000))
LINKED = ["d2-d3", "g9-g8", "e2-e3", "c9-c8"]


def position_after(*played):
    game = Game()
    for m in played:
        game.play(m)
    return str(game.position)


def fits(browser):
    """The board and the page fit the screen's width; nothing scrolled sideways."""
    fit = browser.call("""() => {
        const b = document.getElementById('board').getBoundingClientRect();
        return { page: document.documentElement.scrollWidth, width: innerWidth,
                 left: b.left, right: b.right, scrollX: scrollX };
    }""")
    assert fit["page"] <= fit["width"] and fit["left"] >= 0 and fit["right"] <= fit["width"], fit
    assert fit["scrollX"] == 0, fit


# The wagers' scoring shown, and whether the move list would scroll sideways (a scroll bar).
PANEL_WHILE_LOADING = """() => {
    const moves = document.getElementById('moves');
    return [document.getElementById('scoring-select').value,
            moves.scrollWidth > moves.clientWidth && getComputedStyle(moves).overflowX !== 'hidden'];
}"""


def test_a_first_visit_and_a_first_move_by_clicks(browser, server):
    new_visitor(browser, server.url, cold=True)
    browser.goto(server.url)
    # The board paints before the engine has loaded: a Black piece on e1, opaque.
    browser.wait("""() => {
        const c = document.getElementById('board'), cell = c.width / 10;
        return c.getContext('2d').getImageData(4.5 * cell, 9.5 * cell, 1, 1).data[3] === 255;
    }""")
    # The panel while the engine loads: the wagers' scoring chosen (it was an empty list until
    # the engine answered), and no scroll bar under the empty move list (WebKitGTK drew one).
    assert browser.call(PANEL_WHILE_LOADING) == ["smith", False]
    assert engine_ready(browser) == "started"
    assert text(browser, "#status").startswith("Black to move")
    assert browser.call(PANEL_WHILE_LOADING) == ["smith", False]
    click_move(browser, "d2", "d3")
    wait_plies(browser, 2)                  # the engine (default: level 3, 2 s) has answered
    assert moves(browser)[0] == "d2-d3"
    assert text(browser, "#status").startswith("Black to move")
    assert browser.call("() => document.getElementById('board').dataset.position") == \
        position_after("d2-d3", moves(browser)[1])
    shot(browser, "first-move")
    no_page_errors(browser)
    # The engine keeps its snapshot once the page is quiet (and the next test's visit is warm).
    browser.wait(KEPT, timeout=90)


# The engine of the page shown (dist/build-info.js: its wheel and runtime, BUILD.engine; the build's
# version before there was one), and whether that engine has kept its snapshot (js/snapshots.js:
# one cache per engine).
BUILD = "() => import(new URL('build-info.js', location.href)).then((m) => m.BUILD.engine || m.BUILD.version)"
KEPT_BY = """async (key) => {
    const name = "jetan-snapshot-" + key;
    return (await caches.keys()).includes(name) && (await (await caches.open(name)).keys()).length > 0;
}"""


def test_a_warm_visit_restores_the_engines_snapshot(browser, server):
    new_visitor(browser, server.url, saved=FAST)
    for _ in range(2):
        browser.goto(server.url)
        engine_ready(browser)
        build = browser.call(BUILD)
        browser.wait(KEPT_BY, build, timeout=90)    # kept once the page has been quiet a second
        browser.goto(server.url)
        how = engine_ready(browser)
        if browser.call(BUILD) == build:
            break
        # dist/ was rebuilt between the two visits: an engine never reads another's snapshot.
    assert how == "restored"
    click_move(browser, "c2", "c3")         # the search, its breathing and the referee all work
    wait_plies(browser, 2)
    assert moves(browser)[0] == "c2-c3"
    no_page_errors(browser)


def test_a_shared_link_opens(browser, server):
    """A game for two, Orange at the bottom, on a phone-sized screen (by mouse: touch is the last
    test's) — 390x844, or as narrow as the browser's window gets (WebKitGTK's MiniBrowser: 447)."""
    new_visitor(browser, server.url, size=(390, 844))
    browser.goto(server.url + "#1;m=d2d3,g9g8,e2e3,c9c8;o=orange")
    engine_ready(browser)
    wait_plies(browser, 4)
    assert moves(browser) == LINKED
    assert browser.call("() => document.getElementById('board').dataset.position") == position_after(*LINKED)
    assert browser.call("() => document.getElementById('flip-button').getAttribute('aria-pressed')") == "true"
    assert browser.call("() => location.hash") == ""      # read once, then cleared
    click_move(browser, "f2", "f3")         # the board is flipped: square() knows
    wait_plies(browser, 5)
    assert moves(browser)[-1] == "f2-f3"
    assert browser.call("() => document.body.dataset.vsEngine") == "false"
    fits(browser)
    shot(browser, "shared-link")
    no_page_errors(browser)


# Every "think" reply the page receives from its worker: {stopped} says whether a stop was heard.
# Every search's reply, as the page's engine gives it (from its worker, or, where the worker
# cannot suspend, from the search worker a stop replaces): whether it was cut short.
LISTEN = """() => {
    window.thinkReplies = [];
    const engine = window.jetan.engine, request = engine.request.bind(engine);
    engine.request = (op, args, onProgress) => {
        const reply = request(op, args, onProgress);
        if (op === "think") reply.then((r) => window.thinkReplies.push(Boolean(r && r.stopped)));
        return reply;
    };
    return true;
}"""


def test_move_now_during_the_engines_search_takes_effect(browser, server):
    new_visitor(browser, server.url, saved=LEVEL_6)       # level 6, 5 s a move
    browser.goto(server.url)
    engine_ready(browser)
    browser.call(LISTEN)
    click_move(browser, "d2", "d3")
    browser.wait("() => !document.getElementById('thinking').hidden && "
                 "document.getElementById('thinking-text').textContent.includes('Depth')")
    browser.click_element("#stop-button")
    wait_plies(browser, 2)
    # The search was cut short by the button, not by its time running out.
    assert browser.call("() => window.thinkReplies") == [True]
    assert browser.call("() => document.getElementById('thinking').hidden")
    no_page_errors(browser)


# Long enough after a touch that WebKit no longer counts it for a sound (3 s still was).
AFTER_THE_TOUCH_S = 8
THE_ENGINES_SOUNDS = """() => import('./js/sound.js').then((sound) => {
    for (const kind of ['capture', 'duel', 'end']) sound.playSound(kind, true);
})"""


def test_the_engines_sounds_play_long_after_the_players_touch(browser, server):
    """Safari plays a page's sound only from a touch, a click or a key, sound by sound (WebKitGTK
    runs with that rule here, tests/engines/client.py): the engine's capture, a duel and the end
    of a game the engine won — sounds no move of the player's had made yet — were refused when
    they came seconds after the player's last touch, as after a long think. The page starts
    every sound, muted, from the first touch (js/sound.js)."""
    new_visitor(browser, server.url)                  # sound on, as a new visitor has it
    browser.goto(server.url)
    engine_ready(browser)
    click_move(browser, "d2", "d3")
    wait_plies(browser, 2)
    time.sleep(AFTER_THE_TOUCH_S)
    browser.call(THE_ENGINES_SOUNDS)
    time.sleep(1)                                     # a refusal comes from a promise
    assert browser.call("() => window.jetan.sounds.slice(-3)") == ["capture", "duel", "end"]
    assert browser.call("() => window.jetan.soundsRefused") == []
    no_page_errors(browser)


def test_an_offline_reload_still_plays(browser, server):
    """A returning visitor offline: the server stopped once the service worker has installed;
    the reload starts the engine on files from the worker's cache alone."""
    new_visitor(browser, server.url, saved=FAST, files=True)  # no service worker, no files kept
    browser.goto(server.url)
    engine_ready(browser)
    # The service worker is registered once the engine has started; it takes the page once it
    # has installed, that is once every file of the app is in its cache.
    browser.wait("() => navigator.serviceWorker.controller !== null", timeout=90)
    browser.wait(KEPT, timeout=90)          # the snapshot too: a quicker start (the warm test's)
    server.stop()
    try:
        browser.reload()
        engine_ready(browser)
        assert browser.call("() => fetch('index.html', { cache: 'no-store' }).then(() => 'served', "
                            "() => 'failed')") == "served"      # by the service worker alone
        click_move(browser, "d2", "d3")
        wait_plies(browser, 2)
        shot(browser, "offline")
        no_page_errors(browser)
    finally:
        server.start()                      # on the same port, for the tests after this one


def test_on_a_phone_by_touch(browser, server):
    new_visitor(browser, server.url, size=(390, 844), saved=FAST)
    # A touch screen where the protocol can say so (navigator.maxTouchPoints; not Firefox ESR 153's
    # BiDi, nor classic WebDriver: the app does not ask), and touch input in any case.
    browser.set_viewport(390, 844, touch=True)
    # Does a tap arrive as touch? (WebKitGTK's driver sends "touch" pointer actions as a mouse.)
    browser.call("() => { window.kind = null; addEventListener('pointerdown', "
                 "(e) => { window.kind = e.pointerType; }, { once: true, capture: true }); }")
    browser.tap(20, 20)
    kind = browser.wait("() => window.kind")
    if kind != "touch":
        pytest.skip(f"{browser.version}: WebDriver touch actions arrive as {kind!r} pointer events "
                    "and the driver has no touch emulation, so a phone's touch cannot be tested here")
    browser.goto(server.url)
    engine_ready(browser)
    browser.tap(*square(browser, "d2"))
    browser.tap(*square(browser, "d3"))
    wait_plies(browser, 2)
    assert moves(browser)[0] == "d2-d3"
    fits(browser)
    browser.call("() => scrollTo(0, 0)")
    shot(browser, "phone-touch")
    assert plies(browser) == 2
    no_page_errors(browser)
