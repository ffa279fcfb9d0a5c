"""Squares of the 10×10 Jetan board: indices, names and Smith's technical notation.

A square is an ``int`` from 0 (a1) to 99 (j10): ``index = rank * 10 + file`` with both counted
from zero, files a–j west to east, ranks 1–10 south (Black) to north (Orange).
"""
from __future__ import annotations

from .errors import NotationError
from .messages import clip

SIZE = 10
SQUARES = range(SIZE * SIZE)
FILES = "abcdefghij"


def square(file: int, rank: int) -> int:
    """The square on ``file`` and ``rank`` (both 0-based)."""
    return rank * SIZE + file


def file_of(sq: int) -> int:
    return sq % SIZE


def rank_of(sq: int) -> int:
    return sq // SIZE


def on_board(file: int, rank: int) -> bool:
    return 0 <= file < SIZE and 0 <= rank < SIZE


def square_name(sq: int) -> str:
    """Algebraic name, ``a1`` … ``j10``."""
    return FILES[sq % SIZE] + str(sq // SIZE + 1)


def technical_name(sq: int) -> str:
    """Smith's technical name: upper-case file, ranks ``1``–``9`` then ``0`` for the tenth."""
    return FILES[sq % SIZE].upper() + str((sq // SIZE + 1) % 10)


def parse_square(text: str) -> int:
    """Read ``e5``, ``E5``, ``e10`` or technical ``E0`` (rank ten)."""
    if len(text) in (2, 3) and text[0].lower() in FILES and text[1:].isdigit():
        rank = int(text[1:])
        if text[1:] == "0":
            rank = 10
        if 1 <= rank <= SIZE and not (len(text) == 3 and text[1] == "0"):
            return square(FILES.index(text[0].lower()), rank - 1)
    raise NotationError("engine.notation.square", text=clip(text))


def bit(sq: int) -> int:
    return 1 << sq


def squares_of(mask: int) -> list[int]:
    """The squares whose bits are set in ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found
