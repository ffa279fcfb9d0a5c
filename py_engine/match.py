"""Engine matches (``python -m py_engine match``): levels against each other and against simple
baselines, from varied openings with colours swapped, scored with an Elo estimate.

Players are named ``level1`` … ``level6`` (the search at that level), ``random`` (any legal move),
``greedy`` (one ply: the move after which the static evaluation is best, captures of a Chief or
Princess judged by their result) and ``baseline`` (the engine as it was before issue 24, kept in
``tests/data/baseline_engine``, at level 6).

``baseline`` is always a separate program, asked ``python -m py_engine bestmove [--rules R]
--time-ms N POSITION MOVE...`` for every move, as any other program would use an engine; with
``--cli`` the levels are asked the same way (this checkout's command line), so a match between
``level6`` and ``baseline`` with ``--cli`` compares two command-line engines on equal terms: a
fresh process per move for both, each told the game's start and every move since (its repetition
history).
"""
from __future__ import annotations

import math
import random
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, List, Optional, Tuple

from .errors import IllegalMoveError, JetanError, UsageError
from .game import Game
from .notation import parse_move
from .pieces import BLACK
from .rules import RuleSet
from .search import Evaluator, Searcher, level_settings
from .values import Move

Player = Callable[[Game], Move]
MAX_PLIES = 300          # a game still going after this many plies is scored a draw
ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "tests" / "data" / "baseline_engine"


class Forfeit(Exception):
    """A command-line engine answered no legal move: it loses the game."""


def cli_player(folder: Path, rules: RuleSet, time_ms: int, level: int) -> Player:
    """A player that runs ``python -m py_engine bestmove`` from ``folder`` for every move, with
    the game's start position and every move played since (so it knows the repetition
    history)."""
    def ask(game: Game) -> Move:
        command = [sys.executable, "-m", "py_engine", "bestmove", "--rules", str(rules),
                   "--time-ms", str(time_ms), "--level", str(level), str(game.start),
                   *game.move_texts()]
        out = subprocess.run(command, cwd=folder, capture_output=True, text=True,
                             timeout=60 + time_ms / 100)
        answer = out.stdout.strip()
        try:
            return game.parse_move(parse_move(answer, game.position))
        except JetanError as err:
            raise Forfeit(f"{folder.name} answered '{answer[:40]}' "
                          f"({out.stderr.strip()[-200:] or err})") from None
    return ask


def make_player(name: str, rules: RuleSet, time_ms: int, seed: int, cli: bool = False) -> Player:
    """The player called ``name`` (see the module's notes); ``cli``: levels through the command
    line."""
    rng = random.Random(seed)
    if name == "baseline":
        return cli_player(BASELINE, rules, time_ms, 6)
    if cli and name.startswith("level") and name[5:].isdigit():
        level_settings(int(name[5:]))           # a level that does not exist fails here
        return cli_player(ROOT, rules, time_ms, int(name[5:]))
    if name == "random":
        return lambda game: rng.choice(game.legal_moves)
    if name == "greedy":
        evaluate = Evaluator(rules)

        def greedy(game: Game) -> Move:
            pos, ref = game.position, game.referee
            moves = game.legal_moves
            best, best_score = moves[0], -math.inf
            score: float
            for move in moves:
                ply = ref.play(pos, move, "a" if ref.is_duel(pos, move) else "")
                if ply.result is not None:
                    w = ply.result.winner
                    score = 0 if w is None else (10 ** 6 if w == pos.side else -10 ** 6)
                else:
                    score = -evaluate(ply.position)
                score += rng.random()               # break ties at random
                if score > best_score:
                    best, best_score = move, score
            return best
        return greedy
    if name.startswith("level") and name[5:].isdigit():
        depth, noise = level_settings(int(name[5:]))
        searcher = Searcher(rules, seed=seed)

        def engine(game: Game) -> Move:
            move = searcher.best_move(game.position, game.keys()[:-1], time_ms=time_ms,
                                      depth=depth, noise=noise)
            if move is None:        # only asked while the game goes on, so never
                raise IllegalMoveError("the engine was asked for a move in a finished game")
            return move
        return engine
    raise UsageError(f"unknown player '{name}': use level1..level6, random, greedy or baseline")


@dataclass
class MatchResult:
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    def elo(self) -> Tuple[float, float, float]:
        """Elo difference and a 95% interval, from the score and its standard error."""
        n = self.games
        s = self.score
        dev = math.sqrt(max((self.wins * (1 - s) ** 2 + self.draws * (0.5 - s) ** 2 +
                             self.losses * s ** 2) / n, 1e-9) / n) if n else 0
        return _elo(s), _elo(s - 1.96 * dev), _elo(s + 1.96 * dev)

    def __str__(self) -> str:
        elo, low, high = self.elo()
        return (f"+{self.wins} ={self.draws} -{self.losses} of {self.games}: score "
                f"{100 * self.score:.1f}%, Elo {elo:+.0f} (95% {low:+.0f} .. {high:+.0f})")


def _elo(score: float) -> float:
    score = min(max(score, 0.001), 0.999)
    return -400 * math.log10(1 / score - 1)


def openings(count: int, rules: RuleSet, seed: int) -> List[List[Move]]:
    """``count`` short random openings (two to four plies, no Princess moves: a random escape
    would decide the game), each played from both sides."""
    rng = random.Random(seed)
    found: List[List[Move]] = []
    while len(found) < count:
        game = Game(rules)
        line: List[Move] = []
        for _ in range(rng.randint(2, 4)):
            pos = game.position
            move = rng.choice([m for m in game.legal_moves if pos.board[m.frm] not in "Pp"
                               and not game.referee.is_duel(pos, m)])
            game.play(move)
            line.append(move)
        found.append(line)
    return found


def play_game(rules: RuleSet, black: Player, orange: Player, opening: List[Move],
              seed: int, max_plies: int = MAX_PLIES,
              report: Callable[[str], None] = lambda s: None) -> Optional[int]:
    """Play one game; the winner (``BLACK``/``ORANGE``) or ``None`` for a draw (also a game
    still going after ``max_plies`` plies). A player that answers no legal move loses."""
    game = Game(rules, seed=seed)
    for move in opening:
        game.play(move)
    while game.result is None and len(game.plies) < max_plies:
        player = black if game.turn == BLACK else orange
        try:
            move = player(game)
        except Forfeit as err:
            report(f"forfeit at ply {len(game.plies) + 1}: {err}")
            return 1 - game.turn
        game.play(move)
    report(f"moves: {' '.join(game.move_texts())} ({game.result or 'ply limit'})")
    return game.result.winner if game.result else None


def match(a: str, b: str, games: int = 40, time_ms: int = 1000, rules: str = "",
          seed: int = 1, report: Callable[[str], None] = print, cli: bool = False,
          max_plies: int = MAX_PLIES) -> MatchResult:
    """Play ``games`` games (an even number: each opening twice, colours swapped) of ``a``
    against ``b`` and return ``a``'s result. ``cli``: levels play through the command line
    (``baseline`` always does)."""
    if games < 1:
        raise UsageError(f"a match needs at least one game, not {games}")
    if time_ms < 1:
        raise UsageError(f"the time a move must be at least 1 ms, not {time_ms}")
    ruleset = RuleSet.parse(rules)
    result = MatchResult()
    for i, line in enumerate(openings((games + 1) // 2, ruleset, seed)):
        for a_side in (BLACK, 1 - BLACK):
            if result.games >= games:
                break
            pa = make_player(a, ruleset, time_ms, seed * 1000 + 2 * i, cli)
            pb = make_player(b, ruleset, time_ms, seed * 1000 + 2 * i + 1, cli)
            black, orange = (pa, pb) if a_side == BLACK else (pb, pa)
            winner = play_game(ruleset, black, orange, line, seed + i, max_plies, report)
            if winner is None:
                result.draws += 1
            elif winner == a_side:
                result.wins += 1
            else:
                result.losses += 1
            report(f"game {result.games}: {a} as {'black' if a_side == BLACK else 'orange'}: "
                   f"{'draw' if winner is None else ('win' if winner == a_side else 'loss')}"
                   f"  [{result}]")
    return result
