"""The jetan game of The Chessmen of Mars, Chapter 17, in Ekman's reconstruction: Orange (U-Dor)
moves first from the facing set-up; Black (Gahan) wins by Chief takes Chief. Under each rule set
the moves give the result those rules imply."""
import re

import pytest

from py_engine import BLACK, Game, IllegalMoveError
from py_engine.gallery import CHAPTER_17, GALLERY
from py_engine.notation import move_text
from py_engine.rules import MANATOR

# Ekman's table, moves 1-14 (odd: Orange, even: Black), as the gallery holds it; /a: the duel won
# by the attacker, /d by the defender.
OUTCOMES = {i: m[-2:] for i, m in enumerate(CHAPTER_17.moves) if "/" in m}
MOVES = [re.sub(r"/[ad]$", "", m) for m in CHAPTER_17.moves]


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


def test_the_gallery_replays_as_the_engine_writes_it():
    """Every gallery game replays under its rules, its texts are the engine's own (so the page
    can match them with a game's moves) and each move has a caption."""
    for game in GALLERY.values():
        g = Game(game.rules)
        for text in game.moves:
            before = g.position
            assert move_text(before, g.play(text).move) == text
        assert len(game.captions) == len(game.moves) and all(game.captions)
    assert OUTCOMES == {3: "/a", 12: "/d", 13: "/a"} and CHAPTER_17.rules == MANATOR
