"""Links (issue 11): versioned links to a game or a position, old links, hostile links, and a game
by correspondence between two browsers — in Debian's chromium."""
import json
import random

import pytest

from py_engine import Game
from py_engine.notation import move_text
from tests.browser.conftest import ARTIFACTS, warm_page
from tests.browser.pages import FAST, click, link, moves, open_app, wait_plies

pytestmark = pytest.mark.browser

RULES = "black.thoat=wild,orange.escape=none"
OWN = ["d2-d3", "g9-g8"]
SAVED = dict(FAST, game=dict(FAST["game"], moves=OWN))
FRIEND = dict(FAST, settings=dict(FAST["settings"], players={"black": "human", "orange": "human"}))


def random_game(plies, rules=RULES, seed=11):
    rng = random.Random(seed)
    game = Game(rules)
    texts = []
    while len(texts) < plies and game.result is None:
        pos = game.position
        move = rng.choice(sorted(m for m in game.legal_moves if not pos.board[m.to]) or game.legal_moves)
        texts.append(move_text(pos, move))
        game.play(move)
    return game, texts


def shared_link(page, field="#share-link"):
    page.click("#share-button")
    value = page.locator(field).input_value()
    page.click("#share-dialog button[value=close]")
    return value


def test_a_game_and_a_position_go_round_by_link(browser, server, kept_snapshot):
    game, texts = random_game(60)
    assert len(texts) == 60
    page = warm_page(browser, server, kept_snapshot)
    context = page.context
    try:
        open_app(page, server, fragment=link(RULES, moves=texts))
        wait_plies(page, 60)
        assert moves(page) == texts
        assert page.locator("#board").get_attribute("data-position") == str(game.position)
        game_link = shared_link(page)
        assert len(game_link) - len(server.url) < 600
        page.locator("#moves button").nth(19).click()          # review the position after 20 plies
        position_link = shared_link(page, "#share-position")
        reviewed = shared_link(page)
    finally:
        context.close()
    after20 = Game(RULES)
    for t in texts[:20]:
        after20.play(t)
    cases = ((game_link, 60, str(game.position)), (position_link, 0, str(after20.position)),
             (reviewed, 60, str(after20.position)))
    for url, plies, position in cases:
        page = warm_page(browser, server, kept_snapshot)
        context = page.context
        try:
            page.goto(url)
            page.wait_for_selector("body[data-engine=ready]", timeout=60000)
            wait_plies(page, plies)
            page.wait_for_function("document.getElementById('board').dataset.position === "
                                   + json.dumps(position))
            assert "custom rules" in page.locator("#players").inner_text()
            assert "black.thoat=wild" in page.locator("#players").get_attribute("title")
        finally:
            context.close()


def test_a_linked_position_shows_in_the_boards_data_position(page, server):
    position = "p9/10/10/10/4c5/10/10/10/10/C8P b - 0 1"
    open_app(page, server, saved=SAVED, fragment=link(start=position))
    page.wait_for_function(f"document.getElementById('board').dataset.position === {json.dumps(position)}")
    assert "Your own game is kept" in page.locator("#notice-text").inner_text()


# One link the engine refuses and one its reader refuses, each with markup in it that must not
# run; every hostile link's reason: tests/web/flow-storage.test.mjs.
@pytest.mark.parametrize("fragment, message", [
    (link(rules="<img src=x onerror=window.__xss=1>", moves=["d2-d3"]), "not valid"),
    ("#1;m=<svg/onload=window.__xss=1>", "is not a move"),
])
def test_a_hostile_link_changes_nothing_and_runs_nothing(page, server, fragment, message):
    page.on("dialog", lambda d: pytest.fail(f"a dialog opened: {d.message}"))
    open_app(page, server, saved=SAVED, fragment=fragment)
    wait_plies(page, 2)
    page.wait_for_selector("#notice:not([hidden])")
    assert message in page.locator("#notice-text").inner_text()
    assert moves(page) == OWN
    assert json.loads(page.evaluate("localStorage.getItem('jetan.saved')"))["game"]["moves"] == OWN
    assert page.evaluate("window.__xss") is None
    assert page.evaluate("location.hash") == ""
    assert not page.errors


def test_a_game_by_correspondence(browser, server, kept_snapshot):
    """Black and Orange in two browsers, each move sent by link."""
    black, orange = pages = [warm_page(browser, server, kept_snapshot) for _ in range(2)]
    contexts = [p.context for p in pages]
    try:
        # A game by correspondence (chosen in New game): each move offers its link.
        open_app(black, server, saved=dict(FRIEND, game=dict(FAST["game"], correspondence=True)))
        played = []
        sender, receiver = black, orange
        for move in ["d2-d3", "g9-g8", "e2-e3"]:
            frm, to = move.split("-")
            click(sender, frm)
            click(sender, to)
            played.append(move)
            wait_plies(sender, len(played))
            sender.wait_for_selector("#send-move:not([hidden])")
            url = sender.locator("#send-move-link").input_value()
            assert url.endswith(";c")
            if receiver.url == "about:blank":
                open_app(receiver, server, saved=FRIEND, fragment=url[len(server.url):])
            else:
                receiver.goto(url)
                receiver.wait_for_selector("body[data-engine=ready]", timeout=60000)
            wait_plies(receiver, len(played))
            assert moves(receiver) == played
            turn = "Orange" if len(played) % 2 else "Black"
            intro = receiver.locator("#notice-text").inner_text()
            assert f"A game by correspondence: {turn} to move" in intro
            assert receiver.locator("#status").inner_text().startswith(f"{turn} to move")
            sender, receiver = receiver, sender
        for i, p in enumerate(pages):
            p.screenshot(path=str(ARTIFACTS / f"correspondence-{i}.png"))
    finally:
        for c in contexts:
            c.close()
