"""Benchmarks (``python -m py_engine bench``): figures, not tests — these machines are noisy, so
the useful numbers are the ratios measured in one run.

:func:`measure` returns the figures for the Python it runs on; :func:`run` prints them for
CPython and, with ``--pyodide``, runs the same measurement in Pyodide under Node and in Chromium
(the runtime of ``npm ci``, this checkout's source) and prints them all with ratios.
"""
from __future__ import annotations

import json
import platform
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Dict, List, Optional

from ..webbuild import REPO, serve
from ..errors import UsageError
from ..facade import handle_json
from ..game import Game, perft, start_position
from ..position import Position
from ..rules import STANDARD_RULES
from ..search import Searcher

# Two middlegames from engine games (twelve moves each), for search speed.
MIDDLEGAMES = {
    "middlegame-1": "wad1p2daw/1n1nn1nnnt/3ncn4/9f/10/10/5C4/2N2N1N2/1NN2N1NNT/WADP3DAW b e 0 13",
    "middlegame-2": "wad3fdaw/t1n1n1nnn1/n1n2n4/2F1f2C2/2c7/1p8/8N1/3N1N1NP1/TNNN2N2T/WAD4DAW b E 0 13",
}
SEARCH_MS = 2000
# Long games for the replay figures: each side's Flier goes round an eight-move circuit in its
# own half, so the game never repeats a position within the repetition rule's window.
CIRCUITS = ("d1 a4 b3 c4 d3 e4 f3 g4".split(), "d10 a7 b6 a5 d6 c5 f6 c7".split())
REPLAY_PLIES = (5_000, 10_000, 20_000)


# A rule set sharing no gait with the standard one but the Panthan's mirror images.
OTHER_GAITS = "panthan=free,warrior=FWW,padwar=F,thoat=wild,dwar=F,flier=F,chief=FWC,princess=FWP"


def long_game(plies: int) -> List[str]:
    """The move texts of a legal standard game of ``plies`` plies (see :data:`CIRCUITS`)."""
    legs = [[f"{a}-{b}" for a, b in zip(c, c[1:] + c[:1])] for c in CIRCUITS]
    return [legs[i % 2][(i // 2) % 8] for i in range(plies)]


class _Pair:
    __slots__ = ("a", "b")

    def __init__(self) -> None:
        self.a, self.b = 1, 2


def _call(x: int, y: int) -> int:
    return x


def kernels(n: int = 500_000) -> Dict[str, float]:
    """Seconds for ``n`` rounds of each of the interpreter's everyday operations, the best of
    three: what any pure-Python program is made of, the last one a C loop (``sorted``). Their
    ratios between two runtimes say how fast Python itself runs there, whatever the program."""
    table = {i: i for i in range(64)}
    items = list(range(100))
    big = (1 << 99) | 0x5555
    pair = _Pair()

    def loop() -> None:
        total = 0
        for i in range(n):
            total += i

    def calls() -> None:
        for i in range(n):
            _call(i, n)

    def dict_get() -> None:
        for i in range(n):
            table.get(i & 63, 0)

    def list_index() -> None:
        for i in range(n):
            items[i % 100]

    def attributes() -> None:
        for _ in range(n):
            pair.a + pair.b

    def small_ints() -> None:
        for i in range(n):
            (i & 0x3FF) >> 3

    def big_ints() -> None:
        for i in range(n):
            (big >> (i & 63)) & big

    def sorting() -> None:
        for _ in range(n // 100):
            sorted(items, reverse=True)

    times = {}
    for kernel in (loop, calls, dict_get, list_index, attributes, small_ints, big_ints, sorting):
        best = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            kernel()
            best = min(best, time.perf_counter() - t0)
        times[f"kernel_{kernel.__name__}_s"] = round(best, 4)
    return times


def measure() -> Dict[str, Any]:
    """The first ``Game()`` of a process, the page's first ``state`` request under a rule set
    sharing no gait with it (a Custom game or a link), perft(3) from the standard start,
    replaying long games, and a 2-second search from the start and from each middlegame: depth
    reached, nodes, nodes per second; and the interpreter's :func:`kernels`."""
    # A rule set's set-up: its walk tables are made square by square as play needs them
    # (gaits.PerSquare), so these cost only the squares the first position looks at.
    t0 = time.perf_counter()
    Game()
    first_game = time.perf_counter() - t0
    t0 = time.perf_counter()
    reply = json.loads(handle_json(json.dumps({"op": "state", "rules": OTHER_GAITS})))
    other_rules = time.perf_counter() - t0
    assert reply["ok"], reply
    # perft(3) twice: the first run also makes the tables of every square it visits, the second
    # is move generation alone.
    start = start_position()
    t0 = time.perf_counter()
    leaves = perft(STANDARD_RULES, start, 3)
    perft_first = time.perf_counter() - t0
    t0 = time.perf_counter()
    perft(STANDARD_RULES, start, 3)
    figures: Dict[str, Any] = {
        "python": f"{platform.python_implementation()} {platform.python_version()} {sys.platform}",
        "first_game_s": round(first_game, 3),
        "other_rules_state_s": round(other_rules, 3),
        "perft3_leaves": leaves,
        "perft3_first_s": round(perft_first, 3),
        "perft3_s": round(time.perf_counter() - t0, 3),
    }
    for plies in REPLAY_PLIES:
        moves = long_game(plies)
        t0 = time.perf_counter()
        game = Game()
        for move in moves:
            game.play(move)
        figures[f"replay{plies // 1000}k_s"] = round(time.perf_counter() - t0, 3)
    positions = {"start": start, **{k: Position.parse(v) for k, v in MIDDLEGAMES.items()}}
    for name, pos in positions.items():
        searcher = Searcher(STANDARD_RULES)
        t0 = time.perf_counter()
        last = None
        for info in searcher.iterate(pos, time_ms=SEARCH_MS):
            if info.complete:
                last = info
        spent = time.perf_counter() - t0
        figures[f"{name}_depth"] = last.depth if last else 0
        figures[f"{name}_nodes"] = searcher.nodes
        figures[f"{name}_nps"] = int(searcher.nodes / spent)
    figures.update(kernels())
    return figures


def run(pyodide: bool = False) -> None:
    """Print the figures on CPython and, with ``pyodide``, in Pyodide under Node and in a
    headless Chromium (where people play: its V8 is years newer than Node 20's), each with its
    ratio to CPython's, all measured in this one run."""
    here = measure()
    others: Dict[str, Dict[str, Any]] = {}
    if pyodide:
        others["Node"] = _in_node()
        chromium = _in_chromium()
        if chromium is not None:
            others["Chromium"] = chromium
    keys = [k for k in here if k != "python"]
    print(f"{'figure':<22} {'CPython':>14}" + "".join(f" {name:>14} {'ratio':>7}" for name in others))
    print(f"{'python':<22} {here['python']:>14}" +
          "".join(f" {there['python']:>22}" for there in others.values()))
    for k in keys:
        line = f"{k:<22} {here[k]:>14}"
        for there in others.values():
            a, b = here[k], there[k]
            ratio = f"{b / a:.2f}x" if isinstance(a, (int, float)) and a else ""
            line += f" {b:>14} {ratio:>7}"
        print(line)
    for name, there in others.items():
        searches = [k for k in keys if k.endswith("_nps")]
        ratio = sum(there[k] for k in searches) / sum(here[k] for k in searches)
        print(f"Pyodide in {name} ({there['runtime']}): perft(3) {there['perft3_s'] / here['perft3_s']:.2f}x "
              f"CPython's time (goal: at most 2x); searches {ratio:.2f}x CPython's nodes per second "
              f"over the {len(searches)} positions (goal: at least 0.8x).")
        kernel_speeds = [here[k] / there[k] for k in keys if k.startswith("kernel_")]
        print(f"  The interpreter's everyday operations (kernel_*) run there at "
              f"{min(kernel_speeds):.2f}-{max(kernel_speeds):.2f}x CPython's speed.")
    print(f"CPython perft(3) {here['perft3_s']} s (goal: under 0.8 s). Replaying 20k plies takes "
          f"{here['replay20k_s'] / here['replay5k_s']:.2f}x as long as 5k on CPython (goal: at most "
          "4.5x, i.e. linear).")


# Runs ``measure()`` in Pyodide: the runtime from node_modules/pyodide (``npm ci``), this
# checkout's py_engine copied into its file system, so the figures are always of the code beside
# them (a built wheel in dist/ may be older). Under Node, bench_node.mjs; in Chromium, a module
# worker (as the app's engine runs), bench_worker.mjs, of a page (bench.html) served from this
# checkout on 127.0.0.1. Both run ``measure()`` of the copied py_engine and hand back its JSON.
HERE = Path(__file__).resolve().parent
SOURCE = HERE.parent          # the py_engine package, tools and all
CHROMIUM = "/usr/bin/chromium"


def _runtime() -> Path:
    runtime = REPO / "node_modules" / "pyodide"
    if not (runtime / "pyodide.mjs").exists():
        raise UsageError("the Pyodide benchmark needs the npm packages: run `npm ci` first")
    return runtime


def _in_node() -> Dict[str, Any]:
    runtime = _runtime()
    out = subprocess.run(["node", str(HERE / "bench_node.mjs"), str(runtime), str(SOURCE)],
                         capture_output=True, text=True, cwd=runtime, timeout=600)
    if out.returncode != 0:
        raise UsageError(f"the Pyodide benchmark failed: {out.stderr.strip()[-300:]}")
    version = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    return {**json.loads(out.stdout.strip().splitlines()[-1]), "runtime": f"Node {version}"}


def _in_chromium() -> Optional[Dict[str, Any]]:
    """The figures in Debian's Chromium, driven by Playwright (the test needs); ``None``, said
    so, where either is missing."""
    try:
        from playwright.sync_api import Error as PlaywrightError, sync_playwright
    except ImportError:
        print("(no Chromium figures: Playwright is not installed; `bash build.sh test` installs it)")
        return None
    if not Path(CHROMIUM).exists():
        print(f"(no Chromium figures: no {CHROMIUM}; `bash build.sh test` installs it)")
        return None
    runtime = _runtime()
    # The page, its worker and the runtime and engine beside them, served as build.sh serves
    # the app (py_engine/webbuild/serve.py: the right types for .mjs and .wasm).
    site = Path(tempfile.mkdtemp(prefix="jetan-bench-"))
    shutil.copyfile(HERE / "bench.html", site / "bench.html")
    shutil.copyfile(HERE / "bench_worker.mjs", site / "bench_worker.mjs")
    files = sorted(p.relative_to(SOURCE).as_posix() for p in SOURCE.rglob("*.py"))
    (site / "files.json").write_text(json.dumps(files))
    (site / "pyodide").symlink_to(runtime)
    (site / "py_engine").symlink_to(SOURCE)
    server = serve.server(0, str(site))
    serving = threading.Thread(target=server.serve_forever, daemon=True)
    serving.start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=[
                "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{server.server_port}/bench.html")
            page.wait_for_function("window.figures !== undefined", timeout=600_000)
            figures = json.loads(page.evaluate("window.figures"))
            version = browser.version
            browser.close()
    except PlaywrightError as err:
        print(f"(no Chromium figures: {str(err).splitlines()[0]})")
        return None
    finally:
        server.shutdown()
        server.server_close()
        serving.join()
        shutil.rmtree(site)
    if "error" in figures:
        raise UsageError(f"the Pyodide benchmark failed in Chromium: {figures['error']}")
    return {**figures, "runtime": f"Chromium {version}"}
