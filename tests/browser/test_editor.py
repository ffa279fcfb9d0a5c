"""The board editor (issue 11): set up a position by clicking, dragging and tapping, have the
engine judge it in words — the reader's language's (issue 57) —, then play it, analyse it or share
it — in Debian's chromium."""
import re

import pytest

from py_engine import Game
from py_engine.notation import move_text
from tests.browser.conftest import ARTIFACTS, warm_page
from tests.browser.pages import FAST, centre, click, open_app, wait_plies

pytestmark = pytest.mark.browser

OWN = ["d2-d3", "g9-g8"]
SAVED = dict(FAST, game=dict(FAST["game"], moves=OWN))
# What the tests below set up: both Chiefs and Princesses, a Black Flier; Orange to move, Black's
# escape used.
SET_UP = "4cp4/10/10/10/10/10/3F6/10/10/4CP4 o e 0 1"


def tool(page, name):
    return page.locator(f"#editor-dialog [data-tool='{name}']")


def verdict(page, kind):
    page.wait_for_selector(f"#editor-verdict[data-verdict={kind}]", timeout=30000)
    return page.locator("#editor-verdict").inner_text()


def on_square(page, name):
    return centre(page, name, board="#editor-board")


def test_set_up_by_mouse_judge_and_play_against_the_engine(page, server):
    open_app(page, server, saved=SAVED)
    wait_plies(page, 2)
    page.click("#editor-button")
    assert verdict(page, "ok").startswith("A playable position: Black to move")
    page.click("#editor-clear")
    assert "Black must have exactly one Princess" in verdict(page, "wrong")
    # Click a piece in the palette, then squares.
    tool(page, "C").click()
    page.mouse.click(*on_square(page, "e1"))
    tool(page, "P").click()
    page.mouse.click(*on_square(page, "f1"))
    page.mouse.click(*on_square(page, "g1"))            # a second Princess...
    assert "exactly one Princess" in verdict(page, "wrong") or "at most 1" in verdict(page, "wrong")
    page.mouse.click(*on_square(page, "g1"))            # ...taken off again by a second click
    # Drag from the palette onto the board.
    for letter, square in [("c", "e10"), ("p", "f10"), ("F", "a1")]:
        box = tool(page, letter).bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        x, y = on_square(page, square)
        page.mouse.move(x, y, steps=8)
        page.mouse.up()
    # Move a piece about by dragging, and drag one off the board to remove it.
    tool(page, "move").click()
    page.mouse.move(*on_square(page, "a1"))
    page.mouse.down()
    page.mouse.move(*on_square(page, "d4"), steps=8)
    page.mouse.up()
    tool(page, "N").click()
    page.mouse.click(*on_square(page, "b2"))
    tool(page, "move").click()
    page.mouse.move(*on_square(page, "b2"))
    page.mouse.down()
    box = page.locator("#editor-board").bounding_box()
    page.mouse.move(box["x"] - 40, box["y"] + 40, steps=8)
    page.mouse.up()
    page.select_option("#editor-side", label="Orange")
    page.uncheck("#editor-escape-black")
    assert verdict(page, "ok") == "A playable position: Orange to move."
    assert page.locator("#editor-position").input_value() == SET_UP
    page.screenshot(path=str(ARTIFACTS / "editor-set-up.png"))
    page.click("#editor-play-engine")
    wait_plies(page, 0)
    assert page.locator("#board").get_attribute("data-position") == SET_UP
    assert "Orange: you" in page.locator("#players").inner_text()
    # Orange (the player, at the bottom now) moves by clicking; the engine answers for Black.
    game = Game(position=SET_UP)
    move = min(game.legal_moves, key=lambda m: (m.frm, m.to))
    frm, to = re.fullmatch(r"([a-j]\d+)[-x]([a-j]\d+)", move_text(game.position, move)).groups()
    click(page, frm)
    click(page, to)
    wait_plies(page, 2)
    # The game the user had is kept, one click away.
    page.locator("#recent").evaluate("d => d.open = true")
    assert "1 move · Standard (Ekman)" in page.locator("#recent-list").inner_text()


def test_a_bad_position_is_explained_and_changes_nothing(page, server):
    open_app(page, server)
    page.click("#editor-button")
    verdict(page, "ok")
    before = page.locator("#editor-dialog").get_attribute("data-position")
    page.fill("#editor-position", "wadfpcfdaw/tnnnnnnnnt/10/10 b Ee 0 1<script>")
    page.press("#editor-position", "Enter")
    assert "could not be read" in verdict(page, "wrong")
    assert page.locator("#editor-dialog").get_attribute("data-position") == before
    page.fill("#editor-position", "4cp4/10/10/10/10/10/10/10/10/4CCP3 b Ee 0 1")
    page.press("#editor-position", "Enter")
    assert "Black has 2 pieces 'C'" in verdict(page, "wrong")
    for button in ["engine", "friend", "analyse"]:
        assert page.locator(f"#editor-play-{button}").is_disabled()
    page.click("#editor-dialog button[value=close]")
    assert page.locator("body").get_attribute("data-plies") == "0"


def test_set_up_by_touch_then_analyse_and_share(browser, server, kept_snapshot):
    page = warm_page(browser, server, kept_snapshot,
                     viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    context = page.context
    try:
        open_app(page, server)
        page.tap("#menu-button")                # on a phone the header's buttons are in the menu
        page.tap("#editor-button")
        verdict(page, "ok")
        page.tap("#editor-clear")
        verdict(page, "wrong")
        for letter, square in [("C", "e1"), ("P", "f1"), ("c", "e10"), ("p", "f10"), ("F", "d4")]:
            tool(page, letter).tap()
            page.touchscreen.tap(*on_square(page, square))
        page.select_option("#editor-side", label="Orange")
        page.uncheck("#editor-escape-black")
        assert verdict(page, "ok") == "A playable position: Orange to move."
        assert page.locator("#editor-position").input_value() == SET_UP
        link = page.locator("#editor-link").input_value()
        assert "#1;s=" in link and " " not in link
        page.screenshot(path=str(ARTIFACTS / "editor-phone.png"))
        page.locator("#editor-play-analyse").tap()
        page.wait_for_selector("#analysis:not([hidden])", timeout=30000)
        assert page.locator("#analyse-button").get_attribute("aria-pressed") == "true"
        assert page.locator("#board").get_attribute("data-position") == SET_UP
        page.wait_for_function("document.getElementById('analysis').textContent.startsWith('Depth')",
                               timeout=30000)
        page.screenshot(path=str(ARTIFACTS / "editor-analyse-phone.png"))
        # The link opens the same position in another visitor's browser.
        other = context.new_page()
        other.goto(link)
        other.wait_for_selector("body[data-engine=ready]", timeout=60000)
        other.wait_for_selector("body[data-plies='0']", timeout=30000)
        assert other.locator("#board").get_attribute("data-position") == SET_UP
    finally:
        context.close()


def test_the_verdict_speaks_the_readers_language(browser, server, kept_snapshot):
    """A reader whose browser speaks German reads the editor in German: the engine's verdict, a
    position that cannot be read, the tools' words; and a switch of language says the verdict
    shown again in the language chosen, the position unchanged."""
    page = warm_page(browser, server, kept_snapshot, viewport={"width": 1280, "height": 800}, locale="de-DE")
    context = page.context
    try:
        open_app(page, server)
        page.wait_for_selector("html[lang=de]", state="attached", timeout=30000)
        page.click("#editor-button")
        assert verdict(page, "ok") == "Eine spielbare Stellung: Schwarz ist am Zug."
        assert tool(page, "w").get_attribute("aria-label") == "Krieger (Orange)"
        assert tool(page, "remove").get_attribute("title") == "Figuren entfernen"
        page.click("#editor-clear")
        assert verdict(page, "wrong").startswith("Nicht spielbar: ")
        page.fill("#editor-position", "xyz7/10/10/10/10/10/10/10/10/10 b")
        page.press("#editor-position", "Enter")
        unread = verdict(page, "wrong")
        assert unread.startswith("Diese Stellung konnte nicht gelesen werden: „x“ ist keine Figur"), unread
        page.screenshot(path=str(ARTIFACTS / "editor-de.png"))
        page.evaluate("async () => (await import('./js/i18n.js')).useLanguage('en')")
        page.wait_for_selector("html[lang=en]", state="attached")
        assert verdict(page, "wrong").startswith("That position could not be read: 'x' is not a piece")
        assert tool(page, "w").get_attribute("aria-label") == "Orange Warrior"
    finally:
        context.close()
