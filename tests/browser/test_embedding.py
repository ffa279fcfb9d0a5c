"""<jetan-board> on a fan page of another origin, embed.html in an iframe at phone width, and
keyboard play on the app's board (issue 10) — in Debian's chromium."""
import pytest

from py_engine import Game
from py_engine.squares import parse_square, square_name
from tests.browser.conftest import ARTIFACTS, DIST, Server, square_centre
from tests.browser.pages import FAST, moves, open_app, position_after, wait_plies

pytestmark = pytest.mark.browser

GAME = ["d2-d3", "g9-g8", "e2-e3"]
DIAGRAM = "p9/10/10/10/4c5/10/10/10/10/C8P b - 0 1"


@pytest.fixture(scope="module")
def fan_site(server, tmp_path_factory):
    """A fan page on its own port, loading the board from the app's server (another origin)."""
    folder = tmp_path_factory.mktemp("fan")
    boards = "\n".join(f'<jetan-board id="diagram{i}" position="{DIAGRAM}"></jetan-board>' for i in range(8))
    head = f"""<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Barsoom fan page</title>
<style>body {{ background: #eee; font-family: serif; }}
  jetan-board {{ width: 260px; display: inline-block; margin: 4px; }}</style>
<script type="module" src="{server.url}js/jetan-board.js"></script></head>
<body><h1>Games of Manator</h1>
<jetan-board id="game" moves="{','.join(GAME)}"></jetan-board>
<jetan-board id="facing" rules="setup=facing,first=orange"></jetan-board>
{boards}"""
    # Still boards only; then a page of them with two boards to play on; then a board showing a
    # piece's moves far below the fold.
    (folder / "still.html").write_text(f"{head}\n</body></html>")
    (folder / "moves.html").write_text(f"""{head}
<div style="height: 3000px"></div>
<jetan-board id="reach" position="{DIAGRAM}" show-moves="a1"></jetan-board>
</body></html>""")
    (folder / "index.html").write_text(f"""{head}
<jetan-board id="play1" interactive></jetan-board>
<jetan-board id="play2" interactive moves="d2-d3"></jetan-board>
<script>
  window.events = [];
  document.addEventListener("move",
    (e) => window.events.push([e.target.id, e.detail.move.text, e.detail.position]));
</script>
</body></html>""")
    (folder / "frame.html").write_text(f"""<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<style>body {{ margin: 8px; }}</style></head><body>
<p>A game from Barsoom:</p>
<iframe id="frame" src="{server.url}embed.html?interactive#moves={','.join(GAME)}"
  style="width: 100%; max-width: 480px; aspect-ratio: 10 / 11.6; border: 0" title="Jetan game"></iframe>
</body></html>""")
    fan = Server(folder)
    yield fan
    fan.stop()


def board(page, id_):
    return page.locator(f"#{id_}")


# What a page of still boards may fetch of the board's code, at most: requests, bytes as sent by
# a host that does not compress, and bytes as brotli (the build's .br copies) — the bounds.
# An English board's own words are in its file: the page fetches no catalogue (a board in another
# language fetches its language's, once for the page: test_board_language.py).
STILL_REQUESTS, STILL_BYTES, STILL_BROTLI = 5, 150_000, 60_000
ENGINE_FILES = (".wasm", "pyodide", "worker", "jetan-board-engine-")


def test_static_boards_need_no_engine_and_stay_small(page, server, fan_site):
    requests = []
    page.on("requestfinished", lambda r: requests.append(r))
    page.goto(fan_site.url + "still.html")
    page.wait_for_function("[...document.querySelectorAll('jetan-board')].every((b) => b.dataset.position)")
    page.wait_for_timeout(500)
    assert board(page, "game").get_attribute("data-position") == position_after(GAME)
    assert board(page, "diagram0").get_attribute("data-position") == "p9/10/10/10/4c5/10/10/10/10/C8P b"
    assert board(page, "facing").get_attribute("data-position") == \
        "wadfcpfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW o"
    code = [r for r in requests if r.url.startswith(server.url)]      # the board's, from the app
    urls = [r.url for r in code]
    assert not [u for u in urls if any(name in u for name in ENGINE_FILES)], urls
    assert not [u for u in urls if "/i18n/" in u], urls
    assert len(code) <= STILL_REQUESTS, urls
    # The test's server sends no compression: the bytes as a host that does not compress sends them.
    total = sum(r.sizes()["responseBodySize"] for r in code)
    assert total <= STILL_BYTES, (total, urls)
    # A compressing host sends the build's brotli copies (build.sh serve does).
    brotli = sum((DIST / (r.url.removeprefix(server.url) + ".br")).stat().st_size for r in code)
    assert brotli <= STILL_BROTLI, (brotli, urls)
    # Step through the game with its buttons, then the arrow keys.
    game = board(page, "game")
    game.locator("button[aria-label='Previous move']").click()
    assert game.get_attribute("data-position") == position_after(GAME[:2])
    game.locator("button[aria-label='Start position']").click()
    assert game.get_attribute("data-position") == position_after([])
    assert game.locator(".caption").inner_text() == "Start position"
    game.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert game.get_attribute("data-ply") == "2"
    assert "g9-g8" in game.locator(".caption").inner_text()
    page.keyboard.press("End")
    assert game.get_attribute("data-position") == position_after(GAME)
    assert "Black" in game.locator("canvas[part=board]").text_content()   # the pieces, its content
    page.screenshot(path=str(ARTIFACTS / "fan-page-static.png"), full_page=True)
    assert not page.errors


def test_show_moves_starts_the_engine_only_in_view(page, server, fan_site):
    """show-moves asks the engine (its rules are Python's alone) once the board comes into view:
    out of view, nothing of the engine is fetched."""
    engine = []
    page.on("request", lambda r: engine.append(r.url) if any(n in r.url for n in ENGINE_FILES) else None)
    page.goto(fan_site.url + "moves.html")
    page.wait_for_function("document.getElementById('reach').dataset.position")
    page.wait_for_timeout(1000)
    reach = board(page, "reach")
    assert engine == [] and reach.get_attribute("data-engine") is None
    assert reach.get_attribute("data-destinations") is None
    reach.scroll_into_view_if_needed()
    page.wait_for_selector("#reach[data-destinations]", timeout=90000)
    # Black's Chief on a1 of a board of two Chiefs and two Princesses: the engine's answer.
    expected = sorted(square_name(m.to) for m in Game(position=DIAGRAM).legal_moves
                      if m.frm == parse_square("a1"))
    assert sorted(reach.get_attribute("data-destinations").split()) == expected
    assert [u for u in engine if "pyodide.asm.wasm" in u], engine
    page.screenshot(path=str(ARTIFACTS / "fan-page-show-moves.png"))
    assert not page.errors


def test_an_engine_module_that_cannot_load_is_a_failed_start(page, server, fan_site):
    """The engine's chunk is fetched only when asked for: if it cannot be (the page went offline),
    the board says so, as of an engine that cannot start, and nothing waits for ever."""
    page.route("**/jetan-board-engine-*", lambda route: route.abort())
    page.goto(fan_site.url + "still.html")
    page.wait_for_function("document.getElementById('game').dataset.position")
    error = page.evaluate("document.getElementById('game').check()")
    assert "its module could not be loaded" in error, error
    assert board(page, "game").get_attribute("data-engine") == "failed"


def centre_of(page, id_, square, flipped=False):
    page.locator(f"#{id_}").scroll_into_view_if_needed()
    return square_centre(page.locator(f"#{id_} canvas[part=board]"), square, flipped)


def test_interactive_boards_share_one_engine(page, server, fan_site):
    wasm = []
    page.on("request", lambda r: wasm.append(r.url) if r.url.endswith("pyodide.asm.wasm") else None)
    page.goto(fan_site.url)
    page.wait_for_function("document.getElementById('play1').dataset.position")
    page.mouse.click(*centre_of(page, "play1", "d2"))
    page.wait_for_selector("#play1[data-engine=ready]", timeout=90000)
    page.mouse.click(*centre_of(page, "play1", "d3"))
    page.wait_for_function("document.getElementById('play1').dataset.ply === '1'", timeout=30000)
    assert board(page, "play1").get_attribute("data-position") == str(Game().play("d2-d3").position)
    played = page.evaluate("document.getElementById('play2').play('g9-g8')")
    assert played == {"text": "g9-g8", "from": "g9", "to": "g8", "capture": False, "outcome": ""}
    assert board(page, "play2").get_attribute("data-ply") == "2"
    error = page.evaluate("document.getElementById('play2').play('d3-d5')"
                          ".then(() => 'played', (e) => e.message)")
    assert "illegal move d3-d5" in error
    events = page.evaluate("window.events")
    assert [e[:2] for e in events] == [["play1", "d2-d3"], ["play2", "g9-g8"]]
    assert len(wasm) == 1, wasm
    page.screenshot(path=str(ARTIFACTS / "fan-page-played.png"), full_page=True)
    assert not page.errors


def test_embed_in_an_iframe_at_phone_width(browser, server, fan_site):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        page.goto(fan_site.url + "frame.html")
        frame = page.frame_locator("#frame")
        game = frame.locator("jetan-board")
        game.locator("canvas[part=board]").wait_for()
        frame.locator("jetan-board[data-ply='3']").wait_for()
        frame_box = page.locator("#frame").bounding_box()
        assert frame_box["x"] + frame_box["width"] <= 390
        inner = frame.locator("body").evaluate(
            "b => [b.scrollWidth, b.clientWidth, b.scrollHeight, innerHeight]")
        assert inner[0] <= inner[1] and inner[2] <= inner[3] + 1, inner
        game.locator("button[aria-label='Previous move']").tap()
        assert game.get_attribute("data-ply") == "2"
        game.locator("button[aria-label='Last move']").tap()
        # Interactive in the frame: tap a piece, then its destination.
        box = game.locator("canvas[part=board]").bounding_box()
        cell = box["width"] / 10
        at = lambda sq: (box["x"] + ("abcdefghij".index(sq[0]) + 0.5) * cell,  # noqa: E731
                         box["y"] + (10 - int(sq[1:]) + 0.5) * cell)
        page.touchscreen.tap(*at("f9"))        # loads the engine, then picks up the Panthan
        frame.locator("jetan-board[data-engine=ready]").wait_for(timeout=90000)
        page.touchscreen.tap(*at("f8"))
        frame.locator("jetan-board[data-ply='4']").wait_for(timeout=30000)
        page.screenshot(path=str(ARTIFACTS / "embed-iframe-phone.png"))
    finally:
        context.close()


def test_the_apps_board_plays_from_the_keyboard(page, server):
    friend = dict(FAST, settings=dict(FAST["settings"], players={"black": "human", "orange": "human"}))
    open_app(page, server, saved=friend)
    start = page.locator("#board").get_attribute("data-position")
    assert start == str(Game().position)
    page.locator("#board").focus()
    # The cursor starts on e1: left to d1, up to d2, pick up; up to d3, put down.
    for key in ["ArrowLeft", "ArrowUp", "Enter", "ArrowUp", "Enter"]:
        page.keyboard.press(key)
    wait_plies(page, 1)
    assert moves(page) == ["d2-d3"]
    assert page.locator("#board").get_attribute("data-position") == str(Game().play("d2-d3").position)
    # The label a sentence, the pieces its description.
    assert page.locator("#board").get_attribute("aria-label").startswith("Jetan board, Orange to move")
    assert "Black: Warrior a1" in page.locator("#board-pieces").inner_text()
    page.screenshot(path=str(ARTIFACTS / "app-keyboard.png"))


def add_board(page, id_, attributes, children=""):
    """A <jetan-board> added to the page, with ``attributes`` and ``children`` (HTML)."""
    page.evaluate("""([id, attributes, children]) => {
        const b = document.createElement('jetan-board');
        b.id = id;
        for (const [name, value] of Object.entries(attributes)) b.setAttribute(name, value);
        b.innerHTML = children;
        document.body.append(b);
    }""", [id_, attributes, children])


def test_a_game_played_to_its_end_says_gameover(page, server, fan_site):
    page.goto(fan_site.url)
    add_board(page, "book", {"rules": "setup=facing,first=orange,duel=even",
                             "moves": "g10-d7,d2-d3,d7-g4,d1xg4/d", "interactive": ""})
    page.evaluate("document.getElementById('book')"
                  ".addEventListener('gameover', (e) => { window.gameover = e.detail; })")
    played = page.evaluate("document.getElementById('book').play('g4xf1')")
    assert played["text"] == "g4xf1" and played["capture"]
    assert page.evaluate("window.gameover")["winner"] == "orange"
    assert "took the Princess" in page.locator("#book .caption").inner_text()


def test_the_embedding_guide_writes_snippets_and_previews(page, server):
    page.goto(server.url + "embed-guide.html#moves=d2-d3,g9-g8")
    preview = page.locator("#preview")
    page.wait_for_selector("#preview[data-ply='2']")
    element = page.locator("#snippet-element").inner_text()
    assert f'src="{server.url}js/jetan-board.js"' in element
    assert '<jetan-board moves="d2-d3,g9-g8"></jetan-board>' in element
    page.fill("#g-moves", "e2-e3")
    page.check("#g-orange")
    page.check("#g-interactive")
    page.wait_for_selector("#preview[data-ply='1'][orientation=orange][interactive]")
    iframe = page.locator("#snippet-iframe").inner_text()
    assert f"{server.url}embed.html?interactive&amp;orientation=orange#1;m=e2e3" in iframe
    assert '<jetan-board moves="e2-e3" orientation="orange" interactive>' in \
        page.locator("#snippet-element").inner_text()
    # The placement and side to move: the engine may have answered already (its position adds
    # the escapes and counters).
    assert preview.get_attribute("data-position").split()[:2] == position_after(["e2-e3"]).split()
    page.screenshot(path=str(ARTIFACTS / "embed-guide.png"), full_page=True)
    assert not page.errors


def test_a_diagrams_markup_and_comments_stay_with_the_positions_the_page_gave(page, server, fan_site):
    """The diagram's arrows and rings belong to the position it shows first, a comment to its
    ply of the page's game: after a reader plays on, or plays another line, they are not drawn on
    positions the page never gave; stepping back to a given position shows them again."""
    page.goto(fan_site.url)
    add_board(page, "study", {"moves": "d2-d3,g9-g8", "arrows": "e2e4:red", "marks": "e5", "interactive": ""},
              '<jetan-comment ply="1" arrows="g9g8:yellow">Orange answers.</jetan-comment>')
    drawn = """() => { const b = document.getElementById('study');
        return [Number(b.dataset.ply), b.scene.arrows.length, b.scene.marks.length,
                b.shadowRoot.querySelector('.comment').textContent]; }"""
    assert page.evaluate(drawn) == [2, 1, 1, ""]
    page.evaluate("document.getElementById('study').play('e2-e3')")       # played on
    assert page.evaluate(drawn) == [3, 0, 0, ""]
    page.evaluate("document.getElementById('study').session.step('prev')")
    assert page.evaluate(drawn) == [2, 1, 1, ""]
    page.evaluate("document.getElementById('study').session.step('prev')")
    assert page.evaluate(drawn) == [1, 1, 0, "Orange answers."]              # the comment's arrow
    page.evaluate("document.getElementById('study').play('h9-h8')")       # another line
    assert page.evaluate(drawn) == [2, 0, 0, ""]
    page.evaluate("document.getElementById('study').session.step('prev')")
    assert page.evaluate(drawn) == [1, 1, 0, "Orange answers."]
    assert not page.errors
