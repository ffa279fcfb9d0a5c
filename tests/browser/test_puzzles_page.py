"""The puzzles page (issue 22) in Debian's chromium, solved as a person: a puzzle by clicks at
1280×800 with a wrong try first, a two-move puzzle by taps on a phone (the defender's answer
played for the solver), a hint, and the streak and solved count remembered."""
import pytest

from py_engine import Game
from py_engine.notation import move_text, parse_move
from py_engine.puzzles import length, load
from tests.browser.conftest import ARTIFACTS, warm_page
from tests.browser.pages import PHONE, tap, wait_until
from tests.test_lessons import worded

pytestmark = pytest.mark.browser

BOARD = "#puzzle-board"
PUZZLES = load()


def first(n, rules=""):
    """The first puzzle of ``n`` moves under ``rules``."""
    return next(p for p in PUZZLES if length(p) == n and p["rules"] == rules)


def wrong_move(puzzle):
    """A legal move of the solver that is not the solution's first and does not win."""
    game = Game(puzzle["rules"], puzzle["position"])
    right = parse_move(puzzle["solution"][0], game.position)
    for move in sorted(game.legal_moves):
        trial = Game(puzzle["rules"], puzzle["position"])
        trial.play(move)
        if move.bare() != right.bare() and trial.result is None:
            return move_text(game.position, move)
    raise AssertionError("no wrong move")


def squares(text):
    sep = "x" if "x" in text else "-"
    return text.split(sep)


def play(page, puzzle, text, touch=False):
    flipped = " o " in puzzle["position"]
    for name in squares(text):
        tap(page, name, BOARD, touch=touch, flipped=flipped)


def message(page):
    return page.locator("#puzzle-message").text_content() or ""


def test_a_puzzle_solved_by_clicks_after_a_wrong_try(browser, server, kept_snapshot):
    page = warm_page(browser, server, kept_snapshot,
                     viewport={"width": 1280, "height": 800})
    context = page.context
    puzzle = first(1)
    page.goto(server.url + f"puzzles.html#{puzzle['id']}")
    wait_until(page, "() => window.jetanPuzzles?.verdict != null", timeout=90)
    # Titled by who wins and how (the theme, a code, in words), the id beside it.
    side = "Orange" if " o " in puzzle["position"] else "Black"
    theme = worded(f"puzzle.theme.{puzzle['theme']}")
    title = page.locator("#puzzle-title").text_content()
    assert title.startswith(f"{side} to win, {theme}") or \
        title.startswith(f"Puzzle of the day: {side} to win, {theme}"), title
    assert title.endswith(f"#{puzzle['id']}")
    # A legal move that is not the answer: refused, the position kept.
    legal = page.evaluate("() => window.jetanPuzzles.verdict.legal")
    right = squares(puzzle["solution"][0])
    index = {f"{f}{r}": (r - 1) * 10 + "abcdefghij".index(f) for f in "abcdefghij" for r in range(1, 11)}
    name = {v: k for k, v in index.items()}
    wrong = next((name[int(frm)], name[to]) for frm, tos in legal.items() for to in tos
                 if (name[int(frm)], name[to]) != tuple(right))
    play(page, puzzle, f"{wrong[0]}-{wrong[1]}")
    wait_until(page, "() => document.getElementById('puzzle-message').textContent.includes('Not the move')")
    page.locator("#puzzle-hint").click()
    assert page.evaluate("() => window.jetanPuzzles.marks.length") == 1
    play(page, puzzle, puzzle["solution"][0])
    wait_until(page, "() => document.getElementById('puzzle-message').textContent.startsWith('Solved')")
    assert message(page).endswith("(After a wrong try: the streak starts again.)")   # its first reason
    page.screenshot(path=str(ARTIFACTS / "puzzles-desktop-1280x800.png"))
    # The whole board, the answer and every button in view at 1280×800, with no scroll.
    assert page.evaluate("""() => ['puzzle-board', 'puzzle-message', 'puzzle-hint', 'puzzle-solution',
        'puzzle-retry', 'puzzle-next'].every((id) =>
        document.getElementById(id).getBoundingClientRect().bottom <= innerHeight) && scrollY === 0""")
    page.reload()
    wait_until(page, "() => document.getElementById('puzzle-count').textContent.startsWith('1 of')")
    # A puzzle's link opened on the page (pasted into the address) opens it at once.
    other = first(2)
    page.evaluate(f"location.hash = '#{other['id']}'")
    wait_until(page, f"() => document.getElementById('puzzle-title').textContent.endsWith('{other['id']}')")
    context.close()


def test_a_two_move_puzzle_by_taps_on_a_phone(browser, server, kept_snapshot):
    page = warm_page(browser, server, kept_snapshot, **PHONE)
    context = page.context
    puzzle = first(2)
    page.goto(server.url + f"puzzles.html#{puzzle['id']}")
    wait_until(page, "() => window.jetanPuzzles?.verdict != null", timeout=90)
    play(page, puzzle, puzzle["solution"][0], touch=True)
    wait_until(page, "() => window.jetanPuzzles.verdict.played.length === 2")   # the defender answered
    play(page, puzzle, puzzle["solution"][2], touch=True)
    wait_until(page, "() => document.getElementById('puzzle-message').textContent.startsWith('Solved')")
    assert page.locator("#puzzle-streak").text_content() == "Streak: 1"
    fit = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
    assert fit[0] <= fit[1]
    page.screenshot(path=str(ARTIFACTS / "puzzles-phone-390x844.png"))
    context.close()


def test_a_puzzle_on_a_fan_page_by_clicks(browser, server, tmp_path):
    """<jetan-board puzzle="ID"> on a page of another origin: a wrong move is taken back, the
    right ones are answered with the defender's, and the board says when it is solved."""
    from tests.browser.conftest import Server
    puzzle = first(2)
    (tmp_path / "index.html").write_text(f"""<!doctype html><meta charset="utf-8">
<title>Puzzle of the week</title>
<script type="module" src="{server.url}js/jetan-board.js"></script>
<h1>Puzzle of the week</h1><jetan-board id="pw" puzzle="{puzzle['id']}" style="width:480px"></jetan-board>""")
    fan = Server(tmp_path)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        page.goto(fan.url)
        board = "document.getElementById('pw')"
        wait_until(page, f"() => {board}.shadowRoot.textContent.includes('to move and win in 2')")
        flipped = " o " in puzzle["position"]

        def tap(text):
            for name in squares(text):
                box = page.locator("#pw canvas[part=board]").bounding_box()
                f, r = "abcdefghij".index(name[0]), int(name[1:]) - 1
                if flipped:
                    f, r = 9 - f, 9 - r
                cell = box["width"] / 10
                page.mouse.click(box["x"] + (f + 0.5) * cell, box["y"] + (9 - r + 0.5) * cell)

        tap(wrong_move(puzzle))                      # the first press starts the page's engine
        wait_until(page, f"() => {board}.shadowRoot.textContent.includes('Not the move')", timeout=90)
        wait_until(page, f"() => {board}.dataset.ply === '0'")
        tap(puzzle["solution"][0])
        wait_until(page, f"() => {board}.dataset.ply === '2'", timeout=90)
        tap(puzzle["solution"][2])
        wait_until(page, f"() => {board}.dataset.puzzle === 'solved'")
        assert "Solved" in page.evaluate(f"() => {board}.shadowRoot.textContent")
        page.screenshot(path=str(ARTIFACTS / "puzzle-fan-page.png"))
    finally:
        context.close()
        fan.stop()
