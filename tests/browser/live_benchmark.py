"""Benchmark (issue 56's Performance): how soon a move of a live game appears on the other device
— "within 0.3 s of its drop on one machine", Chromium–Chromium and Firefox–Chromium. A script
that prints figures, not a test:

    python -m tests.browser.live_benchmark [--moves N] [--pairs chromium-chromium,firefox-chromium]

It starts itself inside a network namespace of its own (root, unshare and ip: as
tests/browser/test_live.py does) with no ICE server configured, serves a copy of dist/ there,
and for each pair of browsers connects two "devices" through the app's own invitation and answer
(Chromium–Chromium: two contexts of one Chromium, as test_live.py; Firefox–Chromium: Firefox ESR
over WebDriver BiDi and Chromium, as tests/engines/test_live_engines.py) and plays N moves by
clicks, each side in turn, in a game with a clock (10+5). For each move it takes, in the pages
themselves (Date.now(): one machine, one clock, whichever browser):

- drop: the press of the mover's second click (the drop on the destination square);
- here: the mover's board shows the move (body[data-plies] changes: the engine here played it);
- there: the other device's board shows it (its body[data-plies] changes).

and prints drop→there (the issue's figure) and here→there (the connection and the other device's
engine), median and range, by direction. One browser loads the app at a time, and only one pair
runs at a time."""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.browser.conftest import CHROMIUM, Server
from tests.browser.live_hostile_run import served_copy
from tests.browser.live_run import LIVE_FLAGS
from tests.browser.test_live import NAMESPACE
from tests.engines.live_engines_run import ChromiumDevice, FirefoxDevice, connect, invite, wait_plies

INSIDE = "JETAN_LIVE_BENCHMARK_INSIDE"
MOVES = ["d2-d3", "g9-g8", "e2-e3", "c9-c8", "f2-f3", "b9-b8", "h2-h3", "d9-d8", "c2-c3", "e9-e8",
         "g2-g3", "f9-f8"]

# Noted in the page as they happen: when each length of the game was first shown, and every press
# on the board.
WATCH = """() => {
    window.liveBench = { shown: {}, presses: [] };
    const note = () => {
        const n = document.body.dataset.plies;
        if (n !== undefined && !(n in window.liveBench.shown)) window.liveBench.shown[n] = Date.now();
    };
    new MutationObserver(note).observe(document.body, { attributes: true, attributeFilter: ['data-plies'] });
    const press = () => window.liveBench.presses.push(Date.now());
    document.getElementById('board').addEventListener('pointerdown', press, true);
    return true;
}"""


def load():
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def measure(first, second, moves):
    """``first`` (the host, Black) and ``second`` connected: ``moves`` played by clicks in turn;
    each move's times (ms): drop→there and here→there, with who moved."""
    for device in (first, second):
        device.evaluate(WATCH)
    rows = []
    for n, text in enumerate(moves, start=1):
        mover, other = (first, second) if n % 2 else (second, first)
        frm, to = text.split("-")
        mover.click_square(frm)
        mover.click_square(to)
        for device in (mover, other):
            wait_plies(device, n)
        drop = mover.evaluate("() => window.liveBench.presses.at(-1)")
        here = mover.evaluate("(n) => window.liveBench.shown[n]", str(n))
        there = other.evaluate("(n) => window.liveBench.shown[n]", str(n))
        rows.append({"move": text, "from": mover.label, "to": other.label,
                     "drop→there": there - drop, "here→there": there - here, "drop→here": here - drop})
        time.sleep(0.2)             # a person's pause between moves (not measured)
    return rows


def summary(values):
    return (f"median {statistics.median(values):4.0f} ms, range {min(values):4.0f}–{max(values):4.0f} ms"
            f" (n={len(values)})")


def report(pair, rows):
    print(f"\n{pair}")
    for direction in sorted({(r["from"], r["to"]) for r in rows}):
        part = [r for r in rows if (r["from"], r["to"]) == direction]
        print(f"  {direction[0]} → {direction[1]}:")
        for key in ("drop→there", "here→there", "drop→here"):
            print(f"    {key:11} {summary([r[key] for r in part])}")
    print(f"  all moves: drop→there {summary([r['drop→there'] for r in rows])}")
    print("  each move (drop→there ms): " + ", ".join(f"{r['move']} {r['drop→there']}" for r in rows))


def run_pair(pair, playwright, server, folder, moves):
    chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=LIVE_FLAGS)
    devices = []
    try:
        if pair == "firefox-chromium":
            first = FirefoxDevice(folder / "firefox", "firefox")
            first.label = "Firefox"
        else:
            first = ChromiumDevice(chromium, "host")
            first.label = "Chromium A"
        devices.append(first)
        first.open(server.url)                   # one browser loads the app at a time
        second = ChromiumDevice(chromium, "guest")
        second.label = "Chromium" if pair == "firefox-chromium" else "Chromium B"
        devices.append(second)
        second.open(server.url)
        versions = " – ".join(d.version for d in devices)
        seen = {}
        connect(first, second, invite(first, "black", "10+5"), seen)
        rows = measure(first, second, moves)
        connected = seen["connected after (s)"]
        report(f"{pair} ({versions}; connected {connected} s after the answer was taken)", rows)
        return rows
    finally:
        for device in devices:
            device.close()
        chromium.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=10)
    parser.add_argument("--pairs", default="chromium-chromium,firefox-chromium")
    args = parser.parse_args()
    if os.environ.get(INSIDE) != "1":
        if os.geteuid() != 0 or not shutil.which("unshare") or not shutil.which("ip"):
            sys.exit("live_benchmark: a network namespace needs root, unshare and ip")
        os.execvp("unshare", ["unshare", "-n", "sh", "-c", NAMESPACE, "env", f"{INSIDE}=1", sys.executable,
                              "-m", "tests.browser.live_benchmark", *sys.argv[1:]])
    moves = MOVES[:args.moves]
    print(f"Live moves between two devices on one machine — {time.strftime('%Y-%m-%d %H:%M')}")
    print(f"load before: {load()}")
    folder = Path(tempfile.mkdtemp(prefix="jetan-live-benchmark-"))
    server = Server(served_copy(folder))
    try:
        with sync_playwright() as playwright:
            for pair in args.pairs.split(","):
                run_pair(pair.strip(), playwright, server, folder, moves)
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)
    print(f"\nload after: {load()}")


if __name__ == "__main__":
    main()
