"""Position: an immutable Jetan position and its notation (docs/rules.md, "Notation").

``<placement> <side> <escapes> <counter> <move-number>``, e.g. the standard start::

    wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW b Ee 0 1
"""
from __future__ import annotations

import random
from typing import Any, Dict, List, Optional, Tuple

from .errors import PositionError
from .messages import Message, clip
from .pieces import BLACK, LETTERS, ORANGE, PIECES, SIDES
from .squares import SIZE, SQUARES, square

DIAMETRAL = "wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW"
FACING = "wadfcpfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW"
# Move numbers stop growing here: a position string must always read back, and no real game
# comes near it.
MAX_MOVE_NUMBER = 10 ** 6

_rng = random.Random(0x1E7A4)
# Zobrist keys: one per (piece letter, square), one for Orange to move.
ZOBRIST = {p: tuple(_rng.getrandbits(64) for _ in SQUARES) for p in LETTERS + LETTERS.lower()}
ZOBRIST_ORANGE = _rng.getrandbits(64)


class Position:
    """An immutable position: placement, side to move, escapes still available, three-piece
    counter and move number. ``board[sq]`` is a piece letter (upper case Black, lower case
    Orange) or ``""``. ``key`` identifies placement plus side to move, the repetition identity."""

    __slots__ = ("board", "side", "escapes", "counter", "move_number", "key", "occupied",
                 "by_side", "pieces", "princess")

    def __init__(self, board: Tuple[str, ...], side: int = BLACK,
                 escapes: Tuple[bool, bool] = (True, True), counter: int = 0, move_number: int = 1,
                 key: Optional[int] = None):
        self.board = board
        self.side = side
        self.escapes = escapes
        self.counter = counter
        self.move_number = move_number
        black = orange = 0
        pieces: Tuple[List[Tuple[int, str]], List[Tuple[int, str]]] = ([], [])
        princess = [-1, -1]
        for sq, p in enumerate(board):
            if p:
                s = BLACK if p.isupper() else ORANGE
                if s == BLACK:
                    black |= 1 << sq
                else:
                    orange |= 1 << sq
                if p in "Pp":
                    princess[s] = sq
                else:
                    pieces[s].append((sq, p.upper()))
        self.by_side = (black, orange)
        self.occupied = black | orange
        self.pieces = (tuple(pieces[0]), tuple(pieces[1]))  # every piece but the Princess
        self.princess = tuple(princess)
        if key is None:
            key = ZOBRIST_ORANGE if side == ORANGE else 0
            for sq, p in enumerate(board):
                if p:
                    key ^= ZOBRIST[p][sq]
        self.key = key

    # ---- notation ------------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> "Position":
        """Read the position notation; trailing fields may be omitted (``b Ee 0 1``)."""
        fields = text.split()
        if not fields:
            raise PositionError("engine.position.empty", example=f"{DIAMETRAL} b")
        if len(fields) > 5:
            raise PositionError("engine.position.fields", found=len(fields))
        board = _parse_placement(fields[0])
        side_text = fields[1] if len(fields) > 1 else "b"
        if side_text not in ("b", "o"):
            raise PositionError("engine.position.side", text=clip(side_text))
        esc = fields[2] if len(fields) > 2 else "Ee"
        if esc not in ("Ee", "E", "e", "-"):
            raise PositionError("engine.position.escapes", text=clip(esc))
        counter = _number(fields[3] if len(fields) > 3 else "0", "engine.position.counter", 0, 10)
        move_number = _number(fields[4] if len(fields) > 4 else "1", "engine.position.moveNumber", 1,
                              MAX_MOVE_NUMBER)
        return cls(board, BLACK if side_text == "b" else ORANGE, ("E" in esc, "e" in esc),
                   counter, move_number)

    def placement(self) -> str:
        ranks = []
        for r in range(SIZE - 1, -1, -1):
            row, empty = "", 0
            for f in range(SIZE):
                p = self.board[square(f, r)]
                if p:
                    row += (str(empty) if empty else "") + p
                    empty = 0
                else:
                    empty += 1
            ranks.append(row + (str(empty) if empty else ""))
        return "/".join(ranks)

    def __str__(self) -> str:
        esc = ("E" if self.escapes[0] else "") + ("e" if self.escapes[1] else "") or "-"
        return (f"{self.placement()} {'bo'[self.side]} {esc} {self.counter} {self.move_number}")

    def __repr__(self) -> str:
        return f"Position('{self}')"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash((self.key, self.escapes, self.counter, self.move_number))

    # ---- queries -------------------------------------------------------------------------
    def count(self, side: int) -> int:
        return self.by_side[side].bit_count()

    def has(self, side: int, letter: str) -> bool:
        want = letter.upper() if side == BLACK else letter.lower()
        return want in self.board

    def changed(self, board: Tuple[str, ...], side: int, escapes: Tuple[bool, bool],
                counter: int, move_number: int, removed: Tuple[Tuple[int, str], ...],
                added: Tuple[Tuple[int, str], ...]) -> "Position":
        """The position with ``board`` when it differs from this one only by the pieces
        ``removed`` and ``added`` ((square, letter) pairs): bitboards, piece lists and key are
        updated rather than recomputed."""
        new = Position.__new__(Position)
        new.board, new.side, new.escapes = board, side, escapes
        new.counter, new.move_number = counter, move_number
        key = self.key if side == self.side else self.key ^ ZOBRIST_ORANGE
        by_side = list(self.by_side)
        pieces = list(self.pieces)
        princess = list(self.princess)
        for sq, p in removed:
            s = BLACK if p.isupper() else ORANGE
            key ^= ZOBRIST[p][sq]
            by_side[s] &= ~(1 << sq)
            if p in "Pp":
                princess[s] = -1
            else:
                # A list comprehension: generator frames cost Pyodide twice what they cost here.
                pieces[s] = tuple([e for e in pieces[s] if e[0] != sq])
        for sq, p in added:
            s = BLACK if p.isupper() else ORANGE
            key ^= ZOBRIST[p][sq]
            by_side[s] |= 1 << sq
            if p in "Pp":
                princess[s] = sq
            else:
                pieces[s] = pieces[s] + ((sq, p.upper()),)
        new.by_side = (by_side[0], by_side[1])
        new.occupied = by_side[0] | by_side[1]
        new.pieces = (pieces[0], pieces[1])
        new.princess = (princess[0], princess[1])
        new.key = key
        return new

    def with_board(self, board: Tuple[str, ...], **changes: Any) -> "Position":
        values: Dict[str, Any] = dict(side=self.side, escapes=self.escapes, counter=self.counter,
                                      move_number=self.move_number)
        values.update(changes)
        return Position(board, **values)


DIGITS = "0123456789"


def _number(text: str, refusal: str, low: int, high: int) -> int:
    """A field that is a whole number from ``low`` to ``high``, written in ASCII digits (Python's
    ``isdigit`` also takes "²", which ``int`` refuses), and no longer than ``high`` is: a number of
    five thousand digits is refused before it is converted (with the message ``refusal``)."""
    digits = bool(text) and all(ch in DIGITS for ch in text) and len(text) <= len(str(high))
    if not digits or not low <= int(text) <= high:
        raise PositionError(refusal, low=low, high=high, text=clip(text, 20))
    return int(text)


def _parse_placement(text: str) -> Tuple[str, ...]:
    ranks = text.split("/")
    if len(ranks) != SIZE:
        raise PositionError("engine.position.ranks", ranks=SIZE, found=len(ranks))
    board = [""] * (SIZE * SIZE)
    for i, row in enumerate(ranks):
        r = SIZE - 1 - i
        f, j = 0, 0
        while j < len(row):
            ch = row[j]
            if ch in DIGITS:
                k = j
                while k < len(row) and row[k] in DIGITS:
                    k += 1
                if k - j > 2 or int(row[j:k]) < 1:
                    raise PositionError("engine.position.emptyCount", rank=r + 1, text=clip(row[j:k], 20))
                n = int(row[j:k])
                f += n
                j = k
                continue
            if ch.upper() not in LETTERS:
                raise PositionError("engine.position.letter", rank=r + 1, letter=ch, black=LETTERS,
                                    orange=LETTERS.lower())
            if f < SIZE:
                board[square(f, r)] = ch
            f += 1
            j += 1
        if f != SIZE:
            raise PositionError("engine.position.rankWidth", rank=r + 1, text=clip(row), count=f, size=SIZE)
    for s in (BLACK, ORANGE):
        side = Message(f"side.{SIDES[s]}")
        for kind in PIECES:
            own = kind.letter if s == BLACK else kind.letter.lower()
            n = board.count(own)
            if kind.letter == "P" and n != 1:
                raise PositionError("engine.position.princesses", side=side, found=n)
            if n > kind.per_side:
                raise PositionError("engine.position.tooMany", side=side, found=n, letter=own,
                                    most=kind.per_side)
    return tuple(board)


def start_board(setup: str) -> Tuple[str, ...]:
    return _parse_placement(FACING if setup == "facing" else DIAMETRAL)
