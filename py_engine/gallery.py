"""Famous games, replayable in the app with a caption for each move.

The gallery holds the one game the book describes move by move: Gahan of Gathol (Black) against
U-Dor (Orange) in the arena of Manator, *The Chessmen of Mars*, Chapter 17, as Ekman
reconstructed it (moves 5-11 are his, chosen so that the moves the book names become possible).
``build.sh`` writes the gallery into the page's data; the tests replay every game with the engine.

>>> game = GALLERY["chapter17"]
>>> len(game.moves) == len(game.captions)
True

Its title, summary, source and captions are catalogue keys (``gallery.chapter17.move1``…):
their words are each language's, in web/i18n/<language>.json, and the page words them. A game's
captions, with the arrows and marked squares of some moves, are also its comments
(:meth:`GalleryGame.comments`, worded in a language): written into its record, they make an
annotated record, and ``<jetan-board gallery="chapter17">`` shows them while stepping.
"""
from typing import Callable, Dict, NamedTuple, Tuple

from .record import comment_text
from .rules import MANATOR


class GalleryGame(NamedTuple):
    """A game worth replaying: its title, a sentence saying why and its source (each a catalogue
    key), its rule set, its moves (with duel outcomes, where the rules fight duels), a caption
    for each move (a key), and for some moves a diagram's markup: ``arrows`` and ``marks`` by ply
    (1: the first move), written as ``<jetan-board>``'s attributes are ("c7f10:red")."""

    title: str
    summary: str
    source: str
    rules: str
    moves: Tuple[str, ...]
    captions: Tuple[str, ...]
    arrows: Dict[int, str] = {}
    marks: Dict[int, str] = {}

    def comments(self, words: Callable[[str], str] = str) -> Dict[int, str]:
        """The record's comments by ply (0: the game itself): each caption in ``words`` (a
        key's text in a language; by default the keys themselves), with its markup as chess
        programs write it in a comment (``[%cal Rc7f10]``, ``[%csl Rf10]``).

        >>> CHAPTER_17.comments(lambda key: key.upper())[8]
        'GALLERY.CHAPTER17.MOVE8 [%cal Rc7f10] [%csl Rf10]'
        """
        out = {0: f"{words(self.title)}. {words(self.summary)}"}
        for ply, caption in enumerate(self.captions, 1):
            out[ply] = comment_text(words(caption), self.arrows.get(ply, ""), self.marks.get(ply, ""))
        return out


CHAPTER_17 = GalleryGame(
    title="gallery.chapter17.title",
    summary="gallery.chapter17.summary",
    source="gallery.chapter17.source",
    rules=MANATOR,
    moves=("g10-d7", "d2-d3", "d7-g4", "d1xg4/a", "f9-f8", "g1-f4", "h9-i8", "f4-c7", "f10-i7",
           "e1-e4", "a9-b7", "e4-e7", "f8xe7/d", "e7xe10/a"),
    captions=("gallery.chapter17.move1", "gallery.chapter17.move2", "gallery.chapter17.move3",
              "gallery.chapter17.move4", "gallery.chapter17.move5", "gallery.chapter17.move6",
              "gallery.chapter17.move7", "gallery.chapter17.move8", "gallery.chapter17.move9",
              "gallery.chapter17.move10", "gallery.chapter17.move11", "gallery.chapter17.move12",
              "gallery.chapter17.move13", "gallery.chapter17.move14"),
    arrows={3: "g4f1:red", 8: "c7f10:red", 10: "e4e10:blue", 13: "f8e7:red"},
    marks={3: "f1:red", 8: "f10:red", 12: "e10:blue f8:red", 14: "e10"},
)

GALLERY: Dict[str, GalleryGame] = {"chapter17": CHAPTER_17}
