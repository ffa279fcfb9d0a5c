"""Evaluation weights fitted to games (``python -m py_engine tune GAMES...``), Texel's way.

Every quiet position of the games (standing pat is what quiescence would choose, so the static
evaluation is the engine's own verdict) is labelled with the game's result for the side to move,
and the weights are chosen that best predict those results through a logistic curve: the
expected score of an evaluation ``e`` is ``1 / (1 + 10 ** (-e / scale))``. The evaluation is a
sum of weights times counts, so each position's counts are found once, by asking an
:class:`~py_engine.search.Evaluator` with one weight set to 1 and the rest 0, and the fit is a
plain logistic regression over them.

The games are the ``moves: ...`` lines that ``python -m py_engine match`` prints (standard rules);
a game cut at the match's ply limit counts as a draw. The result is deterministic for the same
input, and printed as the ``WEIGHTS`` entries that changed.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Dict, Iterable, List, Sequence, Tuple

from ..game import Game
from ..rules import STANDARD_RULES
from ..search import INFINITY, WEIGHTS, WON, Evaluator, Searcher

SKIPPED_PLIES = 10        # the random opening and the first moves after it tell little
STEPS = 400               # gradient steps of the fit
# How strongly the fit keeps to the starting weights (see fit): of 0, 0.01, 0.1 and 1, 0.1 best
# predicted games left out of the fit (a third of 192, 2026-11-25).
PRIOR = 0.1
Sample = Tuple[List[float], float]      # (counts per weight, result for the side to move)


def games(lines: Iterable[str]) -> List[Tuple[List[str], float]]:
    """(move texts, result for Black: 1, ½ or 0) of each ``moves: ...`` line."""
    found = []
    for line in lines:
        if not line.startswith("moves: "):
            continue
        texts = line[len("moves: "):].split(" (", 1)[0].split()
        game = Game(STANDARD_RULES)
        for text in texts:
            game.play(text)
        winner = game.result.winner if game.result else None
        found.append((texts, 0.5 if winner is None else float(winner == 0)))
    return found


def probes() -> List[Evaluator]:
    """An evaluator per weight, that weight 1 and every other 0: each counts its own term."""
    return [Evaluator(STANDARD_RULES, {n: int(n == name) for n in WEIGHTS}) for name in WEIGHTS]


def samples(records: Sequence[Tuple[List[str], float]]) -> List[List[Sample]]:
    """The quiet positions of each game with their counts and results."""
    counters = probes()
    searcher = Searcher(STANDARD_RULES)
    found: List[List[Sample]] = []
    for texts, black_result in records:
        found.append([])
        game = Game(STANDARD_RULES)
        for i, text in enumerate(texts):
            game.play(text)
            pos = game.position
            if i + 1 < SKIPPED_PLIES or game.result is not None:
                continue
            static = searcher._static(pos)[1]
            if abs(static) > WON or searcher._quiesce(pos, -INFINITY, INFINITY, 0, [], 0) != static:
                continue
            attacks = searcher.evaluate.attack_sets(pos)
            counts = [float(probe(pos, attacks)) for probe in counters]
            found[-1].append((counts, black_result if pos.side == 0 else 1 - black_result))
    return found


def _expected(score: float, scale: float) -> float:
    return 1 / (1 + 10 ** (-score / scale))


def error(data: Sequence[Sample], weights: Sequence[float], scale: float) -> float:
    """The mean squared error of the expected scores against the results."""
    return sum((r - _expected(sum(w * c for w, c in zip(weights, counts)), scale)) ** 2
               for counts, r in data) / len(data)


def best_scale(data: Sequence[Sample], weights: Sequence[float]) -> int:
    """The logistic curve's scale that best fits ``weights`` to the results."""
    return min((error(data, weights, s), s) for s in range(100, 2001, 50))[1]


def fit(data: Sequence[Sample], start: Dict[str, int]) -> Tuple[Dict[str, int], float, float]:
    """The weights that best predict the results, starting from ``start``: (weights, error
    before, error after). The scale is fitted first to the starting weights and then held, so
    the weights keep their units (centi-feathers)."""
    names = list(WEIGHTS)
    w = [float(start[n]) for n in names]
    scale = best_scale(data, w)
    before = error(data, w, scale)
    # Each count's spread, so that one step moves every weight by a comparable amount.
    spread = [max(1e-9, math.sqrt(sum(c[k] ** 2 for c, _ in data) / len(data)))
              for k in range(len(names))]
    moment = [0.0] * len(names)
    square = [0.0] * len(names)
    rate = 0.02
    k10 = math.log(10) / scale
    for step in range(1, STEPS + 1):
        grad = [0.0] * len(names)
        for counts, r in data:
            e = _expected(sum(a * c for a, c in zip(w, counts)), scale)
            g = (e - r) * e * (1 - e) * k10
            for k, c in enumerate(counts):
                grad[k] += g * c
        for k in range(len(names)):
            # Adam's update, in units of each count's spread. The prior pulls each weight back
            # toward where it started: a few thousand correlated positions from a few dozen
            # games would otherwise fit noise (a Padwar worth less than nothing).
            gk = (grad[k] / len(data) + PRIOR * 1e-6 * (w[k] - start[names[k]]) * spread[k] ** 2
                  ) * spread[k]
            moment[k] = 0.9 * moment[k] + 0.1 * gk
            square[k] = 0.999 * square[k] + 0.001 * gk * gk
            m, v = moment[k] / (1 - 0.9 ** step), square[k] / (1 - 0.999 ** step)
            w[k] -= rate * m / (math.sqrt(v) + 1e-12) / spread[k] * 100
    fitted = {n: round(x) for n, x in zip(names, w)}
    return fitted, before, error(data, [float(fitted[n]) for n in names], scale)


def run(paths: Sequence[Path]) -> None:
    """Fit to every game, and say how well a fit to two thirds of them predicts the rest."""
    records = [g for path in paths for g in games(path.read_text().splitlines())]
    per_game = samples(records)
    data = [s for found in per_game for s in found]
    names = list(WEIGHTS)
    held_out = [s for i, found in enumerate(per_game) if i % 3 == 2 for s in found]
    trial, _, _ = fit([s for i, found in enumerate(per_game) if i % 3 != 2 for s in found],
                      WEIGHTS)
    scale = best_scale(data, [float(WEIGHTS[n]) for n in names])
    fitted, before, after = fit(data, WEIGHTS)
    print(f"{len(records)} games, {len(data)} quiet positions; error {before:.5f} -> {after:.5f}; "
          f"games left out of a fit to the others: "
          f"{error(held_out, [float(WEIGHTS[n]) for n in names], scale):.5f} -> "
          f"{error(held_out, [float(trial[n]) for n in names], scale):.5f}")
    for name, value in fitted.items():
        mark = "" if value == WEIGHTS[name] else f"   (was {WEIGHTS[name]})"
        print(f"    {name!r}: {value},{mark}")
