"""Engine matches (``python -m py_engine match``): levels against each other and against simple
baselines, from varied openings with colours swapped, scored with an Elo estimate.

Players are named ``level1`` … ``level6`` (the search at that level), ``random`` (any legal move)
and ``greedy`` (one ply: the move after which the static evaluation is best, captures of a
Chief or Princess judged by their result).
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Callable, List, Optional, Tuple

from .errors import IllegalMoveError, UsageError
from .game import Game
from .pieces import BLACK
from .rules import RuleSet
from .search import Evaluator, Searcher, level_settings
from .values import Move

Player = Callable[[Game], Move]
MAX_PLIES = 300          # a game still going after this many plies is scored a draw


def make_player(name: str, rules: RuleSet, time_ms: int, seed: int) -> Player:
    rng = random.Random(seed)
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
    raise UsageError(f"unknown player '{name}': use level1..level6, random or greedy")


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
              seed: int) -> Optional[int]:
    """Play one game; the winner (``BLACK``/``ORANGE``) or ``None`` for a draw."""
    game = Game(rules, seed=seed)
    for move in opening:
        game.play(move)
    while game.result is None and len(game.plies) < MAX_PLIES:
        player = black if game.turn == BLACK else orange
        game.play(player(game))
    return game.result.winner if game.result else None


def match(a: str, b: str, games: int = 40, time_ms: int = 1000, rules: str = "",
          seed: int = 1, report: Callable[[str], None] = print) -> MatchResult:
    """Play ``games`` games (an even number: each opening twice, colours swapped) of ``a``
    against ``b`` and return ``a``'s result."""
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
            pa = make_player(a, ruleset, time_ms, seed * 1000 + 2 * i)
            pb = make_player(b, ruleset, time_ms, seed * 1000 + 2 * i + 1)
            black, orange = (pa, pb) if a_side == BLACK else (pb, pa)
            winner = play_game(ruleset, black, orange, line, seed + i)
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
