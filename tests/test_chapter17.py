"""The jetan game of The Chessmen of Mars, Chapter 17, in Ekman's reconstruction: Orange (U-Dor)
moves first from the facing set-up; Black (Gahan) wins by Chief takes Chief. Under each rule set
the moves give the result those rules imply."""
import pytest

from py_engine import BLACK, Game, IllegalMoveError
from py_engine.rules import MANATOR

# Ekman's table, moves 1-14 (odd: Orange, even: Black); (x) duel won by the attacker,
# (-) by the defender.
MOVES = ["g10-d7", "d2-d3", "d7-g4", "d1xg4", "f9-f8", "g1-f4", "h9-i8", "f4-c7", "f10-i7",
         "e1-e4", "a9-b7", "e4-e7", "f8xe7", "e7xe10"]
OUTCOMES = {3: "/a", 12: "/d", 13: "/a"}


def play(rules, with_outcomes=False):
    g = Game(rules)
    for i, m in enumerate(MOVES):
        g.play(m + (OUTCOMES.get(i, "") if with_outcomes else ""))
        if g.result:
            return g, i + 1
    return g, len(MOVES)


def test_every_move_is_legal_and_the_princess_move_is_not_an_escape():
    g, played = play(MANATOR, with_outcomes=True)
    assert played == 14
    assert not any(p.escaped for p in g.plies)          # move 9 (f10-i7) is a normal move


@pytest.mark.parametrize("duel", ["even", "dice"])
def test_arena_rules_give_gahans_victory(duel):
    g, played = play(f"setup=facing,first=orange,duel={duel}", with_outcomes=True)
    assert played == 14 and g.result.winner == BLACK and g.result.reason == "chief"


def test_standard_rules_draw_when_the_panthan_takes_the_chief():
    g, played = play("setup=facing,first=orange")
    assert played == 13 and g.result.winner is None and g.result.reason == "chief_taken"


def test_chief_capture_win_gives_orange_the_game():
    g, played = play("setup=facing,first=orange,chief_capture=win")
    assert played == 13 and g.result.text == "orange wins"


def test_chief_capture_continue_leaves_gahan_no_chief_for_move_fourteen():
    g = Game("setup=facing,first=orange,chief_capture=continue")
    for m in MOVES[:13]:
        g.play(m)
    assert g.result is None
    with pytest.raises(IllegalMoveError):
        g.play(MOVES[13])


def test_diametral_setup_cannot_replay_it():
    g = Game("first=orange")
    g.play("g10-d7")
    g.play("d2-d3")
    g.play("d7-g4")
    with pytest.raises(IllegalMoveError):
        for m in MOVES[3:]:
            g.play(m)
