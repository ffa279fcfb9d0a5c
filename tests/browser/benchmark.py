"""Browser benchmark (not a test). Start-up as a visitor meets it, against the bare Pyodide
runtime's own load measured in the same run, same browser and same files: from navigation to the
first board paint, to the engine ready and to the first move accepted, on a first visit (cold:
a fresh profile) and a second one (warm: service worker and engine snapshot in place), with the
bytes a first visit downloads. Then the longest main-thread task while the engine thinks (goal:
under 50 ms) and how soon a move and Move now take effect while the engine searches (goal: under
0.3 s). And what a move costs in a game of 10,000 moves against one of 10 (goal: within 2x).

    python tests/browser/benchmark.py [rounds]       (after `bash build.sh test`; rounds: 3)

Start-up figures are medians over the rounds, each ratio taken within its round (the range
follows in brackets): on a 2-core machine one visit can differ from the next by a quarter.
"""
import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.browser.conftest import CHROMIUM, DIST, FLAGS, CountingHandler, Server, wait_until  # noqa: E402

from playwright.sync_api import sync_playwright  # noqa: E402
from py_engine.tools.bench import OTHER_GAITS, long_game  # noqa: E402
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
    page.wait_for_function("document.getElementById('thinking-text').textContent.includes('Depth')")
    page.wait_for_timeout(1500)
    page.click("#stop-button")
    figures["Move now (level 6, 5 s), to the engine's move (ms)"] = answer_ms(page, 2)
    page.context.close()
    return figures


# In the page: a person's move (two presses) in the game shown, timed to the move being drawn.
TIMED_MOVES = """async (count) => {
  const s = window.jetan.session, times = [];
  for (let i = 0; i < count; i++) {
    const from = Object.keys(s.state.legal).find((k) => k !== "pass");
    const before = s.state.moves.length, started = performance.now();
    s.press(Number(from)); s.press(s.state.legal[from][0].to);
    while (s.state.moves.length === before) await new Promise((r) => setTimeout(r, 1));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    times.push(performance.now() - started);
  }
  return times;
}"""


def long_games(browser, server, plies=(10, 10_000), moves=7):
    """A move's cost (pressed to drawn and saved) in a short and a long game, between two
    people: the median of ``moves`` moves each, and the ratio."""
    people = {"black": "human", "orange": "human"}
    medians = {}
    for n in plies:
        game = dict(SETTINGS["game"], moves=long_game(n))
        page = browser.new_context().new_page()
        saved = dict(SETTINGS, game=game, settings=dict(SETTINGS["settings"], players=people))
        page.add_init_script(f"localStorage.setItem('jetan.saved', {json.dumps(json.dumps(saved))})")
        page.goto(server.url)
        page.wait_for_selector(f"body[data-plies='{n}'][data-engine=ready]", timeout=120000)
        medians[n] = statistics.median(page.evaluate(TIMED_MOVES, moves))
        page.context.close()
    short, long_ = plies
    return {f"a move in a {short}-move game (ms)": round(medians[short]),
            f"a move in a {long_:,}-move game (ms)": round(medians[long_]),
            "long game / short game": round(medians[long_] / medians[short], 2)}


# The reference: the bare runtime, loaded by a module worker from the same dist/pyodide/ files.
# The engine's snapshot kept and the service worker active (its copies of the files made): what a
# second, warm visit finds.
SETTLED = """async () => {
    const name = (await caches.keys()).find((k) => k.startsWith("jetan-snapshot-"));
    return Boolean(name) && (await (await caches.open(name)).keys()).length > 0 &&
        (await navigator.serviceWorker.getRegistration())?.active?.state === "activated";
}"""
BARE_PAGE = """<!doctype html><title>bare runtime</title><script>
new Worker("bare-worker.js", { type: "module" }).onmessage = () => {
  window.runtimeReady = performance.now(); };
</script>"""
BARE_WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";
await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
postMessage("ready");"""

# In the app's page, as a visitor who plays the moment they can: d2-d3 as soon as the move box is
# enabled; when the engine is ready and when the move was accepted (the game one ply long). A
# second visit starts a new game too (the first visit's game is not kept).
FIRST_MOVE = """
localStorage.removeItem("jetan.saved");
document.addEventListener("DOMContentLoaded", () => {
  const input = document.getElementById("move-input");
  const play = () => {
    if (input.disabled || window.__moveEnabled) return;
    window.__moveEnabled = performance.now();
    input.value = "d2-d3";
    document.getElementById("move-form").requestSubmit();
  };
  new MutationObserver(play).observe(input, { attributes: true, attributeFilter: ["disabled"] });
  new MutationObserver(() => {
    if (document.body.dataset.plies === "1" && !window.__firstMove) window.__firstMove = performance.now();
  }).observe(document.body, { attributes: true, attributeFilter: ["data-plies"] });
  play();
});
"""


def bare_visit(context, server):
    page = context.new_page()
    page.goto(server.url + "bare.html")
    page.wait_for_function("window.runtimeReady", timeout=120000)
    ms = page.evaluate("window.runtimeReady")
    page.close()
    return ms


def app_visit(context, server):
    page = context.new_page()
    page.add_init_script(FIRST_MOVE)
    page.goto(server.url)
    page.wait_for_function("window.__firstMove", timeout=120000)
    figures = page.evaluate("""() => {
        const mark = (name) => performance.getEntriesByName(name)[0].startTime;
        return { paint: mark("jetan-board-painted"), ready: mark("jetan-engine-ready"),
                 move: window.__firstMove, how: document.body.dataset.engineStart }; }""")
    return page, figures


def visitor(playwright):
    """A browser profile of its own on disk, as a visitor's is (an in-memory profile's HTTP cache
    keeps no file as large as the runtime's)."""
    profile = tempfile.mkdtemp(prefix="jetan-profile-")
    context = playwright.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=FLAGS)
    context.on("close", lambda _: shutil.rmtree(profile, ignore_errors=True))
    return context


def startup(playwright, server, rounds):
    """Cold and warm visits to the bare runtime and to the app, ``rounds`` times; the ratios
    compare visits of the same round."""
    rows = []
    for _ in range(rounds):
        row = {}
        context = visitor(playwright)
        row["bare cold"] = bare_visit(context, server)
        row["bare warm"] = bare_visit(context, server)
        context.close()
        context = visitor(playwright)
        before = CountingHandler.served
        page, row["app cold"] = app_visit(context, server)
        row["downloaded by the first move"] = CountingHandler.served - before
        # The service worker's copies of every file and the engine snapshot, then a second visit.
        wait_until(page, SETTLED)
        page.wait_for_timeout(1000)
        row["downloaded by the first visit"] = CountingHandler.served - before
        page.close()
        page, row["app warm"] = app_visit(context, server)
        page.close()
        context.close()
        rows.append(row)
    return rows


def startup_figures(rows):
    def median(values):
        return statistics.median(values)
    figures = {}
    for visit in ("cold", "warm"):
        bare = median([r[f"bare {visit}"] for r in rows])
        figures[f"bare runtime loaded, {visit} (ms)"] = round(bare)
        for key, label in (("paint", "first board paint"), ("ready", "engine ready"),
                           ("move", "first move accepted")):
            ms = median([r[f"app {visit}"][key] for r in rows])
            ratios = sorted(r[f"app {visit}"][key] / r[f"bare {visit}"] for r in rows)
            spread = f" ({ratios[0]:.2f}-{ratios[-1]:.2f})" if len(ratios) > 1 else ""
            figures[f"{label}, {visit} (ms; x bare)"] = f"{round(ms)}  {median(ratios):.2f}x{spread}"
        figures[f"engine start, {visit}"] = ", ".join(sorted({r[f"app {visit}"]["how"] for r in rows}))
    figures["goals"] = "first move cold <= 1.3x bare, warm <= 0.5x bare (warm)"
    for key in ("downloaded by the first move", "downloaded by the first visit"):
        figures[f"{key} (MB)"] = round(median([r[key] for r in rows]) / 1e6, 1)
    return figures


def serving_folder():
    """dist/ plus the bare runtime's page, in a temporary folder (links, not copies)."""
    folder = Path(tempfile.mkdtemp(prefix="jetan-bench-"))
    for entry in DIST.iterdir():
        (folder / entry.name).symlink_to(entry)
    (folder / "bare.html").write_text(BARE_PAGE)
    (folder / "bare-worker.js").write_text(BARE_WORKER)
    return folder


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    folder = serving_folder()
    server = Server(folder, CountingHandler)
    figures = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        figures.update(startup_figures(startup(p, server, rounds)))
        context = browser.new_context()
        page = context.new_page()
        page.add_init_script(OBSERVE)
        page.add_init_script(f"localStorage.setItem('jetan.saved', {json.dumps(json.dumps(SETTINGS))})")
        page.goto(server.url)
        page.wait_for_selector("body[data-plies='0']", timeout=60000)
        page.wait_for_selector("#move-input:not([disabled])", timeout=60000)
        figures["a new rule set's first state, engine up (ms)"] = round(page.evaluate(
            """async (rules) => { const t = performance.now();
                const reply = await window.jetan.engine.request("state", { rules, moves: [] });
                if (!reply.ok) throw new Error(reply.error);
                return performance.now() - t; }""", OTHER_GAITS), 1)
        page.evaluate("window.__longTasks = []")
        page.fill("#move-input", "d2-d3")
        page.press("#move-input", "Enter")
        page.wait_for_selector("body[data-plies='2']", timeout=60000)
        tasks = page.evaluate("window.__longTasks")
        figures["longest main-thread task while thinking (ms)"] = \
            round(max(tasks), 1) if tasks else "none over 50"
        context.close()
        figures.update(responsiveness(browser, server))
        figures.update(long_games(browser, server))
        browser.close()
    server.stop()
    shutil.rmtree(folder)
    size = sum(f.stat().st_size for f in DIST.rglob("*") if f.is_file())
    figures["dist/ size (MB)"] = round(size / 1e6, 1)
    for k, v in figures.items():
        print(f"{k:<52} {v}")


if __name__ == "__main__":
    main()
