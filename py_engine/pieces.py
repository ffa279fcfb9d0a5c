"""The sides and the pieces: every fact about a kind of piece, in one table.

Python reads it here; ``build.sh`` writes it into the web app (``engine-data.js``), so the page's
names and feather counts come from the same place.
"""
from __future__ import annotations

from typing import Dict, NamedTuple

BLACK, ORANGE = 0, 1
SIDES = ("black", "orange")


class PieceKind(NamedTuple):
    """One kind of piece. ``letter`` is Black's (Orange's is lower case); ``option`` names the
    rule option that chooses its gait; ``feathers`` is its value (none for Chief and Princess);
    ``price`` is Smith's price list (dice duels and Smith's wagers); ``per_side`` is how many each
    side starts with (Panthans never promote, so never more); ``moves`` says how it moves under
    the standard rules, in a sentence (the rules page's diagrams and the lessons say it so; the
    gait itself is gaits.py's, and the lessons' tests hold the sentence to it)."""

    letter: str
    name: str
    option: str
    feathers: int
    price: int
    per_side: int
    moves: str


PIECES = (
    PieceKind("N", "Panthan", "panthan", 1, 1, 8,
              "One step forward, sideways, or diagonally forward; never back."),
    PieceKind("W", "Warrior", "warrior", 2, 2, 2,
              "Exactly two orthogonal steps, turning or not."),
    PieceKind("A", "Padwar", "padwar", 2, 2, 2,
              "Exactly two diagonal steps, turning or not."),
    PieceKind("T", "Thoat", "thoat", 2, 3, 2,
              "One orthogonal step, then one diagonal step."),
    PieceKind("D", "Dwar", "dwar", 3, 4, 2,
              "Exactly three orthogonal steps, in any combination."),
    PieceKind("F", "Flier", "flier", 3, 4, 2,
              "Exactly three diagonal steps, in any combination; jumps over pieces."),
    PieceKind("C", "Chief", "chief", 0, 10, 1,
              "Exactly three steps, each orthogonal or diagonal, in any combination."),
    PieceKind("P", "Princess", "princess", 0, 0, 1,
              "As the Chief, but jumps; never takes; one escape per game."),
)
KIND: Dict[str, PieceKind] = {p.letter: p for p in PIECES}
LETTERS = "".join(p.letter for p in PIECES)       # "NWATDFCP": the order used everywhere
# A jumping ("wild") Thoat is worth a Dwar's feathers; the Flier is called Odwar under odwar=on.
WILD_THOAT_FEATHERS = 3
ODWAR = "Odwar"


def side_of(piece: str) -> int:
    """The side a piece letter belongs to: upper case Black, lower case Orange."""
    return BLACK if piece.isupper() else ORANGE
