"""Nothing lost, anywhere it runs (issue 25), in Debian's chromium: two tabs, full or denied
storage, a link or a recent game opened while the engine loads, sandboxed frames, a host page
that clobbers globals, hostile and rapidly changing attributes, an engine that stalls, and a
game of 10,000 moves."""
import json

import pytest

from py_engine.tools.bench import long_game
from tests.browser.conftest import ARTIFACTS, hold_runtime, warm_context
from tests.browser.pages import (FAST, TWO, click, notice, open_app, recent_games, saved_moves, wait_plies,
                                 wait_until)

pytestmark = pytest.mark.browser

OWN = ["d2-d3", "g9-g8"]


# Fill the origin's storage until less than a small game's size is left.
FILL_STORAGE = """() => {
    let filler = "";
    for (const chunk of [1000000, 100000, 10000, 1000, 100]) {
        for (;;) {
            const more = filler + "x".repeat(chunk);
            try { localStorage.setItem("filler", more); filler = more; } catch { break; }
        }
    }
}"""


@pytest.fixture
def context(browser, server, kept_snapshot):
    context = warm_context(browser, server, kept_snapshot,
                           viewport={"width": 1280, "height": 800})
    yield context
    context.close()


@pytest.fixture
def held(browser):
    """A context whose Python runtime does not arrive until ``release()``."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    yield context, hold_runtime(context)
    context.close()


def test_two_tabs_never_overwrite_a_game_they_did_not_load(context, server):
    a = context.new_page()
    open_app(a, server, dict(TWO, game=dict(FAST["game"], moves=OWN)))
    b = context.new_page()
    b.goto(server.url + "#1;m=e2e3,f9f8")                  # tab B takes on another game
    wait_until(b, "() => document.body.dataset.plies === '2' && !location.hash")
    assert saved_moves(b) == ["e2-e3", "f9-f8"]
    click(a, "c2")
    click(a, "c3")                                         # tab A plays on in its own game
    wait_plies(a, 3)
    wait_until(a, "() => JSON.parse(localStorage.getItem('jetan.saved')).game.moves.length === 3")
    assert ["e2-e3", "f9-f8"] in recent_games(a)                 # B's game was kept before A's save
    b.reload()
    b.wait_for_selector("body[data-engine=ready]", timeout=60000)
    wait_until(b, "() => document.getElementById('recent-list').textContent.includes('1 move')")


def test_a_nearly_full_storage_loses_neither_game_when_a_link_is_opened(context, server):
    page = context.new_page()
    own = long_game(200)
    open_app(page, server, dict(TWO, game=dict(FAST["game"], moves=own)))
    # Fill the storage until less than the own game's size is left.
    page.evaluate(FILL_STORAGE)
    page.goto(server.url + "#1;m=e2e3")
    wait_until(page, "() => document.body.dataset.plies === '1' && !location.hash")
    kept = [saved_moves(page)] + recent_games(page)
    assert own in kept, "the own game is gone"
    assert "download its record" in notice(page, wait=False) or saved_moves(page) == ["e2-e3"]
    page.evaluate("() => localStorage.removeItem('filler')")


def test_a_recent_game_opened_while_the_engine_loads_is_the_one_played(held, server):
    context, release = held
    page = context.new_page()
    other = {"game": {"rules": "", "start": "start", "moves": ["e2-e3", "f9-f8", "c2-c3"], "resigned": None,
                      "headers": {}}, "saved": 1}
    own = json.dumps(dict(TWO, game=dict(FAST["game"], moves=OWN)))
    page.add_init_script(f"""if (!sessionStorage.getItem('seeded')) {{
        localStorage.setItem('jetan.saved', {json.dumps(own)});
        localStorage.setItem('jetan.recent', {json.dumps(json.dumps([other]))});
        sessionStorage.setItem('seeded', '1'); }}""")
    page.goto(server.url)
    page.locator("#recent summary").click()
    page.locator("#recent-list button").first.click()     # opened before the engine is there
    release()
    wait_until(page, "() => document.body.dataset.engine === 'ready' && document.body.dataset.plies === '3'",
               timeout=90)
    click(page, "d9")
    click(page, "d8")
    wait_plies(page, 4)
    assert saved_moves(page) == ["e2-e3", "f9-f8", "c2-c3", "d9-d8"]
    assert OWN in recent_games(page)


def test_a_link_survives_a_reload_before_the_engine_is_ready(held, server):
    context, release = held
    page = context.new_page()
    page.goto(server.url + "#1;m=d2d3,g9g8,e2e3")
    page.wait_for_timeout(300)
    page.reload()                                          # a phone bringing the tab back
    assert page.evaluate("() => location.hash") == "#1;m=d2d3,g9g8,e2e3"
    release()
    wait_until(page, "() => document.body.dataset.plies === '3' && !location.hash", timeout=90)
    page.reload()
    page.wait_for_selector("body[data-engine=ready]", timeout=60000)
    wait_until(page, "() => document.body.dataset.plies === '3'")


def test_storage_denied_plays_from_memory_and_says_so(context, server):
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.add_init_script("""Object.defineProperty(window, "localStorage", {
        get() { throw new DOMException("The operation is insecure.", "SecurityError"); } });""")
    page.goto(server.url)
    page.wait_for_selector("body[data-engine=ready]", timeout=60000)
    assert "does not let Jetan keep anything" in notice(page, wait=False)
    click(page, "d2")
    click(page, "d3")
    wait_until(page, "() => Number(document.body.dataset.plies) >= 1")
    assert page.errors == []


# Each frame of sandboxed.html either plays, or says in words what the host page must allow:
# never "loading" for ever. (The app's frame, then the element's.)
SANDBOXED_APP = """() => { const engine = document.body.dataset.engine;
    const text = document.getElementById('loading-text').textContent;
    return engine === 'ready' ? 'ready' : engine === 'failed' && text; }"""
SANDBOXED_EMBED = """() => { const b = document.querySelector('jetan-board');
    const settled = ['ready', 'failed'].includes(b.dataset.engine);
    return settled && `${b.dataset.engine} ${b.shadowRoot.textContent}`; }"""

# On clobbered.html: the board of unknown letters' caption.
UNKNOWN_LETTERS = ("() => document.getElementById('letters')?.shadowRoot"
                   "?.querySelector('.caption')?.textContent")

# On clobbered.html: 2,000 attribute changes in a row are drawn a few times, not 2,000 times.
# (Made from a task of the page's, as a page's script makes them: WebKitGTK's driver runs a
# script it is sent with the microtasks drained after each change.)
COALESCED = """() => new Promise((done) => setTimeout(() => {
    const b = document.getElementById('board');
    let drawn = 0;
    b.addEventListener("drawn", () => drawn++);
    for (let i = 0; i < 2000; i++) b.setAttribute("ply", String(i % 3));
    setTimeout(() => done(drawn), 200);
}))"""

# A million moves in an attribute: refused by its size, at once.
HUGE = """() => {
    const b = document.getElementById('board');
    b.setAttribute("moves", "d2-d3,".repeat(1000000));
    const caption = () => b.shadowRoot.querySelector('.caption').textContent;
    return new Promise((r) => setTimeout(() => r(caption()), 100));
}"""

# A play() in flight, then new attributes: the board ends showing what its attributes say.
STALE_REPLY = """async () => {
    const b = document.getElementById('board');
    b.removeAttribute("moves");
    b.removeAttribute("ply");
    await new Promise((r) => setTimeout(r, 50));
    const playing = b.play("d2-d3").then((m) => m.text, (e) => e.message);
    b.setAttribute("moves", "e2-e3,f9-f8");
    const result = await playing;
    await new Promise((r) => setTimeout(r, 500));
    return { result, ply: b.dataset.ply, position: b.dataset.position };
}"""
AFTER_E3_F8 = "wadfpcfdaw/tnnnn1nnnt/5n4/10/10/10/10/4N5/TNNN1NNNNT"

# The worker goes silent between two moves: the second is played on the restarted engine.
STALLED = """async () => {
    const b = document.getElementById('board');
    await b.play('d2-d3');
    b.session.engine().worker.terminate();
    return await b.play('g9-g8').then((m) => m.text, (e) => e.message);
}"""


def test_sandboxed_frames_say_what_the_host_must_allow(page, host):
    page.goto(host.url + "sandboxed.html")
    board = page.frame_locator("#embed").locator("jetan-board")
    board.click(position={"x": 100, "y": 250})             # the first press starts its engine
    app = next(f for f in page.frames if f.url.endswith("index.html"))
    embed = next(f for f in page.frames if "embed.html" in f.url)
    app_text = wait_until(app, SANDBOXED_APP, timeout=90)
    embed_text = wait_until(embed, SANDBOXED_EMBED, timeout=90)
    page.screenshot(path=str(ARTIFACTS / "sandboxed.png"))
    assert app_text == "ready" or "allow-same-origin" in app_text, app_text
    assert embed_text.startswith("ready") or "allow-same-origin" in embed_text, embed_text


def test_clobbered_globals_and_unknown_letters(page, host):
    page.goto(host.url + "clobbered.html")
    assert "'x' is not a piece" in wait_until(page, UNKNOWN_LETTERS)
    moved = page.evaluate("() => document.getElementById('board').play('d2-d3')"
                          ".then((m) => m.text, (e) => e.message)")
    assert moved == "d2-d3"


def test_attributes_are_coalesced_bounded_and_never_overwritten_by_a_stale_reply(page, host):
    page.goto(host.url + "clobbered.html")
    assert page.evaluate(COALESCED) < 10                  # once, not 2,000 times
    assert "too long" in page.evaluate(HUGE)
    out = page.evaluate(STALE_REPLY)
    assert out["ply"] == "2"
    assert out["position"].startswith(AFTER_E3_F8)


def test_a_request_lost_to_a_stalled_engine_is_retried(page, host):
    page.goto(host.url + "clobbered.html")
    assert page.evaluate(STALLED) == "g9-g8"


# The move list's entries: the index of each move's button, and the buttons for more moves.
LISTED = """() => [...document.querySelectorAll('#moves button')].map(
    (b) => b.dataset.more || Number(b.dataset.index))"""
CURRENT = "() => Number(document.querySelector('#moves button.current')?.dataset.index ?? -1)"


def test_a_move_in_a_10000_move_game_is_answered(page, server):
    moves = long_game(10000)
    open_app(page, server, dict(TWO, game=dict(FAST["game"], moves=moves)))
    wait_until(page, "() => document.body.dataset.plies === '10000'", timeout=120)
    # Every move is kept; the list holds a stretch of them ending at the last, the earlier ones a
    # press away (laying out 10,000 entries froze the page for seconds: panels.js, LIST_SPAN).
    listed = page.evaluate(LISTED)
    assert listed[0] == "earlier" and listed[-1] == 9999 and len(listed) <= 801
    assert listed[1:] == list(range(listed[1], 10000)) and page.evaluate(CURRENT) == 9999
    # The numbers' column grows with them: "5000." never runs into its move.
    assert page.evaluate("""() => [...document.querySelectorAll('#moves .num')]
        .every((num) => num.scrollWidth <= num.clientWidth)""")
    page.evaluate("""() => { const s = window.jetan.session;
        const from = Object.keys(s.state.legal).find((k) => k !== 'pass');
        s.press(Number(from)); s.press(s.state.legal[from][0].to); }""")
    wait_plies(page, 10001, timeout=60000)
    wait_until(page, "() => JSON.parse(localStorage.getItem('jetan.saved')).game.moves.length === 10001")
    assert page.evaluate(LISTED)[-1] == 10000 and page.evaluate(CURRENT) == 10000


def test_every_move_of_a_long_game_is_in_reach_of_its_list(page, server):
    """From the end to the start by "Earlier moves", back by "Later moves", each press keeping the
    move shown marked; the start and the end by Home and End; a move pressed is shown."""
    moves = long_game(2000)
    open_app(page, server, dict(TWO, game=dict(FAST["game"], moves=moves)))
    wait_until(page, "() => document.body.dataset.plies === '2000'", timeout=120)
    seen = set()
    while True:
        listed = page.evaluate(LISTED)
        indexes = [i for i in listed if isinstance(i, int)]
        assert indexes == list(range(indexes[0], indexes[-1] + 1)) and len(indexes) <= 800
        assert listed[-1] == "later" or indexes[-1] == 1999
        seen.update(indexes)
        if listed[0] != "earlier":
            break
        page.locator("#moves button[data-more='earlier']").click()
        assert page.evaluate(CURRENT) in (-1, 1999)      # the move shown is still the last
    assert indexes[0] == 0 and seen == set(range(2000))
    texts = page.locator("#moves button[data-index]").all_inner_texts()
    assert texts == moves[:len(texts)]
    while "later" in page.evaluate(LISTED):
        page.locator("#moves button[data-more='later']").click()
    assert page.evaluate(LISTED)[-1] == 1999 and page.evaluate(CURRENT) == 1999
    page.keyboard.press("Home")
    wait_until(page, "() => window.jetan.session.shownPly === 0")
    assert page.evaluate(LISTED)[0] == 0
    assert page.evaluate("() => document.getElementById('moves').scrollTop") == 0
    page.keyboard.press("End")
    wait_until(page, "() => window.jetan.session.shownPly === 2000")
    assert page.evaluate(CURRENT) == 1999
    page.locator("#moves button[data-index='1850']").click()
    wait_until(page, "() => window.jetan.session.shownPly === 1851")
    assert page.evaluate(CURRENT) == 1850
