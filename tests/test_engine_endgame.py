"""The engine's endgame knowledge (issue 24): three pieces each is a draw; a cornered Princess
trapped past the horizon."""
from py_engine import Position
from py_engine.rules import RuleSet
from py_engine.search import CONTEMPT, INFINITY, WON, Searcher


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



def test_a_quiet_move_that_traps_a_cornered_princess_is_seen_at_the_horizon():
    # Black to move, no capture on the board; Orange's Princess in her corner has hardly a
    # square to flee to, and a quiet Black move threatens her with no answer left. Quiescence
    # (the search's horizon) scores that as the win it is, not as the material count.
    pos = Position.parse("5P4/10/10/10/1F1cw5/10/10/10/1T3C4/p9 b - 0 1")
    searcher = Searcher(RuleSet.parse(""))
    searcher.root_side = pos.side
    assert searcher._quiesce(pos, -INFINITY, INFINITY, 0, [], 0) > WON
