"""Game: a played game under one rule set — history, legal moves, undo/redo, results, captured
pieces, the wager tally — and perft.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any, Dict, List, Optional, Tuple, Union

from .errors import IllegalMoveError, UsageError
from .messages import Message, clip, words
from .movegen import REPETITION_WINDOW, Referee, referee_for
from .notation import move_text, parse_move
from .pieces import BLACK, ORANGE, PIECES
from .position import Position, start_board
from .rules import RuleSet
from .values import PASS, Move, Ply, Result

# Wager values per scoring system: Ekman's table of ten (Exploring Jetan) and Smith's price list.
# Order: Panthan, Warrior, Padwar, Thoat, Dwar, Flier, Chief, Princess (pieces.LETTERS); None
# where the source gives no value.
SCORING: Dict[str, Tuple[Optional[float], ...]] = {
    "smith": tuple(kind.price for kind in PIECES),
    "moorman": (1, 1, 2, 2, 3, 3, 5, 7),
    "burgess": (1, 2, 2, 3, 7, 6, 50, 50),
    "kingston": (1, 1.6, 1.6, 2.4, 4, 4, 9.6, 0),
    "kazmierski": (1, 2, 5, 5, 7, 10, 20, 50),
    "spratt": (1, 2, 3, 3, 4, 5, 9, 9),
    "mad-elf": (1, 1, 1, 1, 2, 3, 4, 4),
    "resnick": (1, 2, 2, 2, 3, 3, 0, 0),
    "gaul": (2, 2, 2, 1, 3, 3, 5, 0),
    "cazaux-knowlton": (2, 1.9, 1.7, 5.6, 4.9, 9.5, None, None),
}
SCORING_ORDER = "".join(kind.letter for kind in PIECES)

RulesLike = Union[RuleSet, str, None]


def _rules(rules: RulesLike) -> RuleSet:
    return rules if isinstance(rules, RuleSet) else RuleSet.parse(rules or "")


def start_position(rules: RulesLike = None) -> Position:
    """The rule set's start position (set-up and first player)."""
    rules = _rules(rules)
    return Position(start_board(rules.get("setup")), rules.first)


class Game:
    """A game from the rule set's start (or a given position), with its history.

    >>> g = Game()
    >>> g.play("d2-d3").move
    Move(frm=13, to=23, outcome='')
    """

    def __init__(self, rules: RulesLike = None, position: Union[Position, str, None] = None,
                 seed: Optional[int] = None):
        self.rules = _rules(rules)
        self.referee: Referee = referee_for(self.rules)
        if position is None:
            position = start_position(self.rules)
        elif isinstance(position, str):
            position = Position.parse(position)
        self.referee.check_position(position)
        self.start = position
        self.plies: List[Ply] = []
        self._redo: List[Ply] = []
        # Duels fought without a given outcome are decided by the seed and the ply's number
        # (see :meth:`duel_rng`); with no seed, one is chosen at random for this game.
        self.seed: int = random.randrange(2 ** 53) if seed is None else seed
        # A result declared off the board: a resignation, a draw by agreement, a flag fall.
        self.declared: Optional[Result] = None
        # Where each piece on the board started (for descriptive notation).
        self.origins: List[Dict[int, Optional[int]]] = [
            {sq: sq for sq, p in enumerate(position.board) if p}]
        # Repetition keys of every position so far, and how often each occurred: kept as moves
        # are played and taken back, so that a long game replays in time linear in its length.
        self._keys: List[int] = [position.key]
        self._key_count: Counter[int] = Counter(self._keys)
        self._legal_cache: Tuple[int, Optional[Position], List[Move]] = (-1, None, [])
        # Whether the side to move has a legal move, for the same position (a game replayed
        # asks this, and whether one move is legal, of every position: not every move).
        self._can_move_cache: Tuple[int, Optional[Position], bool] = (-1, None, False)
        # Every capture so far as (its ply's index, the letter taken): a game's captures are few
        # (at most the pieces on the board), its plies many, and every state request asks.
        self._taken: List[Tuple[int, str]] = []

    # ---- state ---------------------------------------------------------------------------
    @property
    def position(self) -> Position:
        return self.plies[-1].position if self.plies else self.start

    @property
    def positions(self) -> List[Position]:
        return [self.start] + [p.position for p in self.plies]

    def keys(self) -> List[int]:
        """The repetition keys of every position of the game, the start's first."""
        return list(self._keys)

    def recent_keys(self) -> List[int]:
        """The repetition keys of the positions before the current one that the repetition
        rule can still see (the legal-move test needs no more)."""
        return self._keys[-REPETITION_WINDOW:-1]

    @property
    def legal_moves(self) -> List[Move]:
        if self.result is not None:
            return []
        return self._legal()

    def _legal(self) -> List[Move]:
        # Legal moves are asked for again and again between two changes of the game (result,
        # legality checks, the facade's state): remember them until the next change.
        if not self._fresh(self._legal_cache):
            moves = self.referee.legal_moves(self.position, self.recent_keys())
            self._legal_cache = (len(self.plies), self.position, moves)
        return list(self._legal_cache[2])

    def _fresh(self, cache: Tuple[int, Optional[Position], Any]) -> bool:
        # A cache entry is of the current position when the plies and the position both match
        # (a move taken back and another played reaches the same count).
        return cache[0] == len(self.plies) and cache[1] is self.position

    def _can_move(self) -> bool:
        if self._fresh(self._legal_cache):
            return bool(self._legal_cache[2])
        if not self._fresh(self._can_move_cache):
            able = self.referee.can_move(self.position, self.recent_keys())
            self._can_move_cache = (len(self.plies), self.position, able)
        return self._can_move_cache[2]

    def _is_legal(self, move: Move) -> bool:
        if self._fresh(self._legal_cache):
            return move.bare() in self._legal_cache[2]
        return self.referee.is_legal(self.position, move, self.recent_keys())

    @property
    def resigned(self) -> Optional[Result]:
        """The resignation that ended the game, or ``None``. Setting ``None`` withdraws any
        result declared off the board (see :attr:`declared`)."""
        return self.declared if self.declared and self.declared.reason == "resigned" else None

    @resigned.setter
    def resigned(self, value: Optional[Result]) -> None:
        self.declared = value

    @property
    def agreed(self) -> bool:
        """Whether the game ended in a draw by agreement."""
        return bool(self.declared and self.declared.reason == "agreed")

    @property
    def flagged(self) -> Optional[int]:
        """The side whose time ran out, if the game ended so, else ``None``."""
        if self.declared is None or self.declared.reason != "time":
            return None
        d = self.declared
        return d.side if d.winner is None else 1 - d.winner

    @property
    def result(self) -> Optional[Result]:
        """How the game ended (a result declared off the board — resignation, agreement, flag
        fall — or the referee's :meth:`~Referee.outcome`), or ``None`` while it goes on."""
        if self.declared:
            return self.declared
        pos = self.position
        return self.referee.outcome(pos, self._can_move, self.plies[-1] if self.plies else None,
                                    self._key_count[pos.key] - 1)

    @property
    def turn(self) -> int:
        return self.position.side

    # ---- playing -------------------------------------------------------------------------
    def parse_move(self, move: Union[Move, str]) -> Move:
        """A move given as text or :class:`Move`, checked for legality (its duel outcome kept)."""
        if isinstance(move, str):
            move = parse_move(move, self.position)
        if self.result is not None:
            raise IllegalMoveError("engine.game.over", result=self._result_message())
        text = move_text(self.position, move)
        if not self._is_legal(move):
            raise IllegalMoveError(self.referee.why_illegal(self.position, move, text))
        if move.outcome:
            if not self.referee.is_duel(self.position, move):
                raise IllegalMoveError("engine.move.outcomeWithoutDuel", move=text)
            if move.outcome not in dict(self.referee.outcomes(self.position, move)):
                raise IllegalMoveError("engine.move.outcomeImpossible", move=text)
        return move

    def play(self, move: Union[Move, str]) -> Ply:
        """Play a legal move (text or :class:`Move`). Raises :class:`IllegalMoveError`."""
        move = self.parse_move(move)
        # The duel's random numbers only for a duel left to chance (seeding them for every move
        # cost a replay of 10,000 moves about a sixth of its time).
        chance = not move.outcome and self.referee.is_duel(self.position, move)
        ply = self.referee.play(self.position, move, move.outcome, self.duel_rng() if chance else None)
        self._append(ply)
        self._redo.clear()
        return ply

    def duel_rng(self, ply: Optional[int] = None) -> random.Random:
        """The random numbers that decide a duel fought at ply ``ply`` (0: the game's first;
        default: the next) without a given outcome. They depend only on the game's seed and the
        ply, so a move taken back and played again has the same outcome.

        >>> g = Game(seed=7)
        >>> g.duel_rng(3).random() == Game(seed=7).duel_rng(3).random() != g.duel_rng(4).random()
        True
        """
        number = len(self.plies) if ply is None else ply
        return random.Random(f"jetan duel {self.seed} {number}")

    def _append(self, ply: Ply) -> None:
        origins = dict(self.origins[-1])
        m = ply.move
        if not m.is_pass:
            start = origins.pop(m.frm, None)
            if m.outcome != "d":
                origins.pop(m.to, None)
                origins[m.to] = start
        self.origins.append(origins)
        if ply.captured:
            self._taken.append((len(self.plies), ply.captured))
        self.plies.append(ply)
        self._keys.append(ply.position.key)
        self._key_count[ply.position.key] += 1

    def undo(self) -> Ply:
        """Take back the last move (it can be redone until another move is played)."""
        if self.declared:
            withdrawn = {"resigned": "engine.game.resignationWithdrawn",
                         "agreed": "engine.game.agreementWithdrawn",
                         "time": "engine.game.timeForfeitWithdrawn"}.get(self.declared.reason,
                                                                         "engine.game.resultWithdrawn")
            self.declared = None
            raise IllegalMoveError(withdrawn)
        if not self.plies:
            raise IllegalMoveError("engine.game.nothingToUndo")
        ply = self.plies.pop()
        if self._taken and self._taken[-1][0] == len(self.plies):
            self._taken.pop()
        self.origins.pop()
        self._key_count[self._keys.pop()] -= 1
        self._redo.append(ply)
        return ply

    def redo(self) -> Ply:
        if not self._redo:
            raise IllegalMoveError("engine.game.nothingToRedo")
        ply = self._redo.pop()
        self._append(ply)
        return ply

    def resign(self, side: Optional[int] = None) -> Result:
        if self.result is not None:
            raise IllegalMoveError("engine.game.ended", result=self._result_message())
        loser = self.turn if side is None else side
        self.declared = Result(1 - loser, "resigned")
        return self.declared

    def agree_draw(self) -> Result:
        """End the game in a draw both players agreed to (undo withdraws it)."""
        if self.result is not None:
            raise IllegalMoveError("engine.game.ended", result=self._result_message())
        self.declared = Result(None, "agreed")
        return self.declared

    def can_win(self, side: int) -> bool:
        """Whether ``side`` could still win with what it has left (docs/rules.md, "Clocks"): it
        has a piece besides its Princess. The Princess never captures, never threatens a square
        and cannot move onto the enemy Princess, so a side left with her alone cannot win.

        >>> g = Game("chief_capture=continue", "p9/10/10/10/10/10/10/10/10/C8P o")
        >>> g.can_win(BLACK), g.can_win(ORANGE)
        (True, False)
        """
        return bool(self.position.pieces[side])

    def flag(self, side: Optional[int] = None) -> Result:
        """``side``'s time ran out (default: the side to move). It loses, unless the opponent
        :meth:`can_win` no longer: then the game is drawn. Undo withdraws it."""
        if self.result is not None:
            raise IllegalMoveError("engine.game.ended", result=self._result_message())
        flagged = self.turn if side is None else side
        if self.can_win(1 - flagged):
            self.declared = Result(1 - flagged, "time")
        else:
            self.declared = Result(None, "time", side=flagged)
        return self.declared

    def result_words(self) -> Optional[str]:
        """:meth:`result_message` in English (the command line's), or ``None`` while the game goes
        on.

        >>> g = Game(position="p8c/10/10/10/10/10/10/10/10/P3C3T1 b")
        >>> _ = g.play("i1-j3"); g.result_words() is None
        True
        >>> g.resign(ORANGE) and g.result_words()
        'Orange resigned: Black wins'
        """
        message = self.result_message()
        return None if message is None else words(message)

    def _result_message(self) -> Message:
        """:meth:`result_message` of a game that is over."""
        message = self.result_message()
        assert message is not None
        return message

    def result_message(self) -> Optional[Message]:
        """The result as one sentence a player reads (:meth:`Result.message`, the pieces named
        as the rule set names them), or ``None`` while the game goes on.

        >>> g = Game()
        >>> _ = g.play("d2-d3"); g.resign(ORANGE) and g.result_message()
        Message(key='engine.result.resigned', args={'winner': Message(key='side.black', args={}), \
'loser': Message(key='side.orange', args={})})
        """
        result = self.result
        if result is None:
            return None
        attacker = defender = outcome = ""
        if self.declared is None and self.plies and self.plies[-1].result is not None:
            before = self.plies[-2].position if len(self.plies) > 1 else self.start
            move = self.plies[-1].move
            if not move.is_pass:
                attacker, defender = before.board[move.frm], before.board[move.to]
                outcome = move.outcome
        pos = self.position
        trapped = (result.reason == "stalemate" and pos.princess[pos.side] >= 0
                   and self.referee.princess_threatened(pos, pos.side))
        return result.message(self.rules.piece_message, attacker, defender, outcome, trapped)

    # ---- bookkeeping ---------------------------------------------------------------------
    def captured(self, side: int, plies: Optional[int] = None) -> List[str]:
        """Black's letters of ``side``'s pieces removed so far (or in the first ``plies``
        plies), in order.

        >>> g = Game(position="p8c/10/10/10/10/10/10/3n6/3N6/P3C5 b")
        >>> _ = g.play("d2xd3"); g.captured(ORANGE), g.captured(ORANGE, plies=0)
        (['N'], [])
        """
        return [letter.upper() for index, letter in self._taken
                if letter.isupper() == (side == BLACK) and (plies is None or index < plies)]

    def wager(self, system: str = "smith", plies: Optional[int] = None) -> Tuple[float, float]:
        """What Black and Orange have each won so far (or in the first ``plies`` plies): every
        lost piece pays its price (in the named scoring system, see :data:`SCORING`) to the
        opponent."""
        if system not in SCORING:
            raise UsageError("engine.game.scoring", system=clip(system), known=", ".join(SCORING))
        values = SCORING[system]
        won = [0.0, 0.0]
        for side in (BLACK, ORANGE):
            for letter in self.captured(side, plies):
                v = values[SCORING_ORDER.index(letter)]
                won[1 - side] += v or 0
        return round(won[0], 2), round(won[1], 2)

    def move_texts(self, style: str = "algebraic") -> List[str]:
        return [move_text(before, ply.move, style) for before, ply in zip(self.positions, self.plies)]


# Far beyond what finishes in a lifetime (depth 6 from the start is about 10^12 leaves); the
# bound keeps a mistyped depth from running into Python's recursion limit.
MAX_PERFT_DEPTH = 20


def check_perft_depth(depth: int) -> None:
    """Raise :class:`UsageError` unless ``depth`` is 0 to :data:`MAX_PERFT_DEPTH`."""
    if not 0 <= depth <= MAX_PERFT_DEPTH:
        raise UsageError("engine.game.perftDepth", most=MAX_PERFT_DEPTH, depth=depth)


def perft(rules: RulesLike, position: Position, depth: int,
          history: Optional[List[int]] = None) -> int:
    """Count the move sequences of ``depth`` plies from ``position`` (docs/rules.md). The repetition
    history starts with ``position`` itself. Under duel rules each outcome of a capture (attacker
    or defender wins) is its own sequence. ``depth`` is 0 to :data:`MAX_PERFT_DEPTH`."""
    check_perft_depth(depth)
    referee = referee_for(_rules(rules))
    keys = list(history or [])

    def count(pos: Position, depth: int) -> int:
        if depth == 0:
            return 1
        moves = referee.legal_moves(pos, keys)
        if depth == 1 and referee.duel == "off":
            return len(moves)
        keys.append(pos.key)
        total = 0
        for move in moves:
            for outcome, _ in referee.outcomes(pos, move):
                ply = referee.play(pos, move, outcome)
                if depth == 1:
                    total += 1
                elif referee.decided(ply.position, ply, keys.count(ply.position.key)) is None:
                    total += count(ply.position, depth - 1)
        keys.pop()
        return total

    return count(position, depth)


__all__ = ["Game", "perft", "start_position", "SCORING", "PASS"]
