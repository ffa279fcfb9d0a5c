"""The sides and the pieces: every fact about a kind of piece, in one table.

Python reads it here; ``build.sh`` writes it into the web app (``engine-data.js``), so the page's
feather counts come from the same place, and its names and sentences from the same messages.
"""
from __future__ import annotations

from typing import Dict, NamedTuple

from .messages import Message, words

BLACK, ORANGE = 0, 1
SIDES = ("black", "orange")


class PieceKind(NamedTuple):
    """One kind of piece. ``letter`` is Black's (Orange's is lower case); ``option`` names the
    rule option that chooses its gait, and the piece's messages (``piece.<option>``, its name;
    ``piece.moves.<option>``, how it moves); ``feathers`` is its value (none for Chief and
    Princess); ``price`` is Smith's price list (dice duels and Smith's wagers); ``per_side`` is
    how many each side starts with (Panthans never promote, so never more)."""

    letter: str
    option: str
    feathers: int
    price: int
    per_side: int

    @property
    def message(self) -> Message:
        """The piece's name, as the page words it."""
        return Message(f"piece.{self.option}")

    @property
    def name(self) -> str:
        """The piece's name in English (the command line, descriptive notation's English)."""
        return words(self.message)

    @property
    def moves_message(self) -> Message:
        """How it moves under the standard rules, in a sentence (the rules page's diagrams and
        the lessons say it so; the gait itself is gaits.py's, and the lessons' tests hold the
        sentence to it)."""
        return Message(f"piece.moves.{self.option}")

    @property
    def moves(self) -> str:
        """:attr:`moves_message` in English."""
        return words(self.moves_message)


PIECES = (
    PieceKind("N", "panthan", 1, 1, 8),
    PieceKind("W", "warrior", 2, 2, 2),
    PieceKind("A", "padwar", 2, 2, 2),
    PieceKind("T", "thoat", 2, 3, 2),
    PieceKind("D", "dwar", 3, 4, 2),
    PieceKind("F", "flier", 3, 4, 2),
    PieceKind("C", "chief", 0, 10, 1),
    PieceKind("P", "princess", 0, 0, 1),
)
KIND: Dict[str, PieceKind] = {p.letter: p for p in PIECES}
LETTERS = "".join(p.letter for p in PIECES)       # "NWATDFCP": the order used everywhere
# A jumping ("wild") Thoat is worth a Dwar's feathers; the Flier is called Odwar under odwar=on.
WILD_THOAT_FEATHERS = 3
ODWAR = Message("piece.odwar")


def side_of(piece: str) -> int:
    """The side a piece letter belongs to: upper case Black, lower case Orange."""
    return BLACK if piece.isupper() else ORANGE
