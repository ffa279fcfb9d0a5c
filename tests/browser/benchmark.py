"""Browser benchmark (not a test): time to first board paint, time to engine ready (cold and warm),
the longest main-thread task while the engine thinks (goal: under 50 ms), and dist/'s size.

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
        browser.close()
    server.stop()
    size = sum(f.stat().st_size for f in DIST.rglob("*") if f.is_file())
    figures["dist/ size (MB)"] = round(size / 1e6, 1)
    for k, v in figures.items():
        print(f"{k:<48} {v}")


if __name__ == "__main__":
    main()
