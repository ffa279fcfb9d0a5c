"""Duels you can see (issue 12): under duel rules a capture shows the two pieces, the odds, the
dice under duel=dice, and who won; the move list says it in words. (What the engine says of a
duel under each rule, and of a game ended by one: tests/web/flow-game.test.mjs.)"""
import pytest

from tests.browser.conftest import ARTIFACTS
from tests.browser.pages import FAST, click, link, open_app, wait_plies

pytestmark = pytest.mark.browser

OPENING = ["g10-d7", "d2-d3", "d7-g4"]


def test_a_capture_is_fought_and_shown(page, server):
    """The duel panel and the move list's mark, under duel=dice (the dice shown too; without
    dice the engine sends none to show)."""
    rules = "setup=facing,first=orange,duel=dice"
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
    assert "Dice: " in text
    assert "wins and takes g4" in text or "the attacker dies" in text
    mark = page.locator("#moves .duel-mark").inner_text()
    assert mark in ("duel won", "duel lost")
    page.screenshot(path=str(ARTIFACTS / "duel-dice.png"))
