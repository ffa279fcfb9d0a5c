"""Famous games, replayable in the app with a caption for each move.

The gallery holds the one game the book describes move by move: Gahan of Gathol (Black) against
U-Dor (Orange) in the arena of Manator, *The Chessmen of Mars*, Chapter 17, as Ekman
reconstructed it (moves 5-11 are his, chosen so that the moves the book names become possible).
``build.sh`` writes the gallery into the page's data; the tests replay every game with the engine.

>>> game = GALLERY["chapter17"]
>>> len(game.moves) == len(game.captions)
True

A game's captions, with the arrows and marked squares of some moves, are also its comments
(:meth:`GalleryGame.comments`): written into its record, they make the annotated record the app
saves and opens, and ``<jetan-board gallery="chapter17">`` shows them while stepping.
"""
from typing import Dict, NamedTuple, Tuple

from .record import comment_text
from .rules import MANATOR


class GalleryGame(NamedTuple):
    """A game worth replaying: its title, a sentence saying why, its source, its rule set, its
    moves (with duel outcomes, where the rules fight duels), a caption for each move, and for
    some moves a diagram's markup: ``arrows`` and ``marks`` by ply (1: the first move), written
    as ``<jetan-board>``'s attributes are ("c7f10:red")."""

    title: str
    summary: str
    source: str
    rules: str
    moves: Tuple[str, ...]
    captions: Tuple[str, ...]
    arrows: Dict[int, str] = {}
    marks: Dict[int, str] = {}

    def comments(self) -> Dict[int, str]:
        """The record's comments by ply (0: the game itself): each caption, with its markup as
        chess programs write it in a comment (``[%cal Rc7f10]``, ``[%csl Rf10]``)."""
        out = {0: f"{self.title}. {self.summary}"}
        for ply, caption in enumerate(self.captions, 1):
            out[ply] = comment_text(caption, self.arrows.get(ply, ""), self.marks.get(ply, ""))
        return out


CHAPTER_17 = GalleryGame(
    title="Gahan against U-Dor, in the arena of Manator",
    summary="The game of The Chessmen of Mars, Chapter 17, played with living pieces: every capture "
            "is a fight to the death, and Gahan wins it by taking U-Dor's Chief himself.",
    source="Edgar Rice Burroughs, The Chessmen of Mars (1922), Chapter 17; the missing moves as "
           "reconstructed by Fredrik Ekman.",
    rules=MANATOR,
    moves=("g10-d7", "d2-d3", "d7-g4", "d1xg4/a", "f9-f8", "g1-f4", "h9-i8", "f4-c7", "f10-i7",
           "e1-e4", "a9-b7", "e4-e7", "f8xe7/d", "e7xe10/a"),
    captions=(
        "U-Dor, who drew the first move, sends his Princess's Odwar three squares deep into "
        "Black's half.",
        "Gahan answers quietly: a Panthan one square forward.",
        "The Orange Odwar lands on g4, in front of the Black Princess's Odwar.",
        "Gahan's Chief's Odwar challenges it on g4 and wins the fight: the first duel is Black's.",
        "From here the book skips moves; Ekman supplies them. Orange advances a Panthan.",
        "Black's other Odwar comes out to f4.",
        "Orange makes room for its Dwar and Padwar.",
        "The Black Odwar lands on c7 and threatens the Orange Princess, Tara of Helium: the threat "
        "the book mentions.",
        "U-Dor moves his Princess out of danger, hoping to lure Gahan after her.",
        "Gahan's Chief sets out straight across the field towards U-Dor.",
        "Orange's Thoat goes after the Black Odwar.",
        "Gahan stands on the Orange Chief's fourth square, an Orange Panthan diagonally beside him.",
        "U-Dor will not fight himself: he sends the Panthan against Gahan, who wins the duel.",
        "Gahan attacks the Orange Chief and kills him: Black wins.",
    ),
    arrows={3: "g4f1:red", 8: "c7f10:red", 10: "e4e10:blue", 13: "f8e7:red"},
    marks={3: "f1:red", 8: "f10:red", 12: "e10:blue f8:red", 14: "e10"},
)

GALLERY: Dict[str, GalleryGame] = {"chapter17": CHAPTER_17}
