"""An interactive <jetan-board> on a page of another origin (a fan page on a second server that
loads the element from the app's server), in Firefox ESR, WebKitGTK and Chromium: the reader's first move,
clicked while the engine is still loading, is played, and so is the other side's answer."""
import pytest

from py_engine import Game
from tests.engines.conftest import ENGINE_WAIT_S, Server, click_move, new_visitor, no_page_errors, shot

pytestmark = [pytest.mark.slow, pytest.mark.browser, pytest.mark.engines]


@pytest.fixture(scope="module")
def fan_page(server, tmp_path_factory):
    folder = tmp_path_factory.mktemp("fan-page")
    (folder / "index.html").write_text(f"""<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>A fan page</title>
<style>body {{ font-family: serif; background: #eee; }}
  jetan-board {{ width: 360px; display: block; }}</style>
<script type="module" src="{server.url}js/jetan-board.js"></script></head>
<body><h1>Play a game of Jetan</h1>
<jetan-board id="reader" interactive></jetan-board>
<script>
  window.events = [];
  document.addEventListener("move", (e) => window.events.push([e.target.id, e.detail.move.text]));
</script>
</body></html>""")
    fan = Server(folder)
    yield fan
    fan.stop()


def board(browser, name):
    return browser.call("(name) => document.getElementById('reader').dataset[name] ?? null", name)


def position_after(*played):
    game = Game()
    for m in played:
        game.play(m)
    return str(game.position)


def test_an_interactive_board_on_a_page_of_another_origin(browser, server, fan_page):
    assert fan_page.url != server.url
    new_visitor(browser, fan_page.url, cold=True)
    browser.goto(fan_page.url)
    browser.wait("() => document.getElementById('reader').dataset.position")
    # The first press starts the page's engine; the move is kept until it can be played.
    click_move(browser, "d2", "d3", where="#reader >>> canvas", flipped=False)
    browser.wait("() => document.getElementById('reader').dataset.ply === '1'", timeout=ENGINE_WAIT_S)
    assert board(browser, "engine") == "ready"
    assert board(browser, "position") == position_after("d2-d3")
    # The reader answers for Orange too: the board plays both sides.
    click_move(browser, "g9", "g8", where="#reader >>> canvas", flipped=False)
    browser.wait("() => document.getElementById('reader').dataset.ply === '2'")
    assert board(browser, "position") == position_after("d2-d3", "g9-g8")
    assert browser.call("() => window.events") == [["reader", "d2-d3"], ["reader", "g9-g8"]]
    shot(browser, "other-origin")
    no_page_errors(browser)
