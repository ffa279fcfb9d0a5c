"""What the browser tests do as a person does, in one place (the page objects): open the app
with a saved game, press a square by mouse or touch on any board, play a move and wait for it,
press a control (through the phone's menu where it hides), read the move list, the notice and
the saved game, and wait for the engine. Every module in tests/browser takes these from here;
the fixtures that make browsers, servers and warm pages are conftest.py's."""
import json

from py_engine import Game
from tests.browser.conftest import square_centre, wait_until, warm_page

__all__ = ["FAST", "TWO", "PHONE", "SIZES", "open_app", "centre", "click", "tap", "play", "press",
           "wait_plies", "plies", "moves", "notice", "saved_game", "saved_moves", "recent_games",
           "person_at", "position_after", "link", "watch_errors", "wait_until"]

# A saved game at the start, a person (Black) against the engine at its quickest.
FAST = {"version": 1, "game": {"rules": "", "start": "start", "moves": [], "resigned": None},
        "settings": {"players": {"black": "human", "orange": "engine"}, "level": 1,
                     "timeMs": 1000, "flipped": False, "notation": "algebraic",
                     "scoring": "smith"}}
# The same with two people at the board.
TWO = {**FAST, "settings": {**FAST["settings"], "players": {"black": "human", "orange": "human"}}}

# A phone's screen: 390×844, touch.
PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2)
# The two people the game site is tested as: at 1280×800 with a mouse, or on a phone with touch.
SIZES = {"desktop": dict(viewport={"width": 1280, "height": 800}),
         "phone": dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)}


def watch_errors(page):
    """Collect the page's uncaught errors in ``page.errors``; returns the page."""
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


def person_at(browser, server, snapshot, size):
    """A warm page of its own context as ``size`` (SIZES): (context, page), the page's errors
    watched and ``page.touch`` saying whether the person taps."""
    page = watch_errors(warm_page(browser, server, snapshot, **SIZES[size]))
    page.touch = size == "phone"
    return page.context, page


def open_app(page, server, saved=FAST, fragment=""):
    """The app with ``saved`` as the saved game (a dict, raw text, or None for none), seeded once
    per tab so that a reload finds what the page saved; returns once the engine has the game."""
    if saved is not None:
        raw = json.dumps(saved) if isinstance(saved, dict) else saved
        page.add_init_script(f"""if (!sessionStorage.getItem('seeded')) {{
            localStorage.setItem('jetan.saved', {json.dumps(raw)});
            sessionStorage.setItem('seeded', '1'); }}""")
    page.goto(server.url + fragment)
    page.wait_for_selector("body[data-engine=ready]", timeout=60000)
    page.wait_for_selector("body[data-plies]", timeout=30000)


def centre(page, name, board="#board", flipped=None):
    """Where square ``name`` is on the page, on the board ``board`` (a selector: the app's board,
    the editor's, a lesson's...), turned as ``flipped`` says or else as the board says it is
    (the app's board's data-flipped; other boards have Black at the bottom)."""
    locator = page.locator(board)
    if flipped is None:
        flipped = locator.get_attribute("data-flipped") == "true"
    return square_centre(locator, name, flipped=flipped)


def click(page, name, board="#board"):
    """Click square ``name``."""
    page.mouse.click(*centre(page, name, board))


def tap(page, name, board="#board", touch=None, flipped=None):
    """Press square ``name`` as the person does: a tap on a phone (``page.touch``, or ``touch``),
    a click on a desktop."""
    x, y = centre(page, name, board, flipped)
    if getattr(page, "touch", False) if touch is None else touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def plies(page):
    return int(page.evaluate("document.body.dataset.plies"))


def play(page, frm, to):
    """A move on the app's board by two presses; returns once the move list has it."""
    before = plies(page)
    tap(page, frm)
    tap(page, to)
    # At least: against the engine its reply may follow within one frame, and a wait for
    # exactly one more ply then never sees it (once in CI, level 1's reply to d2-d3).
    page.wait_for_function("(n) => Number(document.body.dataset.plies) >= n", arg=before + 1)


def press(page, selector):
    """Press a control as the person does: tapped on a phone (where the header's buttons are in
    the menu, opened first), clicked on a desktop."""
    control = page.locator(selector)
    if control.is_hidden() and page.locator("#main-nav").locator(selector).count():
        page.locator("#menu-button").tap()
    if getattr(page, "touch", False):
        control.tap()
    else:
        control.click()


def wait_plies(page, n, timeout=30000):
    page.wait_for_selector(f"body[data-plies='{n}']", timeout=timeout)


def moves(page):
    """The moves in the app's move list, as shown."""
    return [b.inner_text() for b in page.locator("#moves button").all()]


def notice(page, wait=True):
    """The app's notice, once it shows (``wait``), or whatever it says now."""
    if wait:
        page.wait_for_selector("#notice:not([hidden])", timeout=30000)
        return page.locator("#notice-text").inner_text()
    return page.locator("#notice-text").text_content() or ""


def saved_game(page):
    """The game the app saved (localStorage)."""
    return json.loads(page.evaluate("localStorage.getItem('jetan.saved')"))["game"]


def saved_moves(page):
    return saved_game(page)["moves"]


def recent_games(page):
    """The moves of each game under Recent games (localStorage)."""
    return page.evaluate("() => JSON.parse(localStorage.getItem('jetan.recent') || '[]')"
                         ".map((e) => e.game.moves)")


def link(rules="", start="", moves=(), extra=""):
    """A versioned link's fragment to a game (share.js's format)."""
    parts = ["1"] + ([f"r={rules}"] if rules else []) + ([f"s={start.replace(' ', '_')}"] if start else [])
    parts += [f"m={','.join(m.replace('-', '').replace('x', '') for m in moves)}"] if moves else []
    return "#" + ";".join(parts) + extra


def position_after(moves_, rules="", whole=False):
    """The position after ``moves_``: its placement and side to move (what a board shows before
    the engine has answered), or ``whole``, as the engine writes it."""
    game = Game(rules)
    for m in moves_:
        game.play(m)
    text = str(game.position)
    return text if whole else " ".join(text.split()[:2])
