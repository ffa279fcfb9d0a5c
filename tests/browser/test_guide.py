"""The embedding guide tells the truth (issue 20): its sample game plays, and a game that cannot
be played is named — which move, and why — in the guide and on the board itself."""
import pytest

pytestmark = pytest.mark.browser


def test_the_guide_names_a_move_that_cannot_be_played(page, server):
    page.goto(server.url + "embed-guide.html")
    preview = page.locator("#preview")
    # The sample is a legal game: the engine, asked once it is there, finds nothing wrong.
    page.wait_for_selector("#preview[data-engine=ready]", timeout=60000)
    assert page.locator("#g-problem").is_hidden()
    assert "error" not in (preview.locator(".caption").get_attribute("class") or "")
    page.fill("#g-moves", "d2-d3,g9-g8,e2-e3,f9-f7")
    problem = page.locator("#g-problem")
    problem.wait_for(state="visible", timeout=30000)
    assert "move 4 (f9-f7)" in problem.inner_text()
    caption = preview.locator(".caption")
    assert "move 4 (f9-f7)" in caption.inner_text() and "error" in caption.get_attribute("class")
    # Mended, the message goes.
    page.fill("#g-moves", "d2-d3,g9-g8,e2-e3,f9-f8")
    problem.wait_for(state="hidden", timeout=30000)
    assert preview.get_attribute("data-ply") == "4"
    assert not page.errors, page.errors
