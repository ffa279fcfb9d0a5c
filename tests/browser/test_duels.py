"""Duels you can see (issue 12): under duel rules a capture shows the two pieces, the odds, the
dice under duel=dice, and who won; the move list says it in words; a game ended by a duel says so."""
import pytest

from py_engine.gallery import CHAPTER_17
from py_engine.rules import MANATOR
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_app import FAST, click, open_app, wait_plies
from tests.browser.test_links import link

pytestmark = pytest.mark.browser

OPENING = ["g10-d7", "d2-d3", "d7-g4"]


@pytest.mark.parametrize("rules", [MANATOR, "setup=facing,first=orange,duel=dice"])
def test_a_capture_is_fought_and_shown(page, server, rules):
    open_app(page, server, saved=FAST, fragment=link(rules, moves=OPENING))
    wait_plies(page, 3)
    click(page, "d1")
    click(page, "g4")
    wait_plies(page, 4)
    duel = page.locator("#duel")
    duel.wait_for()
    text = duel.inner_text()
    assert "Duel on g4: Black's" in text and "attacks Orange's" in text
    assert "even odds" in text                  # two Odwars (Fliers): even under dice too
    assert ("Dice: " in text) == (rules != MANATOR)
    assert "wins and takes g4" in text or "the attacker dies" in text
    mark = page.locator("#moves .duel-mark").inner_text()
    assert mark in ("duel won", "duel lost")
    page.screenshot(path=str(ARTIFACTS / f"duel-{'dice' if 'dice' in rules else 'even'}.png"))


def test_a_game_ended_by_a_duel_says_so(page, server):
    open_app(page, server, saved=FAST, fragment=link(MANATOR, moves=CHAPTER_17.moves))
    wait_plies(page, 14)
    status = page.locator("#status").inner_text()
    assert status.startswith("Black's Chief took the Orange Chief in a duel: Black wins"), status
    assert page.locator("#moves .duel-mark").count() == 3
