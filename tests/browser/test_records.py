"""Game records as files and the gallery (issue 11), in Debian's chromium: a game downloaded as a
file and opened again, a file that is not a record changing nothing, and the book's Chapter 17
game replayed from the gallery with its captions."""
import functools
import json

import pytest

from py_engine.gallery import CHAPTER_17
from tests.browser.conftest import ARTIFACTS
from tests.browser.pages import FAST, moves, open_app, wait_plies
from tests.conftest import ROOT

pytestmark = pytest.mark.browser

OWN = ["d2-d3", "g9-g8", "e2-e3"]
SAVED = dict(FAST, game=dict(FAST["game"], moves=OWN),
             settings=dict(FAST["settings"], players={"black": "human", "orange": "human"}))


def test_a_game_goes_out_as_a_file_and_comes_back(page, server, tmp_path):
    open_app(page, server, saved=SAVED)
    wait_plies(page, 3)
    page.click("#record-summary")
    with page.expect_download() as download:
        page.click("#download-record-button")
    assert download.value.suggested_filename.startswith("jetan-")
    path = tmp_path / "game.txt"
    download.value.save_as(path)
    record = path.read_text()
    assert "d2-d3" in record and "e2-e3" in record
    # A new game, then the file opened again: the game comes back (and the new one is kept).
    page.click("#undo-button")
    wait_plies(page, 2)
    page.set_input_files("#record-file", str(path))
    # Who plays on: the reader, as Orange (to move), against the engine.
    page.click("#who-plays-orange")
    page.wait_for_function("document.getElementById('players').textContent.includes('Orange: you')")
    wait_plies(page, 3)
    assert moves(page) == OWN
    assert "is loaded" in page.locator("#notice-text").inner_text()
    assert "Orange: you" in page.locator("#players").inner_text()


def test_a_file_that_is_not_a_record_changes_nothing(page, server, tmp_path):
    open_app(page, server, saved=SAVED)
    wait_plies(page, 3)
    page.click("#record-summary")
    for name, content in [("picture.png", b"\x89PNG\r\n\x1a\n\x00\xff\xfe"),
                          ("notes.txt", b"Dear diary, today I played jetan.\n1. z9-z8\n"),
                          ("script.txt", b"<script>document.body.dataset.hacked = 1</script>")]:
        bad = tmp_path / name
        bad.write_bytes(content)
        page.set_input_files("#record-file", str(bad))
        page.wait_for_function(f"document.getElementById('notice-text').textContent.includes('{name}')")
        text = page.locator("#notice-text").inner_text()
        assert "Nothing was changed" in text
        assert moves(page) == OWN and page.locator("body").get_attribute("data-hacked") is None


def test_the_chapter_17_game_replays_from_the_gallery(page, server):
    open_app(page, server, saved=SAVED)
    wait_plies(page, 3)
    page.click("#gallery-button")
    page.screenshot(path=str(ARTIFACTS / "gallery-dialog.png"))
    page.click("[data-gallery=chapter17]")
    wait_plies(page, 14)
    assert moves(page) == list(CHAPTER_17.moves)
    caption = page.locator("#caption")
    assert "Gahan against U-Dor" in caption.inner_text()
    # Step through with the arrow keys, from anywhere on the page; each caption is its message's English.
    english = json.loads((ROOT / "web" / "i18n" / "en.json").read_text())
    page.locator("h1").click()
    for n in range(1, 15):
        page.keyboard.press("ArrowRight")
        key = CHAPTER_17.captions[n - 1]
        worded = functools.reduce(lambda table, part: table[part], key.split("."), english)
        assert caption.inner_text().startswith(f"{n}. {worded[:20]}")
    assert "Black wins" in page.locator("#status").inner_text()
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert caption.inner_text().startswith("4. ")
    page.screenshot(path=str(ARTIFACTS / "gallery-chapter17.png"))
    # The user's own game is kept.
    page.locator("#recent").evaluate("d => d.open = true")
    assert "2 moves" in page.locator("#recent-list").inner_text()
