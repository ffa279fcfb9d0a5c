"""Benchmarks (``python -m py_engine bench``): figures, not tests — these machines are noisy, so
the useful numbers are the ratios measured in one run.

:func:`measure` returns the figures for the Python it runs on; :func:`run` prints them for
CPython and, with ``--pyodide``, runs the same measurement in Pyodide under Node (the runtime
of ``npm ci``, this checkout's source) and prints both with ratios.
"""
from __future__ import annotations

import json
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Dict, List

from .errors import UsageError
from .facade import handle_json
from .game import Game, perft, start_position
from .position import Position
from .rules import STANDARD_RULES
from .search import Searcher

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


def measure() -> Dict[str, Any]:
    """The first ``Game()`` of a process, the page's first ``state`` request under a rule set
    sharing no gait with it (a Custom game or a link), perft(3) from the standard start,
    replaying long games, and a 2-second search from the start and from each middlegame: depth
    reached, nodes, nodes per second."""
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
    return figures


def run(pyodide: bool = False) -> None:
    here = measure()
    there = _in_pyodide() if pyodide else None
    keys = [k for k in here if k != "python"]
    print(f"{'figure':<22} {'CPython':>14}" + (f" {'Pyodide':>14} {'ratio':>7}" if there else ""))
    print(f"{'python':<22} {here['python']:>14}" + (f" {there['python']:>14}" if there else ""))
    for k in keys:
        line = f"{k:<22} {here[k]:>14}"
        if there:
            a, b = here[k], there[k]
            ratio = f"{b / a:.2f}x" if isinstance(a, (int, float)) and a else ""
            line += f" {b:>14} {ratio:>7}"
        print(line)
    if there:
        print(f"Pyodide perft(3) is {there['perft3_s'] / here['perft3_s']:.2f}x CPython's time "
              f"(goal: at most 2x); CPython perft(3) {here['perft3_s']} s (goal: under 0.8 s).")
        searches = [k for k in keys if k.endswith("_nps")]
        ratio = sum(there[k] for k in searches) / sum(here[k] for k in searches)
        print(f"Pyodide searches {ratio:.2f}x CPython's nodes per second over the "
              f"{len(searches)} positions (goal: at least 0.8x).")
    print(f"Replaying 20k plies takes {here['replay20k_s'] / here['replay5k_s']:.2f}x as long as 5k "
          "on CPython (goal: at most 4.5x, i.e. linear).")


# Runs ``measure()`` in Pyodide under Node: the runtime from node_modules/pyodide (``npm ci``),
# this checkout's py_engine copied into its file system, so the figures are always of the code
# beside them (a built wheel in dist/ may be older).
_NODE_SCRIPT = r"""
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
const [runtime, source] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(join(runtime, "pyodide.mjs")));
const pyodide = await loadPyodide({ indexURL: runtime + "/" });
function copyTree(from, to) {
  pyodide.FS.mkdirTree(to);
  for (const name of readdirSync(from)) {
    if (name === "__pycache__") continue;
    const path = join(from, name);
    if (statSync(path).isDirectory()) copyTree(path, `${to}/${name}`);
    else pyodide.FS.writeFile(`${to}/${name}`, readFileSync(path));
  }
}
copyTree(source, "/home/pyodide/bench/py_engine");
console.log(await pyodide.runPythonAsync(`
import json, sys
sys.path.insert(0, "/home/pyodide/bench")
from py_engine.bench import measure
json.dumps(measure())
`));
"""


def _in_pyodide() -> Dict[str, Any]:
    root = Path(__file__).resolve().parent.parent
    runtime = root / "node_modules" / "pyodide"
    if not (runtime / "pyodide.mjs").exists():
        raise UsageError("the Pyodide benchmark needs the npm packages: run `npm ci` first")
    out = subprocess.run(["node", "--input-type=module", "-e", _NODE_SCRIPT, str(runtime),
                          str(Path(__file__).resolve().parent)],
                         capture_output=True, text=True, cwd=root, timeout=600)
    if out.returncode != 0:
        raise UsageError(f"the Pyodide benchmark failed: {out.stderr.strip()[-300:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])
