"""The Learn page (issue 22) in Debian's chromium, played as a person: lessons done by clicks at
1280×800 and by taps on a phone, a wrong try explained with the piece's moves marked, a move
made while the engine loads kept, progress remembered, offline-ready files."""
import pytest

from py_engine.lessons import LESSONS
from tests.browser.conftest import ARTIFACTS, warm_context, warm_page
from tests.browser.pages import PHONE, tap, wait_until

pytestmark = pytest.mark.browser

BOARD = "#lesson-board"


def solution_squares(lesson_id):
    task = next(x for x in LESSONS if x.id == lesson_id).tasks[0]
    return [(m[:2], m[3:]) if m[2] in "-x" else (m[:3], m[4:]) for m in task.solution]


def play(page, frm, to, touch=False):
    for name in (frm, to):
        tap(page, name, BOARD, touch=touch)


def message(page):
    return page.locator("#learn-message").text_content() or ""


@pytest.fixture
def desktop(browser, server, kept_snapshot):
    context = warm_context(browser, server, kept_snapshot,
                           viewport={"width": 1280, "height": 800})
    yield context
    context.close()


def test_lessons_are_done_by_clicks_and_remembered(desktop, server):
    page = desktop.new_page()
    page.goto(server.url + "learn.html#panthan")
    wait_until(page, "() => document.getElementById('lesson-title').textContent === 'The Panthan'")
    for frm, to in solution_squares("panthan"):
        play(page, frm, to)
    wait_until(page, "() => document.getElementById('learn-message').textContent.startsWith('Well done')",
               timeout=90)
    page.screenshot(path=str(ARTIFACTS / "learn-desktop-1280x800.png"))
    # The whole board, the answer and its buttons in view at 1280×800, with no scroll.
    assert page.evaluate("""() => ['lesson-board', 'learn-message', 'restart-task', 'next-task'].every((id) =>
        document.getElementById(id).getBoundingClientRect().bottom <= innerHeight) && scrollY === 0""")
    # A wrong try explains itself, with the piece's moves marked.
    page.locator("#next-task").click()
    wait_until(page, "() => document.getElementById('lesson-title').textContent === 'The Warrior'")
    play(page, "d4", "d5")
    wait_until(page, "() => document.getElementById('learn-message').textContent.includes('cannot go there')")
    assert "Its moves are marked" in message(page)
    assert page.evaluate("() => window.jetanLearn.view.state.dests.length") == 8
    page.reload()
    wait_until(page, "() => document.getElementById('learn-progress').textContent.startsWith('1 of')")
    assert "(done)" in page.locator("#lesson-list button").first.get_attribute("aria-label")


def test_a_rule_lesson_against_the_engine(desktop, server):
    page = desktop.new_page()
    page.goto(server.url + "learn.html#chief-takes-chief")
    play(page, "c7", "f7")                         # the Dwar takes the Chief: only a draw
    wait_until(page, "() => document.getElementById('learn-message').textContent.startsWith('Not this time')",
               timeout=90)
    assert "a Dwar took the Orange Chief" in message(page)
    page.locator("#restart-task").click()
    play(page, "e5", "f7")
    wait_until(page, "() => document.getElementById('learn-message').textContent.startsWith('Well done')")


def test_a_lesson_by_taps_on_a_phone(browser, server, kept_snapshot):
    page = warm_page(browser, server, kept_snapshot, **PHONE)
    context = page.context
    page.goto(server.url + "learn.html#flier")
    wait_until(page, "() => document.getElementById('lesson-title').textContent === 'The Flier'")
    for frm, to in solution_squares("flier"):
        play(page, frm, to, touch=True)
    wait_until(page, "() => document.getElementById('learn-message').textContent.startsWith('Well done')",
               timeout=90)
    fit = page.evaluate("""() => ({ page: document.documentElement.scrollWidth, width: innerWidth,
        board: document.getElementById('lesson-board').getBoundingClientRect().width })""")
    assert fit["page"] <= fit["width"] and fit["board"] >= 340, fit
    small = page.evaluate("""() => [...document.querySelectorAll('.learn button')].filter((b) => {
        const r = b.getBoundingClientRect(); return r.height < 44; }).length""")
    assert small == 0
    page.screenshot(path=str(ARTIFACTS / "learn-phone-390x844.png"))
    context.close()


def test_learn_and_puzzles_work_offline_after_a_first_visit(browser):
    """A visitor whose first page is the Learn page: the next visit works with the server gone,
    and so does the puzzles page."""
    from tests.browser.conftest import Server
    own = Server()
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        page.goto(own.url + "learn.html#panthan")
        wait_until(page, "() => window.jetanLearn?.verdict != null", timeout=90)
        wait_until(page, """async () => {
            if (!(await caches.keys()).includes("jetan-files")) return false;
            const keys = (await (await caches.open("jetan-files")).keys()).map((r) => r.url);
            // (the English catalogue is kept once the worker is in charge: offline.js)
            const wanted = ["puzzles.js", "training-data.js", "i18n/en.json"];
            return wanted.every((f) => keys.some((u) => u.includes(f)));
        }""", timeout=90)
        page.wait_for_timeout(1000)
        own.stop()
        page.reload()
        for frm, to in solution_squares("panthan"):
            play(page, frm, to)
        wait_until(page, "() => document.getElementById('learn-message').textContent.startsWith('Well done')",
                   timeout=90)
        page.goto(own.url + "puzzles.html")
        wait_until(page, "() => window.jetanPuzzles?.verdict != null", timeout=90)
    finally:
        context.close()
