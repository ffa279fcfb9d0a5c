"""The Learn and puzzles pages in German (issue 57), in Debian's chromium with a German browser
(locale de-DE, so navigator.languages): the lessons' and puzzles' own words, the page's, and the
judges' verdicts in German, <html lang="de">; the language chooser switches back to English
without a reload, and the choice is kept (a reload stays English). Screenshots in German at
1280×800 and 390×844, and nothing cut or overflowing."""
import pytest

from tests.browser.conftest import ARTIFACTS, warm_page
from tests.browser.pages import PHONE, wait_until
from tests.browser.test_learn import play as play_lesson
from tests.browser.test_learn import solution_squares
from tests.browser.test_puzzles_page import first, play, wrong_move
from tests.test_lessons import worded

pytestmark = pytest.mark.browser

GERMAN = {"locale": "de-DE"}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}


def text(page, selector):
    return page.locator(selector).text_content() or ""


def wait_text(page, selector, start, timeout=60):
    wait_until(page, "([s, t]) => (document.querySelector(s).textContent || '').startsWith(t)",
               [selector, start], timeout=timeout)


def nothing_cut(page, where, phone=False):
    """No text wider than its box, nothing wider than the page, and on a phone every control
    44 px high."""
    found = page.evaluate("""([where, phone]) => {
        const root = document.querySelector(where);
        const cut = [...root.querySelectorAll('button, a.button, select, h1, h2, p, label, li')]
            .filter((e) => e.offsetParent && e.scrollWidth > e.clientWidth + 1)
            .map((e) => e.id || e.textContent.slice(0, 30));
        const small = [...root.querySelectorAll('button, a.button, select')]
            .filter((e) => phone && e.offsetParent && e.getBoundingClientRect().height < 44)
            .map((e) => e.id || e.textContent.slice(0, 30));
        return { cut, small, wide: document.documentElement.scrollWidth > innerWidth };
    }""", [where, phone])
    assert found == {"cut": [], "small": [], "wide": False}, found


def choose_english_and_reload(page, wait_english):
    """The chooser switches to English at once, without a reload (the page's own object is the
    same), and the choice is kept: a reload, with a German browser still, stays English."""
    page.evaluate("() => { window.sameVisit = true; }")
    page.locator("#language").select_option("en")
    wait_english()
    assert page.evaluate("() => document.documentElement.lang") == "en"
    assert page.evaluate("() => window.sameVisit") is True
    page.reload()
    wait_english()
    assert page.evaluate("() => [document.documentElement.lang, document.getElementById('language').value]") \
        == ["en", "en"]


def test_the_learn_page_in_german(browser, server, kept_snapshot):
    page = warm_page(browser, server, kept_snapshot, **GERMAN, **DESKTOP)
    try:
        page.goto(server.url + "learn.html#panthan")
        wait_text(page, "#lesson-title", "Der Panthan")
        assert page.evaluate("() => document.documentElement.lang") == "de"
        assert page.title() == "Jetan lernen"
        assert text(page, "#lesson-text").startswith("Der Panthan ist der Fußsoldat. ")
        assert text(page, "#task-prompt") == "Zieh den Panthan auf beide Sterne."
        assert text(page, "#restart-task") == "Von vorn" and text(page, "#next-task") == "Nächste Lektion"
        assert text(page, "#learn-progress") == "0 von 16 Lektionen geschafft."
        assert page.locator("#lesson-board").get_attribute("aria-label") == "Das Brett der Lektion"
        wait_until(page, "() => window.jetanLearn?.verdict != null", timeout=90)
        for frm, to in solution_squares("panthan")[:1]:
            play_lesson(page, frm, to)
        wait_text(page, "#learn-message", "Noch 2 Sterne.")
        # A wrong try explains itself: the engine's reason (its message, worded in German), and
        # where the piece can go.
        page.goto(server.url + "learn.html#warrior")
        wait_text(page, "#lesson-title", "Der Krieger")
        play_lesson(page, "d4", "d5")
        wait_until(page, "() => document.getElementById('learn-message').textContent"
                         ".endsWith('. Die Züge dieser Figur sind markiert.')", timeout=90)
        # A rule's lesson failed: the verdict in German.
        page.goto(server.url + "learn.html#chief-takes-chief")
        wait_text(page, "#lesson-title", "Häuptling schlägt Häuptling")
        assert text(page, "#task-prompt") == ("Gewinne die Partie: Schlag den Häuptling von "
                                             "Orange\u00a0– mit der richtigen Figur. Höchstens 1 Zug.")
        play_lesson(page, "c7", "f7")
        wait_text(page, "#learn-message", "Diesmal nicht: ", timeout=90)
        assert text(page, "#learn-message").endswith("Fang von vorn an und versuch es noch einmal.")
        page.screenshot(path=str(ARTIFACTS / "learn-german-1280x800.png"))
        nothing_cut(page, "body")
        choose_english_and_reload(page, lambda: wait_text(page, "#lesson-title", "Chief takes Chief"))
        assert page.locator("#lesson-list button").first.text_content() == "The Panthan"
        assert text(page, "#restart-task") == "Start again"
    finally:
        page.context.close()
    # On a phone: the longest German words still fit.
    page = warm_page(browser, server, kept_snapshot, **GERMAN, **PHONE)
    try:
        page.goto(server.url + "learn.html#three-pieces")
        wait_text(page, "#lesson-title", "Drei Figuren auf jeder Seite")
        wait_until(page, "() => window.jetanLearn?.verdict != null", timeout=90)
        page.screenshot(path=str(ARTIFACTS / "learn-german-390x844.png"), full_page=True)
        nothing_cut(page, "body", phone=True)
    finally:
        page.context.close()


def test_the_puzzles_page_in_german(browser, server, kept_snapshot):
    page = warm_page(browser, server, kept_snapshot, **GERMAN, **DESKTOP)
    puzzle = first(1)
    try:
        page.goto(server.url + f"puzzles.html#{puzzle['id']}")
        wait_until(page, "() => window.jetanPuzzles?.verdict != null", timeout=90)
        assert page.evaluate("() => document.documentElement.lang") == "de"
        assert page.title() == "Jetan-Aufgaben"
        side = "Orange" if " o " in puzzle["position"] else "Schwarz"
        theme = worded(f"puzzle.theme.{puzzle['theme']}", "de")
        title = text(page, "#puzzle-title")
        assert title.startswith((f"{side} zieht und gewinnt\u00a0– {theme}",
                                 f"Aufgabe des Tages: {side} zieht und gewinnt\u00a0– {theme}")), title
        assert title.endswith(f"#{puzzle['id']}")
        assert text(page, "#puzzle-prompt") == "Gewinn in 1 Zug."
        assert text(page, "#puzzle-hint") == "Tipp" and text(page, "#puzzle-streak") == "Serie: 0"
        assert theme in page.locator("#puzzle-theme").inner_text()
        wrong = wrong_move(puzzle)
        play(page, puzzle, wrong)
        wait_text(page, "#puzzle-message", f"Nicht der richtige Zug: {wrong}. Versuch einen anderen.")
        page.screenshot(path=str(ARTIFACTS / "puzzles-german-1280x800.png"))
        nothing_cut(page, "body")
        play(page, puzzle, puzzle["solution"][0])
        wait_text(page, "#puzzle-message", "Gelöst! ")
        assert text(page, "#puzzle-message").endswith("(Nach einem Fehlversuch beginnt die Serie von vorn.)")
        # Back to English, at once: the title, the choices and what was said, re-worded.
        english = worded(f"puzzle.theme.{puzzle['theme']}")
        in_title = "(t) => document.getElementById('puzzle-title').textContent.includes(t)"
        choose_english_and_reload(page, lambda: wait_until(page, in_title, f"to win, {english}"))
        assert text(page, "#puzzle-prompt") == "Win in 1 move."
        assert english in page.locator("#puzzle-theme").inner_text()
    finally:
        page.context.close()
    # On a phone: the longest German words still fit.
    page = warm_page(browser, server, kept_snapshot, **GERMAN, **PHONE)
    puzzle = first(2)
    try:
        page.goto(server.url + f"puzzles.html#{puzzle['id']}")
        wait_until(page, "() => window.jetanPuzzles?.verdict != null", timeout=90)
        page.locator("#puzzle-hint").click()
        wait_text(page, "#puzzle-message", "Die Figur, die ziehen muss, ist markiert.")
        page.screenshot(path=str(ARTIFACTS / "puzzles-german-390x844.png"), full_page=True)
        nothing_cut(page, "body", phone=True)
    finally:
        page.context.close()
