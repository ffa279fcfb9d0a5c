"""The app on a phone (issue 12): a game played by taps at 390×844 never scrolls the page, the
whole board and the status stay on screen, and the board's coordinates are readable."""
import re

import pytest

from py_engine import Game
from py_engine.notation import move_text
from py_engine.search import Searcher
from tests.browser.conftest import ARTIFACTS, warm_page
from tests.browser.pages import FAST, PHONE, centre, open_app, wait_plies

pytestmark = pytest.mark.browser

# Whether two elements' boxes overlap on the screen.
OVERLAP = """([a, b]) => {
    const [p, q] = [a, b].map((s) => document.querySelector(s).getBoundingClientRect());
    return p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom;
}"""


def assert_ends_in_view(page, context, server):
    """Sideways, the end of a game and a draw offered are in view without a scroll (under the
    board they were a scroll away), off the board and off the steps through the game, and the
    end's card closes."""
    for _ in range(2):                                  # resigning asks to be sure
        page.locator("#resign-button").tap()
    page.wait_for_selector("#game-over:not([hidden])")
    assert out_of_view(page, "#game-over", "#board", "#steps") == [] and page.evaluate("scrollY") == 0
    assert not page.evaluate(OVERLAP, ["#game-over", "#board"])
    assert not page.evaluate(OVERLAP, ["#game-over", "#steps"])
    page.screenshot(path=str(ARTIFACTS / f"phone-sideways-end-{page.viewport_size['width']}.png"))
    page.locator("#game-over-close").tap()
    page.wait_for_selector("#game-over", state="hidden")
    size = page.viewport_size
    page.set_viewport_size({"width": 390, "height": 844})          # turned upright: under the board
    page.wait_for_selector("#game-over", state="visible")
    page.set_viewport_size(size)
    page.wait_for_selector("#game-over", state="hidden")
    assert page.locator("#undo-button").is_disabled()               # a finished game stays finished
    two = context.new_page()
    people = {"black": "human", "orange": "human"}
    open_app(two, server, saved=dict(FAST, settings=dict(FAST["settings"], players=people)))
    two.touchscreen.tap(*centre(two, "d2"))
    two.touchscreen.tap(*centre(two, "d3"))
    wait_plies(two, 1)
    two.locator("#draw-button").tap()
    two.wait_for_selector("#draw-offer:not([hidden])")
    assert out_of_view(two, "#draw-offer", "#board", "#steps") == []
    assert not two.evaluate(OVERLAP, ["#draw-offer", "#board"])
    assert not two.evaluate(OVERLAP, ["#draw-offer", "#steps"])
    two.close()


# The selectors given whose element is not shown wholly inside the window (any size; the
# Firefox and WebKitGTK tier asks the same).
OUT_OF_VIEW = """(selectors) => selectors.filter((selector) => {
    const box = document.querySelector(selector).getBoundingClientRect();
    return !(box.width > 0 && box.top >= 0 && box.left >= 0 &&
             box.bottom <= innerHeight && box.right <= innerWidth);
})"""


def out_of_view(page, *selectors):
    return page.evaluate(OUT_OF_VIEW, list(selectors))


def test_twenty_moves_each_by_tap_and_the_page_never_scrolls(browser, server, kept_snapshot):
    page = warm_page(browser, server, kept_snapshot, **PHONE)
    context = page.context
    try:
        # Level 3 makes no deliberate slips, and the person plays the engine's one-ply choice
        # (random moves lost within twenty plies once the engine saw traps at its horizon):
        # the same game every run, long enough for twenty moves each.
        open_app(page, server, saved=dict(FAST, settings=dict(FAST["settings"], level=3)))
        assert out_of_view(page, "#board", "#status") == []
        for ply in range(0, 40, 2):
            if page.locator("body").get_attribute("data-result"):
                break                                  # the game ended: a game, all the same
            game = Game(position=page.locator("#board").get_attribute("data-position"))
            text = move_text(game.position, Searcher(game.rules).best_move(game.position, depth=1))
            frm, to = re.fullmatch(r"([a-j]\d+)[-x]([a-j]\d+)(/[ad])?", text).groups()[:2]
            page.touchscreen.tap(*centre(page, frm))
            page.touchscreen.tap(*centre(page, to))
            page.wait_for_function(
                f"+document.body.dataset.plies >= {ply + 2} || document.body.dataset.result", timeout=60000)
            assert page.evaluate("scrollY") == 0, f"the page scrolled after ply {ply + 2}"
            assert out_of_view(page, "#board", "#status") == []
        assert int(page.locator("body").get_attribute("data-plies")) >= 40
        page.screenshot(path=str(ARTIFACTS / "phone-after-twenty-moves.png"))
    finally:
        context.close()


# The board's pixel at the centre of the last move's square, against one at an empty square of
# the same colour (the board not turned: square 0 is a1, bottom left).
LANDED_PIXELS = """() => {
    const canvas = document.getElementById('board'), ctx = canvas.getContext('2d');
    const s = window.jetan.session, board = s.shownBoard(), to = s.state.moves.at(-1).to;
    const parity = (sq) => (sq % 10 + Math.floor(sq / 10)) % 2;
    const empty = board.findIndex((p, sq) => p === '' && parity(sq) === parity(to));
    const cell = canvas.width / 10;
    const pixel = (sq) => Array.from(
        ctx.getImageData((sq % 10 + 0.5) * cell, (9.5 - Math.floor(sq / 10)) * cell, 1, 1).data).join();
    return pixel(to) === pixel(empty) ? `the same: ${pixel(to)} at ${to} and ${empty}` : 'differ';
}"""


def test_the_engines_move_slides_into_place(page, server):
    """Between two frames of the engine's reply the board is mid-move: the piece on a canvas of
    its own over the board, moved by the compositor, which no press lands on; the board itself
    is painted a few times, not every frame (a repaint each frame kept the page's main thread
    from the engine's replies), and once the piece has landed it is on the board and the
    sliding canvas gone. With reduced motion nothing is animated at all (the next test)."""
    open_app(page, server)
    page.evaluate("""() => {
        const seen = [];
        const board = document.getElementById('board');
        // Each paint of the board sets its transform first (board.js's paint()).
        window.boardPaints = 0;
        const setTransform = CanvasRenderingContext2D.prototype.setTransform;
        CanvasRenderingContext2D.prototype.setTransform = function (...args) {
            if (this.canvas === board) window.boardPaints += 1;
            return setTransform.apply(this, args);
        };
        new MutationObserver(() => {
            const slider = document.querySelector('canvas[data-slide]');
            const box = board.getBoundingClientRect(), at = slider && slider.getBoundingClientRect();
            const middle = at ? [at.left + at.width / 2, at.top + at.height / 2] : [0, 0];
            seen.push({ animating: board.dataset.animating || '',
                        shown: !!slider && getComputedStyle(slider).display !== 'none',
                        inside: !!at && at.left >= box.left - 1 && at.right <= box.right + 1 &&
                                at.top >= box.top - 1 && at.bottom <= box.bottom + 1,
                        pressed: document.elementFromPoint(...middle) === board });
        }).observe(board, {attributes: true, attributeFilter: ['data-animating']});
        window.animationSeen = seen;
    }""")
    page.fill("#move-input", "d2-d3")
    page.press("#move-input", "Enter")
    wait_plies(page, 2)
    page.wait_for_function("window.animationSeen.filter((x) => x.animating === 'true').length >= 2",
                           timeout=5000)
    page.wait_for_selector("#board:not([data-animating])")
    seen = page.evaluate("window.animationSeen")
    sliding = [s for s in seen if s["animating"] == "true"]
    assert all(s["shown"] and s["inside"] and s["pressed"] for s in sliding), seen
    page.wait_for_timeout(300)
    assert page.evaluate("getComputedStyle(document.querySelector('canvas[data-slide]')).display") == "none"
    # Two moves slid in 2 x 180 ms: every frame was some 22 paints; now a few a move.
    assert page.evaluate("window.boardPaints") <= 10, page.evaluate("window.boardPaints")
    # The engine's piece painted on its square: not the colour of an empty square like it.
    assert page.evaluate(LANDED_PIXELS) == "differ", page.evaluate(LANDED_PIXELS)
    assert not page.errors


def test_reduced_motion_moves_without_sliding(browser, server, kept_snapshot):
    page = warm_page(browser, server, kept_snapshot, reduced_motion="reduce")
    context = page.context
    try:
        open_app(page, server)
        page.evaluate("""() => { window.animated = false;
            new MutationObserver(() => { window.animated = true; }).observe(
                document.getElementById('board'), {attributes: true, attributeFilter: ['data-animating']});
        }""")
        page.fill("#move-input", "d2-d3")
        page.press("#move-input", "Enter")
        wait_plies(page, 2)
        assert page.evaluate("window.animated") is False
    finally:
        context.close()


# The pages a phone opens, with a board where the page shows one (each must be looked at as it is
# once its boards are drawn: an embedded board's controls live in its shadow root).
TOUCH_PAGES = ["index.html", "learn.html", "puzzles.html", "rules.html", "embed-guide.html",
               "diagram.html#moves=d2d3", "embed.html?interactive#moves=d2d3,g9g8"]
# What a touch screen must not do to a page (issue 26, a player on an iPhone): zoom in on a quick
# second tap — iOS Safari's double-tap zoom, which only an element's touch-action other than
# "auto" turns off (a pinch still zooms) — and zoom in on a text box or list touched, which iOS
# does when its text is under 16 px. Every element of the page and each embedded board's buttons
# and canvas, and every form control one types or chooses in: those that would zoom; and whether
# the page keeps iOS from enlarging its text in landscape, where the browser knows the property.
# And every board takes its gestures itself: none scrolls the page when a piece is dragged, and a
# long press on one (which names the piece) selects no text nor opens iOS's callout. And no box
# for notation is capitalized or corrected by a phone's keyboard.
TOUCH_TROUBLE = """() => {
    const named = (e) => e.id || e.getAttribute('name') || e.getAttribute('aria-label') ||
        e.tagName.toLowerCase();
    const inside = [...document.querySelectorAll('jetan-board')]
        .flatMap((board) => [...board.shadowRoot.querySelectorAll('button, canvas')]);
    const tapZooms = [...document.querySelectorAll('*'), ...inside]
        .filter((e) => getComputedStyle(e).touchAction === 'auto').map(named);
    const boards = [...document.querySelectorAll(
                        'canvas#board, canvas#editor-board, canvas#lesson-board, canvas#puzzle-board'),
                    ...inside.filter((e) => e.tagName === 'CANVAS')];
    const callout = CSS.supports('-webkit-touch-callout', 'none');
    const grabbed = boards.filter((e) => {
        const style = getComputedStyle(e);
        return style.touchAction !== 'none' || (style.userSelect || style.webkitUserSelect) !== 'none' ||
            (callout && style.webkitTouchCallout !== 'none');
    }).map(named);
    const typed = [...document.querySelectorAll('input, select, textarea')]
        .filter((e) => !['checkbox', 'radio', 'file', 'range', 'color', 'hidden'].includes(e.type));
    const focusZooms = typed.filter((e) => parseFloat(getComputedStyle(e).fontSize) < 16).map(named);
    // A box for notation (those not spell-checked) that a phone's keyboard would capitalize or
    // correct: iOS capitalizes a text box's first letter, and in a position a letter's case is
    // its side (w, an Orange Warrior; W, a Black one).
    const corrected = typed.filter((e) => e.getAttribute('spellcheck') === 'false' && !e.readOnly &&
        (!['off', 'none'].includes(e.getAttribute('autocapitalize')) ||
         e.getAttribute('autocorrect') !== 'off'))
        .map(named);
    const supported = CSS.supports('touch-action', 'manipulation');
    const adjust = CSS.supports('text-size-adjust', '100%')
        ? getComputedStyle(document.documentElement).textSizeAdjust : null;
    return { supported, tapZooms, focusZooms, adjust, boards: inside.length, controls: typed.length,
             boardCanvases: boards.length, grabbed, corrected };
}"""


def assert_nothing_zooms(name, found):
    """TOUCH_TROUBLE's findings on page ``name``: nothing zooms, and the check saw something."""
    assert found["supported"], "the browser has no touch-action: the check would see nothing"
    assert found["tapZooms"] == [] and found["focusZooms"] == [] and found["grabbed"] == [], (name, found)
    assert found["corrected"] == [], (name, found)
    assert found["adjust"] in (None, "100%"), (name, found)
    if name.startswith(("diagram", "embed.html")):
        assert found["boards"] >= 2, (name, found)      # the board's canvas and buttons looked at
    if name in ("index.html", "embed-guide.html"):
        assert found["controls"] >= 5, (name, found)
    if name in ("index.html", "learn.html", "puzzles.html"):
        assert found["boardCanvases"] >= 1, (name, found)


# Once a page is there: its scripts have run (Learn's and Puzzles' once their words came: their
# controllers), and every board on it has its controls.
TOUCH_PAGE_READY = """() => document.readyState === 'complete' &&
    (!document.getElementById('lesson-board') || window.jetanLearn) &&
    (!document.getElementById('puzzle-board') || window.jetanPuzzles) &&
    [...document.querySelectorAll('jetan-board')]
        .every((b) => b.shadowRoot && b.shadowRoot.querySelector('canvas'))"""


def test_a_touch_screen_zooms_in_nowhere(browser, server):
    """Each page at 390×844 with touch: no element left to iOS's double-tap zoom (the step
    buttons of a game, the embedded board's « ‹ › »), no text box or list that zooms the page
    in when touched (the game's record, its notation list once did), no text enlarged in
    landscape. The same check runs in Firefox and WebKitGTK (tests/engines/test_pages_engines.py)."""
    context = browser.new_context(**PHONE, service_workers="block")
    try:
        page = context.new_page()
        for name in TOUCH_PAGES:
            page.goto(server.url + name)
            page.wait_for_function(TOUCH_PAGE_READY, timeout=30000)
            assert_nothing_zooms(name, page.evaluate(TOUCH_TROUBLE))
    finally:
        context.close()


# A long press's label over the board (board.js names a piece held for LONG_PRESS_MS).
PRESSED_LABEL = """(canvas) => {
    const label = canvas.parentNode.querySelector('.piece-label:not([hidden])');
    if (!label) return null;
    const style = getComputedStyle(label);
    return { text: label.textContent, box: label.getBoundingClientRect().toJSON(),
             board: canvas.getBoundingClientRect().toJSON(), touchable: style.pointerEvents !== 'none',
             selectable: (style.userSelect || style.webkitUserSelect) !== 'none' };
}"""


def test_a_long_press_names_the_piece_over_the_board(browser, server):
    """A touch screen has no hover: a long press on a piece names it in a label just above the
    finger, over the board — on the game's page and on an embedded board, which once named
    nothing (its screen reader's cursor said "empty" on every square) — a label that takes no
    touch and selects nothing, and moves nothing on the page."""
    context = browser.new_context(**PHONE, service_workers="block")
    try:
        page = context.new_page()
        for name, canvas in [("", "#board"),
                             ("embed.html?interactive#moves=d2d3", "jetan-board canvas[part=board]")]:
            open_app(page, server) if name == "" else page.goto(server.url + name)
            page.wait_for_function(TOUCH_PAGE_READY, timeout=30000)
            board = page.locator(canvas)
            page.wait_for_function("(c) => c.width > 300", arg=board.element_handle(), timeout=30000)
            below = page.locator("#status, jetan-board .bar").first.bounding_box()
            for square, piece in [("e1", "Black Chief"), ("e10", "Orange Princess")]:
                x, y = centre(page, square, canvas)
                pressed = board.bounding_box()
                page.mouse.move(x, y)
                page.mouse.down()
                board.evaluate(f"(canvas, piece) => new Promise((done) => {{ const seen = () => "
                               f"(({PRESSED_LABEL})(canvas) || {{}}).text === piece ? done() : "
                               "requestAnimationFrame(seen); seen(); })", piece)
                label = board.evaluate(PRESSED_LABEL)
                page.mouse.up()
                assert label is not None and label["text"] == piece, (name, square, label)
                # Where it is on the board (which a page's late change may have moved meanwhile).
                box, frame = label["box"], label["board"]
                x, y = x - pressed["x"] + frame["x"], y - pressed["y"] + frame["y"]
                assert box["bottom"] < y and abs((box["left"] + box["right"]) / 2 - x) < 2, (name, label)
                # Over the board (but above the top row).
                assert frame["y"] <= box["top"] or square == "e10", (name, label)
                assert not label["touchable"] and not label["selectable"], (name, label)
            assert page.locator("#status, jetan-board .bar").first.bounding_box() == below, name
    finally:
        context.close()


def test_the_games_sounds_mix_with_other_audio(browser, server):
    """On an iPhone a page's sounds stop the player's podcast and ignore the silent switch unless
    it says they are "ambient" (the Audio Session API, Safari's): the game's clicks say so, as a
    game's sounds do there. (Chromium has no such API: the page is given one to set.)"""
    context = browser.new_context(**PHONE, service_workers="block")
    try:
        page = context.new_page()
        page.add_init_script("Object.defineProperty(navigator, 'audioSession', {value: {type: 'auto'}})")
        open_app(page, server)
        assert page.evaluate("navigator.audioSession.type") == "ambient"
    finally:
        context.close()


# The Screen Wake Lock API as the page meets it, standing in for the browser's (headless
# Chromium's is refused): each request and release logged; a request refused unless made in the
# reader's touch (the end of one), as Safari may refuse it. (Chromium's own record of gestures,
# navigator.userActivation, cannot tell: Playwright's every evaluate counts as one.)
FAKE_WAKE_LOCK = """() => {
    window.wakeLog = [];
    let inTouch = false;
    for (const type of ['pointerup', 'touchend']) addEventListener(type, () => {
        inTouch = true;
        setTimeout(() => { inTouch = false; });
    }, true);
    Object.defineProperty(navigator, 'wakeLock', {value: {request: (type) => {
        if (!inTouch) {
            wakeLog.push('refused ' + type);
            return Promise.reject(new DOMException('no gesture', 'NotAllowedError'));
        }
        wakeLog.push('request ' + type);
        const lock = new EventTarget();
        lock.release = () => { wakeLog.push('release'); lock.dispatchEvent(new Event('release'));
                               return Promise.resolve(); };
        window.heldLock = lock;
        return Promise.resolve(lock);
    }}});
}"""


def test_the_screen_stays_on_during_a_game(browser, server):
    """A phone that dims and locks while a player thinks interrupts the game: while a game is on
    the page holds a screen wake lock (as lichess does) — asked for as the game is shown and,
    refused outside a touch as Safari may refuse it, at the player's next touch; asked for again
    when the browser has let go of it (a page hidden and shown); let go when the game ends, and
    ten minutes after the last move (js/wake.js's timer, shortened here)."""
    context = browser.new_context(**PHONE, service_workers="block")
    try:
        page = context.new_page()
        page.add_init_script(f"({FAKE_WAKE_LOCK})()")
        open_app(page, server)
        page.wait_for_function("wakeLog.length === 1")
        assert page.evaluate("wakeLog") == ["refused screen"]        # as the game is shown: no touch
        page.touchscreen.tap(*centre(page, "e5"))
        page.wait_for_function("window.heldLock")
        for square in ("d2", "d3"):
            page.touchscreen.tap(*centre(page, square))
        wait_plies(page, 2)
        assert page.evaluate("wakeLog") == ["refused screen", "request screen"]    # held: not again
        # The browser lets go (the page hidden); shown again, the page asks — refused — and asks
        # again in the next touch.
        page.evaluate("heldLock.release(); document.dispatchEvent(new Event('visibilitychange'))")
        page.wait_for_function("wakeLog.length === 4")
        page.touchscreen.tap(*centre(page, "e5"))
        page.wait_for_function("wakeLog.length === 5")
        assert page.evaluate("wakeLog.slice(2)") == ["release", "refused screen", "request screen"]
        page.locator("#resign-button").tap()
        page.locator("#resign-button").tap()
        page.wait_for_selector("body[data-result]:not([data-result=''])")
        page.wait_for_function("wakeLog.at(-1) === 'release'")
        # The timer: kept on for two seconds (granted at a touch), then let go.
        count = page.evaluate("wakeLog.length")
        page.evaluate("import('./js/wake.js').then((wake) => wake.keepScreenOn(2000))")
        page.touchscreen.tap(*centre(page, "e5"))
        page.wait_for_function(f"wakeLog.length === {count + 3}", timeout=10000)
        assert page.evaluate(f"wakeLog.slice({count})") == ["refused screen", "request screen", "release"]
    finally:
        context.close()


def test_the_sounds_are_started_in_a_touch(browser, server):
    """Safari counts a sound started in the reader's touch — at its end, not its first moment
    (pointerdown), nor after it: the page starts each sound, muted, in the first tap's end."""
    context = browser.new_context(**PHONE, service_workers="block")
    try:
        page = context.new_page()
        page.add_init_script("""window.startedMuted = [];
            const play = HTMLMediaElement.prototype.play;
            HTMLMediaElement.prototype.play = function () {
                if (this.muted) startedMuted.push(window.event ? window.event.type : 'no event');
                return play.call(this);
            };""")
        open_app(page, server)
        page.wait_for_function("window.jetan && document.body.dataset.plies !== undefined")
        page.wait_for_timeout(1000)                               # the sounds made while it loads
        assert page.evaluate("startedMuted") == []
        page.touchscreen.tap(*centre(page, "d2"))
        page.wait_for_function("startedMuted.length === 4")
        assert page.evaluate("startedMuted") == ["pointerup"] * 4
    finally:
        context.close()


# The browser's bars' colour as the page sets it (the theme-color whose media matches) and the
# page's own background.
BAR_AND_PAGE = """() => {
    const bar = [...document.querySelectorAll('meta[name=theme-color]')]
        .find((m) => !m.media || matchMedia(m.media).matches);
    const [r, g, b] = (bar ? bar.content : '#000000').match(/[0-9a-f]{2}/gi).map((x) => parseInt(x, 16));
    return { bar: `rgb(${r}, ${g}, ${b})`, page: getComputedStyle(document.body).backgroundColor };
}"""


def test_the_browsers_bars_take_the_pages_colour(browser, server):
    """A phone's browser colours its bars with the page's theme-color (Chrome's address bar on
    Android, Safari's on an iPhone): on every page they match its background, light or dark, as
    the system prefers or as the reader chose (a dark page under a light system once had a cream
    bar over it, and every light page a dark one), and follow a change made in the Look dialog."""
    context = browser.new_context(**PHONE, service_workers="block")
    try:
        page = context.new_page()
        # (The diagram and embedded pages are dark whatever the theme: their one bar colour is.)
        for name in ["index.html", "learn.html", "puzzles.html", "rules.html", "embed-guide.html",
                     "diagram.html#moves=d2d3", "embed.html#moves=d2d3"]:
            for system, chosen in [("dark", None), ("light", None), ("light", "dark"), ("dark", "light")]:
                page.emulate_media(color_scheme=system)
                page.goto(server.url + "rules.html")
                page.evaluate("(page) => page ? localStorage.setItem('jetan.theme', JSON.stringify({page}))"
                              " : localStorage.removeItem('jetan.theme')", chosen)
                page.goto(server.url + name)
                found = page.evaluate(BAR_AND_PAGE)
                assert found["bar"] == found["page"], (name, system, chosen, found)
        # Chosen in the Look dialog, and back to the system's.
        page.emulate_media(color_scheme="dark")
        page.goto(server.url + "index.html")
        for chosen in ("light", "auto", "dark"):
            page.evaluate("(p) => import('./js/themes.js').then((t) => t.applyPageTheme(p))", chosen)
            found = page.evaluate(BAR_AND_PAGE)
            assert found["bar"] == found["page"], (chosen, found)
    finally:
        context.close()


def test_a_tapped_button_does_not_stay_lit(browser, server):
    """A touch screen has no hover, but a tap leaves the button it touched ":hover" until the
    next tap elsewhere (Chrome on a phone and iOS Safari alike): its hover colour only where a
    pointer hovers, or Menu, tapped open and shut, stayed lit as if still pressed."""
    context = browser.new_context(**PHONE, service_workers="block")
    try:
        page = context.new_page()
        page.goto(server.url)
        menu = page.locator("#menu-button")
        colour = "(button) => getComputedStyle(button).backgroundColor"
        before = menu.evaluate(colour)
        menu.tap()
        page.wait_for_selector("#main-nav", state="visible")
        menu.tap()
        page.wait_for_selector("#main-nav", state="hidden")
        assert menu.evaluate("(button) => button.matches(':hover')")     # as a touch leaves it
        assert menu.evaluate(colour) == before
    finally:
        context.close()


# Phones turned sideways: an iPhone 14's 844×390 and an iPhone SE's 667×375.
SIDEWAYS = [(844, 390), (667, 375)]
# What each page must keep in view then (its board, what it asks of the player, its buttons),
# once it is there (its engine ready, its task or puzzle set).
IN_VIEW_SIDEWAYS = {
    "index.html": ("document.body.dataset.engine === 'ready' && document.body.dataset.plies !== undefined",
                   ["#board", "#status", "#menu-button", "#hint-button"]),
    "learn.html#panthan": ("document.getElementById('task-prompt').textContent !== ''",
                           ["#lesson-board", "#task-prompt", "#restart-task"]),
    "puzzles.html": ("document.getElementById('puzzle-prompt').textContent !== ''",
                     ["#puzzle-board", "#puzzle-prompt", "#puzzle-hint"]),
}
# Status lines as long as the game's get: two lines in a sideways board's column, and three.
LONG_STATUS = ["Orange to move (you) (the Princess's one escape is used) — the Princess is threatened!",
               "Orange wins: Black's Princess was trapped, after a duel on e5 that the orange won, "
               "in the arena of Manator"]


@pytest.mark.parametrize("width,height", SIDEWAYS)
def test_a_phone_turned_sideways_keeps_the_whole_board_in_view(browser, server, kept_snapshot, width, height):
    """The board was sized for an upright screen: turned sideways, most of it sat below the
    screen's edge (the game's under two rows of header buttons, the puzzle's under its words).
    Now each page shows the whole board, as tall as the screen leaves, with its words and buttons
    beside it; the game's header is behind Menu; a move by taps gets the engine's reply, and the
    page has not scrolled; the set-up dialog's board is whole and usable. With clocks above and
    below it, the board still fits."""
    page = warm_page(browser, server, kept_snapshot, viewport={"width": width, "height": height},
                     has_touch=True, is_mobile=True, device_scale_factor=2)
    context = page.context
    try:
        for name, (there, shown) in IN_VIEW_SIDEWAYS.items():
            if name == "index.html":
                open_app(page, server, saved=dict(FAST, settings=dict(FAST["settings"], level=3)))
            else:
                page.goto(server.url + name)
            page.wait_for_function(there, timeout=60000)
            assert out_of_view(page, *shown) == [], name
        page.goto(server.url + "index.html")
        page.wait_for_selector("body[data-engine=ready]", timeout=60000)
        assert page.locator("#main-nav").is_hidden()
        page.touchscreen.tap(*centre(page, "d2"))
        page.touchscreen.tap(*centre(page, "d3"))
        wait_plies(page, 2)
        assert page.evaluate("scrollY") == 0 and out_of_view(page, "#board") == []
        # The steps through the game in view too (under the board they were a scroll away), off
        # the board, and a step back works from there.
        assert out_of_view(page, "#steps") == [] and not page.evaluate(OVERLAP, ["#steps", "#board"])
        page.locator("#step-prev").tap()
        page.wait_for_function("document.getElementById('step-next').disabled === false")
        page.locator("#step-last").tap()
        page.wait_for_function("document.getElementById('step-next').disabled === true")
        assert_ends_in_view(page, context, server)
        for text in LONG_STATUS:       # (the next redraw sets the status again: measured at once)
            box = page.evaluate("""(text) => { document.getElementById('status').textContent = text;
                const box = document.getElementById('board').getBoundingClientRect();
                return { bottom: box.bottom, height: innerHeight }; }""", text)
            assert box["bottom"] <= box["height"], (text, box)
        page.screenshot(path=str(ARTIFACTS / f"phone-sideways-{width}x{height}.png"))
        # The set-up board: whole, not a thumbnail (it was 111 px), its palette's pieces square.
        page.locator("#menu-button").tap()
        page.locator("#editor-button").tap()
        board = page.locator("#editor-board")
        board.wait_for(state="visible")
        assert out_of_view(page, "#editor-board") == [] and board.bounding_box()["width"] >= 200
        piece = page.locator("#editor-palette-black button").first.bounding_box()
        assert abs(piece["width"] - piece["height"]) <= 1, piece
        page.keyboard.press("Escape")
        clocks = context.new_page()             # (a tab's saved game is seeded once: open_app)
        clock = {"initial": 600000, "increment": 0, "black": 600000, "orange": 600000}
        open_app(clocks, server, saved={**FAST, "game": {**FAST["game"], "clock": clock}})
        assert out_of_view(clocks, "#clock-top", "#board", "#clock-bottom") == [], "with clocks"
    finally:
        context.close()
