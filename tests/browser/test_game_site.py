"""A game site players stay on (issue 21), in Debian's chromium, played as a person plays: the end
of a game (panel, words, result in the move list, Rematch), clocks and a flag fall, a draw
offered and accepted, resigning, a phone's step buttons and move strip with 44-pixel controls,
review that carries captured pieces along, correspondence only when asked, the board turned for
each player, a shared game taken on against the engine, a finished record opened for review,
the New game dialog, duels fixed by the game's seed, and a page that does not jump."""
import json

import pytest

from tests.browser.conftest import ARTIFACTS, square_centre, wait_until
from tests.browser.test_app import FAST, open_app, wait_plies

pytestmark = pytest.mark.browser

# Black's d-Panthan walks up to d8, where it can take on d9.
LEAD_UP = ["d2-d3", "e9-e8", "d3-d4", "e8-e7", "d4-d5", "e7-e6", "d5-d6", "e6-e5", "d6-d7", "e5-e4",
           "d7-d8", "b9-b8"]
TWO = {**FAST, "settings": {**FAST["settings"], "players": {"black": "human", "orange": "human"}}}


def game_with(moves_, settings=TWO, **fields):
    return {**settings, "game": {**FAST["game"], "moves": moves_, **fields}}


def tap(page, name, touch=False):
    x, y = square_centre(page.locator("#board"), name,
                         flipped=page.locator("#board").get_attribute("data-flipped") == "true")
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def play(page, frm, to, touch=False):
    before = int(page.evaluate("document.body.dataset.plies"))
    tap(page, frm, touch)
    tap(page, to, touch)
    wait_plies(page, before + 1)


@pytest.fixture
def phone(browser, request):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    yield page
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"))
    context.close()


# The game's record, as the engine writes it.
RECORD = """() => window.jetan.session.ask('state', {...window.jetan.session.asking(
    window.jetan.session.game), record: true}).then((r) => r.state.record)"""


def assert_the_person_plays_orange(page):
    """Against the engine as Orange, with Orange at the bottom."""
    assert page.evaluate("window.jetan.session.players") == {"black": "engine", "orange": "human"}
    assert page.locator("#board").get_attribute("data-flipped") == "true"


def test_a_resignation_ends_in_a_panel_with_rematch_and_the_result_in_the_list(page, server):
    open_app(page, server, game_with(["d2-d3", "e9-e8"]))
    page.click("#resign-button")
    assert "Press again" in page.locator("#resign-button").inner_text()     # no blocking dialog
    page.click("#resign-button")
    page.wait_for_selector("#game-over:not([hidden])")
    assert page.locator("#game-over-text").inner_text() == "Black resigned: Orange wins"
    assert page.locator("#moves li.result").inner_text()
    page.screenshot(path=str(ARTIFACTS / "game-over-desktop.png"))
    # Rematch: the same rules, colours swapped (two people: the board turns).
    page.click("#rematch-button")
    wait_plies(page, 0)
    assert page.locator("#game-over").is_hidden()
    assert page.locator("#flip-button").get_attribute("aria-pressed") == "true"
    assert not page.errors


def test_against_the_engine_a_rematch_swaps_colours(page, server):
    open_app(page, server)
    play(page, "d2", "d3")
    wait_plies(page, 2)
    page.click("#resign-button")
    page.click("#resign-button")
    page.wait_for_selector("#game-over:not([hidden])")
    page.click("#rematch-button")
    # The engine now has Black and moves first; the person plays Orange, at the bottom.
    wait_plies(page, 1)
    assert_the_person_plays_orange(page)


def test_a_draw_offered_and_accepted_between_two_people(page, server):
    open_app(page, server, game_with(["d2-d3"]))
    assert page.locator("#send-move").is_hidden()            # no correspondence unless asked
    page.click("#draw-button")
    assert "Orange offers a draw" in page.locator("#draw-offer").inner_text()
    page.click("#draw-decline")
    assert page.locator("#draw-offer").is_hidden()
    page.click("#draw-button")
    page.click("#draw-accept")
    page.wait_for_selector("#game-over:not([hidden])")
    assert page.locator("#game-over-text").inner_text() == "Drawn by agreement"
    record = page.evaluate(RECORD)
    assert "agreement" in record
    # Undo takes the agreement back, and the game goes on.
    page.click("#undo-button")
    page.wait_for_selector("#game-over[hidden]", state="attached")
    assert page.evaluate("document.body.dataset.result") == ""


def test_a_clock_runs_for_the_side_to_move_and_a_flag_fall_ends_the_game(page, server):
    clock = {"initial": 60000, "increment": 2000, "black": 60000, "orange": 1500}
    open_app(page, server, game_with(["d2-d3"], clock=clock))
    assert page.locator("#clock-top").is_visible() and page.locator("#clock-bottom").is_visible()
    assert page.locator("#clock-top").get_attribute("data-running") == "true"     # Orange's, above
    page.wait_for_selector("#game-over:not([hidden])", timeout=10000)
    assert page.locator("#game-over-text").inner_text() == "Orange's time ran out: Black wins"
    assert page.locator("#clock-top").get_attribute("data-flagged") == "true"
    saved = page.evaluate("JSON.parse(localStorage.getItem('jetan.saved')).game")
    assert saved["flagged"] == "orange" and saved["clock"]["orange"] == 0
    page.screenshot(path=str(ARTIFACTS / "flag-fall.png"))


def test_a_clock_chosen_in_new_game_and_the_increment(page, server):
    open_app(page, server, TWO)
    page.click("#new-game-button")
    page.check("input[name=opponent][value=friend]")
    page.select_option("select[name=clock]", "custom")
    page.fill("input[name=clock-minutes]", "3")
    page.fill("input[name=clock-increment]", "2")
    page.click("#start-button")
    page.wait_for_selector("#clock-bottom:not([hidden])")
    assert page.locator("#clock-bottom .clock-time").inner_text() == "3:00"
    play(page, "d2", "d3")
    play(page, "e9", "e8")
    clock = page.evaluate("window.jetan.session.game.clock")
    # Orange's clock ran from the first move on and got its two seconds back.
    assert clock["initial"] == 180000 and clock["increment"] == 2000
    assert 180000 < clock["orange"] <= 182000 and 175000 < clock["black"] <= 180000


def test_correspondence_only_when_chosen(page, server):
    open_app(page, server, TWO)
    page.click("#new-game-button")
    page.check("input[name=opponent][value=correspondence]")
    page.click("#start-button")
    wait_plies(page, 0)
    play(page, "d2", "d3")
    page.wait_for_selector("#send-move:not([hidden])")
    assert ";c" in page.locator("#send-move-link").input_value()


def test_the_board_turns_for_each_player_when_asked(page, server):
    open_app(page, server, TWO)
    page.check("#auto-flip")
    play(page, "d2", "d3")
    assert page.locator("#board").get_attribute("data-flipped") == "true"     # Orange to move
    play(page, "e9", "e8")
    assert page.locator("#board").get_attribute("data-flipped") == "false"


def test_a_shared_game_taken_on_against_the_engine(page, server):
    open_app(page, server, FAST, fragment="#1;m=d2d3,e9e8")
    wait_plies(page, 2)
    page.click("#take-on-button")
    page.click("#who-plays-orange")
    # Black (the engine) is to move: it plays, and the person has Orange, at the bottom.
    wait_plies(page, 3)
    assert_the_person_plays_orange(page)


def test_a_finished_record_opens_for_review_without_asking(page, server):
    open_app(page, server, game_with(["d2-d3"], agreed=True))
    page.wait_for_selector("#game-over:not([hidden])")
    record = page.evaluate(RECORD)
    page.click("#new-game-button")
    page.click("#start-button")
    wait_plies(page, 0)
    page.click("#record-summary")
    page.fill("#record", record)
    page.click("#load-record-button")
    page.wait_for_selector("#game-over:not([hidden])")
    assert not page.locator("#who-plays-dialog").is_visible()
    assert page.locator("#game-over-text").inner_text() == "Drawn by agreement"


def test_the_new_game_dialog_shows_what_starts(page, server):
    open_app(page, server, game_with(["d2-d3"]))
    page.click("#new-game-button")
    assert page.locator("#new-game-in-progress").is_visible()     # a game under way is kept
    page.click("#custom-details summary")
    page.check("input[name=preset][value=manator]")
    assert page.locator("select[name=opt-setup]").input_value() == "facing"
    page.check("input[name=preset][value=standard]")
    assert page.locator("select[name=opt-setup]").input_value() == "diametral"
    # A side's own value is live only while its box is ticked.
    split = page.locator(".per-side select").first
    assert split.is_disabled()
    page.locator(".per-side input[type=checkbox]").first.check()
    assert split.is_enabled()


def test_a_phone_plays_by_taps_steps_back_and_review_carries_the_captures(phone, server):
    open_app(phone, server, game_with(LEAD_UP))
    play(phone, "d8", "d9", touch=True)             # a Panthan takes
    wait_until(phone, "() => document.querySelector('#captured').textContent.includes('Orange lost')")
    assert phone.evaluate("window.jetan.session.state.captured.orange").__len__() == 1
    # The step buttons and the last moves are on the first screen.
    for sel in ("#step-prev", "#move-strip"):
        box = phone.locator(sel).bounding_box()
        assert box["y"] + box["height"] <= 844, sel
    assert "d8xd9" in phone.locator("#move-strip").inner_text()
    phone.locator("#step-prev").tap()
    wait_until(phone, "() => window.jetan.session.shown !== null")
    assert phone.evaluate("window.jetan.session.shown.captured.orange") == []
    assert phone.locator("#captured canvas").count() == 0
    phone.locator("#step-last").tap()
    wait_until(phone, "() => document.querySelectorAll('#captured canvas').length === 1")
    # Every control on the first screen is at least 44 px square.
    small = phone.evaluate("""() => [...document.querySelectorAll('button, select, input, summary, a.button')]
        .filter((e) => e.offsetParent !== null)
        .map((e) => [e.id || e.textContent.trim().slice(0, 20), e.getBoundingClientRect()])
        .filter(([, r]) => r.top < innerHeight && r.bottom > 0 && (r.width < 44 || r.height < 44))
        .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`)""")
    assert small == []
    assert phone.evaluate("scrollY") == 0                       # nothing scrolled the page
    phone.screenshot(path=str(ARTIFACTS / "phone-review.png"))


def test_a_phone_menu_holds_the_header_buttons(phone, server):
    open_app(phone, server)
    assert phone.locator("#share-button").is_hidden()
    phone.locator("#menu-button").tap()
    assert phone.locator("#share-button").is_visible()
    phone.screenshot(path=str(ARTIFACTS / "phone-menu.png"))
    phone.locator("#flip-button").tap()
    assert phone.locator("#share-button").is_hidden()


def test_a_duel_is_the_same_after_undo_and_replay(page, server):
    rules = "duel=even"
    start = {**TWO, "game": {**FAST["game"], "rules": rules, "moves": LEAD_UP, "seed": 12345}}
    open_app(page, server, start)
    outcomes = []
    for _ in range(3):
        play(page, "d8", "d9")
        outcomes.append(page.evaluate("window.jetan.session.state.moves.at(-1).text"))
        page.click("#undo-button")
        wait_plies(page, len(LEAD_UP))
    assert len(set(outcomes)) == 1, outcomes


LAYOUT_SHIFT = """() => new Promise((done) => {
    let total = 0;
    new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (!e.hadRecentInput) total += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => done(total), 300);
})"""


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_nothing_jumps_from_navigation_through_three_moves(browser, server, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  has_touch=size[0] < 500, is_mobile=size[0] < 500)
    page = context.new_page()
    try:
        page.add_init_script(f"localStorage.setItem('jetan.saved', {json.dumps(json.dumps(FAST))});")
        page.goto(server.url)
        page.wait_for_selector("body[data-engine=ready]", timeout=60000)
        page.wait_for_selector("body[data-plies]", timeout=30000)
        # A notice on the way (a move refused) floats over the page.
        page.fill("#move-input", "a1-a9")
        page.press("#move-input", "Enter")
        page.wait_for_function("document.getElementById('move-error').textContent !== ''")
        for frm, to in (("d2", "d3"), ("e2", "e3"), ("f2", "f3")):
            before = int(page.evaluate("document.body.dataset.plies"))
            x, y = square_centre(page.locator("#board"), frm)
            page.mouse.click(x, y)
            x, y = square_centre(page.locator("#board"), to)
            page.mouse.click(x, y)
            wait_plies(page, before + 2)
        shift = page.evaluate(LAYOUT_SHIFT)
        page.screenshot(path=str(ARTIFACTS / f"no-jump-{size[0]}.png"))
        assert shift <= 0.02, shift
    finally:
        context.close()


def test_the_boards_cursor_and_moves_are_announced(page, server):
    open_app(page, server, TWO)
    label = page.locator("#board").get_attribute("aria-label")
    assert label.startswith("Jetan board, Black to move") and len(label) < 160
    page.focus("#board")
    page.keyboard.press("ArrowRight")                      # from e1 to f1
    assert page.locator("[data-board-cursor]").inner_text() == "f1, Black Princess"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    assert page.locator("[data-board-cursor]").inner_text() == "f3, empty"
    play(page, "d2", "d3")
    assert page.locator("#live").inner_text().startswith("Black played d2-d3")


def test_the_look_dialog_themes_board_and_page(page, server):
    open_app(page, server)
    page.click("#theme-button")
    selects = page.locator("#theme-settings select")
    assert selects.count() == 3
    page.select_option("#theme-settings select >> nth=2", "light")
    assert page.evaluate("document.documentElement.dataset.pageTheme") == "light"
    page.select_option("#theme-settings select >> nth=0", "wood")
    page.click("#theme-dialog button[value=close]")
    page.screenshot(path=str(ARTIFACTS / "light-wood.png"))
    page.reload()
    page.wait_for_selector("body[data-engine=ready]", timeout=60000)
    assert page.evaluate("document.documentElement.dataset.pageTheme") == "light"
    assert json.loads(page.evaluate("localStorage.getItem('jetan.theme')"))["board"] == "wood"
