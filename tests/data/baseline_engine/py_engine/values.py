"""The small values every module passes around: a move, the forfeited turn, a game's result,
and what playing one move did. They depend on nothing but the board's squares and sides.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, Optional

from .pieces import SIDES
from .squares import SIZE

if TYPE_CHECKING:
    from .position import Position


class Move(NamedTuple):
    """A move from ``frm`` to ``to`` (squares 0–99). Only the two squares identify a move.
    ``outcome`` is set only for a capture under duel rules: ``"a"`` the attacker won the duel,
    ``"d"`` the defender did; empty means "not decided yet". :data:`PASS` is the forfeited turn of
    a stalemated player under ``stalemate=pass``."""

    frm: int
    to: int
    outcome: str = ""

    @property
    def is_pass(self) -> bool:
        return self.frm < 0

    def bare(self) -> "Move":
        return Move(self.frm, self.to) if self.outcome else self


PASS = Move(-1, -1)
# Every plain move, made once: move generation hands these out rather than building new ones.
MOVES = tuple(tuple(Move(f, t) for t in range(SIZE * SIZE)) for f in range(SIZE * SIZE))


@dataclass(frozen=True)
class Result:
    """How a game ended. ``winner`` is ``BLACK``, ``ORANGE`` or ``None`` (a draw)."""

    winner: Optional[int]
    reason: str

    REASONS = {
        "princess": "{w} took the Princess",
        "chief": "{w}'s Chief took the Chief",
        "chief_taken": "a Chief was taken by a lesser piece",
        "stalemate": "{l} has no legal move",
        "both_stalemated": "neither side can move",
        "threepiece": "three-piece rule: no win within ten moves",
        "repetition": "the same position occurred a third time",
        "resigned": "{l} resigned",
    }

    @property
    def text(self) -> str:
        """``black wins``, ``orange wins`` or ``draw``."""
        return "draw" if self.winner is None else f"{SIDES[self.winner]} wins"

    @property
    def explanation(self) -> str:
        w = SIDES[self.winner].capitalize() if self.winner is not None else ""
        loser = SIDES[1 - self.winner].capitalize() if self.winner is not None else ""
        return self.REASONS[self.reason].format(w=w, l=loser)

    def __str__(self) -> str:
        return f"{self.text} ({self.explanation})"


class Ply(NamedTuple):
    """What playing one move did: the position after it, the move as played (with its duel
    outcome), the piece removed from the board (a letter, or ``""``), whether it spent the
    escape, and the result if the move ended the game."""

    position: "Position"
    move: Move
    captured: str
    escaped: bool
    result: Optional[Result]
