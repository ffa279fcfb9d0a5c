"""Browser benchmark in every engine (not a test): the app in Chromium, Firefox ESR and WebKitGTK,
driven over WebDriver as tests/engines drives them, measured as a visitor meets it. For each
engine, in one run: start-up against the bare Pyodide runtime's own load (navigation to the
engine ready and to the first move accepted; cold on an origin the browser has never seen, warm
on a second visit; medians of three rounds, each ratio within its round), what a click costs (a
move drawn and answered and the level-3 engine's reply, pressed the moment the engine is ready,
two seconds after, and later in the game; the first level-6 think's depth 1 two seconds after a
page load, Move now during a level-6 move, a move and Undo during an analysis), the engine's
nodes per second in the page's worker, and a move in a 10,000-move game against a 10-move one.

    python tests/engines/benchmark.py [engines]       (default: chromium,firefox,webkit)

Timings are taken inside the page (performance.now(): from the pointer's press, or from the
navigation's start), so the driver's own delays do not count.
"""
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from py_engine.tools.bench import long_game  # noqa: E402
from py_engine.squares import square_name  # noqa: E402
from tests.browser.benchmark import BARE_PAGE, BARE_WORKER, SETTINGS, SETTLED, TIMED_MOVES  # noqa: E402
from tests.browser.conftest import DIST, Server  # noqa: E402
from tests.engines import client  # noqa: E402
from tests.engines.conftest import FORGET, click_move  # noqa: E402

WAIT_S = 180
# In the page: when the last press began, when the game took each length after it, and the
# first frame after it whose board differs from the board at the press (the move drawn).
CLOCK = """() => {
    if (window.__clock) return true;
    window.__clock = true;
    window.__changes = [];
    document.addEventListener("pointerdown", () => {
        window.__asked = performance.now(); window.__changes = [];
        window.__drawn = null; window.__depth1 = null;
        const press = window.__asked, board = () => window.jetan.session.shownBoard().join();
        const before = board();
        const look = () => {
            if (window.__asked !== press) return;
            if (board() !== before) window.__drawn = performance.now() - press;
            else requestAnimationFrame(look);
        };
        requestAnimationFrame(look); }, true);
    new MutationObserver(() => window.__changes.push([document.body.dataset.plies, performance.now()]))
        .observe(document.body, { attributes: true, attributeFilter: ["data-plies"] });
    const thinking = document.getElementById("thinking-text");
    new MutationObserver(() => {
        if (window.__depth1 === null && thinking.textContent.includes("Depth")) {
            window.__depth1 = performance.now() - window.__asked;
        }
    }).observe(thinking, { childList: true, characterData: true, subtree: true });
    return true;
}"""
ANSWERED = """(n) => { const change = window.__changes.find(([plies]) => plies === String(n));
    return change && change[1] - window.__asked; }"""
PEOPLE = {"black": "human", "orange": "human"}
READY = "() => document.body.dataset.engine === 'ready' && document.body.dataset.plies !== undefined"


def folder():
    """dist/ with the bare runtime's page beside it (links, not copies)."""
    root = Path(tempfile.mkdtemp(prefix="jetan-engines-bench-"))
    for entry in DIST.iterdir():
        (root / entry.name).symlink_to(entry)
    (root / "bare.html").write_text(BARE_PAGE)
    (root / "bare-worker.js").write_text(BARE_WORKER)
    return root


# Installed as soon as the page has loaded (long before its engine is ready): the visitor's first
# move, made in the page the moment the engine is ready, so that the driver's own polling is not
# counted; when the game became one ply long.
FIRST_MOVE = """() => {
    const play = () => {
        const { engine, plies } = document.body.dataset;
        if (window.__pressed || engine !== "ready" || plies !== "0") return;
        window.__pressed = true;
        const s = window.jetan.session, from = Object.keys(s.state.legal).find((k) => k !== "pass");
        s.press(Number(from)); s.press(s.state.legal[from][0].to);
    };
    new MutationObserver(() => {
        play();
        if (document.body.dataset.plies === "1" && !window.__moved) window.__moved = performance.now();
    }).observe(document.body, { attributes: true, attributeFilter: ["data-engine", "data-plies"] });
    play();
    return true;
}"""


def visit_app(browser, url, saved):
    """Navigation start to the engine ready and to the first move accepted (ms)."""
    browser.goto(url + "no-such-page")
    browser.call("(text) => { localStorage.setItem('jetan.saved', text); return true; }", json.dumps(saved))
    browser.goto(url)
    browser.call(FIRST_MOVE)
    moved = browser.wait("() => window.__moved", timeout=WAIT_S)
    ready = browser.call("() => performance.getEntriesByName('jetan-engine-ready')[0].startTime")
    return ready, moved, browser.call("() => document.body.dataset.engineStart")


def visit_bare(browser, url):
    browser.goto(url + "bare.html")
    return browser.wait("() => window.runtimeReady", timeout=WAIT_S)


def median_and_range(values, form):
    """The median of ``values``, and their range written as "low-high" in ``form``."""
    return statistics.median(values), f"{min(values):{form}}-{max(values):{form}}"


def startup(browser, root, rounds=3):
    """Cold: a new origin (a server on a new port), so nothing is cached; warm: again. Medians
    of ``rounds`` rounds, bare runtime and app in turn (one cold visit is noisy)."""
    saved = dict(SETTINGS, settings=dict(SETTINGS["settings"], players=PEOPLE))
    visits = {"bare": visit_bare, "app": lambda b, url: visit_app(b, url, saved)}
    seen = {"bare": [], "app": []}
    for _ in range(rounds):
        for what, visit in visits.items():
            server = Server(root)
            try:
                first = visit(browser, server.url)
                if what == "app":
                    # The snapshot and the service worker's copies settle before the second visit.
                    browser.wait(SETTLED, timeout=WAIT_S)
                    time.sleep(3)
                seen[what].append((first, visit(browser, server.url)))
                browser.call(FORGET, {"files": True, "cold": True})
            finally:
                server.stop()

    def median(values):
        return median_and_range(values, ".2f")

    def ms(pick):
        return statistics.median(pick(app) for app in seen["app"])
    bare_cold = statistics.median(bare[0] for bare in seen["bare"])
    bare_warm = statistics.median(bare[1] for bare in seen["bare"])
    # Each ratio is taken within its round (the bare runtime and the app visited one after the
    # other), then the median of the rounds': the bare runtime's own load varied by 1.5x in a run.
    rounds_of = list(zip(seen["bare"], seen["app"]))
    ready_cold, _ = median([app[0][0] / bare[0] for bare, app in rounds_of])
    moved_cold, moved_cold_range = median([app[0][1] / bare[0] for bare, app in rounds_of])
    moved_warm, moved_warm_range = median([app[1][1] / bare[0] for bare, app in rounds_of])
    how = "/".join(sorted({app[1][2] for app in seen["app"]}))
    return {
        f"bare runtime loaded, cold / warm (ms; median of {rounds})": f"{bare_cold:.0f} / {bare_warm:.0f}",
        "engine ready, cold (ms; x bare cold)": f"{ms(lambda a: a[0][0]):.0f}  {ready_cold:.2f}x",
        "first move accepted, cold (ms; x bare cold, range)":
            f"{ms(lambda a: a[0][1]):.0f}  {moved_cold:.2f}x ({moved_cold_range})",
        "first move accepted, warm (ms; x bare cold, range)":
            f"{ms(lambda a: a[1][1]):.0f}  {moved_warm:.2f}x ({moved_warm_range}; {how})",
    }


def opened(browser, url, saved):
    browser.goto(url + "no-such-page")
    browser.call(FORGET, {"files": True, "cold": False})
    browser.call("(text) => { localStorage.setItem('jetan.saved', text); return true; }", json.dumps(saved))
    browser.goto(url)
    browser.wait(READY, timeout=WAIT_S)
    browser.call(CLOCK)


def clicks(browser, url, rounds=3):
    """What a press costs, from the pointer's press to the game changing (ms): the median of
    ``rounds`` rounds, and the range (one press varied by 3x in WebKitGTK)."""
    seen = {}
    for _ in range(rounds):
        try:
            figures = click_round(browser, url)
        except client.BrowserCrashed as err:
            # WebKitGTK's page process ends now and then (client.BrowserCrashed): the round is
            # run again in the browser started afresh, and said so.
            print(f"{browser.name}: the browser crashed ({str(err)[:100]}); round run again", file=sys.stderr)
            browser.relaunch()
            browser.set_viewport(1280, 800)
            figures = click_round(browser, url)
        for name, value in figures.items():
            seen.setdefault(name, []).append(value)
    return {f"{name} (ms; median of {rounds}, range)": "{:.0f} ({})".format(*median_and_range(values, ".0f"))
            for name, values in seen.items()}


def first_move(browser, url, saved, look_s):
    """Open the app with ``saved``, look at the board for ``look_s`` seconds (a person does,
    before a first move), and play d2-d3 by clicks."""
    opened(browser, url, saved)
    time.sleep(look_s)
    click_move(browser, "d2", "d3")


# A legal move of the side to move (the first the page lists): its squares; null when there is none.
A_LEGAL_MOVE = """() => { const legal = window.jetan.session.state.legal;
    const from = Object.keys(legal).find((k) => k !== "pass");
    return from === undefined ? null : [Number(from), legal[from][0].to]; }"""


def later_moves(browser, plies, moves=3):
    """The game's next ``moves`` moves by clicks, each half a second after the engine's reply
    (the game ``plies`` long): the medians of the move drawn and of the engine's reply, what a
    request costs once the engine has run a while."""
    drawn, answered = [], []
    for _ in range(moves):
        time.sleep(0.5)
        move = browser.call(A_LEGAL_MOVE)
        if move is None:
            raise RuntimeError(f"the benchmark's game ended after {plies} plies: no move to time")
        click_move(browser, *map(square_name, move))
        drawn.append(browser.wait("() => window.__drawn"))
        plies += 2
        answered.append(browser.wait(ANSWERED, plies, timeout=60))
    return statistics.median(drawn), statistics.median(answered)


def click_round(browser, url):
    figures = {}
    level3 = dict(SETTINGS, settings=dict(SETTINGS["settings"], level=3, timeMs=2000))
    first_move(browser, url, level3, 0)
    figures["own move drawn"] = browser.wait("() => window.__drawn")
    figures["own move answered by the engine"] = browser.wait(ANSWERED, 1)
    figures["level-3 reply (2 s)"] = browser.wait(ANSWERED, 2, timeout=60)
    first_move(browser, url, level3, 2)
    figures["own move answered, 2 s after the page is ready"] = browser.wait(ANSWERED, 1)
    figures["level-3 reply, 2 s after the page is ready"] = browser.wait(ANSWERED, 2, timeout=60)
    drawn, answered = later_moves(browser, 2)
    figures["own move drawn, the game's next 3 moves (median)"] = drawn
    figures["level-3 reply, the game's next 3 moves (median)"] = answered
    first_move(browser, url, dict(SETTINGS, settings=dict(SETTINGS["settings"], timeMs=5000)), 2)
    browser.wait("() => document.getElementById('thinking-text').textContent.includes('Depth')", timeout=60)
    figures["first think's depth 1, from the press (level 6)"] = browser.call("() => window.__depth1")
    time.sleep(1.5)
    browser.click(*browser.centre("#stop-button"))
    figures["Move now during a level-6 move"] = browser.wait(ANSWERED, 2, timeout=60)
    opened(browser, url, dict(SETTINGS, settings=dict(SETTINGS["settings"], players=PEOPLE)))
    browser.click(*browser.centre("#analyse-button"))
    browser.wait("() => document.getElementById('analysis').textContent.startsWith('Depth')", timeout=60)
    time.sleep(2)
    click_move(browser, "d2", "d3")
    figures["a move during an analysis"] = browser.wait(ANSWERED, 1, timeout=60)
    time.sleep(2)
    browser.click(*browser.centre("#undo-button"))
    figures["Undo during an analysis"] = browser.wait(ANSWERED, 0, timeout=60)
    return figures


def search_speed(browser):
    """Nodes a second of a 3 s level-6 search from the start, in the page's engine worker."""
    best = browser.call("""async () => (await window.jetan.session.engine().request("best",
        { rules: "", start: "start", moves: [], level: 6, time_ms: 3000 })).best""", timeout=60)
    return {"nodes a second (level 6, 3 s, from the start)": round(best["nodes"] / best["time_ms"] * 1000)}


def long_games(browser, url):
    medians = {}
    for n in (10, 10_000):
        game = dict(SETTINGS["game"], moves=long_game(n))
        opened(browser, url, dict(SETTINGS, game=game, settings=dict(SETTINGS["settings"], players=PEOPLE)))
        browser.wait(f"() => document.body.dataset.plies === '{n}'", timeout=WAIT_S)
        medians[n] = statistics.median(browser.call(TIMED_MOVES, 7, timeout=120))
    return {"a move in a 10-move game (ms)": round(medians[10]),
            "a move in a 10,000-move game (ms)": round(medians[10_000]),
            "long game / short game": round(medians[10_000] / medians[10], 2)}


def main():
    engines = (sys.argv[1] if len(sys.argv) > 1 else "chromium,firefox,webkit").split(",")
    root = folder()
    results = {}
    for name in engines:
        why = client.missing(name)
        if why:
            print(f"{name}: skipped ({why})", file=sys.stderr)
            continue
        browser = client.launch(name, tempfile.mkdtemp(prefix=f"jetan-{name}-"))
        try:
            browser.set_viewport(1280, 800)
            figures = {"browser": browser.version}
            figures.update(startup(browser, root))
            server = Server(root)
            try:
                figures.update(clicks(browser, server.url))
                figures.update(search_speed(browser))
                figures.update(long_games(browser, server.url))
            finally:
                server.stop()
            results[name] = figures
            print(json.dumps({name: figures}, indent=1), flush=True)
        finally:
            browser.close()
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
