"""Move text: algebraic (``d1-g4``, ``d1xg4``), technical (``D1-G4``, rank ten written ``0``) and
descriptive ("Chief's Flier to Chief's Dwar Four"), output and input.

Input accepts algebraic or technical squares, with ``-``, ``x`` or nothing between them, and an
optional duel outcome ``/a`` (attacker won) or ``/d`` (defender won).
"""
from __future__ import annotations

import re
from typing import Dict, Iterator, List, Optional, Sequence, Tuple

from .movegen import referee_for
from .position import Position
from .messages import Message, clip
from .pieces import BLACK, SIDES
from .rules import RuleSet
from .errors import NotationError
from .squares import FILES, file_of, parse_square, rank_of, square_name, technical_name
from .values import PASS, Move

STYLES = ("algebraic", "technical")
_MOVE = re.compile(r"^([a-j])(10|[0-9])([-x:]?)([a-j])(10|[0-9])(?:/([ad]))?$", re.IGNORECASE)


def move_text(pos: Position, move: Move, style: str = "algebraic") -> str:
    """``d1-g4`` / ``d1xg4`` (algebraic) or ``D1-G4`` (technical); a decided duel adds ``/a`` or
    ``/d``; the forfeited turn is ``pass``."""
    if move.is_pass:
        return "pass"
    name = technical_name if style == "technical" else square_name
    sep = "x" if pos.board[move.to] else "-"
    return f"{name(move.frm)}{sep}{name(move.to)}" + (f"/{move.outcome}" if move.outcome else "")


def walk_line(rules: RuleSet, pos: Position, moves: Sequence[Move]) -> Iterator[Tuple[Position, Move]]:
    """Each move of a line (an engine's principal variation) with the position it is played on,
    each played on the position the one before leaves (duels taken as won by the attacker), up
    to a move that ends the game."""
    for move in moves:
        yield pos, move
        step = referee_for(rules).play(pos, move, "a")
        if step.result:
            return
        pos = step.position


def line_text(rules: RuleSet, pos: Position, moves: Sequence[Move]) -> List[str]:
    """A line of moves as algebraic text (see :func:`walk_line`)."""
    return [move_text(before, move) for before, move in walk_line(rules, pos, moves)]


def parse_move(text: str, pos: Position) -> Move:
    """Read a move's text in ``pos`` (legality is the caller's question). Raises
    :class:`NotationError` for text that is not a move, or that claims a capture onto an empty
    square."""
    clean = text.strip()
    if clean.lower() in ("pass", "--"):
        return PASS
    m = _MOVE.match(clean)
    if not m:
        raise NotationError("engine.notation.move", text=clip(text))
    frm = parse_square(m.group(1) + m.group(2))
    to = parse_square(m.group(4) + m.group(5))
    if m.group(3).lower() in ("x", ":") and not pos.board[to]:
        raise NotationError("engine.notation.captureEmpty", text=clip(text), square=square_name(to))
    return Move(frm, to, (m.group(6) or "").lower())


# ---- descriptive notation -------------------------------------------------------------------
# Burroughs' own, in words: each is a message (engine.descriptive.*), worded in the reader's
# language (record.descriptive has the English).

RANK_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_CHIEF, _PRINCESS = "engine.descriptive.chief", "engine.descriptive.princess"
_OF_CHIEF, _OF_PRINCESS = "engine.descriptive.ofChief", "engine.descriptive.ofPrincess"


def file_names(setup_board: Sequence[str], side: int, rules: RuleSet) -> Dict[int, Message]:
    """Each file's descriptive name for ``side`` (``Chief's Dwar``, ``Princess' Flier``, …),
    from where that side's Chief and Princess stand in the set-up."""
    home = 0 if side == BLACK else 9
    row = [setup_board[home * 10 + f].upper() for f in range(10)]
    chief, princess = row.index("C"), row.index("P")
    names = {}
    for f in range(10):
        if f == chief:
            names[f] = Message(_CHIEF)
        elif f == princess:
            names[f] = Message(_PRINCESS)
        else:
            owner = _OF_CHIEF if abs(f - chief) < abs(f - princess) else _OF_PRINCESS
            names[f] = Message(owner, {"piece": rules.piece_message(row[f])})
    return names


def descriptive_square(sq: int, side: int, names: Dict[int, Message]) -> Message:
    """``Chief's Dwar Four``: the file's name and the rank counted from ``side``'s own edge."""
    rank = rank_of(sq) if side == BLACK else 9 - rank_of(sq)
    rank_words = Message(f"engine.descriptive.rank.{RANK_WORDS[rank]}")
    return Message("engine.descriptive.square", {"file": names[file_of(sq)], "rank": rank_words})


def descriptive_piece(origin: Optional[int], letter: str, side: int, names: Dict[int, Message],
                      rules: RuleSet) -> Message:
    """A piece named after where it started: ``Chief's Flier``, ``Princess' Padwar's Panthan``,
    ``Chief's Panthan``; a piece whose start is unknown is called by its side and kind."""
    kind = rules.piece_message(letter)
    if letter.upper() in "CP":
        return kind
    if origin is None:
        return Message("piece.sided", {"side": Message(f"side.{SIDES[side]}"), "piece": kind})
    file_name = names[file_of(origin)]
    if letter.upper() in "NT":
        # The Panthan (or Thoat) of the Chief's own file is the Chief's; of another, its piece's.
        if file_name.key in (_CHIEF, _PRINCESS):
            return Message(_OF_CHIEF if file_name.key == _CHIEF else _OF_PRINCESS, {"piece": kind})
        return Message("engine.descriptive.pieceOf", {"file": file_name, "piece": kind})
    return file_name


__all__ = ["move_text", "parse_move", "STYLES", "FILES", "file_names", "descriptive_square",
           "descriptive_piece", "NotationError"]
