"""Puzzles: positions from the engine's own games in which the side to move forces a win in one
to three of its moves, each one proved by an exhaustive search.

A puzzle is a dict, one JSON object a line in the shipped file ``puzzles.jsonl``::

    {"id": "3f9a1c", "position": "<position string>", "rules": "", "solution": ["e4-e7", ...],
     "theme": "trapPrincess"}

``rules`` is rule-set text as ``--rules`` takes it (``""`` is the standard game; a preset is
written as its rule text, :data:`~py_engine.rules.PRESETS`), ``solution`` the moves of both
sides in turn, the solver's first and last, and ``id`` six hex digits of a SHA-256 of the rules
and the position, so that a link to a puzzle survives regeneration, and ``theme`` how it is won,
a code the page words as the message ``puzzle.theme.<theme>`` (web/i18n/<language>.json). A puzzle
of N moves has ``2 * N - 1`` moves in its solution.

This module is what the browser's engine ships: the set, read as package data, and the judge of
a solver's moves (:func:`attempt`). How the set is made and proved is
:mod:`py_engine.tools.puzzlegen`'s, which the browser never loads.
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any, Dict, List, Sequence, Tuple

from .errors import IllegalMoveError, JetanError
from .game import Game
from .lessons import result_message
from .notation import move_text, parse_move
from .rules import RuleSet
from .values import Move

SHIPPED = "puzzles.jsonl"      # the shipped set, beside this module

Puzzle = Dict[str, Any]


class PuzzleError(JetanError):
    """A position that is not a puzzle, or a puzzle whose claims the prover does not confirm."""


def length(puzzle: Puzzle) -> int:
    """How many moves the solver makes: N of "win in N"."""
    return (len(puzzle["solution"]) + 1) // 2


# ---- the shipped set ----------------------------------------------------------------------------

def loads(text: str) -> List[Puzzle]:
    """Puzzles from JSON lines (blank lines skipped)."""
    puzzles = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                puzzles.append(json.loads(line))
            except json.JSONDecodeError as err:
                raise PuzzleError("puzzle.error.notJson", line=number, column=err.colno) from None
    return puzzles


def load() -> List[Puzzle]:
    """The shipped puzzles, sorted by id. Read as package data (``importlib.resources``), so it
    works from a source checkout, an installed wheel and the wheel inside Pyodide alike; read
    once (every move of a puzzle on a page asks for one), each caller given its own copies."""
    return [dict(p) for p in _shipped()]


@lru_cache(maxsize=1)
def _shipped() -> Tuple[Puzzle, ...]:
    return tuple(loads(resources.files(__package__ or "py_engine").joinpath(SHIPPED).read_text("utf-8")))


# ---- solving one on a board -------------------------------------------------------------------

def by_id(puzzle_id: str) -> Puzzle:
    for puzzle in load():
        if puzzle["id"] == puzzle_id:
            return puzzle
    raise PuzzleError("puzzle.error.unknown", id=puzzle_id[:20])


def attempt(puzzle: Puzzle, moves: Sequence[Any]) -> Dict[str, Any]:
    """Where a solver stands after trying ``moves`` (texts, or (from, to) squares) in a
    puzzle: each right move is answered by the defender's move of the solution. A move is right
    if it is the solution's, or if it wins the game at once (the last move may have twins). A
    wrong move is not played: ``wrong`` names it, and the position stays as it was, so the
    solver may try again. Also ``position``, ``played`` (both sides' moves so far), ``mine``
    (the solver's right moves, to send back), ``last`` (the last move's squares), ``solved``,
    ``legal`` (the solver's moves by square while it goes on) and ``result`` (how the game
    ended, as a message, or None). An illegal move raises :class:`IllegalMoveError`.

    >>> p = {"id": "x", "rules": "", "solution": ["a1xc1"],
    ...      "position": "p9/10/10/10/10/10/10/10/10/C1cP6 b - 0 1"}
    >>> attempt(p, ["d1-g1"])["wrong"], attempt(p, [(0, 2)])["solved"]
    ('d1-g1', True)
    """
    rules = RuleSet.parse(puzzle["rules"])
    game = Game(rules, puzzle["position"])
    solver = game.turn
    solution: List[str] = list(puzzle["solution"])
    played: List[str] = []
    mine: List[str] = []
    wrong = ""
    last: List[int] = []
    for index, given in enumerate(moves):
        if wrong or game.result is not None:
            raise IllegalMoveError("puzzle.error.over")
        pos = game.position
        move = parse_move(given, pos) if isinstance(given, str) else Move(given[0], given[1])
        move = game.parse_move(move)
        expected = parse_move(solution[2 * index], pos) if 2 * index < len(solution) else None
        if expected is not None and move.bare() == expected.bare():
            ply = game.play(expected)
        else:
            trial = Game(rules, pos)
            trial.play(move)
            won = trial.result is not None and trial.result.winner == solver
            if not won:
                wrong = move_text(pos, move)
                break
            ply = game.play(move)
        played.append(move_text(pos, ply.move))
        mine.append(played[-1])
        last = [ply.move.frm, ply.move.to]
        if game.result is None and 2 * index + 1 < len(solution):
            before = game.position
            answer = game.play(solution[2 * index + 1])
            played.append(move_text(before, answer.move))
            last = [answer.move.frm, answer.move.to]
    result = game.result
    solved = result is not None and result.winner == solver
    said = result_message(game)
    legal: Dict[str, List[int]] = {}
    if not solved:
        for m in game.legal_moves:
            if not m.is_pass:
                legal.setdefault(str(m.frm), []).append(m.to)
    return {"id": puzzle["id"], "position": str(game.position), "played": played, "mine": mine,
            "last": last, "wrong": wrong, "solved": solved, "legal": legal,
            "result": said.json() if said else None}


__all__ = ["PuzzleError", "Puzzle", "load", "loads", "length", "by_id", "attempt"]
