"""The small values every module passes around: a move, the forfeited turn, a game's result,
and what playing one move did. They depend on nothing but the board's squares and sides.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Dict, NamedTuple, Optional

from .messages import Arg, Message, words
from .pieces import KIND, SIDES, side_of
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
    """How a game ended. ``winner`` is ``BLACK``, ``ORANGE`` or ``None`` (a draw). ``side`` names
    the side a drawn result is about when the winner cannot: the side whose time ran out in a
    flag fall that the opponent could not win (``None`` otherwise)."""

    winner: Optional[int]
    reason: str
    side: Optional[int] = None

    # Each reason's message (engine.reason.*: the record's Termination header says it in English).
    REASONS = {
        "princess": "engine.reason.princess",
        "chief": "engine.reason.chief",
        "chief_taken": "engine.reason.chiefTaken",
        "stalemate": "engine.reason.stalemate",
        "both_stalemated": "engine.reason.bothStalemated",
        "threepiece": "engine.reason.threepiece",
        "repetition": "engine.reason.repetition",
        "resigned": "engine.reason.resigned",
        "agreed": "engine.reason.agreed",
        "time": "engine.reason.time",
        "time_drawn": "engine.reason.timeDrawn",
    }
    # The result in a sentence, for reasons that need no pieces named (engine.result.*).
    SENTENCES = {
        "both_stalemated": "engine.result.bothStalemated",
        "threepiece": "engine.result.threepiece",
        "repetition": "engine.result.repetition",
        "resigned": "engine.result.resigned",
        "agreed": "engine.result.agreed",
        "time": "engine.result.time",
        "time_drawn": "engine.result.timeDrawn",
        # A capture result whose pieces are not known (the reason alone, and who won).
        "princess": "engine.result.princessWon",
        "chief": "engine.result.chiefWon",
        "chief_taken": "engine.result.chiefTakenWon",
    }

    @property
    def text(self) -> str:
        """``black wins``, ``orange wins`` or ``draw`` (the game record's Result header)."""
        return "draw" if self.winner is None else f"{SIDES[self.winner]} wins"

    def _sides(self) -> Dict[str, Arg]:
        """The names of the side the result favours and the other one, as ``winner`` and
        ``loser`` (the winner and the loser; in a drawn flag fall, the side that could not win and
        the flagged one), or none for a draw that is about neither side."""
        loser = 1 - self.winner if self.winner is not None else self.side
        if loser is None:
            return {}
        return {"winner": Message(f"side.{SIDES[1 - loser]}"), "loser": Message(f"side.{SIDES[loser]}")}

    @property
    def _reason(self) -> str:
        return "time_drawn" if self.reason == "time" and self.winner is None else self.reason

    def reason_message(self) -> Message:
        """Why the game ended, without who won (the record's Termination header, and the page's
        words beside "Black wins")."""
        return Message(self.REASONS[self._reason], self._sides())

    @property
    def explanation(self) -> str:
        """:meth:`reason_message` in English."""
        return words(self.reason_message())

    def message(self, name: Callable[[str], Arg], attacker: str = "", defender: str = "",
                outcome: str = "", trapped: bool = False) -> Message:
        """One sentence a player reads at the end of the game, naming who wins and why. ``name``
        gives a piece's name from its letter (the rule set's
        :meth:`~py_engine.rules.RuleSet.piece_message`). For a result decided by a capture,
        ``attacker`` and ``defender`` are the letters of the moving piece and the piece it went
        for, and ``outcome`` the duel's (``"d"``: the defender won); for a stalemate, ``trapped``
        says the stalemated side's Princess is threatened.

        >>> from py_engine.pieces import BLACK, ORANGE
        >>> words(Result(BLACK, "princess").message(str.upper, "T", "p"))
        "Black's T took the Orange Princess: Black wins"
        >>> words(Result(None, "chief_taken").message(lambda letter: Message("piece.odwar"), "f", "C"))
        'Drawn: an Odwar took the Black Chief'
        >>> words(Result(BLACK, "stalemate").message(str, trapped=True))
        "Orange's Princess is trapped: Black wins"
        >>> words(Result(None, "time", side=ORANGE).message(str))
        "Drawn: Orange's time ran out, but Black has too little left to win"
        """
        sides = self._sides()
        reason = self._reason
        if reason in ("princess", "chief", "chief_taken") and attacker and defender:
            # The defender won the duel: it "took" the attacker.
            taker, taken = (defender, attacker) if outcome == "d" else (attacker, defender)
            kind = {"P": "princessTaken", "C": "chiefTaken"}.get(taken.upper())
            if kind is not None and not (kind == "princessTaken" and outcome == "d"):
                if outcome == "d":
                    kind = "chiefBeatAttacker"
                elif outcome == "a":
                    kind += "InDuel"
                loser = Message(f"side.{SIDES[side_of(taken)]}")
                if self.winner is None:
                    return Message(f"engine.result.{kind}Drawn",
                                   {"piece": Message(f"piece.indefinite.{_option(name, taker)}"),
                                    "loser": loser})
                return Message(f"engine.result.{kind}", {**sides, "piece": name(taker), "loser": loser})
        if reason == "stalemate":
            return Message("engine.result.trapped" if trapped else "engine.result.cannotMove", sides)
        if reason == "chief_taken" and self.winner is None:
            return Message("engine.result.chiefTakenDraw")
        return Message(self.SENTENCES[reason], sides)

    def words(self, name: Callable[[str], Arg], attacker: str = "", defender: str = "",
              outcome: str = "", trapped: bool = False) -> str:
        """:meth:`message` in English.

        >>> Result(None, "chief_taken").words(str.upper, "n", "C")
        'Drawn: a Panthan took the Black Chief'
        """
        return words(self.message(name, attacker, defender, outcome, trapped))

    def __str__(self) -> str:
        return f"{self.text} ({self.explanation})"


def _option(name: Callable[[str], Arg], letter: str) -> str:
    """The option (``piece.<option>``) of the piece ``name`` calls the piece with ``letter``:
    the Odwar where the rule set calls the Flier so."""
    named = name(letter)
    return named.key.rpartition(".")[2] if isinstance(named, Message) else KIND[letter.upper()].option


class Ply(NamedTuple):
    """What playing one move did: the position after it, the move as played (with its duel
    outcome), the piece removed from the board (a letter, or ``""``), whether it spent the
    escape, and the result if the move ended the game."""

    position: "Position"
    move: Move
    captured: str
    escaped: bool
    result: Optional[Result]
