"""A game site players stay on (issue 21), in Debian's chromium, played as a person plays: the end
of a game (panel, words, result in the move list, Rematch), clocks and a flag fall, a draw
offered and accepted, resigning, a phone's step buttons and move strip with 44-pixel controls,
review that carries captured pieces along, correspondence only when asked, the board turned for
each player, a shared game taken on against the engine, a finished record opened for review,
the New game dialog, and a page that does not jump. What the controls do to the game (the
words of each ending, the clock's arithmetic, duels fixed by the game's seed, the engine taking
a side on) is the Session's, tested under Node (tests/web/flow-game.test.mjs); here each control
is pressed once as a person presses it, and what the page then shows is checked."""
import json

import pytest

from tests.browser.conftest import ARTIFACTS, square_centre
from tests.browser.pages import FAST, TWO, open_app, person_at, play, press, wait_plies, wait_until

pytestmark = pytest.mark.browser

# Black's d-Panthan walks up to d8, where it can take on d9.
LEAD_UP = ["d2-d3", "e9-e8", "d3-d4", "e8-e7", "d4-d5", "e7-e6", "d5-d6", "e6-e5", "d6-d7", "e5-e4",
           "d7-d8", "b9-b8"]


def game_with(moves_, settings=TWO, **fields):
    return {**settings, "game": {**FAST["game"], "moves": moves_, **fields}}


@pytest.fixture
def person(browser, request, server, kept_snapshot):
    """A person at 1280×800 with a mouse. (What the controls do is the Session's, tested under
    Node: tests/web/flow-game.test.mjs; a phone plays a whole game by taps below.) The page is
    photographed at the end (test-artifacts/)."""
    context, page = person_at(browser, server, kept_snapshot, "desktop")
    yield page
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"))
    context.close()


@pytest.fixture
def phone(browser, request, server, kept_snapshot):
    """A person on a 390×844 phone with touch."""
    context, page = person_at(browser, server, kept_snapshot, "phone")
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


def test_a_resignation_ends_in_a_panel_with_rematch_and_the_result_in_the_list(person, server):
    open_app(person, server, game_with(["d2-d3", "e9-e8"]))
    press(person, "#resign-button")
    assert "Press again" in person.locator("#resign-button").inner_text()     # no blocking dialog
    press(person, "#resign-button")
    person.wait_for_selector("#game-over:not([hidden])")
    assert person.locator("#game-over-text").inner_text() == "Black resigned: Orange wins"
    assert person.locator("#moves li.result").inner_text()
        # Rematch: the same rules, colours swapped (two people: the board turns).
    press(person, "#rematch-button")
    wait_plies(person, 0)
    assert person.locator("#game-over").is_hidden()
    assert person.locator("#flip-button").get_attribute("aria-pressed") == "true"
    assert not person.errors


def test_against_the_engine_a_rematch_swaps_colours(person, server):
    open_app(person, server)
    play(person, "d2", "d3")
    wait_plies(person, 2)
    press(person, "#resign-button")
    press(person, "#resign-button")
    person.wait_for_selector("#game-over:not([hidden])")
    press(person, "#rematch-button")
    # The engine now has Black and moves first; the person plays Orange, at the bottom.
    wait_plies(person, 1)
    assert_the_person_plays_orange(person)


def test_a_draw_offered_and_accepted_between_two_people(person, server):
    open_app(person, server, game_with(["d2-d3"]))
    assert person.locator("#send-move").is_hidden()            # no correspondence unless asked
    press(person, "#draw-button")
    assert "Orange offers a draw" in person.locator("#draw-offer").inner_text()
    press(person, "#draw-decline")
    assert person.locator("#draw-offer").is_hidden()
    press(person, "#draw-button")
    press(person, "#draw-accept")
    person.wait_for_selector("#game-over:not([hidden])")
    assert person.locator("#game-over-text").inner_text() == "Drawn by agreement"


def test_a_clock_runs_for_the_side_to_move_and_a_flag_fall_ends_the_game(person, server):
    clock = {"initial": 60000, "increment": 2000, "black": 60000, "orange": 1500}
    open_app(person, server, game_with(["d2-d3"], clock=clock))
    assert person.locator("#clock-top").is_visible() and person.locator("#clock-bottom").is_visible()
    assert person.locator("#clock-top").get_attribute("data-running") == "true"     # Orange's, above
    person.wait_for_selector("#game-over:not([hidden])", timeout=10000)
    assert person.locator("#game-over-text").inner_text() == "Orange's time ran out: Black wins"
    assert person.locator("#clock-top").get_attribute("data-flagged") == "true"
    saved = person.evaluate("JSON.parse(localStorage.getItem('jetan.saved')).game")
    assert saved["flagged"] == "orange" and saved["clock"]["orange"] == 0


def test_a_clock_chosen_in_new_game_and_the_increment(person, server):
    open_app(person, server, TWO)
    press(person, "#new-game-button")
    person.check("input[name=opponent][value=friend]")
    person.select_option("select[name=clock]", "custom")
    person.fill("input[name=clock-minutes]", "3")
    person.fill("input[name=clock-increment]", "2")
    press(person, "#start-button")
    person.wait_for_selector("#clock-bottom:not([hidden])")
    assert person.locator("#clock-bottom .clock-time").inner_text() == "3:00"
    # The control chosen is the game's (what a move then charges: flow-game.test.mjs).
    assert person.evaluate("window.jetan.session.game.clock") == {
        "initial": 180000, "increment": 2000, "black": 180000, "orange": 180000}


def test_correspondence_only_when_chosen(person, server):
    open_app(person, server, TWO)
    press(person, "#new-game-button")
    person.check("input[name=opponent][value=correspondence]")
    press(person, "#start-button")
    # The dialog stays open while the engine checks the choice (the board under it takes no
    # press); once it closes, a move made at once is the new game's, even before it is there.
    person.wait_for_selector("#new-game-dialog", state="hidden")
    play(person, "d2", "d3")
    person.wait_for_selector("#send-move:not([hidden])")
    assert ";c" in person.locator("#send-move-link").input_value()


def test_the_board_turns_for_each_player_when_asked(person, server):
    open_app(person, server, TWO)
    person.check("#auto-flip")
    play(person, "d2", "d3")
    assert person.locator("#board").get_attribute("data-flipped") == "true"     # Orange to move
    play(person, "e9", "e8")
    assert person.locator("#board").get_attribute("data-flipped") == "false"


def test_a_shared_game_taken_on_against_the_engine(person, server):
    open_app(person, server, FAST, fragment="#1;m=d2d3,e9e8")
    wait_plies(person, 2)
    press(person, "#take-on-button")
    press(person, "#who-plays-orange")
    # Black (the engine) is to move: it plays, and the person has Orange, at the bottom.
    wait_plies(person, 3)
    assert_the_person_plays_orange(person)


def test_a_finished_record_opens_for_review_without_asking(person, server):
    open_app(person, server, game_with(["d2-d3"], agreed=True))
    person.wait_for_selector("#game-over:not([hidden])")
    record = person.evaluate(RECORD)
    press(person, "#new-game-button")
    press(person, "#start-button")
    wait_plies(person, 0)
    press(person, "#record-summary")
    person.fill("#record", record)
    press(person, "#load-record-button")
    person.wait_for_selector("#game-over:not([hidden])")
    assert not person.locator("#who-plays-dialog").is_visible()
    assert person.locator("#game-over-text").inner_text() == "Drawn by agreement"


def test_the_new_game_dialog_shows_what_starts(person, server):
    open_app(person, server, game_with(["d2-d3"]))
    press(person, "#new-game-button")
    assert person.locator("#new-game-in-progress").is_visible()     # a game under way is kept
    press(person, "#custom-details summary")
    person.check("input[name=preset][value=manator]")
    assert person.locator("select[name=opt-setup]").input_value() == "facing"
    person.check("input[name=preset][value=standard]")
    assert person.locator("select[name=opt-setup]").input_value() == "diametral"
    # A side's own value is live only while its box is ticked.
    split = person.locator(".per-side select").first
    assert split.is_disabled()
    person.locator(".per-side input[type=checkbox]").first.check()
    assert split.is_enabled()


def test_a_phone_plays_by_taps_steps_back_and_review_carries_the_captures(phone, server):
    open_app(phone, server, game_with(LEAD_UP))
    play(phone, "d8", "d9")             # a Panthan takes
    wait_until(phone, "() => document.querySelector('#captured').textContent.includes('Orange lost')")
    assert phone.evaluate("window.jetan.session.state.captured.orange").__len__() == 1
    # The step buttons and the last moves are on the first screen.
    for sel in ("#step-prev", "#move-strip"):
        box = phone.locator(sel).bounding_box()
        assert box["y"] + box["height"] <= 844, sel
    assert "d8xd9" in phone.locator("#move-strip").inner_text()
    phone.locator("#step-prev").tap()
    wait_until(phone, "() => window.jetan.session.shown !== null")
    assert "Reviewing" in phone.locator("#status").inner_text()
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
    assert phone.evaluate("scrollY") == 0                       # nothing scrolled the person
    phone.screenshot(path=str(ARTIFACTS / "phone-review.png"))


def test_a_phone_menu_holds_the_header_buttons(phone, server):
    open_app(phone, server)
    assert phone.locator("#share-button").is_hidden()
    phone.locator("#menu-button").tap()
    assert phone.locator("#share-button").is_visible()
    phone.screenshot(path=str(ARTIFACTS / "phone-menu.png"))
    phone.locator("#flip-button").tap()
    assert phone.locator("#share-button").is_hidden()


def test_a_phone_plays_a_timed_game_by_taps_to_a_draw_a_resignation_and_a_rematch(phone, server):
    """Every control of a game's course pressed by taps at 390×844 (the header's through Menu):
    a new timed game for two, moves, a draw offered, declined, offered and accepted (and not to
    be taken back), a rematch that turns the board, a resignation asked twice, and a rematch
    that turns it back."""
    open_app(phone, server, TWO)
    press(phone, "#new-game-button")
    phone.check("input[name=opponent][value=friend]")
    phone.select_option("select[name=clock]", "custom")
    phone.fill("input[name=clock-minutes]", "3")
    phone.fill("input[name=clock-increment]", "2")
    press(phone, "#start-button")
    phone.wait_for_selector("#clock-bottom:not([hidden])")
    assert phone.locator("#clock-bottom .clock-time").inner_text() == "3:00"
    play(phone, "d2", "d3")
    play(phone, "e9", "e8")
    press(phone, "#draw-button")
    assert "Black offers a draw" in phone.locator("#draw-offer").inner_text()
    press(phone, "#draw-decline")
    assert phone.locator("#draw-offer").is_hidden()
    press(phone, "#draw-button")
    press(phone, "#draw-accept")
    phone.wait_for_selector("#game-over:not([hidden])")
    assert phone.locator("#game-over-text").inner_text() == "Drawn by agreement"
    assert phone.locator("#undo-button").is_disabled()              # a finished game stays finished
    press(phone, "#rematch-button")
    wait_plies(phone, 0)
    assert phone.locator("#board").get_attribute("data-flipped") == "true"
    press(phone, "#resign-button")
    assert "Press again" in phone.locator("#resign-button").inner_text()
    press(phone, "#resign-button")
    phone.wait_for_selector("#game-over:not([hidden])")
    assert phone.locator("#game-over-text").inner_text() == "Black resigned: Orange wins"
    press(phone, "#rematch-button")
    wait_plies(phone, 0)
    assert phone.locator("#game-over").is_hidden()
    assert phone.locator("#board").get_attribute("data-flipped") == "false"
    assert phone.locator("#clock-bottom .clock-time").inner_text() == "3:00"
    assert not phone.errors


def test_on_a_phone_every_other_page_shows_its_links(phone, server):
    """Only the game's header hides its buttons behind Menu; the other pages have no Menu, so
    their few links must stay in sight (they were hidden on a phone, the page a dead end). One
    phone visits each page in turn."""
    for name in ["learn", "puzzles", "rules", "embed-guide"]:
        phone.goto(server.url + f"{name}.html")
        links = phone.locator("header nav a")
        assert links.count() >= 1, name
        for i in range(links.count()):
            box = links.nth(i).bounding_box()
            inside = box and box["x"] >= 0 and box["x"] + box["width"] <= 390
            assert links.nth(i).is_visible() and inside, name
        first = links.first.get_attribute("href")
        links.first.tap()
        phone.wait_for_url(f"**/{first}")


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
        # (Shifts that follow input escape the measure: where the move box stands under the board,
        # and the panel's buttons under the players' line, are compared before and after the moves.
        # The status over the board may take a second line, for a threatened Princess.)
        places = """() => [['board', 'move-form'], ['players', 'undo-button']].map(([above, below]) =>
            document.getElementById(below).getBoundingClientRect().top -
            document.getElementById(above).getBoundingClientRect().bottom)"""
        before_moves = page.evaluate(places)
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
        assert page.evaluate(places) == before_moves     # the step bar was there from the start
    finally:
        context.close()


def test_the_boards_cursor_and_moves_are_announced(person, server):
    open_app(person, server, TWO)
    label = person.locator("#board").get_attribute("aria-label")
    assert label.startswith("Jetan board, Black to move") and len(label) < 160
    person.focus("#board")
    person.keyboard.press("ArrowRight")                      # from e1 to f1
    assert person.locator("[data-board-cursor]").inner_text() == "f1, Black Princess"
    person.keyboard.press("ArrowUp")
    person.keyboard.press("ArrowUp")
    assert person.locator("[data-board-cursor]").inner_text() == "f3, empty"
    play(person, "d2", "d3")
    assert person.locator("#live").inner_text().startswith("Black played d2-d3")


def test_the_look_dialog_themes_board_and_page(person, server):
    open_app(person, server)
    press(person, "#theme-button")
    selects = person.locator("#theme-settings select")
    assert selects.count() == 3
    person.select_option("#theme-settings select >> nth=2", "light")
    assert person.evaluate("document.documentElement.dataset.pageTheme") == "light"
    person.select_option("#theme-settings select >> nth=0", "wood")
    press(person, "#theme-dialog button[value=close]")
    person.reload()
    person.wait_for_selector("body[data-engine=ready]", timeout=60000)
    assert person.evaluate("document.documentElement.dataset.pageTheme") == "light"
    assert json.loads(person.evaluate("localStorage.getItem('jetan.theme')"))["board"] == "wood"
