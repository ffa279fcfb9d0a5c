"""Shared test helpers: random positions and rule sets; the page's modules run under Node."""
from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from py_engine.pieces import PIECES
from py_engine.position import Position
from py_engine.rules import OPTIONS, PER_SIDE, RuleSet
from py_engine.movegen import referee_for

# Inside Pyodide (tests/wasm) the suite runs again, to show that the engine behaves the same on
# WebAssembly: there a property test tries a tenth of its examples (ten at least). CPython, where
# the suite runs first, tries them all; in Pyodide they cost the run some 40 of its 100 seconds.
ON_WASM = sys.platform == "emscripten"


def examples(n: int) -> int:
    """How many examples a property test of ``n`` tries here (hypothesis's max_examples)."""
    return max(10, n // 10) if ON_WASM else n


def random_board(rng: random.Random, density: float = 0.5):
    board = [""] * 100
    free = list(range(100))
    rng.shuffle(free)
    for side in (0, 1):
        for letter, most in ((k.letter, k.per_side) for k in PIECES):
            n = 1 if letter == "P" else (rng.randint(0, most) if rng.random() < density * 2 else 0)
            if letter == "C" and rng.random() < 0.9:
                n = 1
            for _ in range(n):
                board[free.pop()] = letter if side == 0 else letter.lower()
    return tuple(board)


def random_position(rng: random.Random, rules: RuleSet, tries: int = 200) -> Position:
    """A random position that the rules accept (side not to move not threatened, etc.)."""
    for _ in range(tries):
        pos = Position(random_board(rng, rng.choice((0.2, 0.5, 0.8))), rng.randint(0, 1),
                       (rng.random() < 0.7, rng.random() < 0.7))
        try:
            referee_for(rules).check_position(pos)
        except ValueError:
            continue
        return pos
    raise RuntimeError("no valid random position found")


GAIT_KEYS = ("panthan", "warrior", "padwar", "thoat", "dwar", "flier", "chief", "princess",
             "bravery", "escape")


def random_rules(rng: random.Random, keys=GAIT_KEYS + ("duel", "chief_capture")) -> RuleSet:
    items = []
    for key in keys:
        if rng.random() < 0.5:
            value = rng.choice(OPTIONS[key])
            if key in PER_SIDE and rng.random() < 0.3:
                items.append(f"{rng.choice(('black', 'orange'))}.{key}={value}")
            else:
                items.append(f"{key}={value}")
    return RuleSet.parse(",".join(items))


def run_node(root: Path, script: str, *args: str):
    """Run an ES module ``script`` with Node in ``root`` (``./js/…`` imports the page's modules);
    returns what it printed, read as JSON."""
    if not shutil.which("node"):
        pytest.fail("Node.js is needed")
    run = subprocess.run(["node", "--input-type=module", "-e", script, *args], cwd=root,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)
