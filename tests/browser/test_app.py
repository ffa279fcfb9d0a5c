"""The app in Debian's chromium: a person's whole session, clicked, dragged and typed."""
import pytest

from tests.browser.pages import centre, click, moves, open_app, wait_plies, wait_until

pytestmark = pytest.mark.browser

def test_board_paints_before_the_engine_loads(page, server):
    page.goto(server.url)
    # The canvas shows the start position at once (a Black piece on e1), while loading shows.
    colour = wait_until(page, """() => {
        const c = document.getElementById('board'), ctx = c.getContext('2d');
        const cell = c.width / 10;
        const pixel = Array.from(ctx.getImageData(4.5 * cell, 9.5 * cell, 1, 1).data);
        return pixel[3] === 255 && pixel;
    }""")
    assert colour[:3] != [0, 0, 0]
    page.wait_for_selector("body[data-engine=ready]", timeout=60000)
    assert page.locator("#loading").is_hidden()
    assert not page.errors


def test_click_click_move_and_the_engine_replies(page, server):
    open_app(page, server)
    click(page, "d2")
    click(page, "d3")
    wait_plies(page, 2)
    assert moves(page)[0] == "d2-d3"
    assert "Black to move" in page.locator("#status").inner_text()
    assert not page.errors


def test_drag_and_drop(page, server):
    open_app(page, server)
    x1, y1 = centre(page, "e2")
    x2, y2 = centre(page, "e3")
    page.mouse.move(x1, y1)
    page.mouse.down()
    page.mouse.move((x1 + x2) / 2, (y1 + y2) / 2, steps=4)
    page.mouse.move(x2, y2, steps=4)
    page.mouse.up()
    wait_plies(page, 2)
    assert moves(page)[0] == "e2-e3"


def test_typed_moves_and_a_clear_message_for_an_illegal_one(page, server):
    open_app(page, server)
    page.fill("#move-input", "d2-d5")
    page.press("#move-input", "Enter")
    # Said by the box it was typed in.
    page.wait_for_function("document.getElementById('move-error').textContent !== ''")
    assert "illegal move d2-d5" in page.locator("#move-error").inner_text().lower()
    assert moves(page) == []
    page.fill("#move-input", "D2-D3")
    page.press("#move-input", "Enter")
    wait_plies(page, 2)
    assert moves(page)[0] == "d2-d3"
    assert "Black played d2-d3" in page.locator("#live").inner_text() or \
        "Orange played" in page.locator("#live").inner_text()


def test_undo_and_reload_restores_the_game(page, server):
    open_app(page, server)
    click(page, "c2")
    click(page, "c3")
    wait_plies(page, 2)
    click(page, "b2")
    click(page, "b3")
    wait_plies(page, 4)
    page.click("#undo-button")
    wait_plies(page, 2)
    before = moves(page)
    page.reload()
    page.wait_for_selector("body[data-engine=ready]", timeout=60000)
    wait_plies(page, 2)
    assert moves(page) == before


def test_custom_rules_panel_starts_a_game_with_an_option(page, server):
    open_app(page, server)
    page.click("#new-game-button")
    page.check("input[name=opponent][value=friend]")
    page.check("input[name=preset][value=manator]")
    page.click("#custom-details summary")
    # A preset shows its options; back to Standard, they are the standard ones again.
    assert page.locator("select[name=opt-setup]").input_value() == "facing"
    page.check("input[name=preset][value=standard]")
    # Touching an option while a preset is chosen chooses Custom: what you see is what starts.
    page.select_option("select[name=opt-thoat]", "wild")
    assert page.locator("input[name=preset][value=custom]").is_checked()
    assert page.locator("#rules-preview").inner_text() == "thoat=wild"
    page.click("#start-button")
    page.wait_for_selector("#new-game-dialog", state="hidden")
    # thoat=wild alone is the Cazaux preset: the players line names it (its text on hover).
    page.wait_for_function("document.getElementById('players').title === 'thoat=wild'")
    assert "Cazaux" in page.locator("#players").inner_text()
    page.wait_for_selector("body[data-plies='0']")
    # a2-c3 needs the diagonal step first: only a free or wild Thoat may make it.
    click(page, "a2")
    click(page, "c3")
    wait_plies(page, 1)
    assert moves(page) == ["a2-c3"]


def test_embed_viewer_steps_through_a_shared_game(page, server):
    page.goto(server.url + "embed.html#moves=d2-d3,g9-g8,e2-e3")
    board = page.locator("jetan-board")
    page.wait_for_selector("jetan-board[data-ply='3']")
    assert "e2-e3" in board.locator(".caption").inner_text()
    board.locator("button[aria-label='Previous move']").click()
    assert "g9-g8" in board.locator(".caption").inner_text()
    board.locator("button[aria-label='Start position']").click()
    assert board.locator(".caption").inner_text() == "Start position"
    assert page.locator("#open").get_attribute("href") == "index.html#moves=d2-d3,g9-g8,e2-e3"
    assert not page.errors
