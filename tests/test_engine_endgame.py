"""The engine's endgame knowledge (issue 24): three pieces each is a draw."""
from py_engine import Position
from py_engine.rules import RuleSet
from py_engine.search import CONTEMPT, Searcher


def static(text, rules=""):
    searcher = Searcher(RuleSet.parse(rules))
    pos = Position.parse(text)
    searcher.root_side = pos.side
    return searcher._static(pos)[1]


def test_three_equal_pieces_each_are_worth_a_draw_whatever_else():
    # Black: Chief, Princess, Dwar; Orange: Chief, Princess, Flier (both three feathers), Black
    # to move with its Dwar far better placed: still a draw (the three-piece rule), which the
    # engine's side rates CONTEMPT below even.
    drawn = "p9/10/10/10/4f5/10/3D6/10/10/c3C2P2 b - 0 1"
    assert static(drawn) == -CONTEMPT
    assert static(drawn.replace(" b ", " o ")) == -CONTEMPT
    # Unequal third pieces (a Dwar against a Panthan): the rule does not apply.
    assert static(drawn.replace("4f5", "4n5")) > 0
    # Nor when the rule set turns it off.
    assert static(drawn, "threepiece=off") != -CONTEMPT

