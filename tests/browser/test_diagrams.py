"""Diagrams on a fan page (issue 23): arrows, marked squares and a piece's moves on <jetan-board>,
annotated games (the gallery's, a record written as a child, comments as children), pictures as
PNG and SVG, the diagram page, hostile markup, and comments in the app's games — in Debian's
chromium."""
import json

import pytest

from py_engine import facade
from py_engine.squares import square_name
from tests.browser.conftest import ARTIFACTS, Server, square_centre, wait_until
from tests.browser.pages import FAST, open_app, wait_plies

pytestmark = pytest.mark.browser

THOAT = "pc8/10/10/10/10/4T5/10/10/10/C8P b - 0 1"      # a Black Thoat on e5
RECORD = """[Event "A test"]

{A short game.} 1. d2-d3 {Black opens. [%cal Rd3d4] [%csl Be5]} g9-g8 2. e2-e3
"""
HOSTILE = '<img src=x onerror="window.pwned=1"> d2d4 zz9 e5e5'


@pytest.fixture(scope="module")
def fan_site(server, tmp_path_factory):
    """A fan page on its own port, loading the board from the app's server."""
    folder = tmp_path_factory.mktemp("diagrams")
    many = " ".join("e5" for _ in range(1000))
    (folder / "index.html").write_text(f"""<!doctype html>
<html><head><meta charset="utf-8"><title>Diagrams of Barsoom</title>
<style>jetan-board {{ width: 300px; display: inline-block; margin: 4px; }}</style>
<script type="module" src="{server.url}js/jetan-board.js"></script></head>
<body>
<jetan-board id="thoat" position="{THOAT}" rules="thoat=wild" show-moves="e5"></jetan-board>
<jetan-board id="marked" arrows="d2d4 e9e7:red" marks="e5:blue f6"></jetan-board>
<jetan-board id="hostile" arrows='{HOSTILE}' marks="{many}"></jetan-board>
<jetan-board id="gallery" gallery="chapter17" ply="8"></jetan-board>
<jetan-board id="record"><jetan-record>{RECORD}</jetan-record></jetan-board>
<jetan-board id="commented" moves="d2-d3,g9-g8">
  <jetan-comment ply="1" arrows="g9g8:yellow">The <b>Panthan</b> steps out.</jetan-comment>
</jetan-board>
</body></html>""")
    fan = Server(folder)
    yield fan
    fan.stop()


SHADOW = "([id, sel]) => document.getElementById(id).shadowRoot.querySelector(sel).textContent"


def shadow_text(page, id_, selector):
    """The text of ``selector`` in the shadow root of the element ``id_``."""
    return page.evaluate(SHADOW, [id_, selector])


def wait_shadow_text(page, id_, selector, words, timeout=60):
    """Wait until that text holds ``words``."""
    wait_until(page, f"(args) => ({SHADOW})(args).includes({words!r})", [id_, selector], timeout=timeout)


def test_show_moves_draws_the_engines_destinations(page, fan_site):
    page.goto(fan_site.url)
    drawn = wait_until(page, "() => document.getElementById('thoat').dataset.destinations", timeout=90)
    reply = facade.handle({"op": "destinations", "rules": "thoat=wild", "start": THOAT, "square": 44})
    assert drawn.split() == [square_name(d["to"]) for d in reply["destinations"]]
    assert len(drawn.split()) > 4


def test_markup_is_drawn_and_hostile_markup_only_named(page, fan_site):
    page.goto(fan_site.url)
    wait_until(page, "() => document.getElementById('marked').dataset.position")
    assert shadow_text(page, "marked", ".warning") == ""
    warning = shadow_text(page, "hostile", ".warning")
    assert "could not be read" in warning and "only the first 100 are drawn" in warning
    assert page.evaluate("() => window.pwned") is None
    assert page.evaluate("() => document.getElementById('hostile').shadowRoot.querySelector('img')") is None
    page.locator("#marked").screenshot(path=str(ARTIFACTS / "diagram-marked.png"))


def test_annotated_games_show_their_comments(page, fan_site):
    page.goto(fan_site.url)
    wait_until(page, "() => document.getElementById('gallery').dataset.ply === '8'")
    # The caption of the book's move 8 (the catalogue's: an English board fetches it for them).
    wait_until(page, "() => document.querySelector('#gallery')"
                     ".shadowRoot.querySelector('.comment').textContent")
    # The record child is read by the engine; its comment on move 1 is shown there.
    page.evaluate("() => document.getElementById('record').setAttribute('ply', '1')")
    wait_shadow_text(page, "record", ".comment", "Black opens", timeout=90)
    assert "%cal" not in shadow_text(page, "record", ".comment")
    # A comment child: its text only, never its markup.
    page.evaluate("() => document.getElementById('commented').setAttribute('ply', '1')")
    wait_shadow_text(page, "commented", ".comment", "The Panthan steps out")
    assert page.evaluate("() => document.getElementById('commented').shadowRoot.querySelector('b')") is None


def test_pictures_are_images_of_the_stated_size(page, fan_site):
    page.goto(fan_site.url)
    wait_until(page, "() => document.getElementById('marked').dataset.position")
    png = page.evaluate("""async () => {
        const blob = await document.getElementById('marked').picture('image/png');
        const image = await createImageBitmap(blob);
        return {type: blob.type, width: image.width, height: image.height};
    }""")
    assert png == {"type": "image/png", "width": 1600, "height": 1600}
    svg = page.evaluate("""async () => {
        const blob = await document.getElementById('marked').picture('image/svg+xml');
        const text = await blob.text();
        const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
        const img = new Image();
        await new Promise((resolve) => { img.onload = resolve; img.src = URL.createObjectURL(blob); });
        const count = (tag) => doc.getElementsByTagName(tag).length;
        return {type: blob.type, root: doc.documentElement.nodeName, width: img.naturalWidth,
                viewBox: doc.documentElement.getAttribute('viewBox'),
                errors: count('parsererror'), texts: count('text'), paths: count('path')};
    }""")
    assert svg["type"] == "image/svg+xml" and svg["root"] == "svg" and svg["errors"] == 0
    assert svg["viewBox"] == "0 0 800 800" and svg["width"] == 800
    assert svg["texts"] == 0 and svg["paths"] > 100          # pieces and letters as paths: no font needed
    bad = page.evaluate("() => document.getElementById('marked').picture('image/gif')"
                        ".then(() => 'made', (e) => e.message)")
    assert "image/png or image/svg+xml" in bad


def test_the_diagram_page_shows_a_link_alone(page, server):
    page.goto(server.url + "diagram.html#position=" + THOAT.replace(" ", "%20") +
              "&rules=thoat%3Dwild&arrows=e5g7:red&marks=g7&title=The%20wild%20Thoat")
    wait_until(page, "() => document.body.dataset.pictured === 'true'")
    assert page.locator("h1").text_content() == "The wild Thoat"
    assert page.locator("#turn").text_content() == "Black to move."
    assert page.title() == "The wild Thoat — Jetan diagram"
    page.screenshot(path=str(ARTIFACTS / "diagram-page.png"))
    pdf = page.pdf(format="A4")                         # printed: the whole diagram on one page
    assert pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages") == 1
    page.goto(server.url + "diagram.html#position=garbage")
    wait_shadow_text(page, "board", ".caption", "could not be read")


def test_comments_in_the_app_are_kept_written_and_read_back(page, server):
    open_app(page, server, FAST)
    page.mouse.click(*square_centre(page.locator("#board"), "d2"))
    page.mouse.click(*square_centre(page.locator("#board"), "d3"))
    wait_plies(page, 2)
    page.locator("#moves button").first.click()        # review move 1
    page.locator("#comment-summary").click()
    page.locator("#comment-text").fill("A quiet start.")
    page.locator("#comment-arrows").fill("d3d4:red")
    assert page.locator("#caption").text_content() == "1. d2-d3: A quiet start."
    page.locator("#record-summary").click()
    wait_until(page, "() => document.getElementById('record').value.replace(/\\s+/g, ' ')"
                     ".includes('{A quiet start. [%cal Rd3d4]}')")
    page.reload()
    wait_until(page, "() => document.body.dataset.plies === '2'", timeout=90)
    saved = page.evaluate("() => JSON.parse(localStorage.getItem('jetan.saved')).game.comments")
    assert saved == {"1": {"text": "A quiet start.", "arrows": "d3d4:red", "marks": ""}}
    page.locator("#moves button").first.click()
    assert page.locator("#caption").text_content() == "1. d2-d3: A quiet start."
    # Share: a picture of the position shown, downloaded as a PNG.
    page.locator("#share-button").click()
    with page.expect_download() as download:
        page.locator("#share-png").click()
    path = download.value.path()
    assert open(path, "rb").read(8) == b"\x89PNG\r\n\x1a\n"
    assert json.dumps(saved)


def test_the_guide_makes_a_picture_and_a_diagram_link_without_a_tag(page, server):
    page.goto(server.url + "embed-guide.html")
    page.locator("#g-arrows").fill("d2d4:red")
    page.locator("#g-marks").fill("e5")
    assert 'arrows="d2d4:red"' in page.locator("#snippet-element").text_content()
    assert "arrows=d2d4%3Ared" in page.locator("#snippet-iframe").text_content()
    assert "arrows=d2d4%3Ared" in page.locator("#g-diagram").get_attribute("href")
    with page.expect_download() as download:
        page.locator("#g-svg").click()
    assert download.value.suggested_filename == "jetan-diagram.svg"
    assert b"<svg" in open(download.value.path(), "rb").read(300)
