"""A reader's first move, made while the engine is still loading, is played (issue 20): on
<jetan-board interactive> in a fan page of another origin, in an iframe of embed.html, and in the
app on a first visit — by click and click, tap and tap (390×844, touch), drag, and the board's
keyboard cursor. The runtime's WebAssembly is held back until the move has been made.

Each way of making the move is made once on a cold start: the app's board and the element's are
the same BoardView (board.js), so the embedded boards take the drag and the keyboard, the app the
clicks and the taps (a phone's loading bar). That a move kept while the engine loads is played
once it is there (or dropped, saying why) is the Session's, under Node: tests/web/session.test.mjs
and judges.test.mjs."""
import pytest

from tests.browser.conftest import ARTIFACTS, Server, hold_runtime, square_centre
from tests.browser.pages import position_after, wait_until, watch_errors

pytestmark = pytest.mark.browser

WAYS = ["clicks", "taps", "drag", "keyboard"]
EMBEDDED_WAYS = ["drag", "keyboard"]
APP_WAYS = ["clicks", "taps"]


@pytest.fixture(scope="module")
def fan_page(server, tmp_path_factory):
    """A fan page on its own origin: an interactive board, and an iframe of embed.html."""
    folder = tmp_path_factory.mktemp("first-move")
    (folder / "index.html").write_text(f"""<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>A fan page</title>
<style>jetan-board {{ width: 300px; display: block; }}
  iframe {{ width: 300px; height: 350px; border: 0; }}</style>
<script type="module" src="{server.url}js/jetan-board.js"></script></head>
<body><jetan-board id="reader" interactive></jetan-board>
<iframe id="frame" src="{server.url}embed.html?interactive" title="Jetan"></iframe>
</body></html>""")
    fan = Server(folder)
    yield fan
    fan.stop()


@pytest.fixture
def visitor(browser, request):
    """A fresh visitor (no cache, no snapshot) for ``way``, whose runtime is held back until
    ``release()``: yields (page, release); the page's errors are in page.errors."""
    way = request.node.callspec.params["way"]
    phone = way == "taps"
    viewport = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 800}
    context = browser.new_context(viewport=viewport, has_touch=phone, is_mobile=phone)
    release = hold_runtime(context)
    page = watch_errors(context.new_page())
    yield page, release
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"))
    context.close()


def attribute_becomes(page, locator, name, value, timeout_s=60):
    """Wait until an element (in any frame) has ``name="value"``."""
    for _ in range(int(timeout_s * 5)):
        if locator.get_attribute(name) == value:
            return
        page.wait_for_timeout(200)
    raise AssertionError(f"{name} stayed {locator.get_attribute(name)!r}, not {value!r}")


def first_move(page, canvas, way):
    """d2-d3 on the board ``canvas`` (a locator), the way a reader would make it."""
    canvas.scroll_into_view_if_needed()
    (x1, y1), (x2, y2) = square_centre(canvas, "d2"), square_centre(canvas, "d3")
    if way == "clicks":
        page.mouse.click(x1, y1)
        page.mouse.click(x2, y2)
    elif way == "taps":
        page.touchscreen.tap(x1, y1)
        page.touchscreen.tap(x2, y2)
    elif way == "drag":
        page.mouse.move(x1, y1)
        page.mouse.down()
        page.mouse.move((x1 + x2) / 2, (y1 + y2) / 2, steps=4)
        page.mouse.move(x2, y2, steps=4)
        page.mouse.up()
    else:
        # The cursor starts on e1 (Black's side, at the bottom): left to d1, up to d2, pick up,
        # up to d3, put down.
        canvas.focus()
        for key in ["ArrowLeft", "ArrowUp", "Enter", "ArrowUp", "Enter"]:
            canvas.press(key)


@pytest.mark.parametrize("way", EMBEDDED_WAYS)
def test_the_first_move_on_an_embedded_board_is_played(visitor, fan_page, way):
    page, release = visitor
    page.goto(fan_page.url)
    reader = page.locator("#reader")
    framed = page.frame_locator("#frame").locator("jetan-board")
    page.wait_for_function("document.querySelector('#reader').dataset.position")
    framed.wait_for()
    first_move(page, reader.locator("canvas[part=board]"), way)
    first_move(page, framed.locator("canvas[part=board]"), way)
    # Nothing can be played yet: the board says the move is kept.
    page.wait_for_timeout(300)
    for board in (reader, framed):
        assert board.get_attribute("data-ply") == "0"
        assert "kept" in board.locator(".caption").inner_text(), board.locator(".caption").inner_text()
    page.screenshot(path=str(ARTIFACTS / f"first-move-waiting-{way}.png"))
    release()
    for board in (reader, framed):
        attribute_becomes(page, board, "data-ply", "1")
        assert board.get_attribute("data-position") == position_after(["d2-d3"], whole=True)
    assert not page.errors, page.errors


@pytest.mark.parametrize("way", APP_WAYS)
def test_the_first_move_in_the_app_on_a_first_visit_is_played(visitor, server, way):
    page, release = visitor
    page.goto(server.url)
    page.wait_for_function("document.getElementById('board').dataset.position")
    first_move(page, page.locator("#board"), way)
    page.wait_for_timeout(300)
    # Said where it is seen: by the loading bar, which covers the status line while it loads.
    kept = page.locator("#loading-text")
    words = kept.inner_text()
    assert kept.is_visible() and "Move d2-d3 kept until the engine is ready" in words, words
    # Whole, not cut short, on a phone too (at 390 px it once read "…is kept unt…").
    assert kept.evaluate("(e) => e.scrollWidth <= e.clientWidth")
    assert page.evaluate("document.body.dataset.premove") == "d2-d3"
    release()
    wait_until(page, "() => Number(document.body.dataset.plies) >= 1")
    assert page.locator("#moves button").first.inner_text() == "d2-d3"
    assert not page.errors, page.errors
