"""The Learn and Puzzles pages in Firefox ESR and WebKitGTK, used as a person uses them: a lesson
walked by clicks to its end, a two-move puzzle solved by clicks (the defender's answer played
for the solver), and, in a phone-sized window, each page's links in sight (the game page's Menu
once hid them); on every page, nothing that a touch screen zooms in on; and a phone turned
sideways sees each board whole (as tests/browser/test_phone.py checks in Chromium)."""
import pytest

from py_engine.puzzles import length, load
from tests.browser.test_learn import solution_squares
from tests.browser.test_phone import (IN_VIEW_SIDEWAYS, OUT_OF_VIEW, OVERLAP, TOUCH_PAGE_READY, TOUCH_PAGES,
                                     TOUCH_TROUBLE, assert_nothing_zooms)
from tests.browser.test_puzzles_page import squares
from tests.engines.conftest import (ENGINE_WAIT_S, click_move, engine_ready, new_visitor, no_page_errors,
                                    shot, square, wait_plies)

pytestmark = [pytest.mark.slow, pytest.mark.browser, pytest.mark.engines]


def click_squares(browser, board, names, flipped=False):
    for name in names:
        browser.click(*square(browser, name, board, flipped))


def test_a_lesson_walked_by_clicks(browser, server):
    new_visitor(browser, server.url)
    browser.goto(server.url + "learn.html#panthan")
    browser.wait("() => document.getElementById('lesson-title').textContent === 'The Panthan'")
    for frm, to in solution_squares("panthan"):
        click_squares(browser, "#lesson-board", (frm, to))
    browser.wait("() => document.getElementById('learn-message').textContent.startsWith('Well done')",
                 timeout=ENGINE_WAIT_S)
    shot(browser, "learn")
    no_page_errors(browser)


def test_a_two_move_puzzle_solved_by_clicks(browser, server):
    puzzle = next(p for p in load() if length(p) == 2 and p["rules"] == "")
    flipped = " o " in puzzle["position"]
    new_visitor(browser, server.url)
    browser.goto(server.url + f"puzzles.html#{puzzle['id']}")
    browser.wait("() => window.jetanPuzzles && window.jetanPuzzles.verdict !== null",
                 timeout=ENGINE_WAIT_S)
    click_squares(browser, "#puzzle-board", squares(puzzle["solution"][0]), flipped)
    browser.wait("() => window.jetanPuzzles.verdict.played.length === 2")     # the defender answered
    click_squares(browser, "#puzzle-board", squares(puzzle["solution"][2]), flipped)
    browser.wait("() => document.getElementById('puzzle-message').textContent.startsWith('Solved')")
    assert browser.call("() => document.getElementById('puzzle-streak').textContent") == "Streak: 1"
    shot(browser, "puzzle")
    no_page_errors(browser)


def test_a_phone_sees_each_pages_links(browser, server):
    """390 wide, or as narrow as the browser's window gets (WebKitGTK's MiniBrowser: 447): one
    visitor looks at each page in turn."""
    new_visitor(browser, server.url, size=(390, 844))
    for name in ["learn", "puzzles"]:
        browser.goto(server.url + f"{name}.html")
        shown = browser.wait("""() => {
            const links = [...document.querySelectorAll('header nav a')];
            return links.length > 0 && links.map((a) => {
                const box = a.getBoundingClientRect();
                return a.checkVisibility() && box.left >= 0 && box.right <= innerWidth;
            });
        }""")
        assert shown and all(shown), (name, shown)
        shot(browser, f"{name}-links")


@pytest.mark.parametrize("name", TOUCH_PAGES)
def test_a_touch_screen_zooms_in_nowhere(browser, server, name):
    """Each page in a phone-sized window: no element left to iOS's double-tap zoom, no text box
    or list under 16 px (WebKit is Safari's engine: these are the styles an iPhone reads). (A
    page a test: WebKitGTK now and then stops answering a navigation on this loaded machine, and
    a test is run again once after that, which then costs one page, not seven.)"""
    new_visitor(browser, server.url, size=(390, 844))
    browser.goto(server.url + name)
    browser.wait(TOUCH_PAGE_READY)
    assert_nothing_zooms(name, browser.call(TOUCH_TROUBLE))
    no_page_errors(browser)


def test_a_phone_turned_sideways_keeps_the_whole_board_in_view(browser, server):
    """844×390, an iPhone turned sideways: the game's, a lesson's and a puzzle's board whole
    on the screen, with what the page asks and its buttons; the game's steps and end in view."""
    new_visitor(browser, server.url, size=(844, 390))
    assert browser.viewport == (844, 390)
    for name, (there, shown) in IN_VIEW_SIDEWAYS.items():
        browser.goto(server.url + name)
        browser.wait(f"() => {there}", timeout=ENGINE_WAIT_S)
        assert browser.call(OUT_OF_VIEW, shown) == [], name
    shot(browser, "sideways")
    # After a move the steps through the game in view beside the board, and the game's end
    # beside it too, not under it (the game's page is the first).
    browser.goto(server.url)
    engine_ready(browser)
    click_move(browser, "d2", "d3")
    wait_plies(browser, 2)
    assert browser.call(OUT_OF_VIEW, ["#steps", "#board"]) == []
    assert not browser.call(OVERLAP, ["#steps", "#board"])
    for _ in range(2):                                  # resigning asks to be sure
        browser.click_element("#resign-button")
    browser.wait("() => !document.getElementById('game-over').hidden")
    browser.call("() => scrollTo(0, 0)")        # as a person left it: the driver centres what it presses
    assert browser.call(OUT_OF_VIEW, ["#game-over", "#board"]) == []
    assert not browser.call(OVERLAP, ["#game-over", "#board"])
    shot(browser, "sideways-end")
    no_page_errors(browser)
