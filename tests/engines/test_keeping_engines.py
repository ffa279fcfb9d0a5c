"""Nothing lost (issue 25) in Firefox ESR and WebKitGTK, where each case applies: two tabs of the
app (two frames of one origin: they share storage and hear each other's saves as tabs do),
storage nearly full when a link opens, a link or a recent game opened before the engine is
ready, sandboxed frames (where these browsers also deny the app its storage), a host page that
clobbers globals, hostile and rapidly changing attributes, an engine that stalls, and a game of
10,000 moves. Chromium runs the same cases in tests/browser/test_keeping.py."""
import json
import time

import pytest

from py_engine.tools.bench import long_game
from py_engine.squares import parse_square
from tests.browser.pages import FAST, TWO
from tests.browser.test_keeping import (
    AFTER_E3_F8,
    COALESCED,
    FILL_STORAGE,
    HUGE,
    OWN,
    SANDBOXED_APP,
    SANDBOXED_EMBED,
    STALE_REPLY,
    STALLED,
    UNKNOWN_LETTERS,
)
from tests.engines.conftest import (
    ENGINE_WAIT_S,
    click_move,
    engine_ready,
    new_visitor,
    plies,
    shot,
    wait_plies,
)

pytestmark = [pytest.mark.slow, pytest.mark.browser, pytest.mark.engines]

SAVED = "() => JSON.parse(localStorage.getItem('jetan.saved')).game.moves"
RECENT = "() => JSON.parse(localStorage.getItem('jetan.recent') || '[]').map((e) => e.game.moves)"
NOTICE = "() => document.getElementById('notice-text').textContent"
NOT_READY = "() => document.body.dataset.engine !== 'ready'"


def two_players(moves):
    return dict(TWO, game=dict(FAST["game"], moves=moves))


@pytest.fixture(scope="module")
def tabs(server):
    """A page of the app's origin holding two frames of the app: two "tabs"."""
    (server.directory / "two-tabs.html").write_text("""<!doctype html><meta charset="utf-8">
<iframe id="a" src="index.html" width="620" height="760"></iframe>
<iframe id="b" width="620" height="760"></iframe>""")
    return server.url + "two-tabs.html"


def in_tab(tab, script):
    """``script`` (a function's body, ``w`` the frame's window) run in frame ``tab``."""
    return f"() => {{ const w = document.getElementById('{tab}').contentWindow; {script} }}"




def tab_ready(tab, n):
    """Frame ``tab``'s engine is ready, its game has ``n`` plies and its link has been read."""
    return in_tab(tab, "return w.document.body && w.document.body.dataset.engine === 'ready' "
                       f"&& w.document.body.dataset.plies === '{n}' && !w.location.hash;")


def test_two_tabs_never_overwrite_a_game_they_did_not_load(browser, server, tabs):
    new_visitor(browser, server.url, saved=two_players(OWN))
    browser.goto(tabs)
    browser.wait(tab_ready("a", 2), timeout=ENGINE_WAIT_S)
    browser.call(in_tab("b", "w.location.href = 'index.html#1;m=e2e3,f9f8';"))   # tab B: another game
    browser.wait(tab_ready("b", 2), timeout=ENGINE_WAIT_S)
    assert browser.call(SAVED) == ["e2-e3", "f9-f8"]
    browser.call(in_tab("a", f"const s = w.jetan.session; s.press({parse_square('c2')}); "
                             f"s.press({parse_square('c3')});"))                # A plays on
    browser.wait(tab_ready("a", 3))
    browser.wait("() => JSON.parse(localStorage.getItem('jetan.saved')).game.moves.length === 3")
    assert ["e2-e3", "f9-f8"] in browser.call(RECENT)                       # B's game was kept
    browser.call(in_tab("b", "w.location.reload();"))
    browser.wait(in_tab("b", "return w.document.body && w.document.body.dataset.engine === 'ready' && "
                             "w.document.getElementById('recent-list').textContent.includes('1 move');"),
                 timeout=ENGINE_WAIT_S)


def test_a_nearly_full_storage_loses_neither_game_when_a_link_is_opened(browser, server):
    own = long_game(200)
    new_visitor(browser, server.url, saved=two_players(own))
    browser.goto(server.url)
    engine_ready(browser)
    browser.call(FILL_STORAGE)
    browser.goto(server.url + "#1;m=e2e3")
    browser.wait("() => document.body.dataset.plies === '1' && !location.hash")
    kept = [browser.call(SAVED)] + browser.call(RECENT)
    assert own in kept, "the own game is gone"
    assert "download its record" in browser.call(NOTICE) or browser.call(SAVED) == ["e2-e3"]
    browser.call("() => localStorage.removeItem('filler')")


def test_a_link_survives_a_reload_before_the_engine_is_ready(browser, server):
    new_visitor(browser, server.url, cold=True)
    browser.goto(server.url + "#1;m=d2d3,g9g8,e2e3")
    time.sleep(0.3)
    assert browser.call(NOT_READY)
    browser.reload()                                       # a phone bringing the tab back
    assert browser.call("() => location.hash") == "#1;m=d2d3,g9g8,e2e3"
    browser.wait("() => document.body.dataset.plies === '3' && !location.hash", timeout=ENGINE_WAIT_S)
    browser.reload()
    engine_ready(browser)
    assert plies(browser) == 3


def test_a_recent_game_opened_while_the_engine_loads_is_the_one_played(browser, server):
    other = {"game": {"rules": "", "start": "start", "moves": ["e2-e3", "f9-f8", "c2-c3"], "resigned": None,
                      "headers": {}}, "saved": 1}
    new_visitor(browser, server.url, cold=True, saved=two_players(OWN))
    browser.call("(text) => localStorage.setItem('jetan.recent', text)", json.dumps([other]))
    browser.goto(server.url)
    assert browser.call(NOT_READY)
    # (Once the page's words are in, as a person reads the list before pressing it: the list is
    # drawn again in them, and a press as it is redrawn may miss.)
    browser.wait("() => document.documentElement.dataset.words === 'in'")
    browser.click_element("#recent summary")
    browser.wait("() => document.getElementById('recent').open")
    browser.click_element("#recent-list button")            # opened before the engine is there
    browser.wait("() => document.body.dataset.engine === 'ready' && document.body.dataset.plies === '3'",
                 timeout=ENGINE_WAIT_S)
    click_move(browser, "d9", "d8")
    wait_plies(browser, 4)
    browser.wait("() => JSON.parse(localStorage.getItem('jetan.saved')).game.moves.length === 4")
    assert browser.call(SAVED) == ["e2-e3", "f9-f8", "c2-c3", "d9-d8"]
    assert OWN in browser.call(RECENT)


def test_sandboxed_frames_say_what_the_host_must_allow(browser, host):
    browser.set_viewport(1280, 800)
    browser.goto(host.url + "sandboxed.html")
    with browser.in_frame(1):       # the board drawn, as a person sees it before pressing it
        browser.wait("() => Boolean(document.querySelector('jetan-board')?.dataset.position)")
    left, top = browser.call("() => { const e = document.getElementById('embed');"
                             " e.scrollIntoView({ block: 'start' }); const r = e.getBoundingClientRect();"
                             " return [r.left, r.top]; }")
    browser.click(left + 100, top + 250)                    # the first press starts its engine
    with browser.in_frame(0):
        app_text = browser.wait(SANDBOXED_APP, timeout=ENGINE_WAIT_S)
    with browser.in_frame(1):
        embed_text = browser.wait(SANDBOXED_EMBED, timeout=ENGINE_WAIT_S)
    shot(browser, "sandboxed")
    assert app_text == "ready" or "allow-same-origin" in app_text, app_text
    assert embed_text.startswith("ready") or "allow-same-origin" in embed_text, embed_text


def test_a_hostile_host_page_and_hostile_attributes(browser, host):
    browser.goto(host.url + "clobbered.html")
    assert "'x' is not a piece" in browser.wait(UNKNOWN_LETTERS)
    assert browser.call("() => document.getElementById('board').play('d2-d3')"
                        ".then((m) => m.text, (e) => e.message)", timeout=ENGINE_WAIT_S) == "d2-d3"
    assert browser.call(COALESCED) < 10
    assert "too long" in browser.call(HUGE)
    out = browser.call(STALE_REPLY)
    assert out["ply"] == "2" and out["position"].startswith(AFTER_E3_F8), out
    assert browser.call(STALLED, timeout=ENGINE_WAIT_S) == "g9-g8"


def test_a_move_in_a_10000_move_game_is_answered(browser, server):
    new_visitor(browser, server.url, saved=two_players(long_game(10000)))
    browser.goto(server.url)
    browser.wait("() => document.body.dataset.plies === '10000'", timeout=ENGINE_WAIT_S)
    # The list holds a stretch ending at the last move (panels.js, LIST_SPAN).
    last = "() => [...document.querySelectorAll('#moves button[data-index]')].pop().dataset.index"
    assert browser.call(last) == "9999"
    browser.call("""() => { const s = window.jetan.session;
        const from = Object.keys(s.state.legal).find((k) => k !== 'pass');
        s.press(Number(from)); s.press(s.state.legal[from][0].to); }""")
    wait_plies(browser, 10001)
    browser.wait("() => JSON.parse(localStorage.getItem('jetan.saved')).game.moves.length === 10001")
