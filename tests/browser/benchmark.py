"""Browser benchmark (not a test): time to first board paint, time to engine ready (cold and warm),
the longest main-thread task while the engine thinks (goal: under 50 ms), how soon a move and
Move now take effect while the engine searches (goal: under 0.3 s), and dist/'s size.

    python tests/browser/benchmark.py        (after `bash build.sh test`)
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.browser.conftest import CHROMIUM, DIST, FLAGS, Server  # noqa: E402

from playwright.sync_api import sync_playwright  # noqa: E402

OBSERVE = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push(e.duration);
}).observe({ type: "longtask", buffered: true });
"""
SETTINGS = {"version": 1, "game": {"rules": "", "start": "start", "moves": [], "resigned": None},
            "settings": {"players": {"black": "human", "orange": "engine"}, "level": 6,
                         "timeMs": 2000, "flipped": False, "notation": "algebraic",
                         "scoring": "smith"}}


# In the page: when the last click began, and when the game last changed length after it.
ANSWER_CLOCK = """
document.addEventListener("pointerdown", () => { window.__asked = performance.now(); }, true);
document.addEventListener("DOMContentLoaded", () => new MutationObserver(() => {
    window.__answered = performance.now(); }).observe(document.body, {
    attributes: true, attributeFilter: ["data-plies"] }));
"""


def square(page, name):
    box = page.locator("#board").bounding_box()
    f, r = "abcdefghij".index(name[0]), int(name[1:]) - 1
    cell = box["width"] / 10
    return box["x"] + (f + 0.5) * cell, box["y"] + (9 - r + 0.5) * cell


def answer_ms(page, plies):
    """Milliseconds from the last click to the game being ``plies`` long."""
    page.wait_for_selector(f"body[data-plies='{plies}']", timeout=60000)
    return round(page.evaluate("window.__answered - window.__asked"))


def opened(browser, server, saved):
    page = browser.new_context().new_page()
    page.add_init_script(ANSWER_CLOCK)
    page.add_init_script(f"localStorage.setItem('jetan.saved', {json.dumps(json.dumps(saved))})")
    page.goto(server.url)
    page.wait_for_selector("body[data-plies='0']", timeout=60000)
    return page


def responsiveness(browser, server):
    """A move during a 30 s analysis, and Move now during the engine's level-6, 5 s move."""
    figures = {}
    people = {"black": "human", "orange": "human"}
    page = opened(browser, server, dict(SETTINGS, settings=dict(SETTINGS["settings"], players=people)))
    page.click("#analyse-button")
    page.wait_for_function("document.getElementById('analysis').textContent.startsWith('Depth')")
    page.wait_for_timeout(2000)
    page.mouse.click(*square(page, "d2"))
    page.mouse.click(*square(page, "d3"))
    figures["a move during analysis, to the move played (ms)"] = answer_ms(page, 1)
    page.context.close()
    page = opened(browser, server, dict(SETTINGS, settings=dict(SETTINGS["settings"], timeMs=5000)))
    page.fill("#move-input", "d2-d3")
    page.press("#move-input", "Enter")
    page.wait_for_function("document.getElementById('thinking-text').textContent.includes('depth')")
    page.wait_for_timeout(1500)
    page.click("#stop-button")
    figures["Move now (level 6, 5 s), to the engine's move (ms)"] = answer_ms(page, 2)
    page.context.close()
    return figures


def marks(page):
    return page.evaluate("""() => Object.fromEntries(performance.getEntriesByType('mark')
        .map((m) => [m.name, Math.round(m.startTime)]))""")


def main():
    server = Server()
    figures = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        context = browser.new_context()
        page = context.new_page()
        page.add_init_script(OBSERVE)
        page.add_init_script(f"if (!localStorage.getItem('jetan.saved')) "
                             f"localStorage.setItem('jetan.saved', {json.dumps(json.dumps(SETTINGS))})")
        page.goto(server.url)
        page.wait_for_selector("body[data-engine=ready]", timeout=60000)
        cold = marks(page)
        figures["first board paint (ms)"] = cold["jetan-board-painted"]
        figures["engine ready, cold (ms)"] = cold["jetan-engine-ready"]
        page.wait_for_timeout(1500)            # let the service worker finish caching
        page.reload()
        page.wait_for_selector("body[data-engine=ready]", timeout=60000)
        figures["engine ready, warm (ms)"] = marks(page)["jetan-engine-ready"]
        page.wait_for_selector("body[data-plies]")
        page.evaluate("window.__longTasks = []")
        page.fill("#move-input", "d2-d3")
        page.press("#move-input", "Enter")
        page.wait_for_selector("body[data-plies='2']", timeout=60000)
        tasks = page.evaluate("window.__longTasks")
        figures["longest main-thread task while thinking (ms)"] = \
            round(max(tasks), 1) if tasks else "none over 50"
        figures.update(responsiveness(browser, server))
        browser.close()
    server.stop()
    size = sum(f.stat().st_size for f in DIST.rglob("*") if f.is_file())
    figures["dist/ size (MB)"] = round(size / 1e6, 1)
    for k, v in figures.items():
        print(f"{k:<52} {v}")


if __name__ == "__main__":
    main()
