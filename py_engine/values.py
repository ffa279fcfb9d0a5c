"""The small values every module passes around: a move, the forfeited turn, a game's result,
and what playing one move did. They depend on nothing but the board's squares and sides.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, NamedTuple, Optional, Tuple

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


def article(words: str) -> str:
    """``words`` with the indefinite article it takes: ``an`` before a vowel, else ``a``.

    >>> article("Orange Thoat"), article("Black Thoat"), article("Odwar"), article("Panthan")
    ('an Orange Thoat', 'a Black Thoat', 'an Odwar', 'a Panthan')
    """
    return f"{'an' if words[:1].lower() in 'aeiou' else 'a'} {words}"


@dataclass(frozen=True)
class Result:
    """How a game ended. ``winner`` is ``BLACK``, ``ORANGE`` or ``None`` (a draw). ``side`` names
    the side a drawn result is about when the winner cannot: the side whose time ran out in a
    flag fall that the opponent could not win (``None`` otherwise)."""

    winner: Optional[int]
    reason: str
    side: Optional[int] = None

    REASONS = {
        "princess": "{w} took the Princess",
        "chief": "{w}'s Chief took the Chief",
        "chief_taken": "a Chief was taken by a lesser piece",
        "stalemate": "{l} has no legal move",
        "both_stalemated": "neither side can move",
        "threepiece": "three-piece rule: no win within ten moves",
        "repetition": "the same position occurred a third time",
        "resigned": "{l} resigned",
        "agreed": "drawn by agreement",
        "time": "{l}'s time ran out",
        "time_drawn": "{l}'s time ran out, but {w} cannot win",
    }

    @property
    def text(self) -> str:
        """``black wins``, ``orange wins`` or ``draw``."""
        return "draw" if self.winner is None else f"{SIDES[self.winner]} wins"

    def _sides(self) -> Tuple[str, str]:
        """The capitalised names of the side the result favours and the other one (the winner
        and the loser; in a drawn flag fall, the side that could not win and the flagged one)."""
        loser = 1 - self.winner if self.winner is not None else self.side
        if loser is None:
            return "", ""
        return SIDES[1 - loser].capitalize(), SIDES[loser].capitalize()

    @property
    def explanation(self) -> str:
        w, loser = self._sides()
        reason = "time_drawn" if self.reason == "time" and self.winner is None else self.reason
        return self.REASONS[reason].format(w=w, l=loser)

    def words(self, name: Callable[[str], str], attacker: str = "", defender: str = "",
              outcome: str = "", trapped: bool = False) -> str:
        """One sentence a player reads at the end of the game, naming who wins and why. ``name``
        gives a piece's name from its letter (the rule set's
        :meth:`~py_engine.rules.RuleSet.piece_name`). For a result decided by a capture,
        ``attacker`` and ``defender`` are the letters of the moving piece and the piece it went
        for, and ``outcome`` the duel's (``"d"``: the defender won); for a stalemate, ``trapped``
        says the stalemated side's Princess is threatened.

        >>> from py_engine.pieces import BLACK, ORANGE
        >>> Result(BLACK, "princess").words(str.upper, "T", "p")
        "Black's T took the Orange P: Black wins"
        >>> Result(None, "chief_taken").words(lambda l: "Odwar", "f", "C")
        'Drawn: an Odwar took the Black Odwar'
        >>> Result(BLACK, "stalemate").words(str, trapped=True)
        "Orange's Princess is trapped: Black wins"
        >>> Result(None, "time", side=ORANGE).words(str)
        "Drawn: Orange's time ran out, but Black has too little left to win"
        """
        w, loser = self._sides()
        wins = f": {w} wins"
        reason = self.reason
        if reason in ("princess", "chief", "chief_taken") and attacker and defender:
            if outcome == "d":      # the defender won the duel: it "took" the attacker
                winner_piece, loser_piece = defender, attacker
                verb = "beat the attacking {} in a duel"
            else:
                winner_piece, loser_piece = attacker, defender
                verb = "took the {} in a duel" if outcome == "a" else "took the {}"
            taken = f"{_side_name(loser_piece)} {name(loser_piece)}"
            if self.winner is None:
                return f"Drawn: {article(name(winner_piece))} {verb.format(taken)}"
            return f"{w}'s {name(winner_piece)} {verb.format(taken)}{wins}"
        fixed = {
            "stalemate": (f"{loser}'s Princess is trapped" if trapped else f"{loser} cannot move") + wins,
            "both_stalemated": "Drawn: neither side can move",
            "threepiece": "Drawn: three pieces each for ten moves",
            "repetition": "Drawn: the same position a third time",
            "resigned": f"{loser} resigned{wins}",
            "agreed": "Drawn by agreement",
            "time": (f"{loser}'s time ran out{wins}" if self.winner is not None else
                     f"Drawn: {loser}'s time ran out, but {w} has too little left to win"),
        }
        if reason in fixed:
            return fixed[reason]
        sentence = self.explanation        # a capture result without its pieces
        sentence = sentence[:1].upper() + sentence[1:]
        return f"{sentence}{wins}" if self.winner is not None else f"Drawn: {self.explanation}"

    def __str__(self) -> str:
        return f"{self.text} ({self.explanation})"


def _side_name(letter: str) -> str:
    """``Black`` for an upper-case piece letter, ``Orange`` for a lower-case one."""
    return "Black" if letter.isupper() else "Orange"


class Ply(NamedTuple):
    """What playing one move did: the position after it, the move as played (with its duel
    outcome), the piece removed from the board (a letter, or ``""``), whether it spent the
    escape, and the result if the move ended the game."""

    position: "Position"
    move: Move
    captured: str
    escaped: bool
    result: Optional[Result]
